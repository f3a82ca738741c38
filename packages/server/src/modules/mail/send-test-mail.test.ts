// sendTestMail called directly: the message goes out in the caller's language and is audited under the
// request; with no mail server at all it is mailNotConfigured (503101) and nothing is audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsTestApp, createTenant, type AccountsTestApp, type TestTenant } from '../../../test/accounts.js';
import { adminContext } from '../../../test/context.js';
import { onPostgres } from '../../../test/database.js';
import { startMailServer, type TestMailServer } from '../../../test/smtp.js';
import { sendTestMail } from './send-test-mail.js';

describe(`sendTestMail (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let mail: TestMailServer;
  let t: AccountsTestApp;
  let tenant: TestTenant;
  beforeAll(async () => {
    mail = await startMailServer();
    // The test mail server listens on 127.0.0.1, an internal address tenants may not use by default.
    t = await createAccountsTestApp({ SMTP_URL: mail.url, SMTP_ALLOW_INTERNAL_HOSTS: 'true' });
    tenant = await createTenant(t);
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  const audits = (requestId: string) =>
    t.database.db.query('SELECT action, detail FROM audit_log WHERE request_id = $1', [requestId]);

  it("sends in the caller's language and audits", async () => {
    const ctx = adminContext(t, tenant, { language: 'en' });
    const received = mail.nextMessageTo('ops@example.com');
    await sendTestMail(t.app.accounts, ctx, { to: 'ops@example.com' });
    expect((await received).subject).toBe('IPDesk test mail');
    expect(await audits(ctx.requestId)).toEqual([
      { action: 'tenant.mail_test_sent', detail: { to: 'ops@example.com' } },
    ]);
  });

  it('refuses without a mail server and audits nothing', async () => {
    const bare = await createAccountsTestApp();
    try {
      const ctx = adminContext(bare, await createTenant(bare));
      await expect(sendTestMail(bare.app.accounts, ctx, { to: 'ops@example.com' })).rejects.toMatchObject({
        definition: { code: 503101 },
      });
      expect(await bare.database.db.query('SELECT 1 FROM audit_log WHERE request_id = $1', [ctx.requestId])).toEqual(
        [],
      );
    } finally {
      await bare.close();
    }
  });
});
