// A tenant's mail server may not point into the server's own network (issue 15 #4): the address check,
// the refusal at save, and at send time for a host saved before (with a real SMTP server listening on
// 127.0.0.1 that must receive nothing). Runs on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  signIn,
  type AccountsTestApp,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import { startMailServer, type TestMailServer } from '../../../test/smtp.js';
import { isInternalAddress, resolveSmtpDestination } from './smtp-destination.js';

describe('internal addresses', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.100.100.200',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
  ])('refuses %s', (address) => expect(isInternalAddress(address)).toBe(true));

  it.each(['203.0.113.10', '8.8.8.8', '172.32.0.1', '2001:db8::25', '::ffff:8.8.8.8'])('allows %s', (address) =>
    expect(isInternalAddress(address)).toBe(false),
  );

  it('checks every address a name resolves to, and keeps the name for TLS', async () => {
    const resolve = async (host: string) =>
      ({ 'mail.example.com': ['203.0.113.25'], 'split.example.com': ['203.0.113.25', '10.0.0.5'] })[host] ?? [];
    await expect(resolveSmtpDestination('mail.example.com', { allowInternal: false, resolve })).resolves.toEqual({
      address: '203.0.113.25',
      servername: 'mail.example.com',
    });
    await expect(resolveSmtpDestination('split.example.com', { allowInternal: false, resolve })).rejects.toMatchObject({
      definition: { code: 400105 },
      params: { host: 'split.example.com', address: '10.0.0.5' },
    });
    await expect(
      resolveSmtpDestination('nowhere.example.com', { allowInternal: false, resolve }),
    ).rejects.toMatchObject({
      definition: { code: 400104 },
    });
    await expect(resolveSmtpDestination('[::1]', { allowInternal: false, resolve })).rejects.toMatchObject({
      definition: { code: 400105 },
    });
    await expect(resolveSmtpDestination('split.example.com', { allowInternal: true, resolve })).resolves.toEqual({
      address: '203.0.113.25',
      servername: 'split.example.com',
    });
  });
});

describe(`tenant mail servers on internal addresses (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let mail: TestMailServer;
  beforeAll(async () => {
    mail = await startMailServer();
    t = await createAccountsTestApp(); // SMTP_ALLOW_INTERNAL_HOSTS unset: the default
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  const settings = (host: string) => ({
    host,
    port: Number(new URL(mail.url).port),
    secure: false,
    username: null,
    from_address: 'ip@tenant.example',
    updated_at: null,
  });

  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['169.254.169.254', '169.254.169.254'],
    ['localhost', '127.0.0.1'],
  ])('refuses to save %s with a clear error', async (host, address) => {
    const tenant = await createTenant(t);
    const admin = await createUser(t, tenant, { isTenantAdmin: true });
    const session = await signIn(t.app, admin.account, admin.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/setting/tenant/mail/do/update',
      headers: authed(session, { 'x-language': 'en' }),
      payload: settings(host),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400105);
    // localhost may resolve to ::1 first on some hosts.
    expect(res.json().message).toMatch(
      new RegExp(
        `^The mail server ${host} points to the internal address (${address.replaceAll('.', '\\.')}|::1), which is not allowed$`,
      ),
    );
    const zh = await t.app.inject({
      method: 'POST',
      url: '/webapi/setting/tenant/mail/do/update',
      headers: authed(session, { 'x-language': 'zh-CN' }),
      payload: settings(host),
    });
    expect(zh.json().message).toMatch(new RegExp(`^邮件服务器 ${host} 指向内部地址 .+，不允许使用$`));
    const stored = await t.database.db.query('SELECT 1 FROM tenant_mail_settings WHERE tenant_sid = $1', [tenant.sid]);
    expect(stored).toHaveLength(0);
  });

  it('saves a public address, and refuses a name that does not resolve', async () => {
    const tenant = await createTenant(t);
    const admin = await createUser(t, tenant, { isTenantAdmin: true });
    const session = await signIn(t.app, admin.account, admin.password);
    const save = (host: string) =>
      t.app.inject({
        method: 'POST',
        url: '/webapi/setting/tenant/mail/do/update',
        headers: authed(session),
        payload: settings(host),
      });
    expect((await save('203.0.113.10')).statusCode).toBe(200);
    const unknown = await save('no-such-host.invalid');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 400104,
      message: 'The mail server no-such-host.invalid cannot be found; check its address',
    });
  });

  it('never connects to an internal host saved before the check: the reset mail fails, nothing arrives', async () => {
    const tenant = await createTenant(t);
    await t.database.db.query(
      "INSERT INTO tenant_mail_settings (tenant_sid, host, port, from_address) VALUES ($1, '127.0.0.1', $2, 'x@example.com')",
      [tenant.sid, Number(new URL(mail.url).port)],
    );
    const user = await createUser(t, tenant);
    const res = await t.app.inject({
      method: 'POST',
      url: `/webapi/model/user_info/do/sendLinkByEmail?email=${encodeURIComponent(user.email)}`,
      headers: { 'x-language': 'en' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe(502101);
    expect(mail.messages).toHaveLength(0);
  });
});

describe(`tenant mail servers when the operator allows internal hosts (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('sends through an internal host the operator allowed', async () => {
    const mail = await startMailServer();
    const t = await createAccountsTestApp({ SMTP_ALLOW_INTERNAL_HOSTS: 'true' });
    try {
      const tenant = await createTenant(t);
      const admin = await createUser(t, tenant, { isTenantAdmin: true });
      const session = await signIn(t.app, admin.account, admin.password);
      const saved = await t.app.inject({
        method: 'POST',
        url: '/webapi/setting/tenant/mail/do/update',
        headers: authed(session),
        payload: {
          host: '127.0.0.1',
          port: Number(new URL(mail.url).port),
          secure: false,
          username: null,
          from_address: 'ip@tenant.example',
          updated_at: null,
        },
      });
      expect(saved.statusCode).toBe(200);
      const user = await createUser(t, tenant);
      const arriving = mail.nextMessageTo(user.email);
      const res = await t.app.inject({
        method: 'POST',
        url: `/webapi/model/user_info/do/sendLinkByEmail?email=${encodeURIComponent(user.email)}`,
      });
      expect(res.statusCode).toBe(200);
      expect((await arriving).from?.text).toContain('ip@tenant.example');
    } finally {
      await t.close();
      await mail.close();
    }
  });
});
