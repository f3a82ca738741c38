// Forgotten password through real mail (spec §2, §7): the link is asked for on the page, read from the
// SMTP server, opened, a new password set with live rule feedback, and signed in with; a used link then
// shows the server's "use forgot password again" message with the way back.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errors, messages, translate } from '@ipdesk/core';
import { createUser, submitSignIn } from './support/accounts.js';
import { openSession, type BrowserSession } from './support/browser.js';
import { linkIn, startInbox, type Inbox } from './support/mail.js';
import { saveScreenshot, textOf, waitForText } from './support/page.js';
import { startTestServer, type TestServer } from './support/server.js';

let inbox: Inbox;
let server: TestServer;
let session: BrowserSession | undefined;
let expectedProblems: RegExp[] = [];

beforeAll(async () => {
  inbox = await startInbox();
  server = await startTestServer({ smtpUrl: inbox.url });
});
afterAll(async () => {
  await server?.close();
  await inbox?.close();
});
afterEach(async () => {
  const problems = (session?.problems ?? []).filter((problem) => !expectedProblems.some((re) => re.test(problem)));
  await session?.close();
  session = undefined;
  expectedProblems = [];
  expect(problems).toEqual([]);
});

const zh = messages['zh-CN'];

describe('forgotten password', () => {
  it('sends the link by mail, sets a new password with it, and signs in with that', async () => {
    const user = await createUser(server);
    session = await openSession({ locale: 'zh-CN' });
    const { page } = session;
    await page.goto(server.appUrl('login'));
    await page.getByTestId('forgot-password-link').click();
    await page.waitForURL(`${server.url}/ip/forgot-password`);

    const before = inbox.messages.length;
    await page.getByTestId('forgot-email').fill(user.email);
    await page.getByTestId('forgot-submit').click();
    await waitForText(page, 'forgot-sent', translate('zh-CN', 'forgot.sent', { email: user.email }));
    // The resend countdown runs.
    expect(await textOf(page, 'forgot-resend')).toMatch(/^(60|59|58) 秒后可重新发送$/);
    expect(await page.getByTestId('forgot-resend').isDisabled()).toBe(true);

    const mail = await inbox.waitFor(user.email, before);
    const link = linkIn(mail, `${server.url}/ip/reset-password?`);
    expect(new URL(link).searchParams.get('email')).toBe(user.email);

    await page.goto(link);
    await page.getByTestId('new-password').waitFor();
    const newPassword = 'Reset#2025new';
    await page.getByTestId('new-password').fill(newPassword);
    await page.locator('[data-testid="password-rule"][data-met="false"]').first().waitFor({ state: 'detached' });
    await page.getByTestId('confirm-password').fill(newPassword);
    await saveScreenshot(page, 'reset-password-zh-CN');
    await page.getByTestId('reset-submit').click();

    await page.waitForURL(`${server.url}/ip/login`);
    await waitForText(page, 'login-notice', zh['login.resetDone']);
    await submitSignIn(page, user.account, newPassword);
    await page.waitForURL(`${server.url}/ip/`);
    await page.getByTestId('home-page').waitFor();

    // The link worked once; opened again it is refused with the server's message.
    expectedProblems = [/status of 400 \(Bad Request\)/];
    await page.goto(link);
    await waitForText(page, 'reset-invalid', translate('zh-CN', errors.resetLinkExpired.messageKey));
    await page.getByTestId('reset-forgot-again').click();
    await page.waitForURL(`${server.url}/ip/forgot-password`);
  });

  it('shows the server message for an address nobody has, and for a made-up link', async () => {
    expectedProblems = [/status of 400 \(Bad Request\)/];
    session = await openSession({ locale: 'en-US' });
    const { page } = session;
    await page.goto(server.appUrl('forgot-password'));
    await page.getByTestId('forgot-email').fill('nobody@example.com');
    await page.getByTestId('forgot-submit').click();
    await waitForText(page, 'form-error', translate('en', errors.emailNotRegistered.messageKey));

    await page.goto(server.appUrl(`reset-password?email=nobody%40example.com&emailKey=${'0'.repeat(32)}`));
    await waitForText(page, 'reset-invalid', translate('en', errors.resetLinkExpired.messageKey));
    expect(await textOf(page, 'reset-invalid-title')).toBe(messages.en['reset.invalidTitle']);
    await saveScreenshot(page, 'reset-link-invalid-en');
  });
});
