// Server texts of deadlines, fees and office calendars (zh-CN): field labels, errors, the iCalendar
// name, and the calendar import messages (whose texts live with the import rules in core). Merged in index.ts.
import { CALENDAR_IMPORT_MESSAGES, type CalendarImportMessageKey } from '../patents/calendar/import.js';

const calendarImport = Object.fromEntries(
  Object.entries(CALENDAR_IMPORT_MESSAGES).map(([key, label]) => [key, label.zh]),
) as Record<CalendarImportMessageKey, string>;

export const patentRulesZhCN = {
  ...calendarImport,
  'field.calendarRows': '日历行',
  'field.office': '受理局',
  'field.calendarDate': '日期',
  'field.calendarType': '类型',
  'field.calendarName': '名称',
  'field.paidDate': '缴费日',
  'validation.paidDateRequired': '登记缴费时请填写缴费日',
  'field.year': '年份',
  'error.calendarImportInvalid': '日历导入有误：第 {{row}} 行 {{field}}：{{problem}}',
  'error.calendarImportTooMany': '一次最多导入 {{max}} 行',
  'ical.calendarName': 'IPDesk 期限',
  'ical.unknownCase': '（无权查看的案件）',
  'deadline.source': '来源',
} as const;

export type PatentRulesMessageKey = keyof typeof patentRulesZhCN;
