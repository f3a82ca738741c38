// A tenant's working-day calendars: the built-in office calendars of core with the tenant's imported
// days applied over them. Imports replace a day's entry per office; importing a calendar recomputes
// the open deadlines of that office's cases (recompute.ts).
import { calendarFor, mergeCalendar, type CalendarDayRow, type OfficeCalendar } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';

export type CalendarLookup = (office: string) => OfficeCalendar;

export async function importedDays(db: Queryable, tenantSid: string, office?: string): Promise<CalendarDayRow[]> {
  const rows = await db.query<{
    office: string;
    day: string;
    kind: 'closed' | 'working';
    name_zh: string | null;
    name_en: string | null;
  }>(
    `SELECT office, day, kind, name_zh, name_en FROM office_calendar_day
      WHERE tenant_sid = $1 AND ($2::text IS NULL OR office = $2) ORDER BY office, day`,
    [tenantSid, office ?? null],
  );
  return rows.map((r) => ({
    office: r.office,
    date: String(r.day).slice(0, 10),
    type: r.kind,
    name_zh: r.name_zh ?? undefined,
    name_en: r.name_en ?? undefined,
  }));
}

/** The tenant's calendars, built once per call site (a recompute of many cases shares one lookup). */
export async function tenantCalendars(db: Queryable, tenantSid: string): Promise<CalendarLookup> {
  const byOffice = new Map<string, CalendarDayRow[]>();
  for (const row of await importedDays(db, tenantSid)) {
    byOffice.set(row.office, [...(byOffice.get(row.office) ?? []), row]);
  }
  const built = new Map<string, OfficeCalendar>();
  return (office) => {
    let calendar = built.get(office);
    if (!calendar) {
      const base = calendarFor(office);
      const rows = byOffice.get(office);
      calendar = rows ? mergeCalendar(base, rows) : base;
      built.set(office, calendar);
    }
    return calendar;
  };
}

/** Stores imported days (a day imported again replaces the earlier entry). Caller's transaction. */
export async function storeCalendarDays(
  tx: Queryable,
  tenantSid: string,
  rows: readonly CalendarDayRow[],
  actorSid: string,
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `INSERT INTO office_calendar_day (tenant_sid, office, day, kind, name_zh, name_en, imported_at, imported_by)
     SELECT $1, u.office, u.day, u.kind, u.name_zh, u.name_en, $2, $3
       FROM unnest($4::text[], $5::date[], $6::text[], $7::text[], $8::text[]) AS u(office, day, kind, name_zh, name_en)
     ON CONFLICT (tenant_sid, office, day) DO UPDATE SET kind = EXCLUDED.kind, name_zh = EXCLUDED.name_zh,
       name_en = EXCLUDED.name_en, imported_at = EXCLUDED.imported_at, imported_by = EXCLUDED.imported_by`,
    [
      tenantSid,
      now,
      actorSid,
      rows.map((r) => r.office),
      rows.map((r) => r.date),
      rows.map((r) => r.type),
      rows.map((r) => r.name_zh ?? null),
      rows.map((r) => r.name_en ?? null),
    ],
  );
}
