// The user's language preference (spec §1): zh-CN, en, or "auto" = follow the browser. Stored in
// localStorage under "language"; anything unreadable counts as auto.
import { DEFAULT_LANGUAGE, isLanguage, matchLanguage, type Language } from '@ipdesk/core';

export const LANGUAGE_PREFERENCE_KEY = 'language';
export const AUTO_LANGUAGE = 'auto';
export const LANGUAGE_PREFERENCES = ['zh-CN', 'en', AUTO_LANGUAGE] as const;
export type LanguagePreference = (typeof LANGUAGE_PREFERENCES)[number];

export function isLanguagePreference(value: unknown): value is LanguagePreference {
  return value === AUTO_LANGUAGE || isLanguage(value);
}

/** Reads the stored preference; storage can be disabled or full, so failures mean auto. */
export function readPreference(storage: Storage): LanguagePreference {
  try {
    const stored = storage.getItem(LANGUAGE_PREFERENCE_KEY);
    return isLanguagePreference(stored) ? stored : AUTO_LANGUAGE;
  } catch {
    return AUTO_LANGUAGE;
  }
}

export function writePreference(storage: Storage, preference: LanguagePreference): void {
  try {
    storage.setItem(LANGUAGE_PREFERENCE_KEY, preference);
  } catch {
    // The choice then holds for this page only; nothing else depends on it being stored.
  }
}

/** The language to show: an explicit choice wins; auto takes the first browser language we support. */
export function resolvePreference(preference: LanguagePreference, browserLanguages: readonly string[]): Language {
  if (preference !== AUTO_LANGUAGE) return preference;
  for (const tag of browserLanguages) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}

/** navigator.languages in preference order; older engines only have navigator.language. */
export function browserLanguages(): readonly string[] {
  if (navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}
