// Password policies (spec §5 and SECURITY.md), checked by the server and by the web form alike, so a
// rule is written once. Each failed rule is reported, so the form can show live feedback per rule.
import type { MessageKey } from '../i18n/index.js';

/** strict: spec's 8–30 with upper, lower, digit and special (default). simple: spec's other reading,
 * 8–16 with two of letters/digits/symbols. passphrase: ASVS style, 12–128 of anything, no composition. */
export const PASSWORD_POLICIES = ['strict', 'simple', 'passphrase'] as const;
export type PasswordPolicy = (typeof PASSWORD_POLICIES)[number];
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = 'strict';

export interface PasswordRule {
  key: MessageKey;
  params?: Record<string, number>;
  test(password: string): boolean;
}

/** Length in characters as people count them (code points), never truncated. */
export function passwordLength(password: string): number {
  return [...password].length;
}

const hasUpper = (p: string) => /\p{Lu}/u.test(p);
const hasLower = (p: string) => /\p{Ll}/u.test(p);
const hasDigit = (p: string) => /\p{Nd}/u.test(p);
const hasLetter = (p: string) => /\p{L}/u.test(p);
const hasSymbol = (p: string) => /[^\p{L}\p{Nd}\s]/u.test(p);
const lengthBetween = (min: number, max: number): PasswordRule => ({
  key: 'password.rule.length',
  params: { min, max },
  test: (p) => passwordLength(p) >= min && passwordLength(p) <= max,
});

export const PASSWORD_RULES: Record<PasswordPolicy, PasswordRule[]> = {
  strict: [
    lengthBetween(8, 30),
    { key: 'password.rule.upper', test: hasUpper },
    { key: 'password.rule.lower', test: hasLower },
    { key: 'password.rule.digit', test: hasDigit },
    { key: 'password.rule.symbol', test: hasSymbol },
    { key: 'password.rule.noSpace', test: (p) => !/\s/u.test(p) },
  ],
  simple: [
    lengthBetween(8, 16),
    {
      key: 'password.rule.twoKinds',
      test: (p) => [hasLetter(p), hasDigit(p), hasSymbol(p)].filter(Boolean).length >= 2,
    },
    { key: 'password.rule.noSpace', test: (p) => !/\s/u.test(p) },
  ],
  passphrase: [lengthBetween(12, 128)],
};

/** Upper bound on any policy's length, so oversized input is refused before any costly work. */
export const PASSWORD_MAX_LENGTH = 128;

export interface PasswordCheck {
  ok: boolean;
  failed: PasswordRule[];
}

export function checkPassword(password: string, policy: PasswordPolicy): PasswordCheck {
  const failed = PASSWORD_RULES[policy].filter((rule) => !rule.test(password));
  return { ok: failed.length === 0, failed };
}
