// Office calendar files as users keep them: CSV with a header line naming the columns (office, date,
// type, name_zh, name_en, in any order), read in the browser into the rows the import call takes. Only
// the file's shape is checked here; the server validates every row and answers row errors, which
// importErrorLines maps back to the file's line numbers.
import type { FieldError } from '@ipdesk/core';
import type { CalendarImportRow } from '../../../api/patent-rules';

export const CALENDAR_COLUMNS = ['office', 'date', 'type', 'name_zh', 'name_en'] as const;
type Column = (typeof CALENDAR_COLUMNS)[number];
const REQUIRED: readonly Column[] = ['office', 'date', 'type'];

/** A CSV record with the number of the line it starts on (1-based). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * RFC 4180 records: fields in double quotes may hold commas, line breaks and doubled quotes; lines end
 * in CRLF, LF or CR; a UTF-8 byte order mark (Excel's "CSV UTF-8") is dropped; blank lines are skipped.
 * Returns undefined when a quoted field never closes.
 */
export function parseCsv(text: string): CsvRecord[] | undefined {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let touched = false;
  const endRecord = (): void => {
    cells.push(cell);
    if (touched || cells.length > 1 || cell !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
    touched = false;
  };
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n' || (char === '\r' && source[i + 1] !== '\n')) line += 1;
        cell += char;
      }
      continue;
    }
    if (char === '"') {
      quoted = true;
      touched = true;
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
      touched = true;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      start = line;
    } else cell += char;
  }
  if (quoted) return undefined;
  endRecord();
  return records;
}

export type CalendarCsv =
  | { ok: true; rows: CalendarImportRow[]; lines: number[] }
  | { ok: false; problem: 'unterminatedQuote' | 'empty' }
  | { ok: false; problem: 'missingColumns'; columns: string[] };

/** The import rows of a calendar file, each with its line number for the server's row errors. */
export function readCalendarCsv(text: string): CalendarCsv {
  const records = parseCsv(text);
  if (!records) return { ok: false, problem: 'unterminatedQuote' };
  const [header, ...data] = records;
  if (!header) return { ok: false, problem: 'empty' };
  const names = header.cells.map((name) => name.trim().toLowerCase());
  const index = new Map<Column, number>();
  for (const column of CALENDAR_COLUMNS) {
    const at = names.indexOf(column);
    if (at >= 0) index.set(column, at);
  }
  const missing = REQUIRED.filter((column) => !index.has(column));
  if (missing.length > 0) return { ok: false, problem: 'missingColumns', columns: missing };
  if (data.length === 0) return { ok: false, problem: 'empty' };
  const cell = (record: CsvRecord, column: Column): string | undefined => {
    const at = index.get(column);
    return at === undefined ? undefined : record.cells[at]?.trim();
  };
  const rows = data.map((record) => {
    const row: CalendarImportRow = {
      office: cell(record, 'office') ?? '',
      date: cell(record, 'date') ?? '',
      type: cell(record, 'type') ?? '',
    };
    const nameZh = cell(record, 'name_zh');
    const nameEn = cell(record, 'name_en');
    if (nameZh) row.name_zh = nameZh;
    if (nameEn) row.name_en = nameEn;
    return row;
  });
  return { ok: true, rows, lines: data.map((record) => record.line) };
}

export interface ImportErrorLine {
  /** The file's line number, when the error names a row. */
  line: number | undefined;
  label: string;
  message: string;
}

/** The server's row errors (field "rows[3].date") against the file's lines. */
export function importErrorLines(fields: readonly FieldError[], lines: readonly number[]): ImportErrorLine[] {
  return fields.map(({ field, label, message }) => {
    const match = /^rows\[(\d+)\]/.exec(field);
    const line = match ? lines[Number(match[1])] : undefined;
    return { line, label, message };
  });
}
