// The tenant's mail server and security policy pages in Chromium against the real server: an
// administrator sets the mail server to a real test SMTP server, sees the server's refusals beside the
// fields, sends a test mail and receives it; edits the security policy and it is stored. The header names
// the tenant in the viewer's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, translate } from '@ipdesk/core';
import { createUser } from './support/accounts.js';
import { startInbox, type Inbox } from './support/mail.js';
import { chooseOption } from './support/models.js';
import { menuName, openMenu } from './support/org.js';
import { saveScreenshot, textOf } from './support/page.js';
import { startTestServer, type TestServer } from './support/server.js';
import { useBrowserSessions } from './support/sessions.js';

let inbox: Inbox;
let server: TestServer;

beforeAll(async () => {
  inbox = await startInbox();
  // No SMTP_URL: mail goes only through the tenant's own server, set on the page.
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  await inbox?.close();
});
const browser = useBrowserSessions(() => server);
const zh = messages['zh-CN'];

/** The field's error text shown beside it by the form. */
const fieldError = (page: import('playwright-core').Page, testId: string) =>
  page.locator('.ant-form-item', { has: page.getByTestId(testId) }).locator('.ant-form-item-explain-error');

describe('tenant settings', () => {
  it('sets the mail server, shows refusals beside the fields, and sends a test mail that arrives', async () => {
    const admin = await createUser(server, { isTenantAdmin: true });
    const { page } = await browser.signIn(admin, 'zh-CN');
    await openMenu(page, menuName('system'), menuName('mail_server'));
    await page.getByTestId('mail-server-page').waitFor();
    expect(await textOf(page, 'mail-password-state')).toBe(zh['adminMail.passwordNone']);

    const port = new URL(inbox.url).port;
    await page.getByTestId('mail-host').fill('127.0.0.1');
    // The form's own check: a port out of range never reaches the server.
    await page.getByTestId('mail-port').fill('70000');
    await page.getByTestId('mail-save').click();
    await fieldError(page, 'mail-port').filter({ hasText: zh['adminMail.portInvalid'] }).waitFor();
    await page.getByTestId('mail-port').fill(port);
    await chooseOption(page, 'mail-secure', zh['adminMail.encryptionStartTls']);
    await page.getByTestId('mail-username').fill('mailer');
    await page.getByTestId('mail-password').fill('smtp-secret-1');
    // The server's refusal (a sender of two characters) appears beside its field.
    browser.expectProblems(/status of 400 \(Bad Request\)/);
    await page.getByTestId('mail-from').fill('ab');
    await page.getByTestId('mail-save').click();
    // .first(): while antd animates a message in, the leaving and the entering one can both be in the page.
    await fieldError(page, 'mail-from').first().waitFor();
    const rows = await server.db.query('SELECT 1 FROM tenant_mail_settings WHERE tenant_sid = $1', [server.tenantSid]);
    expect(rows).toEqual([]);

    await page.getByTestId('mail-from').fill('IPDesk <ip@example.com>');
    await page.getByTestId('mail-save').click();
    await page.getByText(zh['adminMail.saved']).waitFor();
    // Saved: the password is never shown back, only that one is stored.
    await page.locator(`[data-testid="mail-password-state"]:text-is("${zh['adminMail.passwordStored']}")`).waitFor();
    expect(await page.getByTestId('mail-password').inputValue()).toBe('');
    const stored = await server.db.query<{
      host: string;
      port: number;
      secure: boolean;
      username: string;
      from_address: string;
    }>('SELECT host, port, secure, username, from_address FROM tenant_mail_settings WHERE tenant_sid = $1', [
      server.tenantSid,
    ]);
    expect(stored).toEqual([
      {
        host: '127.0.0.1',
        port: Number(port),
        secure: false,
        username: 'mailer',
        from_address: 'IPDesk <ip@example.com>',
      },
    ]);

    // The test SMTP server knows no sign-in: the test mail says why it failed.
    browser.expectProblems(/status of 502 \(Bad Gateway\)/);
    await page.getByTestId('mail-test-to').fill('ops@example.com');
    await page.getByTestId('mail-test-send').click();
    await page
      .locator(`[data-testid="mail-test-error"]:has-text("${translate('zh-CN', 'error.mailSendFailed')}")`)
      .waitFor();

    // Without an account it sends; the password stays stored (and unused).
    await page.getByTestId('mail-username').fill('');
    await page.getByTestId('mail-save').click();
    for (let waited = 0; ; waited += 100) {
      const [row] = await server.db.query<{ username: string | null }>(
        'SELECT username FROM tenant_mail_settings WHERE tenant_sid = $1',
        [server.tenantSid],
      );
      if (row?.username === null) break;
      if (waited > 15_000) throw new Error('the mail server without an account was not saved');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const before = inbox.messages.length;
    await page.getByTestId('mail-test-send').click();
    await page.getByText(translate('zh-CN', 'adminMail.testSent', { to: 'ops@example.com' })).waitFor();
    const mail = await inbox.waitFor('ops@example.com', before);
    expect(mail.subject).toBe(zh['mailTest.subject']);
    expect(mail.text?.trim()).toBe(zh['mailTest.text']);
    await saveScreenshot(page, 'mail-server-zh-CN');
  });

  it('edits the security policy, with the limits beside the fields', async () => {
    const admin = await createUser(server, { isTenantAdmin: true });
    const { page } = await browser.signIn(admin, 'en');
    const en = messages.en;
    await openMenu(page, menuName('system', 'en'), menuName('security_policy', 'en'));
    await page.getByTestId('security-policy-page').waitFor();
    expect(await page.getByTestId('security-password_expiry_days').inputValue()).toBe('90');

    await page.getByTestId('security-lockout_threshold').fill('0');
    await page.getByTestId('security-save').click();
    await fieldError(page, 'security-lockout_threshold')
      .filter({ hasText: translate('en', 'adminSecurity.range', { min: 1, max: 100 }) })
      .waitFor();

    await chooseOption(page, 'security-password-policy', en['adminSecurity.policy.passphrase']);
    await page.getByTestId('security-lockout_threshold').fill('7');
    await page.getByTestId('security-password_expiry_days').fill('30');
    await page.getByTestId('security-save').click();
    await page.getByText(en['adminSecurity.saved']).waitFor();
    const stored = await server.db.query(
      'SELECT password_policy, password_expiry_days, lockout_threshold FROM tenant_security WHERE tenant_sid = $1',
      [server.tenantSid],
    );
    expect(stored).toEqual([{ password_policy: 'passphrase', password_expiry_days: 30, lockout_threshold: 7 }]);
    await saveScreenshot(page, 'security-policy-en');
  });

  it('sets reminder lead times and escalation, and switches deadline verification on and off', async () => {
    const admin = await createUser(server, { isTenantAdmin: true });
    const { page } = await browser.signIn(admin, 'en');
    const en = messages.en;
    await openMenu(page, menuName('system', 'en'), menuName('deadline_reminders', 'en'));
    await page.getByTestId('deadline-reminders-page').waitFor();
    // A 60-day reminder added to the general deadlines' 90, 30, 7, 1 and 0.
    const defaults = page.getByTestId('reminders-default');
    await defaults.click();
    await page.keyboard.type('60');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByTestId('reminders-escalate').fill('10');
    await page.getByTestId('reminders-save').click();
    await page.getByText(en['adminReminders.saved']).waitFor();
    const [stored] = await server.db.query<{ escalate_within_days: number; lead_times: Record<string, number[]> }>(
      'SELECT escalate_within_days, lead_times FROM tenant_notification_settings WHERE tenant_sid = $1',
      [server.tenantSid],
    );
    expect(stored?.escalate_within_days).toBe(10);
    expect(stored?.lead_times.default).toEqual([90, 60, 30, 7, 1, 0]);

    const verification = page.getByTestId('deadline-verification-switch');
    expect(await verification.getAttribute('aria-checked')).toBe('false');
    await verification.click();
    await page.getByText(en['adminVerification.on']).waitFor();
    expect(await verification.getAttribute('aria-checked')).toBe('true');
    const required = async () =>
      (
        await server.db.query<{ verification_required: boolean }>(
          'SELECT verification_required FROM tenant_notification_settings WHERE tenant_sid = $1',
          [server.tenantSid],
        )
      )[0]?.verification_required;
    expect(await required()).toBe(true);
    await saveScreenshot(page, 'deadline-reminders-en');
    await verification.click();
    await page.getByText(en['adminVerification.off']).waitFor();
    expect(await required()).toBe(false);
  });

  it("names the tenant in the header in the viewer's language", async () => {
    const user = await createUser(server);
    const zhSession = await browser.signIn(user, 'zh-CN');
    expect((await textOf(zhSession.page, 'company-switcher')).trim()).toBe('演示研究院');
    const enSession = await browser.signIn(user, 'en');
    expect((await textOf(enSession.page, 'company-switcher')).trim()).toBe('Demo Research Institute');
  });
});
