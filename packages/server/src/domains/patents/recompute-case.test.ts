// recomputeCase called directly: a case whose dates changed behind the pipeline's back gets its deadlines
// moved, and the audit entry of the request counts what changed; a case already in step changes nothing.
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
import { adminContext } from '../../../test/context.js';
import { onPostgres } from '../../../test/database.js';
import { recomputeCase } from './recompute-case.js';

describe(`recomputeCase (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    admin = await signIn(t.app, a.account, a.password);
  });
  afterAll(() => t.close());

  const deps = () => ({ accounts: t.app.accounts, timeZone: 'Asia/Shanghai' });
  const examDue = async (sid: string) =>
    (
      await t.database.db.query<{ due_date: string }>(
        "SELECT due_date::text AS due_date FROM m_patent_task WHERE patent = $1 AND rule_code = 'CN-EXAM-REQUEST'",
        [sid],
      )
    )[0]?.due_date;

  it('moves deadlines after a change made outside the pipeline, and audits the counts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/patent/do/create',
      headers: authed(admin),
      payload: {
        data: { title: '电池', sn: 'CN-RC-1', patent_type: 'invention', country: 'CN', filing_date: '2023-03-14' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sid = (res.json().data as { sid: string }).sid;
    expect(await examDue(sid)).toBe('2026-03-16');

    const inStep = adminContext(t, tenant);
    const unchanged = await recomputeCase(deps(), inStep, { sid });
    expect(Object.values(unchanged).every((n) => n === 0)).toBe(true);

    await t.database.db.query("UPDATE m_patent SET filing_date = '2023-05-10' WHERE sid = $1", [sid]);
    const ctx = adminContext(t, tenant);
    const counts = await recomputeCase(deps(), ctx, { sid });
    expect(counts.deadlinesUpdated).toBeGreaterThan(0);
    expect(await examDue(sid)).toBe('2026-05-11');
    expect(
      await t.database.db.query('SELECT action, target, detail FROM audit_log WHERE request_id = $1', [ctx.requestId]),
    ).toEqual([{ action: 'patent.recomputed', target: `patent:${sid}`, detail: { ...counts } }]);
  });
});
