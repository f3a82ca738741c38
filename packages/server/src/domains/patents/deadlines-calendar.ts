// The deadlines an iql query finds, as an iCalendar file (subscribe or import in a calendar app): walked
// by keyset pages through the caller's view, at most ICAL_MAX, each named by its case's number and title
// where the caller may see that case (else a neutral "unknown case"), in the caller's language.
import { localizeDeadlineRow, patentModel, tableOf, toICalendar, translate } from '@ipdesk/core';
import type { ResolvedModel } from '../../platform/models/registry.js';
import { scopeCondition } from '../../platform/models/scope.js';
import { searchRecords, type SearchDeps } from '../../platform/models/search.js';
import { SqlParams } from '../../platform/models/sql-params.js';
import type { RequestContext } from '../../platform/context.js';

export const ICAL_MAX = 5000;

export async function deadlinesCalendar(
  deps: SearchDeps,
  ctx: RequestContext,
  input: { deadlines: ResolvedModel; cases: ResolvedModel; iql: string },
): Promise<string> {
  const rows = [];
  let cursor: string | undefined;
  do {
    const page = await searchRecords(deps, ctx, {
      model: input.deadlines,
      iql: input.iql,
      start: 0,
      rows: 100,
      cursor,
      total: false,
    });
    rows.push(...page.rows);
    cursor = page.next_cursor;
  } while (cursor && rows.length < ICAL_MAX);
  // Case numbers only of the cases the caller may see.
  const params = new SqlParams([[...new Set(rows.map((r) => String(r.patent)))]]);
  const cases = new Map(
    (
      await deps.accounts.db.query<{ sid: string; sn: string; title: string }>(
        `SELECT t.sid, t.sn, t.title FROM ${tableOf(patentModel)} t
          WHERE t.sid = ANY($1::text[]) AND ${scopeCondition(ctx.principal, input.cases, params)}`,
        params.values as never,
      )
    ).map((c) => [c.sid, c]),
  );
  const language = ctx.language;
  return toICalendar(
    rows.slice(0, ICAL_MAX).map((r) => {
      const c = cases.get(String(r.patent));
      const title = String(localizeDeadlineRow(r, language).title ?? r.title);
      return {
        uid: `${String(r.sid)}@ipdesk`,
        date: String(r.due_date),
        summary: c ? `${title} — ${c.sn}` : title,
        description: c ? c.title : translate(language, 'ical.unknownCase'),
        stamp: r.updated_at instanceof Date ? r.updated_at : new Date(String(r.updated_at)),
      };
    }),
    translate(language, 'ical.calendarName'),
  );
}
