// The language pack the web client fetches (spec §1: a flat key→text map, cached by the client).
// Texts come from core; the version is a hash of the pack so a client can tell when its cache is stale.
import { LANGUAGES, languagePackVersion, messages, type Language } from '@ipdesk/core';

export interface LanguagePack {
  language: Language;
  version: string;
  record: Record<string, string>;
}

function build(language: Language): LanguagePack {
  const record = { ...messages[language] };
  // The web build computes the same version from the same texts (web/src/i18n/built-pack.ts).
  const version = languagePackVersion(record);
  return { language, version, record };
}

// Texts are constants of this build, so each pack is computed once.
const packs = new Map<Language, LanguagePack>(LANGUAGES.map((language) => [language, build(language)]));

export function languagePack(language: Language): LanguagePack {
  return packs.get(language) ?? build(language);
}
