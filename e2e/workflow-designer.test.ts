// The process designer in Chromium against the real server. A tenant administrator creates a process for
// patents from the list page, and in the designer (real clicks on the canvas, its context pad and the
// properties panel) puts a second task after the first, then a parallel countersign (a parallel gateway
// split into two tasks, joined by a second parallel gateway before the end), sets approvers, sees a design
// problem appear and go as a gateway turns exclusive and back, saves, publishes and finds the published
// version after a reload. Also: the designer in English, export and import of a zip, and a user without
// the workflow resource gets neither the menu entry nor the list. Screenshots in both languages.
import { readFile } from 'node:fs/promises';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type ProcessGraph } from '@ipdesk/core';
import { createUser, type TestUser } from './support/accounts.js';
import type { BrowserSession } from './support/browser.js';
import { useBrowserSessions } from './support/sessions.js';
import { appendAfter, clickEmptyCanvas, connect, padEntry, replaceWith, selectElement } from './support/designer.js';
import { apiOf, chooseOption } from './support/models.js';
import { menuEntry, menuName, openMenu } from './support/org.js';
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
const uniqueKey = (): string => `patent_review_${Date.now().toString(36)}${(run += 1)}`;

const signIn = async (user: TestUser, locale?: string): Promise<Page> => (await browser.signIn(user, locale)).page;

/** Waits until the design check shows a problem of this rule, or (rule undefined) no problem at all. */
async function waitForCheck(page: Page, rule: string | undefined): Promise<void> {
  if (rule) await page.locator(`[data-testid="designer-problem"][data-rule="${rule}"]`).first().waitFor();
  else await page.getByTestId('designer-no-problems').waitFor();
}

async function nameSelected(page: Page, name: string): Promise<void> {
  await page.getByTestId('designer-element-name').fill(name);
  await page.getByTestId('designer-element-name').press('Enter');
}

/** Adds an approver rule of a kind to the selected task and, for roles, picks the IP specialist. */
async function addApprover(page: Page, kind: 'role' | 'leader'): Promise<void> {
  await page.getByTestId('designer-approver-add').click();
  if (kind === 'leader') {
    await chooseOption(page, 'designer-approver-0-kind', zh['designer.approverKind.leader']);
    return;
  }
  await chooseOption(page, 'designer-approver-0-values', '知识产权专员 (ip_specialist)');
  await page.keyboard.press('Escape');
}

/** A new process for patents made through the API (the list page's dialog is tested once above). */
async function newDefinition(page: Page, name: string): Promise<string> {
  const key = uniqueKey();
  const api = await apiOf(server, page);
  const answer = await api('POST', '/webapi/workflow/definitions', { key, name, model: 'patent' });
  expect(answer.status).toBe(200);
  return key;
}

async function versionGraph(page: Page, key: string, version: number): Promise<ProcessGraph> {
  const api = await apiOf(server, page);
  const answer = await api<{ graph: ProcessGraph; status: string }>(
    'GET',
    `/webapi/workflow/definitions/${key}/versions/${version}`,
  );
  expect(answer.status).toBe(200);
  expect(answer.body.data.status).toBe('published');
  return answer.body.data.graph;
}

describe('process designer', () => {
  it(
    'designs a parallel countersign, checks it live, saves, publishes and reloads it',
    { timeout: 240_000 },
    async () => {
      const admin = await createUser(server, { isTenantAdmin: true, name: '流程管理员' });
      const page = await signIn(admin);
      const key = uniqueKey();

      await openMenu(page, menuName('system'), menuName('workflow_definitions'));
      await page.getByTestId('wf-definitions-page').waitFor();
      await page.getByTestId('wf-new').click();
      await page.getByTestId('wf-new-key').fill(key);
      await page.getByTestId('wf-new-name').fill('专利申请审批');
      await chooseOption(page, 'wf-new-model', zh['menu.patent']);
      await page.getByTestId('wf-new-submit').click();
      await page.getByTestId('designer-page').waitFor();
      await waitForText(page, 'designer-status', `v1 · ${zh['wfDefs.status.draft']}`);
      await page.locator('.djs-element[data-element-id="Task_submit"]').waitFor();
      expect(await page.getByTestId('designer-process-model').inputValue()).toBe(zh['menu.patent']);
      expect(await page.getByTestId('designer-process-model').isDisabled()).toBe(true);
      await waitForCheck(page, undefined);
      // Only what the engine runs is offered, with Chinese tooltips.
      expect(
        await page
          .locator('.djs-palette .entry[data-action^="create."]')
          .evaluateAll((entries) => entries.map((entry) => entry.getAttribute('data-action'))),
      ).toEqual([
        'create.start-event',
        'create.end-event',
        'create.user-task',
        'create.exclusive-gateway',
        'create.parallel-gateway',
      ]);
      expect(await page.locator('.djs-palette .entry[data-action="create.user-task"]').getAttribute('aria-label')).toBe(
        zh['designer.bpmn.createUserTask'],
      );

      // The end goes: the submit task now leads nowhere, which the check reports at once.
      await selectElement(page, 'EndEvent_1');
      await padEntry(page, 'delete');
      await waitForCheck(page, 'flow-counts');

      const review = await appendAfter(page, 'Task_submit', 'append.user-task');
      await nameSelected(page, '部门审核');
      await waitForCheck(page, 'task-approvers');
      await addApprover(page, 'role');
      const split = await appendAfter(page, review, 'append.parallel-gateway');
      const legal = await appendAfter(page, split, 'append.user-task');
      await nameSelected(page, '法务会签');
      await addApprover(page, 'leader');
      const technical = await appendAfter(page, split, 'append.user-task');
      await nameSelected(page, '技术会签');
      await addApprover(page, 'role');
      const join = await appendAfter(page, legal, 'append.parallel-gateway');
      await connect(page, technical, join);
      await appendAfter(page, join, 'append.end-event');
      await clickEmptyCanvas(page);
      await waitForCheck(page, undefined);

      // An exclusive gateway whose branches have no conditions is a problem; turned back it is gone.
      await replaceWith(page, split, 'replace-with-exclusive-gateway');
      await waitForCheck(page, 'exclusive-conditions');
      expect(await page.locator('.ipdesk-design-error').count()).toBeGreaterThan(0);
      await saveScreenshot(page, 'workflow-designer-problem-zh-CN');
      await replaceWith(page, split, 'replace-with-parallel-gateway');
      await clickEmptyCanvas(page);
      await waitForCheck(page, undefined);
      expect(await page.locator('.ipdesk-design-error').count()).toBe(0);

      await page.getByTestId('designer-unsaved').waitFor();
      await page.getByTestId('designer-save').click();
      await page.locator('.ant-message-notice', { hasText: '已保存为草稿 v1' }).waitFor();
      await page.getByTestId('designer-unsaved').waitFor({ state: 'detached' });
      await page.getByTestId('designer-publish').click();
      await page.getByTestId('designer-publish-confirm').click();
      await waitForText(page, 'designer-status', `v1 · ${zh['wfDefs.status.published']}`);
      await page.getByTestId('designer-read-only').waitFor();

      await page.reload();
      await waitForText(page, 'designer-status', `v1 · ${zh['wfDefs.status.published']}`);
      await page.getByTestId('designer-new-version').waitFor();
      await page.locator(`.djs-element[data-element-id="${join}"]`).waitFor();
      await waitForCheck(page, undefined);
      await saveScreenshot(page, 'workflow-designer-zh-CN');

      // What runs is what was drawn: two parallel gateways around the two countersign tasks.
      const graph = await versionGraph(page, key, 1);
      const kinds = Object.values(graph.nodes)
        .map((node) => node.kind)
        .sort();
      expect(kinds).toEqual(['end', 'parallel', 'parallel', 'start', 'userTask', 'userTask', 'userTask', 'userTask']);
      expect(graph.nodes[split]?.outgoing.map((flow) => graph.flows[flow]?.target).sort()).toEqual(
        [legal, technical].sort(),
      );
      expect(graph.nodes[join]?.incoming.map((flow) => graph.flows[flow]?.source).sort()).toEqual(
        [legal, technical].sort(),
      );
      const task = (id: string) => graph.nodes[id] as Extract<ProcessGraph['nodes'][string], { kind: 'userTask' }>;
      expect(task(review).name).toBe('部门审核');
      expect(task(review).approvers).toEqual([{ kind: 'role', values: ['ip_specialist'] }]);
      expect(task(legal).approvers).toEqual([{ kind: 'leader', values: [] }]);

      // The list shows the published version.
      await page.goto(server.appUrl('workflow/definitions'));
      await waitForText(page, `wf-versions-${key}`, `v1 · ${zh['wfDefs.status.published']}`);
    },
  );

  it('is in English when the language is en', { timeout: 120_000 }, async () => {
    const admin = await createUser(server, { isTenantAdmin: true });
    const page = await signIn(admin, 'en-US');
    const key = await newDefinition(page, 'Patent filing');

    await page.goto(server.appUrl(`workflow/definitions/${key}`));
    await waitForText(page, 'designer-status', `v1 · ${en['wfDefs.status.draft']}`);
    await page.getByText(en['designer.panelProcess']).waitFor();
    await page.getByText(en['designer.problems']).waitFor();
    expect(await page.getByTestId('designer-save').textContent()).toBe(en['designer.save']);
    expect(
      await page.locator('.djs-palette .entry[data-action="create.parallel-gateway"]').getAttribute('aria-label'),
    ).toBe(en['designer.bpmn.createParallel']);
    await selectElement(page, 'Task_submit');
    await waitForText(page, 'designer-panel-type', en['designer.type.userTask']);
    expect(
      await page.locator('.djs-context-pad.open .entry[data-action="append.user-task"]').getAttribute('title'),
    ).toBe(en['designer.bpmn.appendUserTask']);
    await saveScreenshot(page, 'workflow-designer-en');
  });

  it('exports a version as a zip and imports it back as the draft', { timeout: 120_000 }, async () => {
    const admin = await createUser(server, { isTenantAdmin: true });
    const page = await signIn(admin);
    const key = await newDefinition(page, '导出测试');

    await page.goto(server.appUrl('workflow/definitions'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`wf-export-${key}`).click()]);
    expect(download.suggestedFilename()).toBe(`${key}-v1.zip`);
    // The download is kept under a random name: it is chosen again under its own.
    const zip = {
      name: download.suggestedFilename(),
      mimeType: 'application/zip',
      buffer: await readFile(await download.path()),
    };

    await page.getByTestId('wf-import').click();
    const input = page.locator('[data-testid="wf-import-dialog"] input[type=file]');
    await input.setInputFiles({ name: 'process.bpmn', mimeType: 'text/xml', buffer: Buffer.from('<x/>') });
    await page.getByText(zh['wfDefs.importOnlyZip']).waitFor();
    await input.setInputFiles(zip);
    await page.getByTestId('wf-import-start').click();
    // The key has a draft (version 1): the server refuses, and overwriting is offered.
    browser.expectProblems(/status of 409/);
    await waitForText(page, 'wf-import-error', zh['error.workflowDraftExists'].replace('{{key}}', key));
    await page.getByTestId('wf-import-overwrite').click();
    await page.getByTestId('wf-import-done').waitFor();
    await page.getByTestId('wf-import-open').click();
    await waitForText(page, 'designer-status', `v1 · ${zh['wfDefs.status.draft']}`);
  });

  it('imports a process from another modeler: asks for the model, maps its assignee, opens the draft', async () => {
    const admin = await createUser(server, { isTenantAdmin: true });
    const page = await signIn(admin);
    const key = `camunda_${Date.now().toString(36)}`;
    // As Camunda Modeler writes it: no model, the approvers as camunda attributes.
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="Defs" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${key}" name="外部流程" isExecutable="true">
    <bpmn:startEvent id="start" />
    <bpmn:userTask id="office" name="科研处审核" camunda:assignee="${admin.account}" />
    <bpmn:userTask id="dean" name="院长审批" camunda:candidateGroups="deans" />
    <bpmn:endEvent id="end" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="office" />
    <bpmn:sequenceFlow id="f2" sourceRef="office" targetRef="dean" />
    <bpmn:sequenceFlow id="f3" sourceRef="dean" targetRef="end" />
  </bpmn:process>
</bpmn:definitions>`;
    await page.goto(server.appUrl('workflow/definitions'));
    await page.getByTestId('wf-import').click();
    await page.locator('[data-testid="wf-import-dialog"] input[type=file]').setInputFiles({
      name: 'external.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(zipSync({ 'external.bpmn': strToU8(xml) })),
    });
    await page.getByTestId('wf-import-start').click();
    browser.expectProblems(/status of 400/);
    await page.getByTestId('wf-import-needs-model').waitFor();
    await chooseOption(page, 'wf-import-model', '论文');
    await chooseOption(page, 'wf-import-action', '上报');
    await page.getByTestId('wf-import-start').click();
    await page.locator('[data-testid="wf-import-done"], [data-testid="wf-import-error"]').first().waitFor();
    expect(await page.getByTestId('wf-import-error').count(), await page.locator('.ant-modal').innerText()).toBe(0);
    const items = page.getByTestId('wf-import-mapped-item');
    expect(await items.count()).toBe(2);
    await page
      .locator('[data-testid="wf-import-mapped-item"][data-resolved="true"]', { hasText: admin.name })
      .waitFor();
    await page.locator('[data-testid="wf-import-mapped-item"][data-resolved="false"]', { hasText: 'deans' }).waitFor();
    await page.getByTestId('wf-import-to-choose').getByText('院长审批').waitFor();
    await saveScreenshot(page, 'workflow-import-foreign-zh-CN');
    await page.getByTestId('wf-import-open').click();
    await waitForText(page, 'designer-status', `v1 · ${zh['wfDefs.status.draft']}`);
  });

  it(
    "shows the problems of a refused publish, and a save that lost to someone else's",
    { timeout: 120_000 },
    async () => {
      const admin = await createUser(server, { isTenantAdmin: true });
      const page = await signIn(admin);
      const key = await newDefinition(page, '冲突测试');
      await page.goto(server.appUrl(`workflow/definitions/${key}`));
      await waitForText(page, 'designer-status', `v1 · ${zh['wfDefs.status.draft']}`);

      // Without its end the process cannot be published: publishing saves it, and the server refuses.
      await selectElement(page, 'EndEvent_1');
      await padEntry(page, 'delete');
      await waitForCheck(page, 'flow-counts');
      browser.expectProblems(/status of 400/, /status of 409/);
      await page.getByTestId('designer-publish').click();
      await page.getByTestId('designer-publish-confirm').click();
      await page
        .locator(
          '[data-testid="designer-refused-list"] [data-testid="designer-problem"][data-element-id="Task_submit"]',
        )
        .first()
        .waitFor();
      await waitForText(page, 'designer-status', `v1 · ${zh['wfDefs.status.draft']}`);

      // Someone else saves the draft meanwhile: saving here is refused, and reloading shows their version.
      const api = await apiOf(server, page);
      const current = await api<{ xml: string; updated_at: string }>(
        'GET',
        `/webapi/workflow/definitions/${key}/versions/1`,
      );
      const theirs = current.body.data.xml.replace('name="提交"', 'name="他人的修改"');
      const saved = await api('POST', `/webapi/workflow/definitions/${key}/draft`, {
        xml: theirs,
        version: 1,
        updated_at: current.body.data.updated_at,
      });
      expect(saved.status).toBe(200);
      await clickEmptyCanvas(page);
      await page.getByTestId('designer-process-name').fill('我的修改');
      await page.getByTestId('designer-process-name').press('Enter');
      await page.getByTestId('designer-unsaved').waitFor();
      await page.getByTestId('designer-save').click();
      await page.getByTestId('designer-conflict-reload').click();
      await page.locator('.djs-element[data-element-id="Task_submit"]', { hasText: '他人的修改' }).waitFor();
      await page.getByTestId('designer-unsaved').waitFor({ state: 'detached' });
      expect(await page.getByTestId('designer-process-name').inputValue()).toBe('冲突测试');
    },
  );

  it('gives a user without the workflow resource no menu entry, page or list', { timeout: 120_000 }, async () => {
    const user = await createUser(server);
    const page = await signIn(user);
    await page.getByText(zh['menu.patent']).first().waitFor();
    expect(await menuEntry(page, menuName('workflow_definitions')).count()).toBe(0);
    const api = await apiOf(server, page);
    const answer = await api('GET', '/webapi/workflow/definitions');
    expect(answer.status).toBe(403);
    await page.goto(server.appUrl('workflow/definitions'));
    await page.waitForURL(/\/403$/);
  });
});
