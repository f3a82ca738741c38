// The app shell at the base path (signed in): the shell with the home page and the server's environment;
// and the same build served under another base path chosen when the server starts, sign-in included.
import { afterEach, describe, expect, it } from 'vitest';
import { messages, translate } from '@ipdesk/core';
import { createUser, submitSignIn } from './support/accounts.js';
import { openSession, type BrowserSession } from './support/browser.js';
import { waitForText } from './support/page.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer | undefined;
let session: BrowserSession | undefined;

afterEach(async () => {
  const problems = session?.problems ?? [];
  await session?.close();
  await server?.close();
  session = undefined;
  server = undefined;
  expect(problems).toEqual([]);
});

describe('app shell', () => {
  it('shows the home page with the environment at /ip/', async () => {
    server = await startTestServer();
    const user = await createUser(server);
    session = await openSession({ locale: 'zh-CN' });
    const { page } = session;
    await page.goto(server.appUrl());
    await page.waitForURL(`${server.url}/ip/login`);
    await submitSignIn(page, user.account, user.password);

    await page.getByTestId('app-shell').waitFor();
    await page.getByTestId('home-page').waitFor();
    expect(await page.getByTestId('home-page').textContent()).toContain(messages['zh-CN']['shell.welcome']);
    await waitForText(page, 'home-environment', translate('zh-CN', 'shell.environment', { env: 'ci' }));
    expect(await page.getByTestId('language-switcher').isVisible()).toBe(true);
  });

  it('runs under a base path chosen at start, not at build', async () => {
    server = await startTestServer('/apps/ipdesk/');
    const user = await createUser(server);
    session = await openSession({ locale: 'en-US' });
    const { page } = session;

    await page.goto(server.appUrl('somewhere/else'));
    await page.waitForURL(`${server.url}/apps/ipdesk/404`);
    await waitForText(page, 'result-title', messages.en['page.notFound.title']);
    await page.getByTestId('back-home').click();
    await page.waitForURL(`${server.url}/apps/ipdesk/login`);
    await submitSignIn(page, user.account, user.password);
    await page.waitForURL(`${server.url}/apps/ipdesk/`);
    await page.getByTestId('home-page').waitFor();
  });
});
