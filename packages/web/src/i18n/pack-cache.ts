// Language packs cached in localStorage as i18n.pack.<lang> = {version, record}, so the app can
// render at once from the last pack and refresh it in the background (spec §1).
import type { Language } from '@ipdesk/core';

/** A language pack as the server sends it: a version hash and the flat key→text map. */
export interface LanguagePack {
  version: string;
  record: Record<string, string>;
}

export function packStorageKey(language: Language): string {
  return `i18n.pack.${language}`;
}

/** True for a value shaped like a pack: checked because cache and server data cross a trust boundary. */
export function isLanguagePack(value: unknown): value is LanguagePack {
  if (typeof value !== 'object' || value === null) return false;
  const { version, record } = value as Partial<Record<keyof LanguagePack, unknown>>;
  if (typeof version !== 'string' || typeof record !== 'object' || record === null || Array.isArray(record)) {
    return false;
  }
  return Object.values(record).every((text) => typeof text === 'string');
}

export function readCachedPack(storage: Storage, language: Language): LanguagePack | undefined {
  try {
    const raw = storage.getItem(packStorageKey(language));
    if (raw === null) return undefined;
    const parsed: unknown = JSON.parse(raw);
    return isLanguagePack(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function writeCachedPack(storage: Storage, language: Language, pack: LanguagePack): void {
  try {
    storage.setItem(packStorageKey(language), JSON.stringify({ version: pack.version, record: pack.record }));
  } catch {
    // A full or disabled storage only costs a fetch on the next start.
  }
}
