// Issue 18: processes drawn in other modelers. A Camunda file names no model: its import is refused until the
// model is chosen (400811, in the caller's language); with the model and the action to bind, its
// camunda:assignee and candidateGroups become approvers where the tenant has that account or role code, the
// answer lists each value and what it became, and the step whose assignee is an expression stays without
// approvers: the draft is created for the designer, and publishing it is refused until they are chosen.
// A Flowable file resolves its candidate users likewise. PGlite and PostgreSQL.
import { strToU8, zipSync } from 'fflate';
import { errors } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  grantRole,
  signIn,
  type AccountsTestApp,
  type SignedIn,
  type TestTenant,
} from '../../../../test/accounts.js';
import { onPostgres } from '../../../../test/database.js';
import { multipartBody } from '../../../platform/files/samples.js';
import { CAMUNDA_REVIEW, FLOWABLE_APPROVAL } from '../../../../../core/src/domains/workflow/fixtures/foreign.js';

interface Mapped {
  node_id: string;
  attribute: string;
  value: string;
  kind: string;
  resolved: { value: string; name: string } | null;
}

describe(`workflow definitions: importing from other modelers (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let designer: SignedIn;
  let leadSid: string;
  let reviewerSid: string;
  let roleCode: string;

  const upload = (xml: string, query = '', language = 'en') => {
    const bytes = zipSync({ 'process.bpmn': strToU8(xml) });
    const { payload, headers } = multipartBody({}, { filename: 'process.zip', bytes: Buffer.from(bytes) });
    return t.app.inject({
      method: 'POST',
      url: `/webapi/workflow/definitions/do/import${query}`,
      headers: { ...authed(designer, { 'x-language': language }), ...headers },
      payload,
    });
  };
  const definitionCount = async () =>
    Number(
      (
        await t.database.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM workflow_definition WHERE tenant_sid = $1',
          [tenant.sid],
        )
      )[0]!.n,
    );

  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    const d = await createUser(t, tenant);
    leadSid = (await createUser(t, tenant, { account: 'office.lead', name: '科研处长' })).sid;
    reviewerSid = (await createUser(t, tenant, { account: 'Reviewer.One', name: '审稿人' })).sid;
    const roleSid = await grantRole(t, tenant, [d.sid], { resources: ['workflow', 'workflow:update'] });
    roleCode = (await t.database.db.query<{ code: string }>('SELECT code FROM role WHERE sid = $1', [roleSid]))[0]!
      .code;
    designer = await signIn(t.app, d.account, d.password);
  });
  afterAll(() => t.close());

  it('asks for the model of a process that names none, importing nothing', async () => {
    for (const [language, message] of [
      ['en', 'The process names no business model (it comes from another modeler): choose the model it is for'],
      ['zh-CN', '该流程未指定业务模型（来自其他建模工具），请选择它所属的模型'],
    ] as const) {
      const res = await upload(CAMUNDA_REVIEW, '', language);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: errors.workflowImportModelRequired.code, message });
    }
    const unknown = await upload(CAMUNDA_REVIEW, '?model=no_such_model');
    expect(unknown.json().code).toBe(errors.workflowModelUnknown.code);
    expect(await definitionCount()).toBe(0);
  });

  it('binds the model and action, maps the assignees it can, and lists the step left to choose', async () => {
    const groups = CAMUNDA_REVIEW.replace('ip_specialist, finance_team', `${roleCode.toUpperCase()}, finance_team`);
    const res = await upload(groups, '?model=scientific_paper&action=report');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as {
      key: string;
      created: boolean;
      problems: Array<{ rule: string; element_id: string; severity: string }>;
      mapped: Mapped[];
    };
    expect(data).toMatchObject({ key: 'paper_review', created: true });
    expect(data.mapped.map((m) => [m.node_id, m.attribute, m.value, m.resolved?.value ?? null])).toEqual([
      ['Task_office', 'assignee', 'Office.Lead', leadSid],
      ['Task_office', 'candidateGroups', roleCode.toUpperCase(), roleCode],
      ['Task_office', 'candidateGroups', 'finance_team', null],
      ['Task_author', 'assignee', '${initiator}', null],
    ]);
    expect(data.mapped[0]!.resolved?.name).toBe('科研处长');
    expect(data.problems.filter((p) => p.severity === 'error').map((p) => `${p.rule}:${p.element_id}`)).toEqual([
      'task-approvers:Task_author',
    ]);

    // The draft holds the binding and the approvers, the diagram kept; it is not publishable yet.
    const [stored] = await t.database.db.query<{ model: string; xml: string; status: string; updated_at: Date }>(
      "SELECT model, xml, status, updated_at FROM workflow_definition WHERE tenant_sid = $1 AND key = 'paper_review'",
      [tenant.sid],
    );
    expect(stored).toMatchObject({ model: 'scientific_paper', status: 'draft' });
    expect(stored!.xml).toContain('action="report"');
    expect(stored!.xml).toContain(`<ipdesk:Approver kind="user" values="${leadSid}" />`);
    expect(stored!.xml).toContain(`<ipdesk:Approver kind="role" values="${roleCode}" />`);
    expect(stored!.xml).toContain('<bpmndi:BPMNShape id="Task_author_di"');
    const publish = await t.app.inject({
      method: 'POST',
      url: '/webapi/workflow/definitions/paper_review/publish',
      headers: authed(designer),
      payload: { version: 1, updated_at: stored!.updated_at.toISOString() },
    });
    expect(publish.json().code).toBe(errors.workflowDesignInvalid.code);
  });

  it('resolves flowable candidate users by account, whatever their case', async () => {
    const res = await upload(FLOWABLE_APPROVAL, '?model=patent');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { mapped: Mapped[]; problems: Array<{ severity: string }> };
    expect(data.mapped.map((m) => [m.value, m.kind, m.resolved?.value ?? null])).toEqual([
      ['reviewer.one', 'user', reviewerSid],
      ['nobody.here', 'user', null],
    ]);
    expect(data.problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('imports a file without a diagram whose second step names a group the tenant lacks', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="Defs" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="external_two" name="外部流程" isExecutable="true">
    <bpmn:startEvent id="start" />
    <bpmn:userTask id="office" name="科研处审核" camunda:assignee="office.lead" />
    <bpmn:userTask id="dean" name="院长审批" camunda:candidateGroups="deans" />
    <bpmn:endEvent id="end" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="office" />
    <bpmn:sequenceFlow id="f2" sourceRef="office" targetRef="dean" />
    <bpmn:sequenceFlow id="f3" sourceRef="dean" targetRef="end" />
  </bpmn:process>
</bpmn:definitions>`;
    const res = await upload(xml, '?model=scientific_paper&action=report', 'zh-CN');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data.mapped as Mapped[]).map((m) => m.resolved?.value ?? null)).toEqual([leadSid, null]);
  });

  it('refuses an action the model does not bind to an approval, importing nothing', async () => {
    const before = await definitionCount();
    const res = await upload(
      CAMUNDA_REVIEW.replace('id="paper_review"', 'id="paper_submit"'),
      '?model=scientific_paper&action=submit',
    );
    expect(res.json().code).toBe(errors.workflowDesignInvalid.code);
    expect(await definitionCount()).toBe(before);
  });
});
