// Office calendars as users see and correct them: a year's closed days and make-up working days
// (built-in or imported), and the import of rows, which recomputes the open deadlines of the offices
// it touched once it has committed.
import {
  AppError,
  CALENDAR_DATA,
  calendarFor,
  mergeCalendar,
  parseCalendarImport,
  translate,
  type CalendarImportField,
  type Language,
  type MessageKey,
  labelIn,
} from '@ipdesk/core';
import type { AccountsContext } from '../../modules/accounts/context.js';
import { audit } from '../../modules/accounts/context.js';
import type { Principal } from '../../http/context.js';
import { importedDays, storeCalendarDays } from './calendars.js';
import { recomputeTenant } from './recompute.js';

export const MAX_CALENDAR_ROWS = 5000;

const FIELD_LABELS: Record<CalendarImportField, MessageKey> = {
  row: 'field.calendarRows',
  office: 'field.office',
  date: 'field.calendarDate',
  type: 'field.calendarType',
  name_zh: 'field.calendarName',
  name_en: 'field.calendarName',
};

const CALENDAR_ABOUT: Readonly<Record<string, MessageKey>> = {
  CN: 'patentCalendar.about.CN',
  US: 'patentCalendar.about.US',
  EP: 'patentCalendar.about.EP',
  JP: 'patentCalendar.about.JP',
  WO: 'patentCalendar.about.WO',
};

export async function calendarDays(
  db: AccountsContext['db'],
  tenantSid: string,
  office: string,
  year: number,
  language: Language,
) {
  const imported = await importedDays(db, tenantSid, office);
  const importedDates = new Set(imported.map((r) => r.date));
  const calendar = mergeCalendar(calendarFor(office), imported);
  const inYear = (date: string) => date.startsWith(`${year}-`);
  const pick = (label: { zh: string; en: string } | undefined) => (label ? labelIn(label, language) : null);
  return {
    office,
    year,
    built_in: CALENDAR_DATA.some((c) => c.office === office),
    // User-facing text in the reader's language; the data's source note is for reviewers.
    source: CALENDAR_ABOUT[office] ? translate(language, CALENDAR_ABOUT[office]) : null,
    weekend: calendar.weekend,
    coverage: calendar.coverage,
    closed: [...calendar.closedDays]
      .filter(([date]) => inYear(date))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, day]) => ({ date, name: pick(day.name), imported: importedDates.has(date) })),
    working: [...calendar.workingDays]
      .filter(inYear)
      .sort()
      .map((date) => ({ date, imported: importedDates.has(date) })),
  };
}

export async function importCalendar(
  accounts: AccountsContext,
  input: { principal: Principal; rows: readonly unknown[]; language: Language; requestId: string; timeZone: string },
) {
  const { principal, language } = input;
  if (input.rows.length > MAX_CALENDAR_ROWS)
    throw new AppError('calendarImportTooMany', { params: { max: MAX_CALENDAR_ROWS } });
  const parsed = parseCalendarImport(input.rows);
  if (!parsed.ok) {
    const first = parsed.errors[0]!;
    throw new AppError('calendarImportInvalid', {
      params: {
        row: first.row,
        field: translate(language, FIELD_LABELS[first.field]),
        problem: translate(language, first.message),
      },
      fields: parsed.errors.slice(0, 100).map((e) => ({
        field: `rows[${e.row - 1}].${e.field}`,
        label: translate(language, FIELD_LABELS[e.field]),
        message: translate(language, e.message),
      })),
    });
  }
  const now = accounts.now();
  await accounts.db.transaction(async (tx) => {
    await storeCalendarDays(tx, principal.tenantSid, parsed.patch.rows, principal.userSid, now);
    await audit(tx, {
      tenantSid: principal.tenantSid,
      actorSid: principal.userSid,
      action: 'office_calendar.imported',
      target: `calendar:${parsed.patch.offices.join(',')}`,
      detail: { rows: parsed.patch.rows.length, offices: parsed.patch.offices },
      requestId: input.requestId,
      at: now,
    });
  });
  // Open deadlines of those offices follow the corrected calendar (done ones keep their history).
  const report = await recomputeTenant(accounts.db, {
    tenantSid: principal.tenantSid,
    offices: parsed.patch.offices,
    now,
    timeZone: input.timeZone,
    actorSid: principal.userSid,
  });
  return { rows: parsed.patch.rows.length, offices: parsed.patch.offices, cases: report.cases, ...report.counts };
}
