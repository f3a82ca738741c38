// The audit trail of records (docs/audit.md): the records pipeline's entry is written from the row as its
// hooks left it; a hook's write to another record bumps that record's version and lands in its history,
// by the request's user and request id; writeByHook writes only real changes; migration 0026 renames
// entries written under the old names so History tabs name them. Runs on PGlite and PostgreSQL.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AUDIT_ACTIONS, RECORD_VERBS, RENAMED_AUDIT_ACTIONS } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  signIn,
  type AccountsTestApp,
  type SignedIn,
  type TestTenant,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import { auditNames } from '../../db/migrations/0026-audit-names.js';
import { writeByHook } from './hook-writes.js';

type Row = { sid: string; version: number } & Record<string, unknown>;
interface Entry {
  action: string;
  actor_sid: string | null;
  changes: Record<string, { before: unknown; after: unknown }>;
}

describe(`audit trail of records (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let admin: SignedIn;
  let adminSid: string;

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/webapi${url}`, headers: authed(admin), payload });
  const get = (url: string) => t.app.inject({ method: 'GET', url: `/webapi${url}`, headers: authed(admin) });
  const create = async (model: string, data: Record<string, unknown>): Promise<Row> => {
    const res = await post(`/model/${model}/do/create`, { data });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const history = async (model: string, sid: string): Promise<Entry[]> => {
    const res = await get(`/model/${model}/do/history/${sid}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  let sn = 0;
  const cnInvention = () =>
    create('patent', {
      title: `审计 ${++sn}`,
      sn: `AUD-${sn}`,
      patent_type: 'invention',
      country: 'CN',
      filing_date: '2023-03-14',
    });

  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    adminSid = a.sid;
    admin = await signIn(t.app, a.account, a.password);
  });
  afterAll(() => t?.close());

  it('writes the entry from the final row: a field a hook set is among its changes', async () => {
    const patent = await cnInvention();
    // The expiry is computed by the patent hook after the pipeline's insert.
    expect(patent.expiry_date).toBe('2043-03-13');
    const updated = await post('/model/patent/do/update', {
      sid: patent.sid,
      version: 1,
      data: { filing_date: '2023-05-10' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    // One write, one version: the hook's expiry is part of it.
    expect(updated.json().data).toMatchObject({ version: 2, expiry_date: '2043-05-09' });
    const entries = await history('patent', patent.sid);
    expect(entries.map((e) => e.action)).toEqual(['patent.created', 'patent.updated']);
    expect(entries[0]!.changes.expiry_date).toEqual({ before: null, after: '2043-03-13' });
    expect(entries[1]!.changes).toMatchObject({
      filing_date: { before: '2023-03-14', after: '2023-05-10' },
      expiry_date: { before: '2043-03-13', after: '2043-05-09' },
    });
  });

  it("a hook's write to another record bumps its version and shows in its history", async () => {
    const patent = await cnInvention();
    const list = (await get(`/patent/${patent.sid}/deadlines`)).json().data as Row[];
    const exam = list.find((d) => d.rule_code === 'CN-EXAM-REQUEST')!;
    expect(exam.version).toBe(1);
    const moved = await post('/model/patent/do/update', {
      sid: patent.sid,
      version: 1,
      data: { filing_date: '2023-06-01' },
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const task = (await get(`/model/patent_task/${exam.sid}`)).json().data as Row;
    expect(task.version).toBe(2);
    // A form still holding the version before the recompute is refused, not let overwrite it.
    const stale = await post('/model/patent_task/do/update', {
      sid: exam.sid,
      version: exam.version,
      data: { title: 'hand-edited' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(409000);

    const entries = await history('patent_task', exam.sid);
    expect(entries.map((e) => [e.action, e.actor_sid])).toEqual([
      ['patent_task.created', adminSid],
      ['patent_task.updated', adminSid],
    ]);
    expect(entries[1]!.changes.due_date).toEqual({ before: exam.due_date, after: task.due_date });
    // The same request as the case's update that caused it.
    const requests = await t.database.db.query<{ action: string; request_id: string | null }>(
      `SELECT action, request_id FROM audit_log WHERE tenant_sid = $1 AND target IN ($2, $3) AND action LIKE '%.updated'`,
      [tenant.sid, `patent:${patent.sid}`, `patent_task:${exam.sid}`],
    );
    expect(requests).toHaveLength(2);
    expect(requests[0]!.request_id).toBeTruthy();
    expect(requests[0]!.request_id).toBe(requests[1]!.request_id);
  });

  it('a fee paid by its action: the entry holds the surcharge the fee hook set; abandoned, the decision it set', async () => {
    const patent = await create('patent', {
      title: `审计 ${++sn}`,
      sn: `AUD-${sn}`,
      patent_type: 'invention',
      country: 'CN',
      filing_date: '2023-03-14',
      grant_date: '2025-05-10',
    });
    const found = await post('/model/fee/do/search', { iql: `patent = '${patent.sid}' ORDER BY due_date ASC` });
    const [year5, year6] = found.json().data.rows as Row[];
    // Made by the case's recompute, with their history from the start.
    expect((await history('fee', year5!.sid)).map((e) => [e.action, e.actor_sid])).toEqual([['fee.created', adminSid]]);
    const paid = await post('/model/fee/do/action/pay', {
      sids: [year5!.sid],
      versions: { [year5!.sid]: year5!.version },
      values: { paid_date: '2027-05-20', paid_amount: 1320 },
    });
    expect(paid.json().data.results[0]).toMatchObject({ status: 'paid', version: year5!.version + 1 });
    expect((await get(`/model/fee/${year5!.sid}`)).json().data).toMatchObject({ status: 'paid', surcharge: 120 });
    const [, payment] = await history('fee', year5!.sid);
    expect(payment).toMatchObject({
      action: 'fee.status_changed',
      changes: { status: { before: 'unpaid', after: 'paid' }, surcharge: { before: null, after: 120 } },
    });
    await post('/model/fee/do/action/abandon', { sids: [year6!.sid], comment: 'Not worth keeping' });
    const [, decision] = await history('fee', year6!.sid);
    expect(decision!.changes).toMatchObject({
      decision: { after: 'abandon' },
      status: { before: 'unpaid', after: 'abandoned' },
    });
  });

  it('a fee the recompute removes has its deletion in its history, for those who could read it', async () => {
    const patent = await create('patent', {
      title: `审计 ${++sn}`,
      sn: `AUD-${sn}`,
      patent_type: 'invention',
      country: 'CN',
      filing_date: '2023-03-14',
      grant_date: '2025-05-10',
    });
    const found = await post('/model/fee/do/search', { iql: `patent = '${patent.sid}' ORDER BY due_date DESC` });
    const last = (found.json().data.rows as Row[])[0]!;
    const ended = await post('/model/patent/do/update', {
      sid: patent.sid,
      version: patent.version,
      data: { status: 'abandoned', ended_date: '2027-06-01' },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await get(`/model/fee/${last.sid}`)).statusCode).toBe(404);
    const entries = await history('fee', last.sid);
    expect(entries.map((e) => [e.action, e.actor_sid])).toEqual([
      ['fee.created', adminSid],
      ['fee.deleted', adminSid],
    ]);
    expect(entries[1]!.changes.due_date).toEqual({ before: last.due_date, after: null });
    const [stored] = await t.database.db.query<{ detail: { record: object } }>(
      `SELECT detail FROM audit_log WHERE tenant_sid = $1 AND target = $2 AND action = 'fee.deleted'`,
      [tenant.sid, `fee:${last.sid}`],
    );
    expect(stored!.detail.record).toEqual({ company_sid: tenant.sid, created_by: adminSid });
  });

  it('writeByHook writes only a real change, with the version bumped and an entry', async () => {
    const patent = await cnInvention();
    const ctx = { tenantSid: tenant.sid, userSid: adminSid, now: new Date(), requestId: 'req-hook' };
    const write = (expiry: string) =>
      t.database.db.transaction((tx) =>
        writeByHook(tx, ctx, { model: 'patent', sid: patent.sid, values: { expiry_date: expiry }, cause: 'test' }),
      );
    expect(await write('2050-01-01')).toEqual({
      version: 2,
      changes: { expiry_date: { before: '2043-03-13', after: '2050-01-01' } },
    });
    expect(await write('2050-01-01')).toBeUndefined();
    const read = (await get(`/model/patent/${patent.sid}`)).json().data as Row;
    expect(read).toMatchObject({ version: 2, expiry_date: '2050-01-01' });
    const entries = await history('patent', patent.sid);
    expect(entries.map((e) => e.action)).toEqual(['patent.created', 'patent.updated']);
    expect(entries[1]!.changes).toEqual({ expiry_date: { before: '2043-03-13', after: '2050-01-01' } });
  });

  it('migration 0026 renames entries written under the old names, and History names them', async () => {
    const patent = await cnInvention();
    const old = [
      ['record.updated', `patent:${patent.sid}`],
      ['record.exported', 'patent'],
      ['patent.relation.created', `patent:${patent.sid}`],
      ['patent_document.upload', 'doc1'],
      ['workflow.definition.saved', 'wf1'],
      ['record.created', null],
      ['login.succeeded', null],
    ] as const;
    const ids: number[] = [];
    for (const [action, target] of old) {
      const [row] = await t.database.db.query<{ id: number }>(
        `INSERT INTO audit_log (tenant_sid, actor_sid, action, target, detail, created_at)
         VALUES ($1, $2, $3, $4, '{"changes": {}}'::jsonb, now()) RETURNING id`,
        [tenant.sid, adminSid, action, target],
      );
      ids.push(Number(row!.id));
    }
    await t.database.db.exec(auditNames.sql);
    const renamed = await t.database.db.query<{ action: string }>(
      'SELECT action FROM audit_log WHERE id = ANY($1::bigint[]) ORDER BY id',
      [ids],
    );
    expect(renamed.map((r) => r.action)).toEqual([
      'patent.updated',
      'patent.exported',
      'patent_relation.created',
      'patent_document.uploaded',
      'workflow_definition.saved',
      // Without a target the model is unknown: the name stays (History never shows a targetless entry).
      'record.created',
      'login.succeeded',
    ]);
    const entries = await history('patent', patent.sid);
    expect(entries.map((e) => e.action)).toEqual(['patent.created', 'patent.updated', 'patent_relation.created']);
  });
});

describe('docs/audit.md', () => {
  const doc = readFileSync(fileURLToPath(new URL('../../../../../docs/audit.md', import.meta.url)), 'utf8');
  it('lists every action and every old name', () => {
    const listed = [
      ...Object.keys(RECORD_VERBS).map((verb) => `<model>.${verb}`),
      ...Object.keys(AUDIT_ACTIONS),
      ...Object.keys(RENAMED_AUDIT_ACTIONS),
    ];
    expect(listed.filter((action) => !doc.includes(`| \`${action}\` |`))).toEqual([]);
  });
});
