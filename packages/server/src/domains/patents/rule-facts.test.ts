// An update recomputes a case's deadlines, fees and expiry only when it changes a field the rules read
// (facts.ts FACT_COLUMNS): an agency and IP manager change — what a batch edit of 10,000 cases writes —
// leaves every rule-made row as it is, while a filing-date change moves them. The stored rows are first
// put out of step by hand, so a recompute that ran would show. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  signIn,
  type AccountsTestApp,
  type SignedIn,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';

interface RuleRow {
  kind: string;
  sid: string;
  code: string;
  version: number;
  due_date: string;
}

describe(`patent rules follow only the fields they read (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let admin: SignedIn;
  let adminSid: string;
  let tenantSid: string;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    const tenant = await createTenant(t);
    tenantSid = tenant.sid;
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    adminSid = a.sid;
    admin = await signIn(t.app, a.account, a.password);
  });
  afterAll(() => t.close());

  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: `/webapi/${url}`, headers: authed(admin), payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, unknown> & { sid: string; version: number };
  };
  const ruleRows = (patent: string) =>
    t.database.db.query<RuleRow>(
      `SELECT 'deadline' AS kind, sid, rule_code AS code, version, due_date::text AS due_date FROM m_patent_task WHERE patent = $1
       UNION ALL
       SELECT 'fee', sid, fee_code || '/' || patent_year, version, due_date::text FROM m_fee WHERE patent = $1
       ORDER BY 1, 3`,
      [patent],
    );

  it('leaves deadlines and fees alone on an agency change, and recomputes them on a filing-date change', async () => {
    const agency = await post('model/agency/do/create', { data: { name: '规则测试代理所' } });
    const patent = await post('model/patent/do/create', {
      data: { title: '电池', sn: 'CN-RF-1', patent_type: 'invention', country: 'CN', filing_date: '2026-11-02' },
    });
    const made = await ruleRows(patent.sid);
    const exam = made.find((r) => r.code === 'CN-EXAM-REQUEST')!;
    expect(exam.due_date).toBe('2029-11-02');
    const fee = made.find((r) => r.kind === 'fee')!;
    expect(fee).toBeDefined();
    // Out of step with the rules: a recompute would put both back.
    await t.database.db.query("UPDATE m_patent_task SET due_date = '2030-01-01' WHERE sid = $1", [exam.sid]);
    await t.database.db.query("UPDATE m_fee SET due_date = '2030-01-01' WHERE sid = $1", [fee.sid]);
    const stale = await ruleRows(patent.sid);
    const audited = async () =>
      (
        await t.database.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM audit_log
            WHERE tenant_sid = $1 AND action <> 'patent.updated' AND (action LIKE 'patent%' OR action LIKE 'fee.%')`,
          [tenantSid],
        )
      )[0]!.n;
    const auditedBefore = await audited();

    const moved = await post('model/patent/do/update', {
      sid: patent.sid,
      version: patent.version,
      data: { agency: agency.sid, ip_manager: adminSid },
    });
    expect(moved).toMatchObject({ agency: agency.sid, ip_manager: adminSid, version: patent.version + 1 });
    expect(await ruleRows(patent.sid)).toEqual(stale);
    expect(await audited()).toBe(auditedBefore);
    // The answer is the stored row (no hook changed it, so it was not read again).
    const read = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/patent/${patent.sid}`,
      headers: authed(admin),
    });
    expect(moved).toEqual(read.json().data);

    const refiled = await post('model/patent/do/update', {
      sid: patent.sid,
      version: moved.version,
      data: { filing_date: '2026-10-12' },
    });
    const recomputed = await ruleRows(patent.sid);
    expect(recomputed.find((r) => r.sid === exam.sid)?.due_date).toBe('2029-10-12');
    expect(recomputed.find((r) => r.sid === fee.sid)?.due_date).not.toBe('2030-01-01');
    expect(recomputed.find((r) => r.sid === fee.sid)?.version).toBeGreaterThan(fee.version);
    expect(await audited()).toBeGreaterThan(auditedBefore);
    // The term ends the day before the 20th anniversary of the new filing date: in the answer as stored (the
    // hook wrote it, so the row was read again).
    expect(refiled.expiry_date).toBe('2046-10-11');
    const reread = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/patent/${patent.sid}`,
      headers: authed(admin),
    });
    expect(refiled).toEqual(reread.json().data);
  });
});
