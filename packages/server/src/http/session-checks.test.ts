// The remembered session check (session-checks.ts): whatever changes what it read takes effect on the
// very next request of this server, other servers hear of it through NOTIFY, and without any
// announcement a remembered check lasts at most SESSION_RECHECK_MS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  signIn,
  type AccountsTestApp,
  type TestTenant,
} from '../../test/accounts.js';
import { onPostgres } from '../../test/database.js';
import { createSessionChecks, SESSION_RECHECK_MS } from './session-checks.js';

const me = '/webapi/model/user_info/do/my?flat=1';

describe(`remembered session checks (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
  });
  afterAll(() => t.close());

  const callMe = (authorization: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: me, headers: authed({ authorization }, headers) });
  const db = () => t.database.db;

  it('refuses at once a session revoked, or a user disabled, straight in the database after a remembered check', async () => {
    const user = await createUser(t, tenant);
    const session = await signIn(t.app, user.account, user.password);
    expect((await callMe(session.authorization)).statusCode).toBe(200);
    expect((await callMe(session.authorization)).statusCode).toBe(200);
    await db().query('UPDATE user_account SET status = 0 WHERE sid = $1', [user.sid]);
    expect((await callMe(session.authorization)).json().code).toBe(30102);
    await db().query('UPDATE user_account SET status = 1 WHERE sid = $1', [user.sid]);
    expect((await callMe(session.authorization)).statusCode).toBe(200);
    await db().query("UPDATE auth_session SET revoked_at = now(), revoke_reason = 'test' WHERE user_sid = $1", [
      user.sid,
    ]);
    expect((await callMe(session.authorization)).json().code).toBe(30409);
  });

  it('refuses at once a sub-company the user was taken out of', async () => {
    const user = await createUser(t, tenant, { companies: [tenant.rootCompany, tenant.subCompany] });
    const session = await signIn(t.app, user.account, user.password);
    const inSub = { 'x-sub-company-sid': tenant.subCompany };
    expect((await callMe(session.authorization, inSub)).statusCode).toBe(200);
    await db().query('DELETE FROM user_company WHERE user_sid = $1 AND company_sid = $2', [
      user.sid,
      tenant.subCompany,
    ]);
    expect((await callMe(session.authorization, inSub)).json().code).toBe(403102);
    expect((await callMe(session.authorization, { 'x-sub-company-sid': tenant.rootCompany })).statusCode).toBe(200);
  });

  it('without an announcement, reads the session again once SESSION_RECHECK_MS have passed', async () => {
    const user = await createUser(t, tenant);
    await signIn(t.app, user.account, user.password);
    const [row] = await db().query<{ sid: string }>('SELECT sid FROM auth_session WHERE user_sid = $1', [user.sid]);
    let clock = 0;
    const checks = createSessionChecks(db(), () => clock);
    // A change that no trigger announces, as if the notification were lost.
    await db().exec('ALTER TABLE auth_session DISABLE TRIGGER auth_change');
    try {
      expect((await checks.read(row!.sid, user.sid, undefined))?.revoked_at).toBeNull();
      await db().query('UPDATE auth_session SET revoked_at = now() WHERE sid = $1', [row!.sid]);
      clock += SESSION_RECHECK_MS - 1;
      expect((await checks.read(row!.sid, user.sid, undefined))?.revoked_at).toBeNull();
      clock += 1;
      expect((await checks.read(row!.sid, user.sid, undefined))?.revoked_at).toBeInstanceOf(Date);
    } finally {
      await db().exec('ALTER TABLE auth_session ENABLE TRIGGER auth_change');
      checks.close();
    }
  });

  it.skipIf(!onPostgres)('refuses a session another server revoked, within moments', async () => {
    const user = await createUser(t, tenant);
    const session = await signIn(t.app, user.account, user.password);
    expect((await callMe(session.authorization)).statusCode).toBe(200);
    const other = await t.database.openAnother!();
    await other.query("UPDATE auth_session SET revoked_at = now(), revoke_reason = 'test' WHERE user_sid = $1", [
      user.sid,
    ]);
    let code = 0;
    for (let waited = 0; waited < SESSION_RECHECK_MS; waited += 20) {
      code = (await callMe(session.authorization)).json().code;
      if (code !== 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(code).toBe(30409);
  });
});
