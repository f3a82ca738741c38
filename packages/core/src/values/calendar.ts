// Calendar dates and timestamps as the database can store them. JavaScript's Date is lenient
// (2024-02-30 rolls over to March, year 0 and year 10000 parse) while PostgreSQL refuses them with a
// server error, so every value bound to a date or timestamptz column is checked here first: by the
// record pipeline, the iql compiler and the web's query box alike.

/** Years PostgreSQL's date and timestamptz share with ISO 8601 (there is no year 0 in SQL). */
const MIN_YEAR = 1;
const MAX_YEAR = 9999;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// A date, then optionally a time (T or one space) with optional seconds, fraction and offset.
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?)?$/i;

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one (UTC, so no time zone can shift it).
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isCalendarDay(year: number, month: number, day: number): boolean {
  return (
    year >= MIN_YEAR && year <= MAX_YEAR && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month)
  );
}

/** True for an ISO date (YYYY-MM-DD) that exists in the calendar, years 0001–9999. */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  return match !== null && isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/**
 * An ISO date-time (or a date alone, meaning its midnight UTC) as a normalised ISO instant, or undefined
 * when any part is out of range: month 13, 24:61, second 60, offset beyond ±14:00, year 0 or 10000.
 * Without an offset the time is UTC, as the API documents.
 */
export function normaliseTimestamp(text: string): string | undefined {
  if (text.length > 40) return undefined;
  const match = TIMESTAMP.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour = '0', minute = '0', second = '0', zone, zoneHours = '0', zoneMinutes = '0'] = match;
  if (!isCalendarDay(Number(year), Number(month), Number(day))) return undefined;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return undefined;
  if (zone && zone.toUpperCase() !== 'Z' && (Number(zoneHours) > 14 || Number(zoneMinutes) > 59)) return undefined;
  const time = Date.parse(match[4] === undefined ? `${text}T00:00:00Z` : normaliseSeparator(text, zone));
  if (Number.isNaN(time)) return undefined;
  const instant = new Date(time);
  // An offset may carry 0001-01-01T00:00+01:00 into year 0: still out of the database's range.
  const utcYear = instant.getUTCFullYear();
  return utcYear >= MIN_YEAR && utcYear <= MAX_YEAR ? instant.toISOString() : undefined;
}

/** The text in the one form Date.parse reads the same everywhere: T separator, explicit UTC. */
function normaliseSeparator(text: string, zone: string | undefined): string {
  const withT = `${text.slice(0, 10)}T${text.slice(11)}`;
  if (!zone) return `${withT}Z`;
  // +0800 → +08:00
  return /[+-]\d{4}$/.test(withT) ? `${withT.slice(0, -2)}:${withT.slice(-2)}` : withT;
}
