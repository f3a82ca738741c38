// Calendar-date arithmetic for legal periods. Dates are ISO 'YYYY-MM-DD' strings (a filing date has no
// time zone); months and years keep the day of month and fall back to the month's last day when it
// has none (CN Implementing Regulations r.5: "the same-numbered day, else the month end").
import { isCalendarDate } from '../../values/calendar.js';

export type IsoDate = string;

export interface Period {
  years?: number;
  months?: number;
  days?: number;
  /** The period ends on the last day of the month it lands in (EP renewal fees, grace periods). */
  endOfMonth?: boolean;
}

/** A date the calendar and the database have (values/calendar.ts, the one date parser). */
export function isIsoDate(value: unknown): value is IsoDate {
  return typeof value === 'string' && isCalendarDate(value);
}

export function toUtc(date: IsoDate): Date {
  return new Date(`${date}T00:00:00Z`);
}

export function fromUtc(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** The date a period after `start` ends on (negative periods count backwards). */
export function addPeriod(start: IsoDate, period: Period): IsoDate {
  const d = toUtc(start);
  const months = (period.years ?? 0) * 12 + (period.months ?? 0);
  let year = d.getUTCFullYear();
  let month = d.getUTCMonth();
  let day = d.getUTCDate();
  if (months !== 0) {
    const total = year * 12 + month + months;
    year = Math.floor(total / 12);
    month = total - year * 12;
    day = Math.min(day, daysInMonth(year, month));
  }
  if (period.endOfMonth) day = daysInMonth(year, month);
  const result = new Date(Date.UTC(year, month, day));
  if (period.days) result.setUTCDate(result.getUTCDate() + period.days);
  return fromUtc(result);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return addPeriod(date, { days });
}

/** 0 Sunday … 6 Saturday. */
export function weekday(date: IsoDate): number {
  return toUtc(date).getUTCDay();
}

/** Whole days from a to b (positive when b is later). */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return Math.round((toUtc(b).getTime() - toUtc(a).getTime()) / 86_400_000);
}

/** Whole months from a to b, counting a month only once its same-numbered day is reached. */
export function monthsBetween(a: IsoDate, b: IsoDate): number {
  const da = toUtc(a);
  const db = toUtc(b);
  let months = (db.getUTCFullYear() - da.getUTCFullYear()) * 12 + (db.getUTCMonth() - da.getUTCMonth());
  if (addPeriod(a, { months }) > b) months -= 1;
  return months;
}
