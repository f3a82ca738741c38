// Issue 18 "Batch edit with history" in the browser against the real server: 30 patents made through the
// API get a new agency from the list — every record the search finds — with the preview's count and the
// progress to its end; one patent is changed afterwards; the undo from the history restores the others and
// skips that one, naming why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import { createUser } from './support/accounts.js';
import { printCallsIfFailed, type BrowserSession } from './support/browser.js';
import { apiOf, createPatent, type Api } from './support/models.js';
import { saveScreenshot, waitForText } from './support/page.js';
import { startTestServer, type TestServer } from './support/server.js';
import { useBrowserSessions } from './support/sessions.js';

const zh = messages['zh-CN'];
const COUNT = 30;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
const browser = useBrowserSessions(() => server);

async function createAgency(api: Api, name: string): Promise<string> {
  const answer = await api<{ sid: string }>('POST', '/webapi/model/agency/do/create', { data: { name } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.sid;
}

/** The agency of each patent of the prefix, by sid. */
async function agencies(api: Api, prefix: string): Promise<Map<string, unknown>> {
  const answer = await api<{ rows: Array<{ sid: string; agency: unknown }> }>(
    'POST',
    '/webapi/model/patent/do/search',
    {
      iql: `title STARTS WITH '${prefix}'`,
      fl: ['sid', 'agency'],
      size: 100,
    },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return new Map(answer.body.data.rows.map((row) => [row.sid, row.agency]));
}

describe('batch edit', () => {
  let session: BrowserSession | undefined;

  it('changes the agency of every patent a search finds, then undoes it but for the one changed since', async (context) => {
    const admin = await createUser(server, { isTenantAdmin: true, name: '批量管理员' });
    session = await browser.signIn(admin, 'zh-CN');
    context.onTestFailed(() => printCallsIfFailed(true, [session]));
    const page = session.page;
    const api = await apiOf(server, page);
    const prefix = `B${Date.now().toString(36).toUpperCase()}`;
    const before = await createAgency(api, `${prefix} 旧代理所`);
    const after = await createAgency(api, `${prefix} 新代理所`);
    const patents: string[] = [];
    for (let i = 0; i < COUNT; i++) {
      const made = await createPatent(api, { title: `${prefix} 电池专利 ${i}`, sn: `${prefix}-${i}` });
      const set = await api('POST', '/webapi/model/patent/do/update', {
        sid: made.sid,
        version: made.version,
        data: { agency: before },
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      patents.push(made.sid);
    }

    // The list narrowed by a search; nothing selected, so the dialog edits what the search finds.
    await page.goto(server.appUrl('model/patent'));
    await page.getByTestId('search-mode-advance').click();
    await page.getByTestId('iql-input').fill(`title STARTS WITH '${prefix}'`);
    await page.getByTestId('iql-search').click();
    await waitForText(page, 'list-total', zh['modelList.total'].replace('{{total}}', String(COUNT)));
    await page.getByTestId('model-batch-edit').click();
    await page.getByTestId('batch-edit-form').waitFor();
    expect(await page.getByTestId('batch-edit-iql').innerText()).toContain(prefix);

    await page.getByTestId('batch-edit-fields').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="代理机构"]').click();
    // The fields' select takes several: closed before the agency's own input is used.
    await page.getByTestId('batch-edit-title').click();
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    await page.getByTestId('batch-edit-field-agency').click();
    await page.keyboard.type(`${prefix} 新`);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `${prefix} 新代理所` })
      .click();
    // The choice is in the input before the preview: an empty value would clear every record's agency.
    await expect
      .poll(async () => page.getByTestId('batch-edit-field-agency').textContent())
      .toContain(`${prefix} 新代理所`);

    await page.getByTestId('batch-edit-preview').click();
    await waitForText(
      page,
      'batch-edit-will-change',
      zh['batchEdit.previewResult'].replace('{{count}}', String(COUNT)),
    );
    await page.getByTestId('batch-edit-run').click();
    await page.locator('[data-testid="batch-run"][data-status="completed"]').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('batch-progress').getAttribute('data-percent')).toBe('100');
    expect(await page.getByTestId('batch-counts').innerText()).toBe(
      zh['batchProgress.counts']
        .replace('{{done}}', String(COUNT))
        .replace('{{unchanged}}', '0')
        .replace('{{failed}}', '0')
        .replace('{{skipped}}', '0'),
    );
    await saveScreenshot(page, 'batch-edit-done');
    expect([...(await agencies(api, prefix)).values()]).toEqual(Array(COUNT).fill(after));

    // One patent changed after the batch: the undo must leave it alone.
    const changed = patents[0]!;
    const current = await api<{ version: number }>('GET', `/webapi/model/patent/${changed}`);
    const edited = await api('POST', '/webapi/model/patent/do/update', {
      sid: changed,
      version: current.body.data.version,
      data: { title: `${prefix} 电池专利 0（已改名）` },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);

    await page.getByTestId('batch-edit-history-link').click();
    await page.waitForURL(/\/ip\/batch-edit\/history\?model=patent&batch=/);
    await page.getByTestId('batch-undo').click();
    const undoing = page.waitForRequest((request) => request.method() === 'POST' && /\/undo$/.test(request.url()));
    await page.locator('.ant-modal-confirm .ant-btn-dangerous').click();
    await undoing;
    await waitForText(page, 'batch-kind', zh['batchHistory.kindUndo']);
    await page.locator('[data-testid="batch-run"][data-status="completed"]').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('batch-counts').innerText()).toBe(
      zh['batchProgress.counts']
        .replace('{{done}}', String(COUNT - 1))
        .replace('{{unchanged}}', '0')
        .replace('{{failed}}', '0')
        .replace('{{skipped}}', '1'),
    );
    const skipped = page.getByTestId(`batch-skipped-${changed}`);
    await skipped.waitFor();
    expect(await skipped.innerText()).toContain(zh['error.batchChangedSince']);
    await saveScreenshot(page, 'batch-edit-undone');

    const now = await agencies(api, prefix);
    expect(now.get(changed)).toBe(after);
    expect(patents.slice(1).map((sid) => now.get(sid))).toEqual(Array(COUNT - 1).fill(before));
    await session.close();
  });
});
