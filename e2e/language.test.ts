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
});
