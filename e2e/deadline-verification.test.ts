// Deadline verification in the browser (issue 19, dual docketing): with the tenant's switch on, a deadline
// Alice enters by hand is counted on Bob's home page ("待复核期限" / "Unverified deadlines"); the card opens
// the deadlines list kept to unverified ones, with the deadline tagged; Bob verifies it from the store's list
// (the lifecycle batch menu) and the count drops. Once in zh-CN, once in en.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import { createUser, type TestUser } from './support/accounts.js';
import { apiOf, type Api } from './support/models.js';
import { saveScreenshot, storedItem, textOf } from './support/page.js';
import { startTestServer, type TestServer } from './support/server.js';
import { useBrowserSessions } from './support/sessions.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
const browser = useBrowserSessions(() => server);

const STORE = 'trademark_deadline';
let alice: TestUser;
let aliceApi: Api;
let mark: string;

beforeAll(async () => {
  const admin = await createUser(server, { isTenantAdmin: true, name: '系统管理员' });
  const session = await browser.signIn(admin);
  const token = await storedItem(session.page, 'authorization');
  const current = await fetch(`${server.url}/webapi/tenant/deadline-verification`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { version } = ((await current.json()) as { data: { version: number } }).data;
  const put = await fetch(`${server.url}/webapi/tenant/deadline-verification`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ required: true, version }),
  });
  expect(put.status, await put.text()).toBe(200);
  await session.close();
  alice = await createUser(server, { name: '录入人甲' });
  const aliceSession = await browser.signIn(alice);
  aliceApi = await apiOf(server, aliceSession.page);
  const created = await aliceApi<{ sid: string }>('POST', '/webapi/model/trademarks/do/create', {
    data: { name: '复核测试商标', sn: `TM-${Date.now().toString(36)}`, country: 'CN' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  mark = created.body.data.sid;
  await aliceSession.close();
});

async function handMade(title: string): Promise<string> {
  const created = await aliceApi<{ sid: string; verification: string }>('POST', `/webapi/model/${STORE}/do/create`, {
    data: { trademarks: mark, title, due_date: '2027-06-30' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect(created.body.data.verification).toBe('unverified');
  return created.body.data.sid;
}

describe('unverified deadlines', () => {
  for (const language of ['zh-CN', 'en'] as const) {
    it(`are counted on the home page and verified from the list (${language})`, { timeout: 240_000 }, async () => {
      const sid = await handMade(`${language} 手工期限 ${Date.now().toString(36)}`);
      const bob = await createUser(server, { name: language === 'en' ? 'Verifier Bob' : '复核人乙' });
      const { page } = await browser.signIn(bob, language);
      await page.getByTestId('home-unverified').waitFor();
      expect(await page.getByTestId('home-unverified').textContent()).toContain(
        messages[language]['home.unverified.title'],
      );
      const shown = page.locator('[data-testid="home-unverified-count"] .ant-statistic-content-value');
      const before = Number((await shown.textContent())?.replace(/\D/g, ''));
      expect(before).toBeGreaterThanOrEqual(1);
      await saveScreenshot(page, `home-unverified-${language}`);

      // The card opens the list kept to unverified deadlines, the new one tagged.
      await page.getByTestId('home-unverified-link').click();
      await page.getByTestId('all-deadlines-page').waitFor();
      expect(await page.getByTestId('all-deadlines-unverified').isChecked()).toBe(true);
      await page.getByTestId(`all-deadlines-unverified-${sid}`).waitFor();
      expect(await textOf(page, `all-deadlines-unverified-${sid}`)).toBe(messages[language]['allDeadlines.unverified']);

      // Verified from the store's list through the lifecycle actions menu.
      await page.goto(server.appUrl(`model/${STORE}`));
      await page.locator(`tr[data-row-key="${sid}"] .ant-checkbox-input`).check();
      await page.getByTestId('batch-actions').click();
      await page.getByTestId('batch-action-verify').click();
      await page.getByTestId('action-confirm').waitFor();
      await page.getByTestId('action-dialog-ok').click();
      await page.getByTestId('action-form').waitFor({ state: 'detached' });
      const read = await apiOf(server, page);
      const after = await read<{ verification: string; verified_by: string }>('GET', `/webapi/model/${STORE}/${sid}`);
      expect(after.body.data).toMatchObject({ verification: 'verified', verified_by: bob.sid });

      await page.goto(server.appUrl(''));
      await page.getByTestId('home-unverified').waitFor();
      await page.waitForFunction(
        (expected) =>
          Number(
            document
              .querySelector('[data-testid="home-unverified-count"] .ant-statistic-content-value')
              ?.textContent?.replace(/\D/g, ''),
          ) === expected,
        before - 1,
      );
    });
  }
});
