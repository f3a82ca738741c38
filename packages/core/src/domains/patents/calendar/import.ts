// Calendars are importable data: rows { office, date, type: closed | working, name_zh?, name_en? } are
// validated here (row errors carry a message key the server translates) and merged over a calendar.
// The server stores the rows; this module is only the pure parsing, validation and merging.
import type { Label } from '../../../models/define.js';
import { isIsoDate, weekday, type IsoDate } from '../period.js';
import { OFFICE_CALENDARS } from './offices.js';
import type { ClosedDay, OfficeCalendar } from './types.js';

export const CALENDAR_ROW_TYPES = ['closed', 'working'] as const;
export type CalendarRowType = (typeof CALENDAR_ROW_TYPES)[number];

export interface CalendarDayRow {
  office: string;
  date: IsoDate;
  type: CalendarRowType;
  name_zh?: string;
  name_en?: string;
}

export type CalendarImportField = 'row' | 'office' | 'date' | 'type' | 'name_zh' | 'name_en';

/** Message keys of import errors, with their texts for the server's and web's catalogues. */
export const CALENDAR_IMPORT_MESSAGES = {
  'patentCalendar.import.notObject': { zh: '该行不是有效的记录', en: 'The row is not a record' },
  'patentCalendar.import.officeRequired': { zh: '请填写受理局', en: 'The office is required' },
  'patentCalendar.import.unknownOffice': { zh: '未知的受理局', en: 'Unknown office' },
  'patentCalendar.import.badDate': { zh: '日期格式应为 YYYY-MM-DD', en: 'The date must be a valid YYYY-MM-DD date' },
  'patentCalendar.import.badType': {
    zh: '类型只能是 closed（休息日）或 working（工作日）',
    en: 'The type must be closed or working',
  },
  'patentCalendar.import.workingNotWeekend': {
    zh: '调休工作日必须是该局的周末',
    en: "A make-up working day must fall on the office's weekend",
  },
  'patentCalendar.import.badName': {
    zh: '名称应为不超过100个字符的文本',
    en: 'The name must be text of at most 100 characters',
  },
  'patentCalendar.import.duplicate': { zh: '同一受理局的该日期重复', en: 'This office and date appear twice' },
} as const satisfies Record<string, Label>;
export type CalendarImportMessageKey = keyof typeof CALENDAR_IMPORT_MESSAGES;

export interface CalendarImportError {
  /** 1-based row number (plus options.firstRowNumber - 1, e.g. 2 when a header line comes first). */
  row: number;
  field: CalendarImportField;
  message: CalendarImportMessageKey;
}

export interface CalendarPatch {
  /** The offices the rows touch, sorted. */
  offices: string[];
  rows: CalendarDayRow[];
}

export type CalendarImportResult = { ok: true; patch: CalendarPatch } | { ok: false; errors: CalendarImportError[] };

export interface CalendarImportOptions {
  /** The calendars rows may target (default: the built-in ones); their weekend checks make-up days. */
  calendars?: ReadonlyMap<string, OfficeCalendar>;
  /** The number of the first row, for messages (default 1). */
  firstRowNumber?: number;
}

const MAX_NAME = 100;

function readName(value: unknown): string | undefined | null {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed.length > MAX_NAME) return null;
  return trimmed === '' ? undefined : trimmed;
}

/** Validates import rows; either every row is good and a patch comes back, or the list of row errors. */
export function parseCalendarImport(
  rows: readonly unknown[],
  options: CalendarImportOptions = {},
): CalendarImportResult {
  const calendars = options.calendars ?? OFFICE_CALENDARS;
  const first = options.firstRowNumber ?? 1;
  const errors: CalendarImportError[] = [];
  const parsed: CalendarDayRow[] = [];
  const seen = new Set<string>();

  rows.forEach((raw, index) => {
    const row = first + index;
    const fail = (field: CalendarImportField, message: CalendarImportMessageKey) =>
      errors.push({ row, field, message });
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      fail('row', 'patentCalendar.import.notObject');
      return;
    }
    const record = raw as Record<string, unknown>;
    const office = typeof record.office === 'string' ? record.office.trim().toUpperCase() : '';
    const calendar = calendars.get(office);
    if (office === '') fail('office', 'patentCalendar.import.officeRequired');
    else if (!calendar) fail('office', 'patentCalendar.import.unknownOffice');

    const date = typeof record.date === 'string' ? record.date.trim() : record.date;
    const dateOk = isIsoDate(date);
    if (!dateOk) fail('date', 'patentCalendar.import.badDate');

    const type = typeof record.type === 'string' ? record.type.trim().toLowerCase() : record.type;
    const typeOk = (CALENDAR_ROW_TYPES as readonly unknown[]).includes(type);
    if (!typeOk) fail('type', 'patentCalendar.import.badType');
    else if (type === 'working' && calendar && dateOk && !calendar.weekend.includes(weekday(date))) {
      fail('type', 'patentCalendar.import.workingNotWeekend');
    }

    const nameZh = readName(record.name_zh);
    const nameEn = readName(record.name_en);
    if (nameZh === null) fail('name_zh', 'patentCalendar.import.badName');
    if (nameEn === null) fail('name_en', 'patentCalendar.import.badName');

    if (calendar && dateOk) {
      const key = `${office} ${date}`;
      if (seen.has(key)) fail('date', 'patentCalendar.import.duplicate');
      seen.add(key);
    }
    if (errors.length > 0 || !dateOk || !typeOk || nameZh === null || nameEn === null) return;
    const day: CalendarDayRow = { office, date, type: type as CalendarRowType };
    if (nameZh !== undefined) day.name_zh = nameZh;
    if (nameEn !== undefined) day.name_en = nameEn;
    parsed.push(day);
  });

  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, patch: { offices: [...new Set(parsed.map((r) => r.office))].sort(), rows: parsed } };
}

const yearOf = (date: IsoDate): number => Number(date.slice(0, 4));

/**
 * A new calendar: `base` with the rows of its office applied over it (a row replaces whatever the base
 * said of that date). Rows of other offices are ignored. Importing a year's rows next to the covered
 * years extends the coverage to that whole year, as an imported year is taken to be that year's list.
 */
export function mergeCalendar(base: OfficeCalendar, rows: readonly CalendarDayRow[]): OfficeCalendar {
  const closedDays = new Map<IsoDate, ClosedDay>(base.closedDays);
  const workingDays = new Set<IsoDate>(base.workingDays);
  const years = new Set<number>();
  let applied = 0;
  for (const row of rows) {
    if (row.office !== base.office) continue;
    applied += 1;
    years.add(yearOf(row.date));
    if (row.type === 'working') {
      closedDays.delete(row.date);
      workingDays.add(row.date);
      continue;
    }
    workingDays.delete(row.date);
    const zh = row.name_zh ?? row.name_en;
    const en = row.name_en ?? row.name_zh;
    closedDays.set(row.date, zh !== undefined && en !== undefined ? { name: { zh, en } } : {});
  }
  if (applied === 0) return base;
  return {
    office: base.office,
    source: `${base.source} Imported rows: ${applied}.`,
    weekend: base.weekend,
    closedDays,
    workingDays,
    coverage: extendCoverage(base, years),
  };
}

function extendCoverage(base: OfficeCalendar, years: ReadonlySet<number>): OfficeCalendar['coverage'] {
  const empty = base.coverage.from > base.coverage.to;
  let from = empty ? Math.min(...years) : yearOf(base.coverage.from);
  let to = empty ? from : yearOf(base.coverage.to);
  while (years.has(to + 1)) to += 1;
  while (years.has(from - 1)) from -= 1;
  const year = (n: number) => String(n).padStart(4, '0');
  return {
    from: !empty && from === yearOf(base.coverage.from) ? base.coverage.from : `${year(from)}-01-01`,
    to: !empty && to === yearOf(base.coverage.to) ? base.coverage.to : `${year(to)}-12-31`,
  };
}
