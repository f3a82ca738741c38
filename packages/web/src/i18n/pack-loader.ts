// Decides where a language's texts come from: the cached pack (refreshed in the background), the
// server, or — when the server cannot answer — the texts bundled from core. Texts are always laid over
// the bundled ones, so a key the server's pack lacks still shows a text instead of the raw key.
import { messages, type Language } from '@ipdesk/core';
import { readCachedPack, writeCachedPack, type LanguagePack } from './pack-cache';

export type Texts = Record<string, string>;
/** Fetches a pack from the server; undefined (or a rejection) when the server could not give one. */
export type FetchPack = (language: Language) => Promise<LanguagePack | undefined>;

export interface LoadedTexts {
  texts: Texts;
  source: 'cache' | 'server' | 'bundled';
  /** Only for a cached start: settles with newer texts when the server's version differs. */
  refreshed?: Promise<Texts | undefined>;
}

function withBundledTexts(language: Language, record: Texts): Texts {
  return { ...messages[language], ...record };
}

export async function loadTexts(language: Language, storage: Storage, fetchPack: FetchPack): Promise<LoadedTexts> {
  const fetchOrNothing = (): Promise<LanguagePack | undefined> => fetchPack(language).catch(() => undefined);
  const cached = readCachedPack(storage, language);
  if (cached) {
    return {
      texts: withBundledTexts(language, cached.record),
      source: 'cache',
      refreshed: refreshPack(language, storage, fetchOrNothing, cached.version),
    };
  }
  const fetched = await fetchOrNothing();
  if (!fetched) return { texts: withBundledTexts(language, {}), source: 'bundled' };
  writeCachedPack(storage, language, fetched);
  return { texts: withBundledTexts(language, fetched.record), source: 'server' };
}

async function refreshPack(
  language: Language,
  storage: Storage,
  fetchOrNothing: () => Promise<LanguagePack | undefined>,
  cachedVersion: string,
): Promise<Texts | undefined> {
  const fetched = await fetchOrNothing();
  if (!fetched || fetched.version === cachedVersion) return undefined;
  writeCachedPack(storage, language, fetched);
  return withBundledTexts(language, fetched.record);
}
