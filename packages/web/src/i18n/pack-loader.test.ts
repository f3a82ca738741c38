import { beforeEach, describe, expect, it } from 'vitest';
import { messages, type Language } from '@ipdesk/core';
import { packStorageKey, readCachedPack, writeCachedPack, type LanguagePack } from './pack-cache';
import { loadTexts, type FetchPack } from './pack-loader';

const serverPack: LanguagePack = { version: 'v2', record: { 'page.notFound.title': 'Server 404' } };

function fetchReturning(pack: LanguagePack | undefined): FetchPack & { calls: Language[] } {
  const calls: Language[] = [];
  return Object.assign(
    async (language: Language) => {
      calls.push(language);
      return pack;
    },
    { calls },
  );
}

beforeEach(() => localStorage.clear());

describe('loadTexts', () => {
  it('fetches and caches the pack when none is cached', async () => {
    const fetchPack = fetchReturning(serverPack);
    const loaded = await loadTexts('en', localStorage, fetchPack);

    expect(loaded.source).toBe('server');
    expect(loaded.texts['page.notFound.title']).toBe('Server 404');
    // Keys the pack lacks keep the bundled text.
    expect(loaded.texts['page.backHome']).toBe(messages.en['page.backHome']);
    expect(fetchPack.calls).toEqual(['en']);
    expect(JSON.parse(localStorage.getItem('i18n.pack.en') ?? 'null')).toEqual(serverPack);
  });

  it('starts from the cache and refreshes in the background when the version changed', async () => {
    writeCachedPack(localStorage, 'zh-CN', { version: 'v1', record: { 'page.notFound.title': 'Cached 404' } });
    const loaded = await loadTexts('zh-CN', localStorage, fetchReturning(serverPack));

    expect(loaded.source).toBe('cache');
    expect(loaded.texts['page.notFound.title']).toBe('Cached 404');
    const refreshed = await loaded.refreshed;
    expect(refreshed?.['page.notFound.title']).toBe('Server 404');
    expect(readCachedPack(localStorage, 'zh-CN')).toEqual(serverPack);
  });

  it('keeps the cache when the server has the same version', async () => {
    writeCachedPack(localStorage, 'en', serverPack);
    const loaded = await loadTexts('en', localStorage, fetchReturning({ version: 'v2', record: {} }));
    expect(await loaded.refreshed).toBeUndefined();
    expect(readCachedPack(localStorage, 'en')).toEqual(serverPack);
  });

  it('keeps the cache when the refresh fails', async () => {
    writeCachedPack(localStorage, 'en', serverPack);
    const failing: FetchPack = () => Promise.reject(new Error('offline'));
    const loaded = await loadTexts('en', localStorage, failing);
    expect(await loaded.refreshed).toBeUndefined();
    expect(readCachedPack(localStorage, 'en')).toEqual(serverPack);
  });

  it('falls back to the bundled texts without caching them when the server cannot answer', async () => {
    for (const fetchPack of [fetchReturning(undefined), () => Promise.reject(new Error('offline'))]) {
      const loaded = await loadTexts('en', localStorage, fetchPack);
      expect(loaded.source).toBe('bundled');
      expect(loaded.texts).toEqual(messages.en);
      expect(localStorage.getItem(packStorageKey('en'))).toBeNull();
    }
  });

  it('ignores a corrupt cache entry', async () => {
    localStorage.setItem(packStorageKey('en'), '{"version":1,"record":[]}');
    expect(readCachedPack(localStorage, 'en')).toBeUndefined();
    localStorage.setItem(packStorageKey('en'), 'not json');
    const loaded = await loadTexts('en', localStorage, fetchReturning(serverPack));
    expect(loaded.source).toBe('server');
  });

  describe("with this build's pack version known", () => {
    const built: LanguagePack = { version: 'built-v', record: { 'page.notFound.title': 'Built 404' } };
    function countingBundled() {
      const calls: Language[] = [];
      return Object.assign(
        async (language: Language) => {
          calls.push(language);
          return messages[language];
        },
        { calls },
      );
    }

    it("starts from a cached pack of this build's version as it is: no fetch, no bundled texts", async () => {
      writeCachedPack(localStorage, 'en', built);
      const fetchPack = fetchReturning(serverPack);
      const bundled = countingBundled();
      const loaded = await loadTexts('en', localStorage, fetchPack, { builtVersion: 'built-v', bundled });
      expect(loaded).toEqual({ texts: built.record, source: 'cache' });
      expect(fetchPack.calls).toEqual([]);
      expect(bundled.calls).toEqual([]);
    });

    it('lays a cached pack of another version over the bundled texts and refreshes it', async () => {
      writeCachedPack(localStorage, 'en', { version: 'older', record: { 'page.notFound.title': 'Old 404' } });
      const bundled = countingBundled();
      const loaded = await loadTexts('en', localStorage, fetchReturning(built), { builtVersion: 'built-v', bundled });
      expect(loaded.texts['page.notFound.title']).toBe('Old 404');
      expect(loaded.texts['page.backHome']).toBe(messages.en['page.backHome']);
      // The refreshed pack is this build's: taken as it is.
      expect(await loaded.refreshed).toEqual(built.record);
      expect(bundled.calls).toEqual(['en']);
      expect(readCachedPack(localStorage, 'en')).toEqual(built);
    });

    it("takes a fetched pack of this build's version as it is, and caches it", async () => {
      const bundled = countingBundled();
      const loaded = await loadTexts('en', localStorage, fetchReturning(built), { builtVersion: 'built-v', bundled });
      expect(loaded).toEqual({ texts: built.record, source: 'server' });
      expect(bundled.calls).toEqual([]);
      expect(readCachedPack(localStorage, 'en')).toEqual(built);
    });
  });
});
