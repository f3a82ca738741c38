// The mail settings commands called directly: a save is stored with the request's moment and audited under
// its request id, the password never comes back, and a save against a stale read changes nothing (409000).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, createTenant, type AccountsTestApp, type TestTenant } from '../../../test/accounts.js';
import { adminContext } from '../../../test/context.js';
import { onPostgres } from '../../../test/database.js';
import { readMailSettings } from './read-mail-settings.js';
import { updateMailSettings } from './update-mail-settings.js';

const MAIL = { host: '127.0.0.1', port: 587, secure: false, username: 'mailer', from_address: 'ip@example.com' };

describe(`updateMailSettings (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  beforeAll(async () => {
    t = await createAccountsTestApp({ SMTP_ALLOW_INTERNAL_HOSTS: 'true' });
    tenant = await createTenant(t);
  });
  afterAll(() => t.close());

  it('saves, audits under the request and answers without the password', async () => {
    const ctx = adminContext(t, tenant);
    expect(await readMailSettings(t.app.accounts, ctx)).toBeNull();
    await updateMailSettings(t.app.accounts, ctx, { ...MAIL, password: 'secret', updated_at: null });
    const read = await readMailSettings(t.app.accounts, ctx);
    expect(read).toMatchObject({ ...MAIL, has_password: true });
    expect(read).not.toHaveProperty('password');
    expect(read!.updated_at.getTime()).toBe(ctx.now.getTime());
    const audits = await t.database.db.query<{ actor_sid: string; detail: object; created_at: Date }>(
      'SELECT actor_sid, detail, created_at FROM audit_log WHERE request_id = $1',
      [ctx.requestId],
    );
    expect(audits).toEqual([
      {
        actor_sid: ctx.userSid,
        detail: { host: MAIL.host, port: MAIL.port, password_changed: true },
        created_at: ctx.now,
      },
    ]);
  });

  it('refuses a save against a stale read and keeps the stored settings', async () => {
    const ctx = adminContext(t, tenant);
    const stale = new Date(ctx.now.getTime() - 60_000).toISOString();
    await expect(
      updateMailSettings(t.app.accounts, ctx, { ...MAIL, host: '127.0.0.2', updated_at: stale }),
    ).rejects.toMatchObject({ name: 'AppError', definition: { code: 409000 } });
    expect(await readMailSettings(t.app.accounts, ctx)).toMatchObject({ host: MAIL.host, has_password: true });
  });
});
