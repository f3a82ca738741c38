// Calendar arithmetic for the fee schedule's hot path, on integers instead of Date objects: the same
// results as period.ts addPeriod (property-tested against it), about twenty times cheaper, because
// the server schedules fees for up to a million cases in one go.
import type { IsoDate } from '../period.js';

const ZERO = 48;

function digits(s: string, from: number, count: number): number {
  let n = 0;
  for (let i = from; i < from + count; i++) n = n * 10 + (s.charCodeAt(i) - ZERO);
  return n;
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function monthLength(year: number, month: number): number {
  return month === 2 && isLeap(year) ? 29 : (MONTH_DAYS[month - 1] ?? 31);
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

function format(year: number, month: number, day: number): IsoDate {
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (March-based year, so leap days come last). */
function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const marchMonth = (month + 9) % 12;
  const dayOfYear = Math.floor((153 * marchMonth + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

function fromDayNumber(days: number): IsoDate {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1;
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  return format(yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day);
}

/** `date` plus whole months: the same-numbered day, else the month end; or the month end when asked. */
export function plusMonths(date: IsoDate, months: number, endOfMonth = false): IsoDate {
  const total = digits(date, 0, 4) * 12 + digits(date, 5, 2) - 1 + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  const last = monthLength(year, month);
  const day = endOfMonth ? last : Math.min(digits(date, 8, 2), last);
  return format(year, month, day);
}

export function plusDays(date: IsoDate, days: number): IsoDate {
  const year = digits(date, 0, 4);
  const month = digits(date, 5, 2);
  const day = digits(date, 8, 2) + days;
  // Most calls move a day or so within the month (the day after a due date): no calendar conversion.
  if (day >= 1 && (day <= 28 || day <= monthLength(year, month))) return format(year, month, day);
  if (days === 1 && day === monthLength(year, month) + 1) {
    return month === 12 ? format(year + 1, 1, 1) : format(year, month + 1, 1);
  }
  return fromDayNumber(dayNumber(year, month, day - days) + days);
}

/** The 1-based year, counted in anniversaries of `start`, that `date` falls in (0 before `start`). */
export function yearNumberAt(start: IsoDate, date: IsoDate): number {
  if (date < start) return 0;
  let years = digits(date, 0, 4) - digits(start, 0, 4);
  if (plusMonths(start, years * 12) > date) years -= 1;
  return years + 1;
}
