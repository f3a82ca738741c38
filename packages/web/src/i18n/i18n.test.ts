// startI18n/switchLanguage against a real HTTP server serving language packs (spec §1, §7).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getRequestContext } from '../api/session-context';
import { setPageUrl, startLocalServer, type LocalServer } from '../testing/local-server';
import { i18n, startI18n, switchLanguage } from './i18n';
import { readCachedPack, writeCachedPack } from './pack-cache';

const titleFromServer = (language: string): string => `404 (${language}, server)`;
let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    const language = new URL(request.url, 'http://x').searchParams.get('language') ?? '';
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        code: 0,
        message: 'ok',
        request_id: 'r',
        version: `v-${language}`,
        record: { 'page.notFound.title': titleFromServer(language) },
      }),
    );
  });
  setPageUrl(`${server.origin}/ip/404`);
});
afterAll(() => server.close());
// Each test starts from no stored choice and no pack fetched yet, whichever test ran before it.
beforeEach(() => {
  localStorage.clear();
  server.received.length = 0;
});

describe('i18n start and switch', () => {
  it('renders from the cached pack at once and installs the refreshed one', async () => {
    localStorage.setItem('language', 'zh-CN');
    writeCachedPack(localStorage, 'zh-CN', { version: 'old', record: { 'page.notFound.title': 'cached title' } });

    await startI18n(localStorage);

    expect(i18n.language).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(getRequestContext().language).toBe('zh-CN');
    expect(i18n.t('page.notFound.title')).toBe('cached title');
    await vi.waitFor(() => expect(i18n.t('page.notFound.title')).toBe(titleFromServer('zh-CN')));
    expect(readCachedPack(localStorage, 'zh-CN')?.version).toBe('v-zh-CN');
    expect(server.received[0]?.url).toBe('/webapi/front/search?language=zh-CN');
    expect(server.received[0]?.headers['x-language']).toBe('zh-CN');
  });

  it('switches to English: fetches and caches the pack, stores the choice', async () => {
    localStorage.setItem('language', 'zh-CN');
    await startI18n(localStorage);
    await switchLanguage('en', localStorage);

    expect(i18n.language).toBe('en');
    expect(i18n.t('page.notFound.title')).toBe(titleFromServer('en'));
    expect(i18n.t('page.backHome')).toBe('Back to home');
    expect(document.documentElement.lang).toBe('en');
    expect(getRequestContext().language).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(readCachedPack(localStorage, 'en')?.version).toBe('v-en');
  });

  it('follows the browser on auto', async () => {
    const browserLanguage = navigator.languages[0] ?? navigator.language;
    await switchLanguage('auto', localStorage);

    expect(localStorage.getItem('language')).toBe('auto');
    expect(i18n.language).toBe(browserLanguage.startsWith('zh') ? 'zh-CN' : 'en');
  });
});
