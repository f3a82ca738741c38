// Helpers for process tests through HTTP: an app with a tenant, its administrator and people with roles,
// patents made through the generic model API, and processes published through the definitions API from a
// two-step BPMN (review → approve) whose approvers, field grants and options a test chooses.
import { IPDESK_NAMESPACE_URI } from '@ipdesk/core';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  grantRole,
  signIn,
  type AccountsTestApp,
  type SignedIn,
  type TestRole,
  type TestTenant,
} from './accounts.js';

export interface TwoStepOptions {
  reviewers: string[];
  approvers: string[];
  /** Field grants of the review step, e.g. [['title', 'edit']]. */
  reviewFields?: Array<[string, 'edit' | 'read' | 'hidden']>;
  addSign?: boolean;
  freeJump?: boolean;
  model?: string;
  /** Users copied (ipdesk:Cc) once the review step is approved. */
  cc?: string[];
  /** Who may start it (approveUsers); anyone who may edit the record when absent. */
  starters?: string[];
  /** The lifecycle action of the model it approves (process setting `action`). */
  action?: string;
}

/** start → review → approve → end, each step by the listed users. */
export function twoStepXml(key: string, o: TwoStepOptions): string {
  const grants = (o.reviewFields ?? [])
    .map(([field, access]) => `<ipdesk:FieldAccess field="${field}" access="${access}" />`)
    .join('');
  const cc = o.cc ? `<ipdesk:Cc kind="user" values="${o.cc.join(',')}" />` : '';
  const flags = `${o.addSign ? ' addSign="true"' : ''}${o.freeJump ? ' freeJump="true"' : ''}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:ipdesk="${IPDESK_NAMESPACE_URI}" id="D_${key}" targetNamespace="http://ipdesk.cn/test">
  <bpmn:process id="${key}" name="Review ${key}" isExecutable="true">
    <bpmn:extensionElements><ipdesk:ProcessSettings model="${o.model ?? 'patent'}" restartMode="1"${o.starters ? ` approveUsers="${o.starters.join(',')}"` : ''}${o.action ? ` action="${o.action}"` : ''} /></bpmn:extensionElements>
    <bpmn:startEvent id="start" name="Start" />
    <bpmn:userTask id="review" name="Review">
      <bpmn:extensionElements><ipdesk:Approval${flags}><ipdesk:Approver kind="user" values="${o.reviewers.join(',')}" />${cc}${grants}</ipdesk:Approval></bpmn:extensionElements>
    </bpmn:userTask>
    <bpmn:userTask id="approve" name="Approve">
      <bpmn:extensionElements><ipdesk:Approval><ipdesk:Approver kind="user" values="${o.approvers.join(',')}" /></ipdesk:Approval></bpmn:extensionElements>
    </bpmn:userTask>
    <bpmn:endEvent id="end" name="End" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review" />
    <bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="approve" />
    <bpmn:sequenceFlow id="f3" sourceRef="approve" targetRef="end" />
  </bpmn:process>
</bpmn:definitions>`;
}

export interface Person {
  sid: string;
  session: SignedIn;
}

export interface WorkflowHttp {
  t: AccountsTestApp;
  tenant: TestTenant;
  admin: Person;
  /** A user of the tenant with a role (default: patent view, create and update, all records). */
  person(role?: TestRole): Promise<Person>;
  call(
    who: Person | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    language?: string,
  ): Promise<LightMyRequestResponse>;
  /** A patent made by `who` through the generic API. */
  patent(who: Person, data?: Record<string, unknown>): Promise<string>;
  /** Creates the process from XML and publishes it, as the administrator. */
  publish(key: string, options: TwoStepOptions): Promise<void>;
  /** Starts the process on the patent as `who`; answers the instance sid. */
  start(who: Person, key: string, patentSid: string, extra?: object): Promise<string>;
  /** The open task of `who` on the instance. */
  taskOf(who: Person, instanceSid: string): Promise<string>;
  count(sql: string, params: unknown[]): Promise<number>;
  close(): Promise<void>;
}

export const PATENT_EDITOR: TestRole = { resources: ['patent', 'patent:create', 'patent:update'] };

export async function createWorkflowHttp(): Promise<WorkflowHttp> {
  const t = await createAccountsTestApp();
  const tenant = await createTenant(t);
  const signedIn = async (user: { sid: string; account: string; password: string }): Promise<Person> => ({
    sid: user.sid,
    session: await signIn(t.app, user.account, user.password),
  });
  const admin = await signedIn(await createUser(t, tenant, { isTenantAdmin: true, name: '管理员' }));
  let sn = 0;
  const call: WorkflowHttp['call'] = (who, method, url, payload, language = 'en') =>
    t.app.inject({
      method,
      url: `/webapi${url}`,
      headers: who ? authed(who.session, { 'x-language': language }) : { 'x-language': language },
      ...(payload ? { payload } : {}),
    });
  return {
    t,
    tenant,
    admin,
    async person(role = PATENT_EDITOR) {
      const user = await createUser(t, tenant);
      await grantRole(t, tenant, [user.sid], role);
      return signedIn(user);
    },
    call,
    async patent(who, data = {}) {
      sn += 1;
      const res = await call(who, 'POST', '/model/patent/do/create', {
        data: { title: `Battery ${sn}`, sn: `WF-${sn}`, patent_type: 'invention', country: 'CN', ...data },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.sid as string;
    },
    async publish(key, options) {
      const created = await call(admin, 'POST', '/workflow/definitions/do/create-from-xml', {
        xml: twoStepXml(key, options),
      });
      expect(created.statusCode, created.body).toBe(200);
      const { version, updated_at } = created.json().data;
      const published = await call(admin, 'POST', `/workflow/definitions/${key}/publish`, { version, updated_at });
      expect(published.statusCode, published.body).toBe(200);
    },
    async start(who, key, patentSid, extra = {}) {
      const res = await call(who, 'POST', '/workflow/instances', {
        definition_key: key,
        model: 'patent',
        record_sid: patentSid,
        ...extra,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.instance_sid as string;
    },
    async taskOf(who, instanceSid) {
      const rows = await t.database.db.query<{ sid: string }>(
        "SELECT sid FROM workflow_task WHERE instance_sid = $1 AND assignee_sid = $2 AND status IN ('open', 'pending')",
        [instanceSid, who.sid],
      );
      expect(rows, `open task of ${who.sid}`).toHaveLength(1);
      return rows[0]!.sid;
    },
    async count(sql, params) {
      const rows = await t.database.db.query<{ n: number }>(sql, params as never);
      return Number(rows[0]?.n ?? 0);
    },
    close: () => t.close(),
  };
}
