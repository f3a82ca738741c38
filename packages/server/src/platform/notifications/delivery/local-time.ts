// A person's wall clock for quiet hours and the digest hour: which hour it is in their time zone, and the
// instant their clock next (or last) shows a given hour. Done with Intl, so daylight saving time is the time
// zone database's; a time zone Intl does not know falls back to the default (the table's default too).

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone if Intl knows it, else the default. */
export function knownTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  try {
    formatter(timeZone);
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function wallClock(at: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(at)
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far the zone's clock is ahead of UTC at this instant, in ms. */
function offsetAt(at: Date, timeZone: string): number {
  const w = wallClock(at, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant the zone's clock shows this date at `hour`:00 (a day's date may overflow: day 32 is next month). */
function atLocalHour(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day, hour);
  // Twice: the offset at the first estimate may differ across a daylight-saving change.
  let at = new Date(guess - offsetAt(new Date(guess), timeZone));
  at = new Date(guess - offsetAt(at, timeZone));
  return at;
}

/** The first instant after `now` at which the zone's clock shows `hour`:00. */
export function nextLocalHour(now: Date, timeZone: string, hour: number): Date {
  const w = wallClock(now, timeZone);
  const today = atLocalHour(w.year, w.month, w.day, hour, timeZone);
  return today.getTime() > now.getTime() ? today : atLocalHour(w.year, w.month, w.day + 1, hour, timeZone);
}

/** The last instant at or before `now` at which the zone's clock showed `hour`:00. */
export function lastLocalHour(now: Date, timeZone: string, hour: number): Date {
  const w = wallClock(now, timeZone);
  const today = atLocalHour(w.year, w.month, w.day, hour, timeZone);
  return today.getTime() <= now.getTime() ? today : atLocalHour(w.year, w.month, w.day - 1, hour, timeZone);
}

/**
 * When a person's quiet hours (from `from`:00 to `to`:00 on their clock, over midnight when from > to) end,
 * if `now` falls in them; null when it does not or they have none (from = to means none).
 */
export function quietHoursEnd(
  now: Date,
  timeZone: string,
  from: number | null | undefined,
  to: number | null | undefined,
): Date | null {
  if (from === null || from === undefined || to === null || to === undefined || from === to) return null;
  const { hour } = wallClock(now, timeZone);
  const quiet = from < to ? hour >= from && hour < to : hour >= from || hour < to;
  return quiet ? nextLocalHour(now, timeZone, to) : null;
}
