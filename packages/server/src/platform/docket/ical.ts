// The deadlines of every store the caller may view, as an iCalendar file (subscribe or import in a calendar
// app): what spanDeadlines finds, each event named by its deadline and its record in the reader's language,
// a record the reader may not see named neutrally.
import { labelIn, toICalendar, translate } from '@ipdesk/core';
import type { RequestContext } from '../context.js';
import { entrySummary, spanDeadlines, type DeadlineReadDeps } from './deadlines.js';

export const DEADLINES_ICAL_MAX = 5000;

export async function deadlinesIcal(
  deps: DeadlineReadDeps,
  ctx: RequestContext,
  input: { iql: string },
): Promise<string> {
  const { rows } = await spanDeadlines(deps, ctx, { iql: input.iql, max: DEADLINES_ICAL_MAX });
  const language = ctx.language;
  return toICalendar(
    rows.map((entry) => {
      const parent = deps.registry.get(entry.record.model);
      const kind = parent ? labelIn(parent.declaration.label, language) : entry.record.model;
      return {
        uid: `${entry.sid}@ipdesk`,
        date: entry.due_date,
        summary: entrySummary(entry),
        description: entry.record.title ? `${kind}: ${entry.record.title}` : translate(language, 'ical.unknownRecord'),
        stamp: entry.updated_at instanceof Date ? entry.updated_at : new Date(String(entry.updated_at)),
      };
    }),
    translate(language, 'ical.calendarName'),
  );
}
