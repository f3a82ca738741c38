// Account notices (issue 19, SECURITY.md): an account locked after repeated failed sign-ins, a password
// changed by its owner, a password set by an administrator — each queues one mandatory notification to the
// account's owner (in the inbox and an e-mail delivery at once, whatever their preferences), rendered in
// their language; the administrator who acted is not told; a refused change queues nothing. PGlite and
// PostgreSQL.
import type { Language } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  seal,
  signIn,
  type AccountsTestApp,
  type TestTenant,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import { renderForReader, type NotificationSource } from '../../platform/notifications/for-reader.js';
import { recipientPrincipal } from '../../platform/notifications/notify.js';

const WRONG = 'Wrong#Pass1';

describe(`account notices (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
  });
  afterAll(() => t.close());

  /** A user whose notifications are in this language. */
  const person = async (language: Language, overrides: { isTenantAdmin?: boolean } = {}) => {
    const user = await createUser(t, tenant, overrides);
    await t.database.db.query('INSERT INTO notification_settings (user_sid, language) VALUES ($1, $2)', [
      user.sid,
      language,
    ]);
    return { ...user, language };
  };

  /** The user's notifications (titles in their language) with their deliveries. */
  const noticesOf = async (user: { sid: string; language: Language }) => {
    const rows = await t.database.db.query<NotificationSource & { channels: string[] }>(
      `SELECT e.event, e.model, e.record_sid, e.params, e.link,
              array(SELECT d.channel || ':' || d.status FROM notification_delivery d WHERE d.notification_sid = n.sid) AS channels
         FROM notification n JOIN notification_event e ON e.sid = n.event_sid
        WHERE n.recipient_sid = $1 ORDER BY e.created_at`,
      [user.sid],
    );
    const [account] = await t.database.db.query<{
      sid: string;
      tenant_sid: string;
      side: 1 | 2;
      is_tenant_admin: boolean;
    }>('SELECT sid, tenant_sid, user_type_client AS side, is_tenant_admin FROM user_account WHERE sid = $1', [
      user.sid,
    ]);
    const principal = await recipientPrincipal(t.database.db, t.app.registry, account!);
    const rendered = await renderForReader(t.database.db, t.app.registry, principal, user.language, rows);
    return rows.map((row, i) => ({ event: row.event, title: rendered[i]!.title, channels: row.channels }));
  };

  const login = (account: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/passport/login',
      remoteAddress: '203.0.113.66',
      headers: { 'x-language': 'en' },
      payload: { account, password: seal(t.app, password) },
    });

  it('tells the owner once when failed sign-ins lock their account; an unknown account tells nobody', async () => {
    const zh = await person('zh-CN');
    // Mail preferences do not apply to account events: switched off, it is still mailed.
    await t.database.db.query(
      "INSERT INTO notification_preference (user_sid, event, in_app, email) VALUES ($1, 'account.locked', false, 'off')",
      [zh.sid],
    );
    for (let i = 0; i < 4; i++) expect((await login(zh.account, WRONG)).json().code).toBe(400102);
    expect(await noticesOf(zh)).toEqual([]);
    expect((await login(zh.account, WRONG)).json().code).toBe(30116);
    expect((await login(zh.account, WRONG)).json().code).toBe(30116);
    expect(await noticesOf(zh)).toEqual([
      { event: 'account.locked', title: '您的账号因多次登录失败已被锁定', channels: ['email:pending'] },
    ]);
    // The lock ends and the guesser locks it again within the hour: still one notice.
    t.clock.advanceMinutes(16);
    for (let i = 0; i < 5; i++) await login(zh.account, WRONG);
    expect(await noticesOf(zh)).toHaveLength(1);

    const before = await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notification_event');
    for (let i = 0; i < 5; i++) await login('nobody-at-all', WRONG);
    const after = await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notification_event');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('tells the owner of their own password change; a refused change tells nothing', async () => {
    const en = await person('en');
    const session = await signIn(t.app, en.account, en.password);
    const change = (old: string, next: string) =>
      t.app.inject({
        method: 'POST',
        url: '/webapi/aggr/password/do/update',
        headers: authed(session, { 'x-language': 'en' }),
        payload: {
          old_password: seal(t.app, old),
          new_password: seal(t.app, next),
          confirm_password: seal(t.app, next),
        },
      });
    expect((await change(WRONG, 'Changed#Pass2026')).statusCode).toBe(400);
    expect((await change(en.password, 'weak')).statusCode).toBe(400);
    expect(await noticesOf(en)).toEqual([]);
    expect((await change(en.password, 'Changed#Pass2026')).statusCode).toBe(200);
    expect(await noticesOf(en)).toEqual([
      { event: 'account.passwordChanged', title: 'Your password was changed', channels: ['email:pending'] },
    ]);
  });

  it("tells the owner an administrator set their password, not the administrator; nothing when it's refused", async () => {
    const admin = await person('zh-CN', { isTenantAdmin: true });
    const adminSession = await signIn(t.app, admin.account, admin.password);
    const en = await person('en');
    const zh = await person('zh-CN');
    const setFor = (userSid: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/webapi/model/user_info/do/password_reset',
        headers: authed(adminSession),
        payload: { user_sid: userSid, new_password: seal(t.app, password), confirm_password: seal(t.app, password) },
      });
    expect((await setFor(en.sid, 'weak')).statusCode).toBe(400);
    expect(await noticesOf(en)).toEqual([]);
    expect((await setFor(en.sid, 'Temp#Pass2026')).statusCode).toBe(200);
    expect((await setFor(zh.sid, 'Temp#Pass2026')).statusCode).toBe(200);
    expect(await noticesOf(en)).toEqual([
      {
        event: 'account.passwordReset',
        title: 'An administrator reset your password',
        channels: ['email:pending'],
      },
    ]);
    expect(await noticesOf(zh)).toEqual([
      { event: 'account.passwordReset', title: '管理员重置了您的密码', channels: ['email:pending'] },
    ]);
    expect(await noticesOf(admin)).toEqual([]);
  });
});
