// Child records (ModelDeclaration.parent) in Chromium against the real server: a case's office actions and
// events have no tab of the patents domain, so the case's page shows the generic child tab; an item created
// from that tab (the case preset and locked) is listed there, counted in the case's delete confirmation, and
// gone once the case is deleted.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import { printCallsIfFailed, type BrowserSession } from './support/browser.js';
import { apiOf, chooseOption, createPatent, fillDate, signedInSession } from './support/models.js';
import { saveScreenshot, waitForText } from './support/page.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let session: BrowserSession | undefined;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
afterEach(async (context) => {
  const problems = session?.problems ?? [];
  printCallsIfFailed(context.task.result?.state === 'fail' || problems.length > 0, [session]);
  await session?.close();
  session = undefined;
  expect(problems).toEqual([]);
});

const zh = messages['zh-CN'];

describe('child records of a case', { timeout: 150_000 }, () => {
  it('are created from the case’s tab, listed there, counted in its delete and deleted with it', async () => {
    const started = await signedInSession(server, 'zh-CN');
    session = started.session;
    const { page } = session;
    const api = await apiOf(server, page);
    const prefix = `C${Date.now().toString(36).toUpperCase()}`;
    const patent = await createPatent(api, { title: `${prefix} 一种电池`, sn: `${prefix}-CN` });

    await page.goto(server.appUrl(`model/patent/${patent.sid}`));
    await waitForText(page, 'detail-title', `${prefix} 一种电池`);
    // One generic tab, for the items; the deadlines and fees keep the case's own tabs.
    expect(await page.getByTestId('tab-children-patent_item').textContent()).toBe('官文与事件');
    expect(await page.getByTestId('tab-children-patent_task').count()).toBe(0);
    expect(await page.getByTestId('tab-children-fee').count()).toBe(0);
    await page.getByTestId('tab-children-patent_item').click();
    const list = page.getByTestId('child-list-patent_item');
    await list.getByTestId('model-new').click();

    // The form opens with the case preset and locked.
    await page.waitForURL(new RegExp(`/ip/model/patent_item/new\\?patent=${patent.sid}`));
    const parent = page.getByTestId('item-patent');
    await parent.locator('.ant-select-disabled').waitFor();
    await expect.poll(async () => parent.textContent()).toContain(`${prefix} 一种电池`);
    await page.getByTestId('field-title').fill(`${prefix} 第一次审查意见`);
    await chooseOption(page, 'field-event', '审查意见通知书');
    await page.waitForFunction(() => !document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)'));
    await fillDate(page, 'field-event_date', '2026-06-01');
    await page.waitForFunction(() => !document.querySelector('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)'));
    await page.getByTestId('form-save').click();
    await page.waitForURL(/\/ip\/model\/patent_item\/[0-9A-Za-z]{16}/);
    const itemSid = new URL(page.url()).pathname.split('/').at(-1)!;

    // Listed in the case's tab.
    await page.goto(server.appUrl(`model/patent/${patent.sid}?tab=children-patent_item`));
    await list
      .getByTestId('record-link')
      .filter({ hasText: `${prefix} 第一次审查意见` })
      .waitFor();
    expect(await list.locator('.ant-table-tbody tr[data-row-key]').count()).toBe(1);
    await saveScreenshot(page, 'patent-child-items-zh-CN');

    // Counted in the delete's confirmation, and gone with the case.
    await page.getByTestId('detail-delete').click();
    const counted = page.getByTestId('delete-dependent-patent_item');
    await counted.waitFor();
    expect(await counted.textContent()).toBe(
      zh['modelDetail.dependentCount'].replace('{{label}}', '官文与事件').replace('{{count}}', '1'),
    );
    await page.locator('.ant-modal-confirm-btns .ant-btn-dangerous').click();
    await page.waitForURL(/\/ip\/model\/patent(\?|$)/);
    await expect.poll(async () => (await api('GET', `/webapi/model/patent_item/${itemSid}`)).status).toBe(404);
    expect((await api('GET', `/webapi/model/patent/${patent.sid}`)).status).toBe(404);
  });
});
