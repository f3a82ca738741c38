// Language choice (spec §1): switcher, browser locale on "auto", persistence across reloads, and the
// language pack cached in localStorage.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@ipdesk/core';
import { openSession, type BrowserSession } from './support/browser.js';
import { saveScreenshot, storedItem, waitForText } from './support/page.js';
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

interface CachedPack {
  version: string;
  record: Record<string, string>;
}

async function cachedPack(session: BrowserSession, language: string): Promise<CachedPack | undefined> {
  const raw = await storedItem(session.page, `i18n.pack.${language}`);
  return raw === null ? undefined : (JSON.parse(raw) as CachedPack);
}

describe('language', () => {
  it('switches the 404 page to English with the switcher, and keeps it after a reload', async () => {
    session = await openSession({ locale: 'zh-CN' });
    const { page } = session;
    await page.goto(server.appUrl('404'));
    await waitForText(page, 'result-title', messages['zh-CN']['page.notFound.title']);
    expect(await cachedPack(session, 'zh-CN')).toMatchObject({ version: expect.any(String) });

    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-en').click();
    await waitForText(page, 'result-title', messages.en['page.notFound.title']);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.getByTestId('back-home').textContent()).toBe(messages.en['page.backHome']);
    expect(await storedItem(page, 'language')).toBe('en');
    const pack = await cachedPack(session, 'en');
    expect(pack?.record['page.notFound.title']).toBe(messages.en['page.notFound.title']);
    expect(pack?.version).toEqual(expect.any(String));

    await page.reload();
    await waitForText(page, 'result-title', messages.en['page.notFound.title']);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await saveScreenshot(page, '404-en');

    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-zh-CN').click();
    await waitForText(page, 'result-title', messages['zh-CN']['page.notFound.title']);
    expect(await storedItem(page, 'language')).toBe('zh-CN');
  });

  it('follows an English browser when the preference is auto', async () => {
    session = await openSession({ locale: 'en-US' });
    const { page } = session;
    await page.goto(server.appUrl('does-not-exist'));
    await page.waitForURL(`${server.url}/ip/404`);
    await waitForText(page, 'result-title', messages.en['page.notFound.title']);
    expect(await storedItem(page, 'language')).toBeNull();
    expect(await cachedPack(session, 'en')).toMatchObject({ version: expect.any(String) });

    await page.reload();
    await waitForText(page, 'result-title', messages.en['page.notFound.title']);
  });

  it("asks for the language pack once: a later visit starts from the cached pack of this build's version", async () => {
    session = await openSession({ locale: 'zh-CN' });
    const { page } = session;
    const packRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/webapi/front/search')) packRequests.push(request.url());
    });
    await page.goto(server.appUrl('login'));
    await waitForText(page, 'login-title', messages['zh-CN']['login.title']);
    await page.waitForLoadState('networkidle');
    expect(packRequests).toHaveLength(1);
    // The server's version of the pack is the one the web build computed from the same texts.
    const pack = await cachedPack(session, 'zh-CN');
    expect(pack?.record).toEqual(messages['zh-CN']);

    await page.reload();
    await waitForText(page, 'login-title', messages['zh-CN']['login.title']);
    await page.waitForLoadState('networkidle');
    expect(packRequests).toHaveLength(1);
  });
});
