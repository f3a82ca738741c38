// i18next set up over the server's language pack (spec §1, §7): start from the cached pack if there is
// one, else fetch it first; switch languages at run time and keep <html lang>, dayjs and the request
// headers in step. antd's locale follows in app/App.tsx.
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from '@ipdesk/core';
import { updateRequestContext } from '../api/session-context';
import { BUILT_PACK_VERSIONS } from './built-pack';
import { fetchLanguagePack } from './pack-api';
import { loadTexts, type LoadedTexts, type Texts } from './pack-loader';
import {
  browserLanguages,
  readPreference,
  resolvePreference,
  writePreference,
  type LanguagePreference,
} from './preference';
import { setCurrentPreference } from './preference-store';

export const i18n = i18next.createInstance();

const DAYJS_LOCALES: Record<Language, string> = { 'zh-CN': 'zh-cn', en: 'en' };

function applyLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.title = i18n.t('app.name');
  dayjs.locale(DAYJS_LOCALES[language]);
  updateRequestContext({ language });
}

function installTexts(language: Language, texts: Texts): void {
  // deep + overwrite: a refreshed pack replaces texts in place; react-i18next re-renders on "added".
  i18n.addResourceBundle(language, 'translation', texts, true, true);
}

function installWhenRefreshed(language: Language, loaded: LoadedTexts): void {
  void loaded.refreshed?.then((texts) => {
    if (texts) installTexts(language, texts);
  });
}

/** A language's texts from the server's pack, knowing which version this build's own texts are. */
const loadPack = (language: Language, storage: Storage): Promise<LoadedTexts> =>
  loadTexts(language, storage, fetchLanguagePack, { builtVersion: BUILT_PACK_VERSIONS[language] });

/** Call once before the first render; resolves when texts for the preferred language are in place. */
export async function startI18n(storage: Storage = localStorage): Promise<void> {
  const preference = readPreference(storage);
  const language = resolvePreference(preference, browserLanguages());
  setCurrentPreference(preference);
  updateRequestContext({ language });
  const loaded = await loadPack(language, storage);
  await i18n.use(initReactI18next).init({
    lng: language,
    supportedLngs: [...LANGUAGES],
    // Every language's texts hold all of core's keys (this build's own pack, or a pack laid over core's bundled
    // texts, pack-loader.ts), so there is nothing to fall back to.
    fallbackLng: false,
    resources: { [language]: { translation: loaded.texts } },
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders; i18next escaping on top would show entities.
    interpolation: { escapeValue: false },
    react: { bindI18nStore: 'added' },
  });
  applyLanguage(language);
  i18n.on('languageChanged', (next: string) => applyLanguage(isLanguage(next) ? next : DEFAULT_LANGUAGE));
  installWhenRefreshed(language, loaded);
}

async function showLanguage(language: Language, storage: Storage): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    const loaded = await loadPack(language, storage);
    installTexts(language, loaded.texts);
    installWhenRefreshed(language, loaded);
  }
  await i18n.changeLanguage(language);
}

/** Stores the preference, makes sure its pack is loaded, and switches the whole UI over. */
export async function switchLanguage(preference: LanguagePreference, storage: Storage = localStorage): Promise<void> {
  writePreference(storage, preference);
  setCurrentPreference(preference);
  await showLanguage(resolvePreference(preference, browserLanguages()), storage);
}

/** Logout removes the stored preference (spec §4): the UI follows whatever is stored now (the browser). */
export async function resetLanguageAfterSignOut(storage: Storage = localStorage): Promise<void> {
  const preference = readPreference(storage);
  setCurrentPreference(preference);
  await showLanguage(resolvePreference(preference, browserLanguages()), storage);
}
