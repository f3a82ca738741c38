// Unknown paths land on /404 (spec §2), in zh-CN by default, with CJK glyphs really rendered.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import { createUser, submitSignIn } from './support/accounts.js';
import { openSession, type BrowserSession } from './support/browser.js';
import { drawGlyphs } from './support/glyphs.js';
import { saveScreenshot, waitForText } from './support/page.js';
import { startTestServer, type TestServer } from './support/server.js';

let server: TestServer;
let session: BrowserSession | undefined;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
afterEach(async () => {
  const problems = session?.problems ?? [];
  await session?.close();
  session = undefined;
  expect(problems).toEqual([]);
});

describe('404 page', () => {
  it('takes an unknown path to /ip/404 and shows the zh-CN title', async () => {
    session = await openSession({ locale: 'zh-CN' });
    const { page } = session;
    const title = messages['zh-CN']['page.notFound.title'];

    await page.goto(server.appUrl('does-not-exist'));
    await page.waitForURL(`${server.url}/ip/404`);
    await waitForText(page, 'result-title', title);

    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    expect(await page.getByTestId('result-subtitle').textContent()).toBe(messages['zh-CN']['page.notFound.subTitle']);
    expect(await page.getByTestId('back-home').isVisible()).toBe(true);
    expect(await page.getByTestId('language-switcher').isVisible()).toBe(true);

    const [first = '', second = ''] = Array.from(title);
    const glyphs = await drawGlyphs(page, 'result-title', [first, second, '\uE000']);
    expect(glyphs.ink[0], `no ink for ${first} in ${glyphs.font}`).toBeGreaterThan(0);
    expect(glyphs.ink[1], `no ink for ${second} in ${glyphs.font}`).toBeGreaterThan(0);
    // [first vs second, first vs tofu, second vs tofu]
    expect(glyphs.pairsDiffer).toEqual([true, true, true]);

    await saveScreenshot(page, '404-zh-CN');
  });

  it('goes back home from the 404 page (signed in)', async () => {
    const user = await createUser(server);
    session = await openSession({ locale: 'zh-CN' });
    const { page } = session;
    await page.goto(server.appUrl('login'));
    await submitSignIn(page, user.account, user.password);
    await page.getByTestId('home-page').waitFor();
    await page.goto(server.appUrl('404'));
    await page.getByTestId('back-home').click();
    await page.waitForURL(`${server.url}/ip/`);
    await page.getByTestId('home-page').waitFor();
  });
});
