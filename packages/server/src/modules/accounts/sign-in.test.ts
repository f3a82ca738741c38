// Sign-in: the envelope, the answer, identical failures, lockout with a moving clock, restrictions,
// bad input. Runs on PGlite and on PostgreSQL.
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  loginRequest,
  seal,
  signIn,
  type AccountsTestApp,
  type TestTenant,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';

describe(`sign-in (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
  });
  afterAll(() => t.close());

  it('hands out a 2048-bit RSA public key for the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/passport/get_public_key' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(data).toMatchObject({
      algorithm: 'RSA-OAEP-256',
      key_bits: 2048,
      max_chunk_chars: 100,
      max_chunk_bytes: 190,
      separator: '.',
    });
    const other = await t.app.inject({ method: 'GET', url: '/passport/public/request_public_key' });
    expect(other.json().data.public_key).toBe(data.public_key);
  });

  it('signs in by account with the spec answer, a working token and the side cookie', async () => {
    const user = await createUser(t, tenant, { companies: [tenant.rootCompany, tenant.subCompany] });
    const res = await loginRequest(t.app, user.account, user.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      code: 0,
      avatar_sid: null,
      is_bind_back_office: false,
      need_change_password: false,
      user_type_client: 1,
      expires_in: 900,
    });
    expect(body.authorization).toMatch(/^ey/);
    expect(body.refresh_token.length).toBeGreaterThanOrEqual(40);
    expect(body.companys.map((c: { sid: string }) => c.sid)).toEqual([tenant.rootCompany, tenant.subCompany]);
    expect(body.companys[0]).toMatchObject({ path: `/${tenant.rootCompany}/`, last_login_flag: false });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/ipdesk_side=1\.[0-9A-Za-z]{16}/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const me = await t.app.inject({
      method: 'GET',
      url: '/webapi/model/user_info/do/my?flat=1',
      headers: authed(body),
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ sid: user.sid, account: user.account, name: '张三' });
    expect(me.json().data.password_hash).toBeUndefined();
  });

  it('signs in by e-mail, case-insensitively, and with a long multi-byte password across chunks', async () => {
    const password = `密码Aa1!${'长'.repeat(70)}`; // 74 characters, over 190 bytes: several chunks
    const user = await createUser(t, tenant, { password });
    expect(seal(t.app, password).split('.').length).toBeGreaterThan(1);
    const res = await loginRequest(t.app, user.email.toUpperCase(), password);
    expect(res.statusCode).toBe(200);
  });

  it('upgrades a hash made with weaker argon2id parameters at the next sign-in', async () => {
    const user = await createUser(t, tenant);
    const weak = await hash(user.password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await t.database.db.query('UPDATE user_account SET password_hash = $2 WHERE sid = $1', [user.sid, weak]);
    expect((await loginRequest(t.app, user.account, user.password)).statusCode).toBe(200);
    const [row] = await t.database.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM user_account WHERE sid = $1',
      [user.sid],
    );
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=32768,t=2,p=1\$/);
    expect((await loginRequest(t.app, user.account, user.password)).statusCode).toBe(200);
  });

  it('answers wrong password, unknown account, broken and plain envelopes identically', async () => {
    const user = await createUser(t, tenant);
    const wrong = await loginRequest(t.app, user.account, 'Wrong#Pass1');
    const unknown = await loginRequest(t.app, 'nobody-here', 'Wrong#Pass1');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/passport/login',
      headers: { 'x-language': 'en' },
      payload: { account: user.account, password: 'AAAA.BBBB' },
    });
    const plain = await t.app.inject({
      method: 'POST',
      url: '/passport/login',
      headers: { 'x-language': 'en' },
      payload: { account: user.account, password: user.password },
    });
    for (const res of [wrong, unknown, broken, plain]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400102, message: 'Incorrect account or password' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('locks after 5 failures in 15 minutes, refuses even the right password, and unlocks after the wait', async () => {
    const user = await createUser(t, tenant);
    for (let i = 0; i < 4; i++)
      expect((await loginRequest(t.app, user.account, 'Wrong#Pass1')).json().code).toBe(400102);
    const fifth = await loginRequest(t.app, user.account.toUpperCase(), 'Wrong#Pass1'); // case variants share the counter
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json().code).toBe(30116);
    // 08:00 UTC + 15 minutes, read in Asia/Shanghai (TIME_ZONE's default) and the caller's language.
    const until = '21 November 2026 16:15 (GMT+8)';
    expect(fifth.json().message).toBe(
      `This account is locked until ${until}; try again then or contact the administrator`,
    );
    t.clock.advanceMinutes(5);
    const whileLocked = await loginRequest(t.app, user.account, user.password);
    expect(whileLocked.json()).toMatchObject({ code: 30116 });
    expect(whileLocked.json().message).toContain(until); // tries while locked do not extend the lock
    t.clock.advanceMinutes(10);
    expect((await loginRequest(t.app, user.account, user.password)).statusCode).toBe(200);
  });

  it('forgets failures older than the window', async () => {
    const user = await createUser(t, tenant);
    for (let i = 0; i < 4; i++) await loginRequest(t.app, user.account, 'Wrong#Pass1');
    t.clock.advanceMinutes(16);
    expect((await loginRequest(t.app, user.account, 'Wrong#Pass1')).json().code).toBe(400102);
    expect((await loginRequest(t.app, user.account, user.password)).statusCode).toBe(200);
  });

  it('locks unknown accounts the same way, so a lock tells nothing', async () => {
    for (let i = 0; i < 4; i++) await loginRequest(t.app, 'Ghost-User', 'Wrong#Pass1');
    expect((await loginRequest(t.app, 'ghost-user', 'Wrong#Pass1')).json().code).toBe(30116);
  });

  it('lets an administrator unlock a locked user, and refuses the same to others', async () => {
    const admin = await createUser(t, tenant, { isTenantAdmin: true });
    const plainUser = await createUser(t, tenant);
    const locked = await createUser(t, tenant);
    for (let i = 0; i < 5; i++) await loginRequest(t.app, locked.account, 'Wrong#Pass1');
    expect((await loginRequest(t.app, locked.account, locked.password)).json().code).toBe(30116);

    const asUser = await signIn(t.app, plainUser.account, plainUser.password);
    const refused = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/user_info/do/unlock?sid=${locked.sid}`,
      headers: authed(asUser),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(403301);
    const anonymous = await t.app.inject({ method: 'GET', url: `/webapi/model/user_info/do/unlock?sid=${locked.sid}` });
    expect(anonymous.statusCode).toBe(401);

    const asAdmin = await signIn(t.app, admin.account, admin.password);
    const otherTenant = await createTenant(t);
    const stranger = await createUser(t, otherTenant);
    const cross = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/user_info/do/unlock?sid=${stranger.sid}`,
      headers: authed(asAdmin),
    });
    expect(cross.statusCode).toBe(404);
    const unlocked = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/user_info/do/unlock?sid=${locked.sid}`,
      headers: authed(asAdmin),
    });
    expect(unlocked.statusCode).toBe(200);
    expect((await loginRequest(t.app, locked.account, locked.password)).statusCode).toBe(200);
    const audit = await t.database.db.query("SELECT 1 FROM audit_log WHERE action = 'user.unlocked' AND target = $1", [
      locked.sid,
    ]);
    expect(audit).toHaveLength(1);
  });

  it('tells a disabled account only after the right password (30102)', async () => {
    const user = await createUser(t, tenant, { status: 0 });
    expect((await loginRequest(t.app, user.account, 'Wrong#Pass1')).json().code).toBe(400102);
    const res = await loginRequest(t.app, user.account, user.password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 30102,
      message: 'This account is disabled, please contact the administrator',
    });
  });

  it('enforces e-mail-only sign-in (30145)', async () => {
    const user = await createUser(t, tenant, { loginRestriction: 'email_only' });
    expect((await loginRequest(t.app, user.account, user.password)).json().code).toBe(30145);
    expect((await loginRequest(t.app, user.email, user.password)).statusCode).toBe(200);
  });

  it.each([
    ['sso_any', 30142],
    ['sso_dingtalk', 30173],
    ['sso_wechat', 30174],
    ['sso_feishu', 30175],
    ['sso_third_party', 30176],
  ] as const)('refuses password sign-in for %s accounts (%i)', async (restriction, code) => {
    const user = await createUser(t, tenant, { loginRestriction: restriction });
    const res = await loginRequest(t.app, user.account, user.password, { 'x-language': 'zh-CN' });
    expect(res.json().code).toBe(code);
  });

  it.each([
    ['missing fields', {}, 500001, 'Account: is required'],
    ['wrong types', { account: 5, password: true }, 500001, 'Account: must be of type text'],
    [
      'an extra field',
      { account: 'a', password: 'b', tenant_sid: 'x' },
      500001,
      'Request body: contains fields that are not allowed: tenant_sid',
    ],
    ['an empty password', { account: 'a', password: '' }, 500001, 'Password: must be at least 1 characters'],
  ])('refuses %s with a catalogue error', async (_name, payload, code, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/passport/login',
      headers: { 'x-language': 'en' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code, message });
  });

  it('refuses a 10 MB password with 413 before any work', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/passport/login',
      headers: { 'x-language': 'en', 'content-type': 'application/json' },
      payload: JSON.stringify({ account: 'a', password: 'x'.repeat(10 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(413000);
  });

  it('limits sign-in attempts per address (429000)', async () => {
    const limited = await createAccountsTestApp({ LOGIN_RATE_LIMIT: '30' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 32; i++)
        codes.push((await loginRequest(limited.app, `nobody${i}`, 'Wrong#Pass1')).statusCode);
      expect(codes.slice(0, 30).every((c) => c === 400)).toBe(true);
      expect(codes.slice(30)).toEqual([429, 429]);
      limited.clock.advanceMinutes(1);
      expect((await loginRequest(limited.app, 'nobody-again', 'Wrong#Pass1')).statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  });
});
