// Issue 19 in the browser: user B watches a patent with the button on its page; an administrator completes
// one of its deadlines (a lifecycle action, through the API as another person would); B's bell shows one
// unread notification, the dropdown shows its title in B's language with the statuses' labels, clicking it
// opens the deadline's page and the count drops. And the issue's own case: a process started on a patent
// assigns B a to-do; B's bell counts it and its entry opens the patent. Each in zh-CN and in en.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IPDESK_NAMESPACE_URI, messages } from '@ipdesk/core';
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

  /** start → one review step by the given user → end, on patents. */
  const reviewProcess = (key: string, reviewer: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:ipdesk="${IPDESK_NAMESPACE_URI}" id="D_${key}" targetNamespace="http://ipdesk.cn/e2e">
  <bpmn:process id="${key}" name="立案审批" isExecutable="true">
    <bpmn:extensionElements><ipdesk:ProcessSettings model="patent" restartMode="1" /></bpmn:extensionElements>
    <bpmn:startEvent id="start" />
    <bpmn:userTask id="review" name="专利审核">
      <bpmn:extensionElements><ipdesk:Approval><ipdesk:Approver kind="user" values="${reviewer}" /></ipdesk:Approval></bpmn:extensionElements>
    </bpmn:userTask>
    <bpmn:endEvent id="end" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review" />
    <bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="end" />
  </bpmn:process>
</bpmn:definitions>`;

  for (const language of ['zh-CN', 'en'] as const) {
    it(`a to-do assigned rings the assignee's bell, which opens the patent (${language})`, async () => {
      const admin = await createUser(server, { isTenantAdmin: true, name: '管理员' });
      const reviewer = await createUser(server, { name: '丙', roles: ['ip_specialist'] });
      const adminPage = (await browser.signIn(admin)).page;
      const api = await apiOf(server, adminPage);
      const stamp = Date.now().toString(36);
      const patent = await createPatent(api, { title: `待办专利 ${stamp}`, sn: `TD-${stamp}-${language}` });
      const key = `review_${stamp}_${language === 'en' ? 'en' : 'zh'}`;
      const created = await api<{ version: number; updated_at: string }>(
        'POST',
        '/webapi/workflow/definitions/do/create-from-xml',
        { xml: reviewProcess(key, reviewer.sid) },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const { version, updated_at } = created.body.data;
      const published = await api('POST', `/webapi/workflow/definitions/${key}/publish`, { version, updated_at });
      expect(published.status, JSON.stringify(published.body)).toBe(200);

      const page = (await browser.signIn(reviewer, language)).page;
      await expect.poll(() => page.getByTestId('header-notifications').getAttribute('data-count')).toBe('0');
      const started = await api('POST', '/webapi/workflow/instances', {
        definition_key: key,
        model: 'patent',
        record_sid: patent.sid,
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);

      await page.reload();
      const bell = page.getByTestId('header-notifications');
      await expect.poll(() => bell.getAttribute('data-count')).toBe('1');
      await bell.click();
      const item = page.getByTestId('notification-item').first();
      await item.waitFor();
      const record = `TD-${stamp}-${language} 待办专利 ${stamp}`;
      expect(await item.getByTestId('notification-title').textContent()).toBe(
        language === 'en' ? `New to-do: 专利审核 · ${record}` : `新待办：专利审核 · ${record}`,
      );
      await saveScreenshot(page, `notifications-todo-${language}`);
      await item.click();
      await page.waitForURL((url) => url.pathname.endsWith(`/model/patent/${patent.sid}`));
      await expect.poll(() => bell.getAttribute('data-count')).toBe('0');
    });
  }
});
