// Types t() against core's key set, so a misspelt key fails type-checking instead of showing the key.
import 'i18next';
import type { MessageKey } from '@ipdesk/core';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Record<MessageKey, string> };
    keySeparator: false;
    nsSeparator: false;
  }
}
