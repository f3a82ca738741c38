// A default role keeps its code as the key of its texts: while its name (or description) is still the
// seeded one, every viewer reads it in their language. Stored in Chinese (the default language); a name
// given back in English (an English viewer saving the form unchanged) is stored as the seeded Chinese,
// so one viewer's language never renames the role for the others. A renamed role shows as named.
import type { Language } from '../i18n/index.js';
import { DEFAULT_ROLES, type DefaultRole } from './default-roles.js';

const BY_CODE = new Map<string, DefaultRole>(DEFAULT_ROLES.map((role) => [role.code.toLowerCase(), role]));

type Text = 'name' | 'description';

const pick = (role: DefaultRole, text: Text, language: Language) => (language === 'en' ? role[text].en : role[text].zh);

/** The stored text in the viewer's language when it is the default role's seeded one; else as stored. */
export function defaultRoleText(code: string, text: Text, stored: string, language: Language): string;
export function defaultRoleText(code: string, text: Text, stored: string | null, language: Language): string | null;
export function defaultRoleText(code: string, text: Text, stored: string | null, language: Language) {
  const role = BY_CODE.get(code.toLowerCase());
  if (!role || stored === null || stored !== role[text].zh) return stored;
  return pick(role, text, language);
}

/** The text to store for a default role given in any language: its seeded text, when it is one. */
export function storedDefaultRoleText(code: string, text: Text, given: string): string;
export function storedDefaultRoleText(
  code: string,
  text: Text,
  given: string | null | undefined,
): string | null | undefined;
export function storedDefaultRoleText(code: string, text: Text, given: string | null | undefined) {
  const role = BY_CODE.get(code.toLowerCase());
  if (!role || given === null || given === undefined) return given;
  return given === role[text].en ? role[text].zh : given;
}
