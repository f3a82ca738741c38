// The unified social credit code of Chinese organisations (GB 32100-2015): 18 characters from a 31-sign
// set (digits and capitals without I, O, Z, S, V) — registration authority, organisation type, 6-digit
// administrative division, 9-character organisation code — and a check character: each of the first 17
// signs' values weighted by 3^i mod 31, summed, and 31 − (sum mod 31) taken back into the set (31 → 0).

/** The 31 signs in value order: '0' is 0, 'A' is 10, 'Y' is 30. */
export const USCC_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = Array.from({ length: 17 }, (_, i) => 3 ** i % 31);
const SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** The check character of the first 17 signs (which must be from the set). */
export function usccCheckCharacter(body: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += USCC_CHARSET.indexOf(body[i]!) * WEIGHTS[i]!;
  return USCC_CHARSET[(31 - (sum % 31)) % 31]!;
}

/** Why a code is not a unified social credit code ('format' or 'checkDigit'), undefined when it is one. */
export function usccProblem(value: string): 'format' | 'checkDigit' | undefined {
  if (!SHAPE.test(value)) return 'format';
  return usccCheckCharacter(value) === value[17] ? undefined : 'checkDigit';
}
