// What both language switchers show and do (spec §1): the current language, the choices, the name the
// button is announced by, and choosing one. The antd switcher (shell, public pages) and the plain one
// (sign-in, which loads without antd) differ only in how they draw it.
import { useTranslation } from 'react-i18next';
import { isLanguage } from '@ipdesk/core';
import { switchLanguage } from '../i18n/i18n';
import { LANGUAGE_PREFERENCES, isLanguagePreference, type LanguagePreference } from '../i18n/preference';
import { useLanguagePreference } from '../i18n/preference-store';

export interface LanguageChoice {
  preference: LanguagePreference;
  /** The language shown now, if it is one we have. */
  language: string | undefined;
  /** The button's text: the language shown, or "Language". */
  buttonText: string;
  /** The button's accessible name: what it shows first (WCAG 2.5.3), then what it is for. */
  buttonName: string;
  options: readonly { preference: LanguagePreference; label: string }[];
  choose(preference: string): void;
}

export function useLanguageChoice(): LanguageChoice {
  const { t, i18n } = useTranslation();
  const preference = useLanguagePreference();
  const language = isLanguage(i18n.language) ? i18n.language : undefined;
  const buttonText = language ? t(`language.${language}`) : t('language.label');
  return {
    preference,
    language,
    buttonText,
    buttonName: t('a11y.namedControl', { value: buttonText, purpose: t('language.label') }),
    options: LANGUAGE_PREFERENCES.map((option) => ({ preference: option, label: t(`language.${option}`) })),
    choose: (key) => {
      if (isLanguagePreference(key)) void switchLanguage(key);
    },
  };
}
