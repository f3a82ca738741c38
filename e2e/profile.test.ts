// The profile page and the session's end seen from an open page, in Chromium against the real server:
// editing with the version read (a stale one is refused with the server's message), the avatar upload
// shown in the header, and a session ended elsewhere (30409) leading back to sign-in after the tip.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errors, messages, translate } from '@ipdesk/core';
import { createUser, submitSignIn, type TestUser } from './support/accounts.js';
import { openSession, type BrowserSession } from './support/browser.js';
import { saveScreenshot, storedItem, textOf, waitForText } from './support/page.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let session: BrowserSession | undefined;
let expectedProblems: RegExp[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
afterEach(async () => {
  const problems = (session?.problems ?? []).filter((problem) => !expectedProblems.some((re) => re.test(problem)));
  await session?.close();
  session = undefined;
  expectedProblems = [];
  expect(problems).toEqual([]);
});

const zh = messages['zh-CN'];
/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function signedIn(locale: string): Promise<{ user: TestUser; session: BrowserSession }> {
  const user = await createUser(server);
  const opened = await openSession({ locale });
  await opened.page.goto(server.appUrl('login'));
  await submitSignIn(opened.page, user.account, user.password);
  await opened.page.getByTestId('home-page').waitFor();
  return { user, session: opened };
}

describe('profile', () => {
  it('edits the profile, refuses a stale version with the server message, and uploads an avatar', async () => {
    const started = await signedIn('zh-CN');
    session = started.session;
    const { page } = session;
    const { user } = started;

    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-profile').click();
    await page.waitForURL(`${server.url}/ip/profile`);
    await waitForText(page, 'profile-account', user.account);
    expect(await textOf(page, 'profile-mobile-value')).toBe(zh['profile.notSet']);

    await page.getByTestId('profile-edit').click();
    await page.getByTestId('profile-mobile').fill('2345');
    await page.getByTestId('profile-save').click();
    await page.getByText(zh['profile.mobileInvalid']).waitFor();
    await page.getByTestId('profile-mobile').fill('13800138000');
    await page.getByTestId('profile-english-name').fill('Zhang San');
    await page.getByTestId('profile-save').click();
    await waitForText(page, 'profile-mobile-value', '13800138000');
    expect(await textOf(page, 'profile-english-name-value')).toBe('Zhang San');

    // Someone changes the profile elsewhere (same user, another client): the page's version is stale.
    const token = await storedItem(page, 'authorization');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const mine = (await (await fetch(`${server.url}/webapi/model/user_info/do/my?flat=1`, { headers })).json()) as {
      data: { version: number };
    };
    const elsewhere = await fetch(`${server.url}/webapi/model/user_info/do/update`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ english_name: 'Z. San', version: mine.data.version }),
    });
    expect(elsewhere.status).toBe(200);

    expectedProblems = [/status of 409 \(Conflict\)/];
    await page.getByTestId('profile-edit').click();
    await page.getByTestId('profile-name').fill(`${user.name}改`);
    await page.getByTestId('profile-save').click();
    await waitForText(page, 'form-error', translate('zh-CN', errors.conflict.messageKey));

    // The record was read again: cancelled, the page shows the change made elsewhere.
    await page.getByTestId('profile-cancel').click();
    await waitForText(page, 'profile-english-name-value', 'Z. San');
    await page.locator('[data-testid="profile-avatar-upload"]').waitFor();
    await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="header-avatar"] img')?.getAttribute('src')?.startsWith('blob:'),
    );
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="profile-avatar"] img')?.getAttribute('src')?.startsWith('blob:'),
    );
    await saveScreenshot(page, 'profile-zh-CN');
  });

  it('refuses an avatar of the wrong type before uploading', async () => {
    const started = await signedIn('en-US');
    session = started.session;
    const { page } = session;
    await page.goto(server.appUrl('profile'));
    await page.locator('[data-testid="profile-avatar-upload"]').waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await waitForText(
      page,
      'avatar-error',
      translate('en', 'error.fileType', { allowed: messages.en['profile.avatarTypes'] }),
    );
  });
});

describe('a session ended elsewhere', () => {
  it('shows the logout tip, signs out here and goes to sign-in after the delay (30409)', async () => {
    const started = await signedIn('zh-CN');
    session = started.session;
    const { page } = session;
    expectedProblems = [/status of 401 \(Unauthorized\)/];

    // The same session is ended from another client.
    const token = await storedItem(page, 'authorization');
    const ended = await fetch(`${server.url}/passport/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ended.status).toBe(200);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-profile').click();
    await page.getByText(translate('zh-CN', errors.loggedOut.messageKey)).waitFor();
    expect(await storedItem(page, 'authorization')).toBeNull();
    await page.waitForURL(`${server.url}/ip/login`, { timeout: 10_000 });
  });
});
