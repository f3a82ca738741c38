// Issue 18, acceptance 1 in the browser: a paper's lifecycle with its "report" action bound to a published
// approval. An author writes a paper through the form, submits it and reports it (the dialog's comment goes
// with it); the paper waits in approval, still "not reported", offering no second report. An approver takes
// the to-do: approved, the paper is reported; rejected, it is back in draft. The status tab tells the story
// with a link that opens the approval. Once with a Chinese author and an English approver, once the other way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IPDESK_NAMESPACE_URI, messages } from '@ipdesk/core';
import { createUser, type TestUser } from './support/accounts.js';
import type { BrowserSession } from './support/browser.js';
import { apiOf, type Api } from './support/models.js';
import { saveScreenshot, waitForText } from './support/page.js';
import { startTestServer, type TestServer } from './support/server.js';
import { useBrowserSessions } from './support/sessions.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
const browser = useBrowserSessions(() => server);

type Page = BrowserSession['page'];
type Language = 'zh-CN' | 'en';
const text = (language: Language, key: keyof (typeof messages)['en']): string => messages[language][key];

/** Status labels of the paper dictionary, as each language shows them. */
const STATUS = {
  'zh-CN': { draft: '草稿', not_reported: '未上报', reported: '已上报' },
  en: { draft: 'Draft', not_reported: 'Not reported', reported: 'Reported' },
} as const;
const ACTION = {
  'zh-CN': { submit: '提交', report: '上报' },
  en: { submit: 'Submit', report: 'Report' },
} as const;

let approver: TestUser;
let processName: string;

/** A one-step approval by `approver`, bound to the paper's "report" action, published by a tenant administrator. */
async function publishReportApproval(api: Api, approverSid: string): Promise<void> {
  const key = `paper_report_${Date.now().toString(36)}`;
  processName = `论文上报审批 ${key.slice(-4)}`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:ipdesk="${IPDESK_NAMESPACE_URI}" id="D_${key}" targetNamespace="http://ipdesk.cn/e2e">
  <bpmn:process id="${key}" name="${processName}" isExecutable="true">
    <bpmn:extensionElements><ipdesk:ProcessSettings model="scientific_paper" action="report" restartMode="1" /></bpmn:extensionElements>
    <bpmn:startEvent id="start" name="开始" />
    <bpmn:userTask id="office" name="科研处审核">
      <bpmn:extensionElements><ipdesk:Approval><ipdesk:Approver kind="user" values="${approverSid}" /></ipdesk:Approval></bpmn:extensionElements>
    </bpmn:userTask>
    <bpmn:endEvent id="end" name="结束" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="office" />
    <bpmn:sequenceFlow id="f2" sourceRef="office" targetRef="end" />
  </bpmn:process>
</bpmn:definitions>`;
  const created = await api<{ version: number; updated_at: string; problems: unknown[] }>(
    'POST',
    '/webapi/workflow/definitions/do/create-from-xml',
    { xml },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect(created.body.data.problems).toEqual([]);
  const { version, updated_at } = created.body.data;
  const published = await api('POST', `/webapi/workflow/definitions/${key}/publish`, { version, updated_at });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
}

beforeAll(async () => {
  const admin = await createUser(server, { isTenantAdmin: true, name: '流程管理员' });
  approver = await createUser(server, { name: '科研处王老师' });
  const session = await browser.signIn(admin);
  await publishReportApproval(await apiOf(server, session.page), approver.sid);
  await session.close();
});

const status = (page: Page, label: string) => waitForText(page, 'record-status', label);

/** Runs a lifecycle action from the detail page, with a comment when given. */
async function runAction(page: Page, action: string, comment?: string): Promise<void> {
  await page.getByTestId(`action-${action}`).click();
  await page.getByTestId('action-form').waitFor();
  if (comment) await page.getByTestId('action-comment').fill(comment);
  await page.getByTestId('action-dialog-ok').click();
  await page.getByTestId('action-form').waitFor({ state: 'detached' });
}

/** The author's paper written through the form, then submitted: "not reported". Answers its sid. */
async function writeAndSubmit(page: Page, language: Language, title: string): Promise<string> {
  await page.goto(server.appUrl('model/scientific_paper/new'));
  await page.getByTestId('field-title').fill(title);
  await page.getByTestId('form-save').click();
  await page.waitForURL(/\/ip\/model\/scientific_paper\/[0-9A-Za-z]{16}\?/);
  await waitForText(page, 'detail-title', title);
  await status(page, STATUS[language].draft);
  // Only the actions from draft are offered.
  expect(await page.getByTestId('action-report').count()).toBe(0);
  await runAction(page, 'submit');
  await status(page, STATUS[language].not_reported);
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

/** Reports: the approval starts, the paper stays "not reported" and no action is offered meanwhile. */
async function reportForApproval(page: Page, language: Language, comment: string): Promise<void> {
  await runAction(page, 'report', comment);
  await page
    .locator('.ant-message-notice', {
      hasText: messages[language]['lifecycle.startedOne'].replace('{{action}}', ACTION[language].report),
    })
    .waitFor();
  await status(page, STATUS[language].not_reported);
  // In approval, the outcome alone moves the status: no action is offered, not even back to draft.
  await page.waitForFunction(() => !document.querySelector('[data-testid="action-redraft"]'));
  for (const action of ['report', 'redraft', 'abandon'])
    expect(await page.getByTestId(`action-${action}`).count()).toBe(0);
}

/** The approver finds the paper among their to-dos and decides on it with a comment. */
async function decide(page: Page, title: string, decision: 'approve' | 'reject', comment: string): Promise<void> {
  await page.goto(server.appUrl('workflow/my/todos'));
  const row = page.locator('[data-testid="wf-my-todos"] tr', { hasText: title });
  await row.getByText(processName).waitFor();
  await row.getByTestId('wf-my-handle').click();
  await page.getByTestId('wf-instance').waitFor();
  await page.getByTestId(`wf-action-${decision}`).click();
  await page.getByTestId('wf-action-comment').fill(comment);
  await page.getByTestId('wf-action-ok').click();
  await page.getByTestId('wf-action-ok').waitFor({ state: 'detached' });
}

/** The status tab's steps as "action:status" pairs, and the approval a step links to opened in its drawer. */
async function statusSteps(page: Page): Promise<string[]> {
  await page.getByTestId('tab-status').click();
  await page.getByTestId('status-timeline').waitFor();
  return page.$$eval('[data-testid="status-step"]', (steps) =>
    steps.map(
      (step) =>
        `${step.querySelector('[data-testid="status-step-action"]')?.textContent ?? ''}:${step.getAttribute('data-status')}`,
    ),
  );
}

describe('a paper reported through its approval', () => {
  it('is reported once the approver approves (author in zh-CN, approver in en)', { timeout: 240_000 }, async () => {
    const author = await createUser(server, { roles: ['inventor'], name: '论文作者甲' });
    const page = (await browser.signIn(author, 'zh-CN')).page;
    const title = `锂电池负极材料研究 ${Date.now().toString(36)}`;
    const sid = await writeAndSubmit(page, 'zh-CN', title);
    await reportForApproval(page, 'zh-CN', '请科研处审核');
    await saveScreenshot(page, 'paper-in-approval-zh-CN');

    const office = (await browser.signIn(approver, 'en')).page;
    await decide(office, title, 'approve', 'Approved for the annual report');

    await page.goto(server.appUrl(`model/scientific_paper/${sid}`));
    await status(page, STATUS['zh-CN'].reported);
    // Reported is not taken back to draft: the action is not offered from reported.
    expect(await page.getByTestId('action-redraft').count()).toBe(0);
    expect(await statusSteps(page)).toEqual([
      `${text('zh-CN', 'lifecycle.timeline.created')}:draft`,
      `${ACTION['zh-CN'].submit}:not_reported`,
      `${ACTION['zh-CN'].report}:reported`,
    ]);
    const reported = page.getByTestId('status-step').nth(2);
    await reported.getByText('请科研处审核').waitFor();
    await reported.getByTestId('status-step-approval').click();
    await page.getByTestId('status-approval').getByText(processName).waitFor();
    await page.getByTestId('status-approval').getByText('Approved for the annual report').waitFor();
    await saveScreenshot(page, 'paper-status-timeline-zh-CN');
  });

  it(
    'is back in draft when the approver rejects it (author in en, approver in zh-CN)',
    { timeout: 240_000 },
    async () => {
      const author = await createUser(server, { roles: ['inventor'], name: 'Paper author B' });
      const page = (await browser.signIn(author, 'en')).page;
      const title = `Solid electrolytes ${Date.now().toString(36)}`;
      const sid = await writeAndSubmit(page, 'en', title);
      await reportForApproval(page, 'en', 'Please review');

      const office = (await browser.signIn(approver, 'zh-CN')).page;
      await decide(office, title, 'reject', '数据不完整');

      await page.goto(server.appUrl(`model/scientific_paper/${sid}`));
      await status(page, STATUS.en.draft);
      await page.getByTestId('action-submit').waitFor();
      expect(await statusSteps(page)).toEqual([
        `${text('en', 'lifecycle.timeline.created')}:draft`,
        `${ACTION.en.submit}:not_reported`,
        `${ACTION.en.report}:draft`,
      ]);
      await saveScreenshot(page, 'paper-rejected-en');
    },
  );
});
