// Decides where a language's texts come from: the cached pack, the server, or — when the server cannot
// answer — the texts bundled from core. A cached pack of this build's own version is used as it is (it holds
// this build's texts); any other pack is laid over the bundled texts, so a key it lacks still shows a text
// instead of the raw key, and a cached one is refreshed in the background. The bundled texts are loaded
// only then (bundled-texts.ts), not with the app.
import type { Language } from '@ipdesk/core';
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

/** core's texts of a language. */
export type BundledTexts = (language: Language) => Promise<Texts>;

const bundledFromCore: BundledTexts = async (language) => (await import('./bundled-texts')).bundledTexts(language);

export interface LoadOptions {
  /** The version of this build's own pack (built-pack.ts); undefined when unknown. */
  builtVersion?: string;
  bundled?: BundledTexts;
}

export async function loadTexts(
  language: Language,
  storage: Storage,
  fetchPack: FetchPack,
  { builtVersion, bundled = bundledFromCore }: LoadOptions = {},
): Promise<LoadedTexts> {
  const fetchOrNothing = (): Promise<LanguagePack | undefined> => fetchPack(language).catch(() => undefined);
  const complete = (pack: LanguagePack) => builtVersion !== undefined && pack.version === builtVersion;
  const overBundled = async (pack: LanguagePack): Promise<Texts> =>
    complete(pack) ? pack.record : { ...(await bundled(language)), ...pack.record };
  const cached = readCachedPack(storage, language);
  if (cached && complete(cached)) return { texts: cached.record, source: 'cache' };
  if (cached) {
    return {
      texts: await overBundled(cached),
      source: 'cache',
      refreshed: refreshPack(language, storage, fetchOrNothing, cached.version, overBundled),
    };
  }
  const fetched = await fetchOrNothing();
  if (!fetched) return { texts: await bundled(language), source: 'bundled' };
  writeCachedPack(storage, language, fetched);
  return { texts: await overBundled(fetched), source: 'server' };
}

async function refreshPack(
  language: Language,
  storage: Storage,
  fetchOrNothing: () => Promise<LanguagePack | undefined>,
  cachedVersion: string,
  overBundled: (pack: LanguagePack) => Promise<Texts>,
): Promise<Texts | undefined> {
  const fetched = await fetchOrNothing();
  if (!fetched || fetched.version === cachedVersion) return undefined;
  writeCachedPack(storage, language, fetched);
  return overBundled(fetched);
}
