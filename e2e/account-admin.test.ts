// An administrator's account actions on a person's page in Chromium, zh-CN (issue 14): the person's
// account is locked by wrong passwords (the sign-in page tells the lock's end in Chinese, local time, not
// a UTC ISO timestamp); the person page shows the lock, Unlock clears it; Reset password sets a temporary
// one the person must change at the next sign-in; the People list's 登录账号 column shows the account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, translate } from '@ipdesk/core';
import { createUser, submitSignIn } from './support/accounts.js';
import { apiOf } from './support/models.js';
import { saveScreenshot, textOf, waitForText } from './support/page.js';
import { useBrowserSessions } from './support/sessions.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
const browser = useBrowserSessions(() => server);

const zh = messages['zh-CN'];

describe('account actions on the person page', () => {
  it('shows and clears a lock, and sets a temporary password, in zh-CN', { timeout: 120_000 }, async () => {
    const admin = await createUser(server, { isTenantAdmin: true, name: '管理员' });
    const { page } = await browser.signIn(admin);
    const api = await apiOf(server, page);
    const unique = Date.now().toString(36);
    const person = await api<{ sid: string }>('POST', '/webapi/model/person/do/create', {
      data: { name: '吴九', email: `wu.${unique}@example.com` },
    });
    expect(person.status).toBe(200);
    const account = `wu.${unique}`;
    const opened = await api<{ initial_password: string }>('POST', '/webapi/model/person/do/open_account', {
      sid: person.body.data.sid,
      account,
      role_sids: [],
    });
    expect(opened.status).toBe(200);

    // Five wrong passwords lock the account for this address; the message reads as local time in Chinese.
    const visitor = (await browser.open('zh-CN')).page;
    browser.expectProblems(/status of 400 \(Bad Request\)/, /status of 403 \(Forbidden\)/);
    await visitor.goto(server.appUrl('login'));
    const attempt = async (password: string): Promise<number> => {
      const answered = visitor.waitForResponse((response) => response.url().endsWith('/passport/login'));
      await submitSignIn(visitor, account, password);
      return (await answered).status();
    };
    for (let i = 0; i < 4; i++) expect(await attempt(`Wrong#${i}pass`)).toBe(400);
    expect(await attempt('Wrong#4pass')).toBe(403);
    await visitor.waitForFunction(
      () => document.querySelector('[data-testid="form-error"]')?.textContent?.startsWith('账号已锁定'),
      undefined,
      { timeout: 15_000 },
    );
    const lockMessage = await textOf(visitor, 'form-error');
    expect(lockMessage).toMatch(/^账号已锁定，请于 \d{4}年\d{1,2}月\d{1,2}日 \d\d:\d\d \(GMT\+8\) 后再试或联系管理员$/);
    expect(lockMessage).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
    await saveScreenshot(visitor, 'account-locked-zh-CN');

    // The person page shows the lock; Unlock clears it.
    await page.goto(server.appUrl(`model/person/${person.body.data.sid}`));
    const lockTag = page.getByTestId('account-lock-state');
    await lockTag.waitFor();
    expect(await lockTag.getAttribute('data-locked')).toBe('true');
    expect(await lockTag.textContent()).toMatch(/^已锁定至 \d{4}年\d{1,2}月\d{1,2}日 \d\d:\d\d \(GMT[+-]?\d*\)$/);
    await saveScreenshot(page, 'person-account-locked-zh-CN');
    await page.getByTestId('unlock-account').click();
    await waitForText(page, 'unlock-account-title', translate('zh-CN', 'accountAdmin.unlockTitle', { name: '吴九' }));
    await page.getByTestId('unlock-account-ok').click();
    await page.locator('.ant-message-notice', { hasText: zh['accountAdmin.unlocked'] }).first().waitFor();
    await page.locator('[data-testid="account-lock-state"][data-locked="false"]').waitFor();
    expect(await textOf(page, 'account-lock-state')).toBe(zh['accountAdmin.notLocked']);
    expect(await page.getByTestId('unlock-account').count()).toBe(0);

    // Reset password: a mismatch is caught in the form; then the temporary password is set.
    await page.getByTestId('reset-password').click();
    await waitForText(
      page,
      'reset-password-title',
      translate('zh-CN', 'accountAdmin.resetPasswordTitle', { name: '吴九' }),
    );
    const temporary = 'Temp#Pass2026';
    await page.getByTestId('reset-password-new').fill(temporary);
    await page.getByTestId('reset-password-confirm').fill('Other#Pass2026');
    await page.getByTestId('reset-password-submit').click();
    await page.getByText(zh['accountAdmin.confirmMismatch']).waitFor();
    await page.getByTestId('reset-password-confirm').fill(temporary);
    await page.getByTestId('reset-password-submit').click();
    await page.locator('.ant-message-notice', { hasText: zh['accountAdmin.passwordSet'] }).first().waitFor();

    // The person signs in with it (the lock is gone) and must change it first.
    await visitor.goto(server.appUrl('login'));
    await submitSignIn(visitor, account, temporary);
    await visitor.waitForURL(`${server.url}/ip/change-password?forced=1`);
    await waitForText(visitor, 'change-password-title', zh['changePassword.forcedTitle']);

    // The People list's 登录账号 column shows the account, not the person's name again.
    await page.goto(server.appUrl('model/person'));
    const row = page.locator(`tr[data-row-key="${person.body.data.sid}"]`);
    await row.waitFor();
    await row.getByTestId('user-name').filter({ hasText: account }).waitFor();
    expect(await row.getByTestId('user-name').textContent()).toBe(account);
  });
});
