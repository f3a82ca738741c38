// The current language preference as a tiny external store, so the switcher can show "auto" even
// when choosing it does not change the language (and so no i18next event fires).
import { useSyncExternalStore } from 'react';
import { AUTO_LANGUAGE, type LanguagePreference } from './preference';

let current: LanguagePreference = AUTO_LANGUAGE;
const subscribers = new Set<() => void>();

export function setCurrentPreference(preference: LanguagePreference): void {
  current = preference;
  for (const notify of subscribers) notify();
}

function subscribe(notify: () => void): () => void {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

export function useLanguagePreference(): LanguagePreference {
  return useSyncExternalStore(subscribe, () => current);
}
