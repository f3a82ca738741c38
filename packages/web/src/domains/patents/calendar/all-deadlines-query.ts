// The iql of the list of every kind's deadlines (/deadlines): its status, due and title filters written in
// the fields every deadline store has (core docket/deadline-model.ts and patent_task: status, due_date,
// title, verification), earliest first. The record kind filter is not iql (no store has a "kind" field): it names the
// stores to read (GET /webapi/deadlines?stores=).
import type { MessageKey } from '@ipdesk/core';

export const STATUS_KEYS = ['open', 'done', 'cancelled', 'all'] as const;
export type StatusKey = (typeof STATUS_KEYS)[number];
export const DUE_KEYS = ['overdue', 'days7', 'days30', 'days90', 'any'] as const;
export type DueKey = (typeof DUE_KEYS)[number];

export interface AllDeadlinesFilter {
  status: StatusKey;
  due: DueKey;
  /** Text the title contains; blank: any. */
  search: string;
  /** Only deadlines waiting for a second person's verification (dual docketing; the home page's link). */
  unverified: boolean;
}

export const DEFAULT_FILTER: AllDeadlinesFilter = { status: 'open', due: 'any', search: '', unverified: false };

/** The list's address for unverified deadlines (the home page's card links here). */
export const UNVERIFIED_PARAM = 'verification';

export const STATUS_LABELS: Record<StatusKey, MessageKey> = {
  open: 'allDeadlines.filter.status.open',
  done: 'allDeadlines.filter.status.done',
  cancelled: 'allDeadlines.filter.status.cancelled',
  all: 'allDeadlines.filter.status.all',
};

export const DUE_LABELS: Record<DueKey, MessageKey> = {
  overdue: 'allDeadlines.filter.due.overdue',
  days7: 'allDeadlines.filter.due.days7',
  days30: 'allDeadlines.filter.due.days30',
  days90: 'allDeadlines.filter.due.days90',
  any: 'allDeadlines.filter.due.any',
};

/** Overdue: due before today (the browser's, as the list's overdue colour); the windows count from today on. */
const DUE_CONDITIONS: Record<DueKey, (today: string) => string | undefined> = {
  overdue: (today) => `due_date < ${quoted(today)}`,
  days7: () => 'due_date WITHIN 7 DAYS',
  days30: () => 'due_date WITHIN 30 DAYS',
  days90: () => 'due_date WITHIN 90 DAYS',
  any: () => undefined,
};

/** An iql text: in single quotes, a quote inside written twice (docs/iql.md). */
function quoted(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

export function allDeadlinesIql(filter: AllDeadlinesFilter, today: string): string {
  const search = filter.search.trim();
  const conditions = [
    filter.status === 'all' ? undefined : `status = ${quoted(filter.status)}`,
    DUE_CONDITIONS[filter.due](today),
    search === '' ? undefined : `title CONTAINS ${quoted(search)}`,
    filter.unverified ? "verification = 'unverified'" : undefined,
  ].filter((condition): condition is string => condition !== undefined);
  return [...conditions.slice(0, 1), ...conditions.slice(1).map((c) => `AND ${c}`), 'ORDER BY due_date ASC'].join(' ');
}
