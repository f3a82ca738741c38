// The iql of the deadline calendar's views: the open deadlines of one month (the calendar) and of the
// spec §9 time ranges (the list: today, tomorrow, within 7 days, 30 days, 12 months), earliest first.
// The iCalendar export sends the same text, so the file holds what the page shows.
import type { MessageKey } from '@ipdesk/core';

export const RANGE_KEYS = ['today', 'tomorrow', 'days7', 'days30', 'months12'] as const;
export type RangeKey = (typeof RANGE_KEYS)[number];

/** What the page shows: a month of the calendar, or a time range as a list. */
export type DeadlineFilter = { kind: 'month'; year: number; month: number } | { kind: 'range'; range: RangeKey };

/** The iql WITHIN window of each range (relative to the server's today, docs/iql.md). */
const WINDOWS: Record<RangeKey, string> = {
  today: 'TODAY',
  tomorrow: 'TOMORROW',
  days7: '7 DAYS',
  days30: '30 DAYS',
  months12: '12 MONTHS',
};

export const RANGE_LABELS: Record<RangeKey, MessageKey> = {
  today: 'deadlineCalendar.range.today',
  tomorrow: 'deadlineCalendar.range.tomorrow',
  days7: 'deadlineCalendar.range.days7',
  days30: 'deadlineCalendar.range.days30',
  months12: 'deadlineCalendar.range.months12',
};

const OPEN = "status = 'open'";
const ORDER = 'ORDER BY due_date ASC';
const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** The first and last day of a month (1-based month), as the API writes dates. */
export function monthBounds(year: number, month: number): { first: string; last: string } {
  // Day 0 of the next month is the last day of this one.
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { first: `${pad(year, 4)}-${pad(month)}-01`, last: `${pad(year, 4)}-${pad(month)}-${pad(days)}` };
}

export function monthIql(year: number, month: number): string {
  const { first, last } = monthBounds(year, month);
  return `${OPEN} AND due_date BETWEEN '${first}' AND '${last}' ${ORDER}`;
}

export function rangeIql(range: RangeKey): string {
  return `${OPEN} AND due_date WITHIN ${WINDOWS[range]} ${ORDER}`;
}

export function filterIql(filter: DeadlineFilter): string {
  return filter.kind === 'month' ? monthIql(filter.year, filter.month) : rangeIql(filter.range);
}

export function isRangeKey(value: unknown): value is RangeKey {
  return typeof value === 'string' && (RANGE_KEYS as readonly string[]).includes(value);
}
