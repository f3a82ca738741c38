// Pure rules of the deadline views: a deadline's stable key (its rule, else its sid), whether it is
// overdue, the tag its status shows, and the date with its weekday. Shared by the case tab and the
// portfolio calendar.
import type { MessageKey } from '@ipdesk/core';
import dayjs from 'dayjs';

export interface DeadlineLike {
  sid: string;
  rule_code?: string | null;
  due_date: string;
  status: string;
}

/** The rule code identifies a computed deadline within its case; hand-made ones have only their sid. */
export function deadlineKey(row: Pick<DeadlineLike, 'sid' | 'rule_code'>): string {
  return row.rule_code || row.sid;
}

/** Today in the browser's calendar, as the API writes dates. */
export function todayIso(now: Date = new Date()): string {
  return dayjs(now).format('YYYY-MM-DD');
}

/** Open and due before today (a deadline due today is still in time). */
export function isOverdue(row: Pick<DeadlineLike, 'due_date' | 'status'>, today: string): boolean {
  return row.status === 'open' && row.due_date < today;
}

export type DeadlineTagState = 'overdue' | 'open' | 'done' | 'cancelled' | 'other';

const TAG: Record<DeadlineTagState, { color: string; labelKey: MessageKey | undefined }> = {
  overdue: { color: 'red', labelKey: 'patentDeadlines.status.overdue' },
  open: { color: 'blue', labelKey: 'patentDeadlines.status.open' },
  done: { color: 'green', labelKey: 'patentDeadlines.status.done' },
  cancelled: { color: 'default', labelKey: 'patentDeadlines.status.cancelled' },
  other: { color: 'default', labelKey: undefined },
};

export function deadlineTagState(row: Pick<DeadlineLike, 'due_date' | 'status'>, today: string): DeadlineTagState {
  if (isOverdue(row, today)) return 'overdue';
  if (row.status === 'open' || row.status === 'done' || row.status === 'cancelled') return row.status;
  return 'other';
}

export function deadlineTag(state: DeadlineTagState): { color: string; labelKey: MessageKey | undefined } {
  return TAG[state];
}

/** "2026-03-16 周一" / "2026-03-16 Mon": the weekday in the page's language (dayjs follows i18n). */
export function dateWithWeekday(date: string): string {
  const day = dayjs(date);
  return day.isValid() ? `${date} ${day.format('ddd')}` : date;
}

/** Earliest first; the sid keeps deadlines of one day in a stable order. */
export function byDueDate<T extends Pick<DeadlineLike, 'sid' | 'due_date'>>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => a.due_date.localeCompare(b.due_date) || a.sid.localeCompare(b.sid));
}
