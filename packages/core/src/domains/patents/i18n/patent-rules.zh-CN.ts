// Server texts of deadlines, fees and office calendars (zh-CN): field labels, errors, the iCalendar
// name, and the calendar import messages (whose texts live with the import rules in core). Merged in index.ts.
import { CALENDAR_IMPORT_MESSAGES, type CalendarImportMessageKey } from '../calendar/import.js';

const calendarImport = Object.fromEntries(
  Object.entries(CALENDAR_IMPORT_MESSAGES).map(([key, label]) => [key, label.zh]),
) as Record<CalendarImportMessageKey, string>;

export const patentRulesZhCN = {
  ...calendarImport,
  'field.calendarRows': '日历行',
  'field.feeLine': '费用计划项',
  'field.office': '受理局',
  'field.calendarDate': '日期',
  'field.calendarType': '类型',
  'field.calendarName': '名称',
  'field.year': '年份',
  'validation.abandonByAction': '放弃缴纳请使用“放弃缴纳”操作（需填写原因）',
  'error.calendarImportInvalid': '日历导入有误：第 {{row}} 行 {{field}}：{{problem}}',
  'error.calendarImportTooMany': '一次最多导入 {{max}} 行',
  'error.feeLineNotFound': '该案件的费用计划中没有这一项费用',
  'error.feeRecordExists': '这一项费用已有费用记录',
  'ical.calendarName': 'IPDesk 期限',
  'ical.unknownCase': '（无权查看的案件）',
  'deadline.source': '来源',
  // What a user reads about an office's built-in calendar (the reviewers' notes stay in the data files).
  'patentCalendar.about.CN':
    '国务院办公厅历年节假日安排通知（2015–2026年），含周末调休上班日。期限届满日为法定节假日的，顺延至其后第一个工作日。',
  'patentCalendar.about.US':
    '美国联邦法定假日（哥伦比亚特区），含周末顺延的补休日。美国专利商标局临时闭馆日需另行导入。',
  'patentCalendar.about.EP':
    '欧洲专利局固定闭馆日（元旦、耶稣受难日、复活节星期一、5月1日、12月24–26日、12月31日）。其他闭馆日请按欧专局公报导入。',
  'patentCalendar.about.JP': '日本特许厅闭厅日：周末、日本国民节假日及12月29日至1月3日。',
  'patentCalendar.about.WO':
    '世界知识产权组织（日内瓦）固定闭馆日（元旦、耶稣受难日、复活节星期一、12月25日）。其他闭馆日请按其公告导入。',
} as const;

export type PatentRulesMessageKey = keyof typeof patentRulesZhCN;
