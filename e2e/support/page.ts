// Small page helpers shared by the browser tests.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

export async function textOf(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).textContent({ timeout: 15_000 })) ?? '';
}

/** Waits until the element shows exactly `text` (texts change when a language pack arrives). */
export async function waitForText(page: Page, testId: string, text: string): Promise<void> {
  await page.waitForFunction(
    ([id, expected]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === expected,
    [testId, text] as const,
    { timeout: 15_000 },
  );
}

/** Saves a full-page PNG under e2e/screenshots/ (gitignored) for a human to look at. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotDir, { recursive: true });
  const file = `${screenshotDir}${name}.png`;
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export async function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}
