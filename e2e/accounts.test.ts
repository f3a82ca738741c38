// Accounts and sign-in in Chromium against the real server: sign in, the forced password change of a
// first sign-in, company switching that survives a reload, the language in the shell, and sign-out.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errors, messages, translate } from '@ipdesk/core';
import { createSubCompany, createUser, storedKeys, submitSignIn } from './support/accounts.js';
import { openSession, type BrowserSession } from './support/browser.js';
import { saveScreenshot, storedItem, textOf, waitForText } from './support/page.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let session: BrowserSession | undefined;
/** Console lines a test causes on purpose, e.g. Chromium logging an answer of 400 it asked for. */
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
const en = messages.en;

describe('sign-in', () => {
  it('sends a visitor to sign-in and back to the page asked for, signed in', async () => {
    const user = await createUser(server);
    session = await openSession({ locale: 'zh-CN' });
    const { page } = session;

    await page.goto(server.appUrl('profile'));
    await page.waitForURL(`${server.url}/ip/login?redirect=%2Fprofile`);
    await waitForText(page, 'login-system-name', zh['app.name']);
    expect(await textOf(page, 'login-slogan')).toBe(zh['login.slogan']);
    await saveScreenshot(page, 'login-zh-CN');

    await submitSignIn(page, user.account, user.password);
    await page.waitForURL(`${server.url}/ip/profile`);
    await waitForText(page, 'profile-account', user.account);
    expect(await textOf(page, 'profile-email-value')).toBe(user.email);
    await waitForText(page, 'header-user-name', user.name);

    for (const key of ['authorization', 'refresh_token', 'companys', 'company_id', 'loginTime']) {
      expect(await storedItem(page, key), key).not.toBeNull();
    }
    expect(await storedItem(page, 'company_id')).toBe(server.tenantSid);
  });

  it('shows the server message for a wrong password and stays on the page', async () => {
    const user = await createUser(server);
    session = await openSession({ locale: 'zh-CN' });
    const { page } = session;
    expectedProblems = [/status of 400 \(Bad Request\)/];
    await page.goto(server.appUrl('login'));
    await submitSignIn(page, user.account, 'Wrong#password1');
    await waitForText(page, 'form-error', translate('zh-CN', 'error.invalidCredentials'));
    expect(page.url()).toBe(`${server.url}/ip/login`);
    expect(await storedItem(page, 'authorization')).toBeNull();
  });

  it('forces a password change on the first sign-in, then reaches the shell', async () => {
    const user = await createUser(server, { mustChangePassword: true });
    session = await openSession({ locale: 'zh-CN' });
    const { page } = session;
    await page.goto(server.appUrl('login'));
    await submitSignIn(page, user.account, user.password);

    await page.waitForURL(`${server.url}/ip/change-password?forced=1`);
    await waitForText(page, 'change-password-title', zh['changePassword.forcedTitle']);

    await page.getByTestId('old-password').fill(user.password);
    await page.getByTestId('new-password').fill('abc');
    expect(await page.locator('[data-testid="password-rule"][data-met="false"]').count()).toBeGreaterThan(0);
    const newPassword = 'Changed#2025ok';
    await page.getByTestId('new-password').fill(newPassword);
    // Every rule ticks as the password is typed.
    await page.locator('[data-testid="password-rule"][data-met="false"]').first().waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid="password-rule"][data-met="true"]').count()).toBe(6);
    await page.getByTestId('confirm-password').fill(newPassword);
    const answer = page.waitForResponse((response) => response.url().endsWith('/passport/modify_password'));
    await page.getByTestId('change-password-submit').click();
    const { authorization } = (await (await answer).json()) as { authorization: string };

    await page.waitForURL(`${server.url}/ip/`);
    await page.getByTestId('home-page').waitFor();
    await waitForText(page, 'header-user-name', user.name);
    expect(await storedItem(page, 'authorization')).toBe(authorization);

    // The new password is the one that works now.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-sign-out').click();
    await page.waitForURL(`${server.url}/ip/login`);
    await submitSignIn(page, user.account, newPassword);
    await page.waitForURL(`${server.url}/ip/`);
    await page.getByTestId('home-page').waitFor();
  });
});

describe('shell header', () => {
  it('switches the company, sends it with every call, and keeps it after a reload', async () => {
    const subName = `材料所 ${Date.now().toString(36)}`;
    const subSid = await createSubCompany(server, subName);
    const user = await createUser(server, { companies: [server.tenantSid, subSid] });
    session = await openSession({ locale: 'zh-CN' });
    const { page } = session;
    await page.goto(server.appUrl('login'));
    await submitSignIn(page, user.account, user.password);
    await page.getByTestId('home-page').waitFor();

    const switcher = page.getByTestId('company-switcher');
    await page.waitForFunction(
      (sid) => document.querySelector('[data-testid="company-switcher"]')?.getAttribute('data-company') === sid,
      server.tenantSid,
    );
    await switcher.click();
    await page.getByTestId(`company-option-${subSid}`).click();
    await page.waitForFunction(
      (sid) => document.querySelector('[data-testid="company-switcher"]')?.getAttribute('data-company') === sid,
      subSid,
    );
    expect(await switcher.textContent()).toContain(subName);
    expect(await storedItem(page, 'company_id')).toBe(subSid);

    const sent: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/webapi/model/user_info/do/my')) sent.push(request.headers()['x-sub-company-sid']);
    });
    await page.reload();
    await page.getByTestId('home-page').waitFor();
    await waitForText(page, 'header-user-name', user.name);
    expect(await page.getByTestId('company-switcher').getAttribute('data-company')).toBe(subSid);
    expect(await page.getByTestId('company-switcher').textContent()).toContain(subName);
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent)).toEqual(new Set([subSid]));
  });

  it('switches the language in the shell and keeps it after a reload', async () => {
    const user = await createUser(server);
    session = await openSession({ locale: 'zh-CN' });
    const { page } = session;
    await page.goto(server.appUrl('login'));
    await submitSignIn(page, user.account, user.password);
    await page.getByTestId('home-page').waitFor();
    await waitForText(page, 'header-user-name', user.name);
    await saveScreenshot(page, 'shell-zh-CN');

    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-en').click();
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="home-page"] h2')?.textContent === text,
      en['shell.welcome'],
    );
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await page.getByTestId('user-menu').click();
    await waitForText(page, 'menu-sign-out', en['user.signOut']);
    await page.keyboard.press('Escape');
    await saveScreenshot(page, 'shell-en');

    await page.reload();
    await page.getByTestId('home-page').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
  });

  it('signs out: back at sign-in, the session keys gone and the token refused', async () => {
    const user = await createUser(server);
    session = await openSession({ locale: 'en-US' });
    const { page } = session;
    await page.goto(server.appUrl('login'));
    await waitForText(page, 'login-title', en['login.title']);
    await saveScreenshot(page, 'login-en');
    await submitSignIn(page, user.account, user.password);
    await page.getByTestId('home-page').waitFor();
    await page.evaluate(() => {
      localStorage.setItem('language', 'en');
      localStorage.setItem('system-setting.layout', 'mix');
      localStorage.setItem('my-menus', '[]');
      localStorage.setItem('user_collection', '[]');
    });
    const token = await storedItem(page, 'authorization');

    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-sign-out').click();
    await page.waitForURL(`${server.url}/ip/login`);
    await page.getByTestId('login-submit').waitFor();

    const left = await storedKeys(page);
    for (const key of [
      'authorization',
      'refresh_token',
      'companys',
      'company_id',
      'loginTime',
      'user_collection',
      'my-menus',
      'system-setting.layout',
      'language',
    ]) {
      expect(left, key).not.toContain(key);
    }
    const answer = await fetch(`${server.url}/webapi/model/user_info/do/my?flat=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { code: number }).code).toBe(errors.loggedOut.code);

    // The shell is closed again.
    await page.goto(server.appUrl());
    await page.waitForURL(`${server.url}/ip/login`);
  });
});
