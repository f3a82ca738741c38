// Server texts of deadlines, fees and office calendars (en), typed against zh-CN.
import { CALENDAR_IMPORT_MESSAGES, type CalendarImportMessageKey } from '../calendar/import.js';
import type { PatentRulesMessageKey } from './patent-rules.zh-CN.js';

const calendarImport = Object.fromEntries(
  Object.entries(CALENDAR_IMPORT_MESSAGES).map(([key, label]) => [key, label.en]),
) as Record<CalendarImportMessageKey, string>;

export const patentRulesEn: Record<PatentRulesMessageKey, string> = {
  ...calendarImport,
  'field.calendarRows': 'Calendar rows',
  'field.feeLine': 'Fee schedule line',
  'field.office': 'Office',
  'field.calendarDate': 'Date',
  'field.calendarType': 'Type',
  'field.calendarName': 'Name',
  'field.year': 'Year',
  'validation.abandonByAction': "is set to abandon by the fee's Abandon action (with a reason)",
  'error.calendarImportInvalid': 'Calendar import: row {{row}}, {{field}}: {{problem}}',
  'error.calendarImportTooMany': 'At most {{max}} rows per import',
  'error.feeLineNotFound': "The case's fee schedule has no such fee",
  'error.feeRecordExists': 'This fee already has a fee record',
  'ical.calendarName': 'IPDesk deadlines',
  'ical.unknownCase': '(a case you cannot see)',
  'deadline.source': 'Source',
  // What a user reads about an office's built-in calendar (the reviewers' notes stay in the data files).
  'patentCalendar.about.CN':
    "The State Council's yearly holiday notices (2015–2026), with weekend make-up working days. A period ending on a public holiday ends on the next working day.",
  'patentCalendar.about.US':
    'US federal holidays (District of Columbia), with their observed weekdays. Unscheduled USPTO closures are to be imported.',
  'patentCalendar.about.EP':
    "The EPO's fixed closing days (1 January, Good Friday, Easter Monday, 1 May, 24–26 and 31 December). Import the other closing days from the EPO's Official Journal.",
  'patentCalendar.about.JP':
    "The JPO's closed days: weekends, Japanese national holidays and 29 December to 3 January.",
  'patentCalendar.about.WO':
    "WIPO's (Geneva) fixed closing days (1 January, Good Friday, Easter Monday, 25 December). Import the other closing days from its notices.",
};
