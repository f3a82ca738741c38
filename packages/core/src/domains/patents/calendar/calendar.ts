// Working-day arithmetic over an office calendar: whether a day is closed and the first working day on
// or after a date (the roll-forward of CNR 5, 35 USC 21(b), EPC r. 134, JP Patent Act Art. 3(2)).
// Results are memoised per calendar, because a recompute of a million cases asks about few dates.
import { addDays, weekday, type IsoDate } from '../period.js';
import type { CalendarData, ClosedDay, OfficeCalendar, RollResult, SkippedDay } from './types.js';

/** Turns stored calendar data into lookup sets (once per calendar, at load). */
export function buildCalendar(data: CalendarData): OfficeCalendar {
  const closedDays = new Map<IsoDate, ClosedDay>();
  for (const [date, zh, en] of data.closed) closedDays.set(date, { name: { zh, en } });
  return {
    office: data.office,
    source: data.source,
    weekend: data.weekend,
    closedDays,
    workingDays: new Set(data.working),
    coverage: data.coverage,
  };
}

export function isCovered(date: IsoDate, calendar: OfficeCalendar): boolean {
  return date >= calendar.coverage.from && date <= calendar.coverage.to;
}

/** Why a date is closed, or undefined on a working day. A weekend make-up working day is open. */
export function closedReason(date: IsoDate, calendar: OfficeCalendar): SkippedDay | undefined {
  const closed = calendar.closedDays.get(date);
  if (closed) return closed.name ? { date, reason: 'holiday', name: closed.name } : { date, reason: 'holiday' };
  if (calendar.workingDays.has(date)) return undefined;
  return calendar.weekend.includes(weekday(date)) ? { date, reason: 'weekend' } : undefined;
}

export function isWorkingDay(date: IsoDate, calendar: OfficeCalendar): boolean {
  return closedReason(date, calendar) === undefined;
}

// A calendar whose every weekday is closed would loop for ever; no real closure lasts this long.
const MAX_CLOSED_RUN = 60;
// A recompute asks about a few thousand distinct dates; the cap only bounds memory on odd inputs.
const MEMO_LIMIT = 50_000;
const memo = new WeakMap<OfficeCalendar, Map<IsoDate, RollResult>>();

/**
 * The first working day on or after `date`, with the closed days passed over. Outside the calendar's
 * coverage only weekends are known, and the result says so (`covered: false`). Results are shared and
 * frozen: do not mutate them.
 */
export function rollForward(date: IsoDate, calendar: OfficeCalendar): RollResult {
  let cache = memo.get(calendar);
  if (!cache) {
    cache = new Map();
    memo.set(calendar, cache);
  }
  const known = cache.get(date);
  if (known) return known;

  const skipped: SkippedDay[] = [];
  let covered = true;
  let current = date;
  for (let i = 0; i < MAX_CLOSED_RUN; i += 1) {
    if (!isCovered(current, calendar)) covered = false;
    const reason = closedReason(current, calendar);
    if (!reason) break;
    skipped.push(reason);
    current = addDays(current, 1);
  }
  const workingWeekend = calendar.workingDays.has(current) && calendar.weekend.includes(weekday(current));
  const result: RollResult = Object.freeze({
    date: current,
    skipped: Object.freeze(skipped),
    covered,
    workingWeekend,
  });
  if (cache.size >= MEMO_LIMIT) cache.clear();
  cache.set(date, result);
  return result;
}
