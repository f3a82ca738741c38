// The built-in office calendars (CN, US, JP, EP, WO), built once at load from the generated data.
// The server merges imported rows over these (mergeCalendar) and passes the result to the engine.
import { buildCalendar } from './calendar.js';
import { CN_CLOSURES } from './closures/cn.js';
import { EP_CLOSURES } from './closures/ep.js';
import { JP_CLOSURES } from './closures/jp.js';
import { US_CLOSURES } from './closures/us.js';
import { WO_CLOSURES } from './closures/wo.js';
import type { CalendarData, OfficeCalendar } from './types.js';

export const CALENDAR_DATA: readonly CalendarData[] = [CN_CLOSURES, US_CLOSURES, EP_CLOSURES, JP_CLOSURES, WO_CLOSURES];

export const OFFICE_CALENDARS: ReadonlyMap<string, OfficeCalendar> = new Map(
  CALENDAR_DATA.map((data) => [data.office, buildCalendar(data)]),
);

// Kept, so the roll-forward memo of a weekends-only calendar survives between calls.
const fallbacks = new Map<string, OfficeCalendar>();

/** The built-in calendar of an office; an office without one gets a weekends-only calendar. */
export function calendarFor(office: string): OfficeCalendar {
  const builtIn = OFFICE_CALENDARS.get(office);
  if (builtIn) return builtIn;
  let fallback = fallbacks.get(office);
  if (!fallback) {
    fallback = weekendOnlyCalendar(office);
    fallbacks.set(office, fallback);
  }
  return fallback;
}

/** Saturdays and Sundays only, covering nothing: every roll-forward says the calendar did not cover it. */
export function weekendOnlyCalendar(office: string): OfficeCalendar {
  return {
    office,
    source: 'No calendar data: weekends only.',
    weekend: [0, 6],
    closedDays: new Map(),
    workingDays: new Set(),
    coverage: { from: '9999-12-31', to: '0000-01-01' },
  };
}
