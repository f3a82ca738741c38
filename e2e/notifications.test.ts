// Issue 19 in the browser: user B watches a patent with the button on its page; an administrator completes
// one of its deadlines (a lifecycle action, through the API as another person would); B's bell shows one
// unread notification, the dropdown shows its title in B's language with the statuses' labels, clicking it
// opens the deadline's page and the count drops. Once in zh-CN and once in en.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import { createUser } from './support/accounts.js';
import { apiOf, createPatent } from './support/models.js';
import { saveScreenshot } from './support/page.js';
import { startTestServer, type TestServer } from './support/server.js';
import { useBrowserSessions } from './support/sessions.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
const browser = useBrowserSessions(() => server);

const TITLES = {
  'zh-CN': (deadline: string) => `${deadline} 的状态由“待处理”变为“已完成”`,
  en: (deadline: string) => `${deadline} changed from "Open" to "Done"`,
} as const;

describe('notifications in the browser', { timeout: 120_000 }, () => {
  for (const language of ['zh-CN', 'en'] as const) {
    it(`a watched patent's deadline completed rings B's bell, which opens the deadline (${language})`, async () => {
      const admin = await createUser(server, { isTenantAdmin: true, name: '管理员' });
      const watcher = await createUser(server, { name: '乙' });
      const adminPage = (await browser.signIn(admin)).page;
      const api = await apiOf(server, adminPage);
      const stamp = Date.now().toString(36);
      const patent = await createPatent(api, { title: `通知专利 ${stamp}`, sn: `NT-${stamp}-${language}` });
      const deadline = `答复期限 ${stamp}`;
      const created = await api<{ sid: string }>('POST', '/webapi/model/patent_task/do/create', {
        data: { patent: patent.sid, title: deadline, due_date: '2030-03-01' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const taskSid = created.body.data.sid;

      const page = (await browser.signIn(watcher, language)).page;
      const bell = page.getByTestId('header-notifications');
      await expect.poll(() => bell.getAttribute('data-count')).toBe('0');
      await page.goto(server.appUrl(`model/patent/${patent.sid}`));
      const watch = page.getByTestId('detail-watch');
      await expect.poll(() => watch.getAttribute('data-watching')).toBe('false');
      expect(await watch.textContent()).toContain(messages[language]['watch.on']);
      await watch.click();
      await expect.poll(() => watch.getAttribute('data-watching')).toBe('true');

      const today = new Date().toISOString().slice(0, 10);
      const done = await api<{ done: number }>('POST', '/webapi/model/patent_task/do/action/complete', {
        sids: [taskSid],
        values: { completed_on: today },
      });
      expect(done.body.data.done, JSON.stringify(done.body)).toBe(1);

      // The bell reads again when the window regains focus (and every minute): a new page load shows it at once.
      await page.reload();
      await expect.poll(() => page.getByTestId('header-notifications').getAttribute('data-count')).toBe('1');
      expect(await page.getByTestId('header-notifications').getAttribute('aria-label')).toBe(
        messages[language]['notifications.bell'].replace('{{count}}', '1'),
      );
      await page.getByTestId('header-notifications').click();
      const item = page.getByTestId('notification-item').first();
      await item.waitFor();
      expect(await item.getByTestId('notification-title').textContent()).toBe(TITLES[language](deadline));
      await saveScreenshot(page, `notifications-bell-${language}`);
      await item.click();
      await page.waitForURL((url) => url.pathname.endsWith(`/model/patent_task/${taskSid}`));
      await expect.poll(() => page.getByTestId('detail-title').first().textContent()).toBe(deadline);
      await expect.poll(() => page.getByTestId('header-notifications').getAttribute('data-count')).toBe('0');
    });
  }
});
