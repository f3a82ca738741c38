// A new account's initial password: random, shown once, changed at first sign-in. It must pass the
// tenant's policy, so it has 16 characters (inside every policy's length range) with an upper-case
// letter, a lower-case letter, a digit and a symbol, and no look-alike characters.
import { randomInt } from 'node:crypto';
import { checkPassword, type PasswordPolicy } from '@ipdesk/core';

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const SYMBOLS = '#$%&*+-=?@';
const ALL = UPPER + LOWER + DIGITS + SYMBOLS;
const LENGTH = 16;

const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)]!;

export function initialPassword(policy: PasswordPolicy): string {
  for (;;) {
    const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SYMBOLS)];
    while (chars.length < LENGTH) chars.push(pick(ALL));
    // Fisher–Yates, so the required kinds are not always in front.
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j]!, chars[i]!];
    }
    const password = chars.join('');
    if (checkPassword(password, policy).ok) return password;
  }
}
