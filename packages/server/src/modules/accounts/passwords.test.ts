// Password changes: forced at first sign-in and after expiry, the policy rules with their messages,
// old/new/confirm checks, history, the administrator's temporary password, the tenant's policy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  GOOD_PASSWORD,
  loginRequest,
  seal,
  signIn,
  type AccountsTestApp,
  type TestTenant,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';

describe(`passwords (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
  });
  afterAll(() => t.close());

  const change = (
    session: { authorization: string },
    oldPassword: string,
    newPassword: string,
    confirm = newPassword,
    language = 'en',
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/passport/modify_password',
      headers: authed(session, { 'x-language': language }),
      payload: {
        old_password: seal(t.app, oldPassword),
        new_password: seal(t.app, newPassword),
        confirm_password: seal(t.app, confirm),
      },
    });
  const setting = (session: { authorization: string }) =>
    t.app.inject({ method: 'GET', url: '/webapi/setting/user/theme/setting', headers: authed(session) });

  it('forces a change at first sign-in: every other call is refused with 403101 until it is done', async () => {
    const user = await createUser(t, tenant, { mustChangePassword: true });
    const session = await signIn(t.app, user.account, user.password);
    expect(session.body.need_change_password).toBe(true);
    const blocked = await setting(session);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 403101, message: 'Please change your password before continuing' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/webapi/model/user_info/do/my', headers: authed(session) }))
        .statusCode,
    ).toBe(200);

    const res = await change(session, user.password, 'Brand#New2026');
    expect(res.statusCode).toBe(200);
    const renewed = { authorization: res.json().authorization };
    expect((await setting(renewed)).statusCode).toBe(200);
    expect((await setting(session)).statusCode).toBe(200); // same session; the state lives on the server
    expect((await signIn(t.app, user.account, 'Brand#New2026')).body.need_change_password).toBe(false);
  });

  it('forces a change when the password is older than the expiry (90 days by default)', async () => {
    const old = new Date(t.clock.now.getTime() - 91 * 86_400_000);
    const user = await createUser(t, tenant, { passwordChangedAt: old });
    const session = await signIn(t.app, user.account, user.password);
    expect(session.body.need_change_password).toBe(true);
    expect((await setting(session)).json().code).toBe(403101);
    const fresh = await createUser(t, tenant, { passwordChangedAt: new Date(t.clock.now.getTime() - 89 * 86_400_000) });
    expect((await signIn(t.app, fresh.account, fresh.password)).body.need_change_password).toBe(false);
  });

  it('lists every rule the new password misses, in the caller language (500005)', async () => {
    const user = await createUser(t, tenant);
    const session = await signIn(t.app, user.account, user.password);
    const en = await change(session, user.password, 'short');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      code: 500005,
      message:
        'New password: The password does not meet the rules: 8–30 characters; an upper-case letter; a digit; a special character',
      fields: [{ field: 'new_password', label: 'New password' }],
    });
    const zh = await change(session, user.password, 'short', 'short', 'zh-CN');
    expect(zh.json().message).toBe('新密码：密码不符合要求：长度为 8–30 个字符; 包含大写字母; 包含数字; 包含特殊字符');
  });

  it.each([
    [
      'the old password is wrong',
      'Wrong#Old1',
      'Brand#New2026',
      'Brand#New2026',
      'Old password: The old password is incorrect',
    ],
    [
      'the confirmation differs',
      null,
      'Brand#New2026',
      'Brand#New2027',
      'Confirm password: The two passwords do not match',
    ],
    [
      'the new one equals the old one',
      null,
      GOOD_PASSWORD,
      GOOD_PASSWORD,
      'New password: The new password must differ from the old one',
    ],
    [
      'it is over 30 characters',
      null,
      `Aa1#${'x'.repeat(40)}`,
      `Aa1#${'x'.repeat(40)}`,
      'New password: The password does not meet the rules: 8–30 characters',
    ],
  ])('refuses when %s', async (_case, oldPassword, newPassword, confirm, message) => {
    const user = await createUser(t, tenant);
    const session = await signIn(t.app, user.account, user.password);
    const res = await change(session, oldPassword ?? user.password, newPassword, confirm);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await signIn(t.app, user.account, user.password)).authorization).toBeTruthy(); // nothing changed
  });

  it('refuses the last five passwords, and accepts the sixth oldest again', async () => {
    const user = await createUser(t, tenant);
    let session = await signIn(t.app, user.account, user.password);
    const passwords = [user.password, 'Second#Pw2', 'Third#Pw33', 'Fourth#Pw4', 'Fifth#Pw55'];
    for (let i = 1; i < passwords.length; i++) {
      const res = await change(session, passwords[i - 1]!, passwords[i]!);
      expect(res.statusCode).toBe(200);
      session = { ...session, authorization: res.json().authorization };
    }
    const reuse = await change(session, 'Fifth#Pw55', 'Second#Pw2');
    expect(reuse.json().message).toBe('New password: The new password must differ from your last 5 passwords');
    const sixth = await change(session, 'Fifth#Pw55', 'Sixth#Pw66');
    expect(sixth.statusCode).toBe(200);
    session = { ...session, authorization: sixth.json().authorization };
    expect((await change(session, 'Sixth#Pw66', user.password)).statusCode).toBe(200);
  });

  it('ends the other sessions, keeps this one, and rejects an unreadable envelope', async () => {
    const user = await createUser(t, tenant);
    const here = await signIn(t.app, user.account, user.password);
    const elsewhere = await signIn(t.app, user.account, user.password);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/passport/modify_password',
      headers: authed(here),
      payload: {
        old_password: 'AAAA',
        new_password: seal(t.app, 'Brand#New2026'),
        confirm_password: seal(t.app, 'Brand#New2026'),
      },
    });
    expect(broken.json()).toMatchObject({ code: 500005, message: 'Old password: is invalid' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/aggr/password/do/update',
      headers: authed(here),
      payload: {
        old_password: seal(t.app, user.password),
        new_password: seal(t.app, 'Brand#New2026'),
        confirm_password: seal(t.app, 'Brand#New2026'),
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await setting(elsewhere)).json().code).toBe(30409);
    expect((await setting({ authorization: res.json().authorization })).statusCode).toBe(200);
    expect((await loginRequest(t.app, user.account, user.password)).json().code).toBe(400102);
  });

  it('lets an administrator set a temporary password that must be changed, ending the user’s sessions', async () => {
    const admin = await createUser(t, tenant, { isTenantAdmin: true });
    const user = await createUser(t, tenant);
    const userSession = await signIn(t.app, user.account, user.password);
    const adminSession = await signIn(t.app, admin.account, admin.password);
    const body = {
      user_sid: user.sid,
      new_password: seal(t.app, 'Temp#Pass2026'),
      confirm_password: seal(t.app, 'Temp#Pass2026'),
    };
    const asUser = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/user_info/do/password_reset',
      headers: authed(userSession),
      payload: body,
    });
    expect(asUser.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/user_info/do/password_reset',
      headers: authed(adminSession),
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect((await setting(userSession)).json().code).toBe(30409);
    const next = await signIn(t.app, user.account, 'Temp#Pass2026');
    expect(next.body.need_change_password).toBe(true);
  });

  it('lets an administrator set their own password only with the current one (issue 15 #7)', async () => {
    const admin = await createUser(t, tenant, { isTenantAdmin: true });
    const current = await signIn(t.app, admin.account, admin.password);
    const other = await signIn(t.app, admin.account, admin.password);
    const reset = (extra: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/webapi/model/user_info/do/password_reset',
        headers: authed(current),
        payload: {
          user_sid: admin.sid,
          new_password: seal(t.app, 'Taken#Over2026'),
          confirm_password: seal(t.app, 'Taken#Over2026'),
          ...extra,
        },
      });
    // A stolen access token alone must not become a permanent takeover.
    const without = await reset({});
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({
      code: 500005,
      message: 'Old password: Please enter the old password',
    });
    const wrong = await reset({ old_password: seal(t.app, 'Not#MyPass1') });
    expect(wrong.json()).toMatchObject({ code: 500005, message: 'Old password: The old password is incorrect' });
    expect((await loginRequest(t.app, admin.account, admin.password)).statusCode).toBe(200);

    const right = await reset({ old_password: seal(t.app, admin.password) });
    expect(right.statusCode).toBe(200);
    // Chosen by its owner: no forced change; the other sessions end, this one stays.
    expect((await setting(current)).statusCode).toBe(200);
    expect((await setting(other)).json().code).toBe(30409);
    expect((await signIn(t.app, admin.account, 'Taken#Over2026')).body.need_change_password).toBe(false);
  });

  it('applies the tenant’s chosen policy: the simple reading accepts 8–16 with two kinds', async () => {
    const other = await createTenant(t);
    const admin = await createUser(t, other, { isTenantAdmin: true });
    const adminSession = await signIn(t.app, admin.account, admin.password);
    const policy = {
      password_policy: 'simple',
      password_history_count: 3,
      password_expiry_days: 0,
      lockout_threshold: 3,
      lockout_window_minutes: 10,
      lockout_minutes: 5,
    };
    const update = await t.app.inject({
      method: 'POST',
      url: '/webapi/setting/tenant/security/do/update',
      headers: authed(adminSession),
      payload: { ...policy, updated_at: null },
    });
    expect(update.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/webapi/setting/tenant/security', headers: authed(adminSession) })
      ).json().data,
    ).toEqual({ ...policy, updated_at: expect.any(String) });
    const user = await createUser(t, other);
    const session = await signIn(t.app, user.account, user.password);
    const told = await t.app.inject({
      method: 'GET',
      url: '/webapi/model/user_info/do/password_policy',
      headers: authed(session),
    });
    expect(told.json().data).toEqual({ password_policy: 'simple' });
    expect((await change(session, user.password, 'abc12345')).statusCode).toBe(200);
    const tooLong = await change(session, 'abc12345', 'abcdefgh12345678x');
    expect(tooLong.json().message).toBe('New password: The password does not meet the rules: 8–16 characters');
    // Its lockout: 3 failures lock for 5 minutes.
    for (let i = 0; i < 2; i++) await loginRequest(t.app, user.account, 'nope');
    expect((await loginRequest(t.app, user.account, 'nope')).json().code).toBe(30116);
    t.clock.advanceMinutes(6);
    expect((await loginRequest(t.app, user.account, 'abc12345')).statusCode).toBe(200);
    // Policy updates are for administrators only, and validated.
    const plain = await signIn(t.app, user.account, 'abc12345');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/webapi/setting/tenant/security/do/update',
          headers: authed(plain),
          payload: policy,
        })
      ).statusCode,
    ).toBe(403);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/webapi/setting/tenant/security/do/update',
      headers: authed(adminSession),
      payload: { ...policy, password_policy: 'none' },
    });
    expect(bad.json().code).toBe(500001);
  });
});
