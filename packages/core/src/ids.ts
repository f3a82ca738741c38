// Record ids: spec §9 "16-character default id". 62 symbols ^ 16 ≈ 95 bits from a CSPRNG, so ids
// are unguessable as well as unique. Rejection sampling keeps every symbol equally likely.
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const SID_LENGTH = 16;
export const SID_PATTERN = /^[0-9A-Za-z]{16}$/;

function randomString(length: number, alphabet: string): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

export function newSid(): string {
  return randomString(SID_LENGTH, ALPHABET);
}

/** Random letters, e.g. for generated codes (spec §9 "random letter strings"). */
export function randomLetters(length: number): string {
  return randomString(length, LETTERS);
}

export function isSid(value: unknown): value is string {
  return typeof value === 'string' && SID_PATTERN.test(value);
}
