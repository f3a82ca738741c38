// Identity document rules of spec §5, shared by the person form and the server: the resident ID card
// (GB 11643-1999: 17 digits and a check character computed with ISO 7064 MOD 11-2), passports and home
// return permits (letters and digits, at most 20).
import { isCalendarDate } from '../values/calendar.js';

export const ID_TYPES = ['id_card', 'passport', 'home_return_permit'] as const;
export type IdType = (typeof ID_TYPES)[number];

const ID_CARD_PATTERN = /^\d{17}[\dX]$/;
const TRAVEL_DOCUMENT_PATTERN = /^[A-Za-z0-9]{1,20}$/;
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARACTERS = '10X98765432';

/** The check character of a 17-digit ID card body. */
export function idCardCheckCharacter(body: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(body[i]) * WEIGHTS[i]!;
  return CHECK_CHARACTERS[sum % 11]!;
}

/** Why an ID number is wrong for its type, or undefined when it is right. */
export function idNumberProblem(type: IdType, value: string): 'format' | 'checkDigit' | 'birthDate' | undefined {
  if (type !== 'id_card') return TRAVEL_DOCUMENT_PATTERN.test(value) ? undefined : 'format';
  const upper = value.toUpperCase();
  if (!ID_CARD_PATTERN.test(upper)) return 'format';
  const birth = upper.slice(6, 14);
  if (!isCalendarDate(`${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6, 8)}`)) return 'birthDate';
  if (idCardCheckCharacter(upper) !== upper[17]) return 'checkDigit';
  return undefined;
}
