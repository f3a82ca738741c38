// Driving the process designer's canvas as a user does: clicking shapes to select them (the properties
// panel then shows the element's id, which is how a test knows what it selected or just appended),
// the context pad's entries, the replace menu, and drawing a connection with the pad's connect tool.
import type { Page } from 'playwright-core';

const PANEL_ID = '[data-testid="designer-element-id"]';

/** The element the properties panel shows ('' for the process itself). */
export async function panelElementId(page: Page): Promise<string> {
  return page.evaluate((selector) => document.querySelector<HTMLInputElement>(selector)?.value ?? '', PANEL_ID);
}

/** Waits until the panel shows `expected`, or (with a list) an element that is none of `known`. */
async function waitForPanel(page: Page, expected: string | readonly string[], timeout = 15_000): Promise<string> {
  const handle = await page.waitForFunction(
    ([selector, wanted]) => {
      const id = document.querySelector<HTMLInputElement>(selector)?.value ?? '';
      const ok = typeof wanted === 'string' ? id === wanted : id !== '' && !wanted.includes(id);
      return ok ? id : false;
    },
    [PANEL_ID, expected] as const,
    { timeout },
  );
  return (await handle.jsonValue()) as string;
}

/**
 * Clicks until the click has had its effect. diagram-js swallows a click on the canvas that comes within
 * 400 ms of the end of a drag (its "ghost click" trap), so one click right after connecting may be lost.
 */
async function clickUntil(click: () => Promise<void>, effect: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await click();
    try {
      await effect();
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
    }
  }
}

/**
 * Fits the diagram to the canvas (so every shape can be clicked), then clicks the canvas' empty lower
 * left corner: nothing is selected and the context pad closes. (The lower right holds bpmn.io's logo,
 * the upper left the palette.)
 */
export async function clickEmptyCanvas(page: Page): Promise<void> {
  await page.getByTestId('designer-fit').click();
  const canvas = page.getByTestId('designer-canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no canvas');
  await clickUntil(
    () => canvas.click({ position: { x: 12, y: box.height - 12 } }),
    () => page.getByTestId('designer-panel-process').waitFor({ timeout: 2_000 }),
  );
}

/** Selects a shape or connection by its BPMN id. */
export async function selectElement(page: Page, id: string): Promise<void> {
  await clickEmptyCanvas(page);
  await clickUntil(
    () => page.locator(`.djs-element[data-element-id="${id}"]`).first().click(),
    () => waitForPanel(page, id, 2_000),
  );
  await page.locator('.djs-context-pad.open').waitFor();
}

/** Uses a context pad entry of the selected element (append.user-task, delete, replace, ...). */
export async function padEntry(page: Page, action: string): Promise<void> {
  await page.locator(`.djs-context-pad.open .entry[data-action="${action}"]`).click();
}

/** Appends a node after `sourceId` with the context pad; answers the new node's id (it gets selected). */
export async function appendAfter(page: Page, sourceId: string, action: string): Promise<string> {
  await selectElement(page, sourceId);
  const known = await page.$$eval('.djs-element[data-element-id]', (elements) =>
    elements.map((element) => element.getAttribute('data-element-id') ?? ''),
  );
  await padEntry(page, action);
  return waitForPanel(page, known);
}

/** Changes the selected element's type through the replace menu (e.g. replace-with-parallel-gateway). */
export async function replaceWith(page: Page, id: string, entry: string): Promise<void> {
  await selectElement(page, id);
  await padEntry(page, 'replace');
  await page.locator(`.djs-popup [data-id="${entry}"]`).click();
  await page.locator('.djs-popup').waitFor({ state: 'detached' });
}

async function centreOf(page: Page, id: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(`.djs-element[data-element-id="${id}"]`).first().boundingBox();
  if (!box) throw new Error(`no shape ${id}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Draws a sequence flow from one node to another with the context pad's connect tool. */
export async function connect(page: Page, sourceId: string, targetId: string): Promise<void> {
  await selectElement(page, sourceId);
  const entry = page.locator('.djs-context-pad.open .entry[data-action="connect"]');
  const from = await entry.boundingBox();
  if (!from) throw new Error('no connect entry');
  const to = await centreOf(page, targetId);
  // A drag from the pad's entry to the target, in small steps so the canvas follows the pointer.
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}
