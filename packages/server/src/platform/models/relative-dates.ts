// Relative time windows of iql (WITHIN TODAY, NEXT 7 DAYS, LAST 12 MONTHS, …) as date bounds in the
// tenant's time zone, computed from the app clock so tests can move it.
import type { RelativeRange } from '@ipdesk/core';

/** The calendar date of an instant in a time zone, as YYYY-MM-DD. */
export function localDate(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function addMonths(date: string, months: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  // Clamp to the month's last day (31 Jan + 1 month = 28/29 Feb).
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d.toISOString().slice(0, 10);
}

/** Inclusive first and last day of the window. */
export function rangeDays(range: RelativeRange, today: string): { from: string; to: string } {
  if (range.kind === 'day') {
    const offset = { yesterday: -1, today: 0, tomorrow: 1 }[range.day];
    const day = addDays(today, offset);
    return { from: day, to: day };
  }
  const shift = range.unit === 'day' ? addDays : addMonths;
  return range.direction === 'next'
    ? { from: today, to: shift(today, range.amount) }
    : { from: shift(today, -range.amount), to: today };
}
