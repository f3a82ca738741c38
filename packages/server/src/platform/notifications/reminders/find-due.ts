// The set-based searches of the reminder run: per source and tenant, one query finds every (row, lead time)
// reminder due today and not sent yet, and one finds the open deadlines to escalate. The office calendars'
// distances come in as arrays (working-days.ts), so no row is walked in Node.
//
// Due today: the row's distance (working days of its office, calendar days without one) is at most some lead
// time; the one sent is the nearest such lead time (the smallest ≥ the distance), so a server that was down
// for days catches up with one reminder, never with 90 and 30 days on the same day. Sent already: an event
// with the reminder's dedupe key exists (the same key queueNotification refuses a second time).
import { addDays, type OfficeCalendar } from '@ipdesk/core';
import type { Queryable, SqlValue } from '../../../db/database.js';
import { officeSql, parentJoin, type ReminderSource } from './sources.js';
import { workingDayDistances } from './working-days.js';

/** The distances of the offices' due dates (parallel arrays, bound as parameters) and the last due date. */
export interface DistanceTable {
  offices: string[];
  dues: string[];
  distances: number[];
  /** No due date after this can be due for anything. */
  lastDue: string;
}

export interface DueRow {
  sid: string;
  due_date: string;
  parent_sid: string | null;
  assignee: string | null;
  distance: number;
  /** The lead time due (reminders only). */
  lead?: number;
  [column: string]: unknown;
}

/** The offices of the source's rows that could be due (a generous date range: working days are fewer). */
async function officesInRange(
  tx: Queryable,
  source: ReminderSource,
  tenantSid: string,
  today: string,
  maxDistance: number,
): Promise<string[]> {
  if (!source.office) return [];
  if ('fixed' in source.office) return [source.office.fixed];
  const office = officeSql(source);
  const rows = await tx.query<{ office: string }>(
    `SELECT DISTINCT ${office} AS office FROM ${source.model.table} t ${parentJoin(source)}
      WHERE t.tenant_sid = $1 AND t.status = $2 AND t.due_date BETWEEN $3::date AND $4::date AND ${office} IS NOT NULL`,
    [tenantSid, source.openStatus, today, addDays(today, maxDistance * 2 + 60)],
  );
  return rows.map((r) => r.office);
}

export async function distanceTable(
  tx: Queryable,
  source: ReminderSource,
  tenantSid: string,
  today: string,
  maxDistance: number,
  calendars: (office: string) => OfficeCalendar,
): Promise<DistanceTable> {
  const table: DistanceTable = { offices: [], dues: [], distances: [], lastDue: addDays(today, maxDistance) };
  for (const office of await officesInRange(tx, source, tenantSid, today, maxDistance)) {
    for (const { due, distance } of workingDayDistances(calendars(office), today, maxDistance)) {
      table.offices.push(office);
      table.dues.push(due);
      table.distances.push(distance);
      if (due > table.lastDue) table.lastDue = due;
    }
  }
  return table;
}

/** The parts both searches share: open rows of the tenant due from today to the table's end, with their distance. */
function openRowsSql(source: ReminderSource): { select: string; from: string; where: string } {
  const office = officeSql(source);
  const columns = [
    't.sid',
    't.due_date::text AS due_date',
    source.parent ? `t.${source.parent.column} AS parent_sid` : 'NULL::text AS parent_sid',
    source.assigneeColumn ? `t.${source.assigneeColumn} AS assignee` : 'NULL::text AS assignee',
    ...source.titleColumns.map((c) => `t.${c}`),
    'dist.distance',
  ];
  return {
    select: columns.join(', '),
    from: `${source.model.table} t ${parentJoin(source)}
      LEFT JOIN unnest($2::text[], $3::date[], $4::int[]) AS d(office, due, distance)
        ON d.office = ${office} AND d.due = t.due_date
      CROSS JOIN LATERAL (
        SELECT COALESCE(d.distance, CASE WHEN ${office} IS NULL THEN t.due_date - $5::date END) AS distance
      ) dist`,
    where: 't.tenant_sid = $1 AND t.status = $7 AND t.due_date BETWEEN $5::date AND $6::date',
  };
}

/** The parameters $1–$7 of openRowsSql. */
function openRowsParams(source: ReminderSource, tenantSid: string, today: string, table: DistanceTable): SqlValue[] {
  return [tenantSid, table.offices, table.dues, table.distances, today, table.lastDue, source.openStatus];
}

/** The dedupe key's prefix of a source's reminders; the row, due date and lead time follow. */
export function reminderKeyPrefix(source: ReminderSource): string {
  return source.kind === 'fee' ? 'fee:' : `deadline:${source.model.name}:`;
}

/** The dedupe key's prefix of a store's escalations; the row and due date follow (once per due date). */
export function escalationKeyPrefix(source: ReminderSource): string {
  return `escalate:${source.model.name}:`;
}

/**
 * The reminders due today and not yet sent, earliest due first. `ruleLeads` maps a rule code to its lead
 * times (office-action rules, a tenant's per-rule lists); other rows take `defaultLeads`.
 */
export async function findDueReminders(
  tx: Queryable,
  source: ReminderSource,
  input: {
    tenantSid: string;
    today: string;
    table: DistanceTable;
    ruleLeads: Readonly<Record<string, readonly number[]>>;
    defaultLeads: readonly number[];
  },
): Promise<DueRow[]> {
  const { select, from, where } = openRowsSql(source);
  const rule = source.ruleColumn ? `t.${source.ruleColumn}` : 'NULL::text';
  const leads = `COALESCE($8::jsonb -> ${rule}, $9::jsonb)`;
  return tx.query<DueRow>(
    `SELECT ${select}, x.lead
       FROM ${from}
       CROSS JOIN LATERAL (
         SELECT min(l.value::int) AS lead FROM jsonb_array_elements_text(${leads}) l WHERE l.value::int >= dist.distance
       ) x
      WHERE ${where} AND x.lead IS NOT NULL
        AND NOT EXISTS (
          SELECT 1 FROM notification_event e
           WHERE e.tenant_sid = $1 AND e.dedupe_key = $10 || t.sid || ':' || t.due_date::text || ':' || x.lead
        )
      ORDER BY t.due_date, t.sid`,
    [
      ...openRowsParams(source, input.tenantSid, input.today, input.table),
      JSON.stringify(input.ruleLeads),
      JSON.stringify(input.defaultLeads),
      reminderKeyPrefix(source),
    ],
  );
}

/** The open deadlines within `withinDays` of due (today included) not escalated yet for this due date. */
export async function findEscalations(
  tx: Queryable,
  source: ReminderSource,
  input: { tenantSid: string; today: string; table: DistanceTable; withinDays: number },
): Promise<DueRow[]> {
  const { select, from, where } = openRowsSql(source);
  return tx.query<DueRow>(
    `SELECT ${select}
       FROM ${from}
      WHERE ${where} AND dist.distance <= $8
        AND NOT EXISTS (
          SELECT 1 FROM notification_event e
           WHERE e.tenant_sid = $1 AND e.dedupe_key = $9 || t.sid || ':' || t.due_date::text
        )
      ORDER BY t.due_date, t.sid`,
    [
      ...openRowsParams(source, input.tenantSid, input.today, input.table),
      input.withinDays,
      escalationKeyPrefix(source),
    ],
  );
}
