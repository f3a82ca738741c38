// Forgot password through a real SMTP server: the mail, the link, one use, expiry, sessions ended,
// the change notice, unknown addresses, rate limits, and the tenant's own mail server.
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
import { startMailServer, type TestMailServer } from '../../../test/smtp.js';
import { dispatchNotifications } from '../../platform/notifications/delivery/dispatch.js';

const LINK = /(http:\/\/[^\s]+\/reset-password\?email=[^\s&]+&emailKey=[0-9a-f]{32})/;

describe(`password reset by e-mail (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let mail: TestMailServer;
  let t: AccountsTestApp;
  let tenant: TestTenant;
  beforeAll(async () => {
    mail = await startMailServer();
    // The test mail servers listen on 127.0.0.1, an internal address tenants may not use by default.
    t = await createAccountsTestApp({
      SMTP_URL: mail.url,
      PUBLIC_URL: 'http://ipdesk.test:3000',
      SMTP_ALLOW_INTERNAL_HOSTS: 'true',
    });
    tenant = await createTenant(t);
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  const requestLink = (email: string, language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/webapi/model/user_info/do/sendLinkByEmail?email=${encodeURIComponent(email)}`,
      headers: { 'x-language': language },
    });
  const linkParts = (text: string) => {
    const url = new URL(LINK.exec(text)![1]!);
    return { url, email: url.searchParams.get('email')!, key: url.searchParams.get('emailKey')! };
  };
  const reset = (email: string, key: string, password: string, confirm = password) =>
    t.app.inject({
      method: 'POST',
      url: '/webapi/model/user_info/do/reset',
      headers: { 'x-language': 'en' },
      payload: { email, emailKey: key, new_password: seal(t.app, password), confirm_password: seal(t.app, confirm) },
    });
  const check = (email: string, key: string) =>
    t.app.inject({
      method: 'GET',
      url: `/webapi/model/user_info/do/emailLinkCheck?email=${encodeURIComponent(email)}&emailKey=${key}`,
      headers: { 'x-language': 'en' },
    });

  it('mails a one-time link from PUBLIC_URL that sets a new password once and ends every session', async () => {
    const user = await createUser(t, tenant);
    const before = await signIn(t.app, user.account, user.password);
    const arriving = mail.nextMessageTo(user.email);
    const res = await requestLink(user.email, 'zh-CN');
    expect(res.statusCode).toBe(200);
    const message = await arriving;
    expect(message.subject).toBe('【IPDesk】重置密码');
    const { url, email, key } = linkParts(message.text ?? '');
    expect(url.origin + url.pathname).toBe('http://ipdesk.test:3000/ip/reset-password');
    expect(email).toBe(user.email);
    expect(message.text).toContain('30 分钟');

    const checked = await check(email, key);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().data).toEqual({ password_policy: 'strict' });
    // The change notice is queued with the change and mailed by the notification deliveries, in the owner's
    // notification language.
    await t.database.db.query("INSERT INTO notification_settings (user_sid, language) VALUES ($1, 'en')", [user.sid]);
    const notice = mail.nextMessageTo(user.email);
    expect((await reset(email, key, 'Reset#Pass2026')).statusCode).toBe(200);
    await dispatchNotifications({ accounts: t.app.accounts, registry: t.app.registry });
    expect((await notice).subject).toBe('Your password was changed');

    const again = await reset(email, key, 'Other#Pass2026');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 400101,
      message: 'This password reset link is no longer valid; please use "Forgot password" again',
    });
    expect((await check(email, key)).json().code).toBe(400101);
    expect(
      (await t.app.inject({ method: 'GET', url: '/webapi/model/user_info/do/my', headers: authed(before) })).json()
        .code,
    ).toBe(30409);
    expect((await loginRequest(t.app, user.account, user.password)).json().code).toBe(400102);
    expect((await loginRequest(t.app, user.account, 'Reset#Pass2026')).statusCode).toBe(200);
    // The key is stored only as a hash.
    const stored = await t.database.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM password_reset_token WHERE user_sid = $1',
      [user.sid],
    );
    expect(stored[0]?.token_hash).not.toBe(key);
  });

  it('expires the link after 30 minutes, and a newer link replaces an older one', async () => {
    const user = await createUser(t, tenant);
    const first = mail.nextMessageTo(user.email);
    await requestLink(user.email);
    const older = linkParts((await first).text ?? '');
    const second = mail.nextMessageTo(user.email);
    await requestLink(user.email);
    const newer = linkParts((await second).text ?? '');
    expect((await check(older.email, older.key)).json().code).toBe(400101);
    t.clock.advanceMinutes(31);
    expect((await reset(newer.email, newer.key, 'Reset#Pass2026')).json().code).toBe(400101);
  });

  it('keeps the link usable when the new password is refused, and changes nothing', async () => {
    const user = await createUser(t, tenant);
    const arriving = mail.nextMessageTo(user.email);
    await requestLink(user.email);
    const { email, key } = linkParts((await arriving).text ?? '');
    const weak = await reset(email, key, 'weak');
    expect(weak.json().code).toBe(500005);
    const mismatch = await reset(email, key, 'Reset#Pass2026', 'Reset#Pass2027');
    expect(mismatch.json().message).toBe('Confirm password: The two passwords do not match');
    expect((await loginRequest(t.app, user.account, user.password)).statusCode).toBe(200);
    expect((await reset(email, key, 'Reset#Pass2026')).statusCode).toBe(200);
  });

  it('refuses a key for another address', async () => {
    const a = await createUser(t, tenant);
    const b = await createUser(t, tenant);
    const arriving = mail.nextMessageTo(a.email);
    await requestLink(a.email);
    const { key } = linkParts((await arriving).text ?? '');
    expect((await reset(b.email, key, 'Reset#Pass2026')).json().code).toBe(400101);
  });

  it('says an unknown address is not registered, in the caller language', async () => {
    const en = await requestLink('nobody@example.com');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      code: 400103,
      message: 'This e-mail address is not registered; please contact the administrator',
    });
    expect((await requestLink('nobody@example.com', 'zh-CN')).json().message).toBe('该邮箱未注册，请联系管理员');
  });

  it.each([
    ['a malformed address', '/webapi/model/user_info/do/sendLinkByEmail?email=not-an-email', 'POST', 500001],
    ['a malformed key', '/webapi/model/user_info/do/emailLinkCheck?email=a@b.cn&emailKey=../../etc', 'GET', 500001],
    ['a missing key', '/webapi/model/user_info/do/emailLinkCheck?email=a@b.cn', 'GET', 500001],
  ] as const)('refuses %s', async (_name, url, method, code) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
  });

  it('limits reset requests per address (429000)', async () => {
    const limited = await createAccountsTestApp({ SMTP_URL: mail.url, RESET_RATE_LIMIT: '2' });
    try {
      const ask = () =>
        limited.app.inject({
          method: 'POST',
          url: '/webapi/model/user_info/do/sendLinkByEmail?email=nobody%40example.com',
        });
      expect((await ask()).statusCode).toBe(400);
      expect((await ask()).statusCode).toBe(400);
      expect((await ask()).json().code).toBe(429000);
    } finally {
      await limited.close();
    }
  });

  it('says so when no mail server is set up (503101)', async () => {
    const bare = await createAccountsTestApp();
    try {
      const other = await createTenant(bare);
      const user = await createUser(bare, other);
      const res = await bare.app.inject({
        method: 'POST',
        url: `/webapi/model/user_info/do/sendLinkByEmail?email=${encodeURIComponent(user.email)}`,
        headers: { 'x-language': 'en' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 503101,
        message: 'E-mail is not set up; please contact the administrator',
      });
    } finally {
      await bare.close();
    }
  });

  it('sends through the tenant’s own mail server when an administrator set one, never showing its password', async () => {
    const own = await startMailServer();
    try {
      const other = await createTenant(t);
      const admin = await createUser(t, other, { isTenantAdmin: true });
      const session = await signIn(t.app, admin.account, admin.password);
      const port = Number(new URL(own.url).port);
      const settings = {
        host: '127.0.0.1',
        port,
        secure: false,
        username: null,
        from_address: 'IP Office <ip@tenant.example>',
        password: 'mail-secret-123',
        updated_at: null,
      };
      const saved = await t.app.inject({
        method: 'POST',
        url: '/webapi/setting/tenant/mail/do/update',
        headers: authed(session),
        payload: settings,
      });
      expect(saved.statusCode).toBe(200);
      const read = await t.app.inject({ method: 'GET', url: '/webapi/setting/tenant/mail', headers: authed(session) });
      expect(read.json().data).toEqual({
        host: '127.0.0.1',
        port,
        secure: false,
        username: null,
        from_address: 'IP Office <ip@tenant.example>',
        has_password: true,
        updated_at: expect.any(String),
      });
      expect(read.body).not.toContain('mail-secret-123');
      const [row] = await t.database.db.query<{ password_encrypted: string }>(
        'SELECT password_encrypted FROM tenant_mail_settings WHERE tenant_sid = $1',
        [other.sid],
      );
      expect(row?.password_encrypted).not.toContain('mail-secret-123');

      const user = await createUser(t, other);
      const arriving = own.nextMessageTo(user.email);
      await requestLink(user.email);
      expect((await arriving).from?.text).toContain('ip@tenant.example');

      const plain = await signIn(t.app, user.account, user.password);
      expect(
        (await t.app.inject({ method: 'GET', url: '/webapi/setting/tenant/mail', headers: authed(plain) })).statusCode,
      ).toBe(403);
    } finally {
      await own.close();
    }
  });
});
