// Public API of the working-day calendars: types, the built-in office calendars, roll-forward, and
// the import of calendar rows.
export * from './types.js';
export { buildCalendar, closedReason, isCovered, isWorkingDay, rollForward } from './calendar.js';
export { CALENDAR_DATA, OFFICE_CALENDARS, calendarFor, weekendOnlyCalendar } from './offices.js';
export {
  CALENDAR_IMPORT_MESSAGES,
  CALENDAR_ROW_TYPES,
  mergeCalendar,
  parseCalendarImport,
  type CalendarDayRow,
  type CalendarImportError,
  type CalendarImportField,
  type CalendarImportMessageKey,
  type CalendarImportOptions,
  type CalendarImportResult,
  type CalendarPatch,
  type CalendarRowType,
} from './import.js';
