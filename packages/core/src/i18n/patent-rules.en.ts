// Server texts of deadlines, fees and office calendars (en), typed against zh-CN.
import { CALENDAR_IMPORT_MESSAGES, type CalendarImportMessageKey } from '../patents/calendar/import.js';
import type { PatentRulesMessageKey } from './patent-rules.zh-CN.js';

const calendarImport = Object.fromEntries(
  Object.entries(CALENDAR_IMPORT_MESSAGES).map(([key, label]) => [key, label.en]),
) as Record<CalendarImportMessageKey, string>;

export const patentRulesEn: Record<PatentRulesMessageKey, string> = {
  ...calendarImport,
  'field.calendarRows': 'Calendar rows',
  'field.office': 'Office',
  'field.calendarDate': 'Date',
  'field.calendarType': 'Type',
  'field.calendarName': 'Name',
  'field.paidDate': 'Paid on',
  'validation.paidDateRequired': 'is required when recording a payment',
  'field.year': 'Year',
  'error.calendarImportInvalid': 'Calendar import: row {{row}}, {{field}}: {{problem}}',
  'error.calendarImportTooMany': 'At most {{max}} rows per import',
  'ical.calendarName': 'IPDesk deadlines',
  'ical.unknownCase': '(a case you cannot see)',
  'deadline.source': 'Source',
};
