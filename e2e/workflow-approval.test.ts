// Acceptance 4: a process designed in the browser and run on a patent by three people in their own
// browsers. A tenant administrator designs "部门审批" (user A) → a parallel countersign of "技术会签" (user B)
// and "法务会签" (user A) → end, publishes it, and starts it from the patent's page. A sees the to-do with
// its badge, opens it and returns it to the starter, who resubmits; A approves; the countersign step offers
// no return (it may not cross the parallel gateway); B and A approve their branches and the process is
// approved, with every step in the history under the users' names. Also: a to-do transferred from the
// list, an urge from "started by me", and a second approval of a handled task told as such (409) with
// the panel refreshed. Screenshots in zh-CN and one page in en.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import { createUser, type TestUser } from './support/accounts.js';
import type { BrowserSession } from './support/browser.js';
import { useBrowserSessions } from './support/sessions.js';
import { appendAfter, clickEmptyCanvas, connect, padEntry, selectElement } from './support/designer.js';
import { apiOf, createPatent } from './support/models.js';
import { saveScreenshot, waitForText } from './support/page.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
const browser = useBrowserSessions(() => server);

const zh = messages['zh-CN'];
const en = messages.en;
type Page = BrowserSession['page'];
let run = 0;
const unique = (): string => `${Date.now().toString(36)}${(run += 1)}`;

const signIn = async (user: TestUser, locale?: string): Promise<Page> => (await browser.signIn(user, locale)).page;

/**
 * Picks a user in a user picker by typing their account (the picker searches as one types). A picker of
 * several users stays open after a pick and is closed with Escape (which would close a dialog around a
 * single-user picker, whose list closes by itself).
 */
async function pickUser(page: Page, testId: string, user: TestUser, several = false): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(user.account);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: user.account })
    .first()
    .click();
  if (several) await page.keyboard.press('Escape');
}

/**
 * Like chooseOption, for a long list opened on a value near its end: the virtual list shows the options
 * around the chosen value, so it is scrolled to the top first.
 */
async function chooseFromTop(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  const holder = page.locator('.ant-select-dropdown:visible .rc-virtual-list-holder');
  await holder.evaluate((element) => element.scrollTo({ top: 0 }));
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
}

/** Names the selected task and makes `user` its only approver (the first rule, turned to "指定用户"). */
async function assignTask(page: Page, name: string, user: TestUser, hasRule: boolean): Promise<void> {
  await page.getByTestId('designer-element-name').fill(name);
  await page.getByTestId('designer-element-name').press('Enter');
  if (!hasRule) await page.getByTestId('designer-approver-add').click();
  await chooseFromTop(page, 'designer-approver-0-kind', zh['designer.approverKind.user']);
  await pickUser(page, 'designer-approver-0-values', user, true);
}

/** Designs and publishes the process in the designer; answers its key. */
async function designCountersign(page: Page, a: TestUser, b: TestUser): Promise<string> {
  const key = `patent_countersign_${unique()}`;
  const api = await apiOf(server, page);
  expect(
    (await api('POST', '/webapi/workflow/definitions', { key, name: '专利会签审批', model: 'patent' })).status,
  ).toBe(200);
  await page.goto(server.appUrl(`workflow/definitions/${key}`));
  await waitForText(page, 'designer-status', `v1 · ${zh['wfDefs.status.draft']}`);
  await page.locator('.djs-element[data-element-id="Task_submit"]').waitFor();

  // The template's step after the start becomes the department approval; its end goes.
  await selectElement(page, 'EndEvent_1');
  await padEntry(page, 'delete');
  await selectElement(page, 'Task_submit');
  await assignTask(page, '部门审批', a, true);
  const split = await appendAfter(page, 'Task_submit', 'append.parallel-gateway');
  const legal = await appendAfter(page, split, 'append.user-task');
  await assignTask(page, '法务会签', a, false);
  const technical = await appendAfter(page, split, 'append.user-task');
  await assignTask(page, '技术会签', b, false);
  const join = await appendAfter(page, legal, 'append.parallel-gateway');
  await connect(page, technical, join);
  await appendAfter(page, join, 'append.end-event');
  await clickEmptyCanvas(page);
  await page.getByTestId('designer-no-problems').waitFor();

  await page.getByTestId('designer-save').click();
  await page.getByTestId('designer-unsaved').waitFor({ state: 'detached' });
  await page.getByTestId('designer-publish').click();
  await page.getByTestId('designer-publish-confirm').click();
  await waitForText(page, 'designer-status', `v1 · ${zh['wfDefs.status.published']}`);
  return key;
}

async function openApproval(page: Page, patentSid: string): Promise<void> {
  await page.goto(server.appUrl(`model/patent/${patentSid}?tab=approval`));
  await page.getByTestId('wf-panel').waitFor();
}

/** A small PDF (the server checks the type by content: "%PDF-" first). */
const SMALL_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * Takes an action of the panel with a comment (and a PDF attached, when `attach` names one); `check` says
 * when the panel shows its effect.
 */
async function act(
  page: Page,
  action: string,
  comment: string,
  check: () => Promise<void>,
  attach?: string,
): Promise<void> {
  await page.getByTestId(`wf-action-${action}`).click();
  await page.getByTestId('wf-action-comment').fill(comment);
  if (attach) {
    await page
      .locator('[data-testid="wf-action-attachments"] input[type=file]')
      .setInputFiles({ name: attach, mimeType: 'application/pdf', buffer: SMALL_PDF });
    await page.locator('[data-testid="wf-action-attachments"] .ant-upload-list-item-done').waitFor();
  }
  await page.getByTestId('wf-action-ok').click();
  await page.getByTestId('wf-action-ok').waitFor({ state: 'detached' });
  await check();
}

const current = (page: Page, steps: string) => waitForText(page, 'wf-current', steps);
/** Waits until the element lists exactly these entries (joined by "、", in any order). */
async function listed(page: Page, testId: string, entries: string[]): Promise<void> {
  await page.waitForFunction(
    ([id, wanted]) => {
      const shown = (document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '').split('、').sort();
      return JSON.stringify(shown) === JSON.stringify([...wanted].sort());
    },
    [testId, entries] as const,
    { timeout: 15_000 },
  );
}
const status = (page: Page, label: string) => waitForText(page, 'wf-status', label);
const badge = (page: Page, count: number) =>
  page.locator(`[data-testid="header-todos"][data-count="${count}"]`).waitFor({ timeout: 15_000 });

async function diagramMarks(page: Page, marker: string): Promise<string[]> {
  await page.locator('[data-testid="wf-diagram"][data-drawn="true"]').waitFor();
  return page.$$eval(`.djs-element.${marker}`, (elements) =>
    elements.map((element) => element.getAttribute('data-element-id') ?? '').sort(),
  );
}

async function historyLines(page: Page): Promise<Array<[string, string, string]>> {
  return page.$$eval('[data-testid="wf-history-item"]', (items) =>
    items.map((item) => [
      item.getAttribute('data-action') ?? '',
      item.querySelector('[data-testid="wf-history-node"]')?.textContent ?? '',
      item.querySelector('[data-testid="wf-history-actor"]')?.textContent ?? '',
    ]),
  ) as Promise<Array<[string, string, string]>>;
}

describe('approval on a record', () => {
  it(
    'runs a designed countersign on a patent across three users, with a return and the history',
    { timeout: 300_000 },
    async () => {
      const admin = await createUser(server, { isTenantAdmin: true, name: '流程管理员' });
      const userA = await createUser(server, { name: '审批人甲' });
      const userB = await createUser(server, { name: '技术员乙' });
      const starter = await signIn(admin);
      const key = await designCountersign(starter, userA, userB);

      const api = await apiOf(server, starter);
      const patent = await createPatent(api, { title: '固态电池隔膜', sn: `WF-${unique()}` });
      await openApproval(starter, patent.sid);
      await starter.getByTestId('wf-start').click();
      await starter.getByTestId(`wf-start-${key}`).click();
      await starter.getByTestId('wf-start-comment').fill('请审批');
      await starter.getByTestId('wf-start-submit').click();
      await status(starter, zh['workflow.status.running']);
      await current(starter, '部门审批');
      await waitForText(starter, 'wf-waiting', `${userA.name}（部门审批）`);
      expect(await diagramMarks(starter, 'ipdesk-run-current')).toEqual(['Task_submit']);
      expect(await diagramMarks(starter, 'ipdesk-run-visited')).toContain('StartEvent_1');
      await saveScreenshot(starter, 'workflow-approval-started-zh-CN');

      // At an approval step the starter's edits are limited too: the form shows the fields read-only.
      await starter.goto(server.appUrl(`model/patent/${patent.sid}/edit`));
      await starter.getByTestId('form-process-lock').waitFor();
      await waitForText(starter, 'field-title', '固态电池隔膜');
      expect(await starter.locator('[data-testid="field-title"][data-readonly="true"]').count()).toBe(1);

      // A finds the to-do by the bell, in the list, and opens it.
      const a = await signIn(userA);
      await badge(a, 1);
      await a.getByTestId('header-todos').click();
      await a.getByTestId('wf-my-page').waitFor();
      await a.locator('[data-testid="wf-my-tab-todos"][data-count="1"]').waitFor();
      const row = a.locator('[data-testid="wf-my-todos"] tr', { hasText: '固态电池隔膜' });
      await row.getByText('部门审批').waitFor();
      await row.getByText('专利会签审批').waitFor();
      await row.getByText(admin.name).waitFor();
      await saveScreenshot(a, 'workflow-my-todos-zh-CN');
      await row.getByTestId('wf-my-handle').click();
      await a.getByTestId('wf-instance').waitFor();
      expect(await a.getByTestId('wf-action-end').count()).toBe(0);

      // Returned to the starter (the only step before), who resubmits.
      await a.getByTestId('wf-action-return').click();
      await waitForText(a, 'wf-action-target', '开始');
      await a.getByTestId('wf-action-comment').fill('请补充技术交底书');
      await a.getByTestId('wf-action-ok').click();
      await current(a, '开始');
      await badge(a, 0);
      await openApproval(starter, patent.sid);
      await act(starter, 'resubmit', '已补充', () => current(starter, '部门审批'));

      // Urged from "started by me" while A has it.
      await starter.goto(server.appUrl('workflow/my/started'));
      const startedRow = starter.locator('[data-testid="wf-my-started"] tr', { hasText: '固态电池隔膜' });
      await startedRow.getByTestId('wf-my-urge').click();
      await starter.getByTestId('wf-action-ok').click();
      await starter.locator('.ant-message-notice', { hasText: zh['wfRun.done.urge'] }).waitFor();

      await a.reload();
      await badge(a, 1);
      await act(a, 'approve', '同意申请', () => listed(a, 'wf-current', ['技术会签', '法务会签']));
      // Now A holds the legal countersign: it cannot be returned across the parallel gateway.
      await badge(a, 1);
      await a.getByTestId('wf-action-approve').waitFor();
      expect(await a.getByTestId('wf-action-return').count()).toBe(0);
      expect(await diagramMarks(a, 'ipdesk-run-current')).toEqual(
        await a.$$eval('.djs-element[data-element-id]', (elements) =>
          elements
            .filter((element) => ['技术会签', '法务会签'].includes(element.textContent?.trim() ?? ''))
            .map((element) => element.getAttribute('data-element-id') ?? '')
            .sort(),
        ),
      );

      const b = await signIn(userB);
      await badge(b, 1);
      await openApproval(b, patent.sid);
      await listed(b, 'wf-waiting', [`${userB.name}（技术会签）`, `${userA.name}（法务会签）`]);
      await saveScreenshot(b, 'workflow-approval-countersign-zh-CN');
      await act(b, 'approve', '技术方案可行', () => current(b, '法务会签'), '技术评审.pdf');
      // The opinion's file is in the history as a download link.
      const link = b.getByTestId('wf-history-attachment').filter({ hasText: '技术评审.pdf' });
      await link.waitFor();
      expect(await link.evaluate((el) => el.tagName)).toBe('A');
      await badge(b, 0);

      await act(a, 'approve', '法务无异议', () => status(a, zh['workflow.status.approved']));
      await badge(a, 0);
      await current(a, zh['wfRun.none']);
      expect(await a.getByTestId('wf-no-actions').count()).toBe(1);
      const lines = await historyLines(a);
      const steps = lines.filter(([action]) => ['submit', 'return', 'resubmit', 'approve', 'urge'].includes(action));
      expect(steps).toEqual([
        ['submit', '开始', admin.name],
        ['return', '部门审批', userA.name],
        ['resubmit', '开始', admin.name],
        ['urge', '', admin.name],
        ['approve', '部门审批', userA.name],
        ['approve', '技术会签', userB.name],
        ['approve', '法务会签', userA.name],
      ]);
      expect(lines.at(-1)?.[0]).toBe('finish');
      const comments = await a.$$eval('[data-testid="wf-history-comment"]', (items) =>
        items.map((item) => item.textContent ?? ''),
      );
      expect(comments).toEqual(
        expect.arrayContaining(
          ['请审批', '请补充技术交底书', '同意申请', '技术方案可行', '法务无异议'].map((c) =>
            zh['wfRun.commentQuoted'].replace('{{comment}}', c),
          ),
        ),
      );
      await saveScreenshot(a, 'workflow-approval-approved-zh-CN');

      // "Handled by me" keeps both of A's approvals and the return.
      await a.goto(server.appUrl('workflow/my/handled'));
      await a.locator('[data-testid="wf-my-tab-handled"][data-count="3"]').waitFor();

      // The same page in English, texts and the server's labels alike.
      const english = await signIn(userB, 'en-US');
      await openApproval(english, patent.sid);
      await waitForText(english, 'tab-approval', en['wfRun.tab']);
      await status(english, en['workflow.status.approved']);
      await english.locator('[data-testid="wf-history-action"]', { hasText: en['workflow.history.return'] }).waitFor();
      await english.locator('[data-testid="wf-diagram"][data-drawn="true"]').waitFor();
      await saveScreenshot(english, 'workflow-approval-en');
    },
  );

  it(
    'transfers a to-do from the list, and tells a second approval of a handled task as such',
    { timeout: 180_000 },
    async () => {
      const admin = await createUser(server, { isTenantAdmin: true, name: '发起人丙' });
      const userA = await createUser(server, { name: '接收人丁' });
      const starter = await signIn(admin);
      const api = await apiOf(server, starter);
      // The template process (start → "提交" by the starter → end), published through the API.
      const key = `patent_simple_${unique()}`;
      const created = await api<{ version: number; updated_at: string }>('POST', '/webapi/workflow/definitions', {
        key,
        name: '简单流程',
        model: 'patent',
      });
      const published = await api('POST', `/webapi/workflow/definitions/${key}/publish`, {
        version: created.body.data.version,
        updated_at: created.body.data.updated_at,
      });
      expect(published.status).toBe(200);
      const patent = await createPatent(api, { title: '转办测试专利', sn: `WF-${unique()}` });
      await openApproval(starter, patent.sid);
      await starter.getByTestId('wf-start').click();
      await starter.getByTestId(`wf-start-${key}`).click();
      await starter.getByTestId('wf-start-submit').click();
      await current(starter, '提交');

      // The starter holds the step: transferred to A from the to-do list.
      await badge(starter, 1);
      await starter.goto(server.appUrl('workflow/my/todos'));
      const row = starter.locator('[data-testid="wf-my-todos"] tr', { hasText: '转办测试专利' });
      await row.getByTestId('wf-my-transfer').click();
      await pickUser(starter, 'wf-action-user', userA);
      await starter.getByTestId('wf-action-comment').fill('请您处理');
      await starter.getByTestId('wf-action-ok').click();
      await starter.getByTestId('wf-my-empty').waitFor();
      await badge(starter, 0);

      // A's panel is open when A's approval arrives from elsewhere (another tab): the button answers 409.
      const a = await signIn(userA);
      await badge(a, 1);
      await openApproval(a, patent.sid);
      await a.getByTestId('wf-action-approve').waitFor();
      const aApi = await apiOf(server, a);
      const view = await aApi<{ instance: { actions: { tasks: Array<{ task_sid: string }> } } }>(
        'GET',
        `/webapi/workflow/records/patent/${patent.sid}`,
      );
      const task = view.body.data.instance.actions.tasks[0]!.task_sid;
      expect((await aApi('POST', `/webapi/workflow/tasks/${task}/approve`, {})).status).toBe(200);
      browser.expectProblems(/status of 409/);
      await a.getByTestId('wf-action-approve').click();
      await a.getByTestId('wf-action-ok').click();
      await waitForText(a, 'wf-moved-on', zh['wfRun.movedOn'].replace('{{reason}}', zh['error.taskAlreadyHandled']));
      await status(a, zh['workflow.status.approved']);
      expect(await a.getByTestId('wf-action-approve').count()).toBe(0);
      const lines = await historyLines(a);
      expect(lines.filter(([action]) => action === 'transfer')).toEqual([['transfer', '提交', admin.name]]);
    },
  );
});
