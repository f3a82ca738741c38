// Reads the first worksheet of an xlsx row by row (exceljs' streaming reader), so a 100,000-row file
// never sits in memory as a whole sheet, and turns each cell into a plain value the importer can
// trust: text, number, boolean, date, empty, or a named problem (a formula without a saved result, an
// error value). The merged ranges of the sheet are found by a separate streaming scan, because the
// streaming reader skips them and they sit after the rows in the file.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Readable } from 'node:stream';
import { AppError } from '@ipdesk/core';
import ExcelJS from 'exceljs';
import { Inflate } from 'fflate';
import { endRecordTail, findEndOfCentralDirectory, readCentralDirectory } from '../../platform/files/zip-directory.js';

export type CellProblem =
  | { problem: 'formulaWithoutValue' }
  | { problem: 'errorValue'; value: string }
  // A reference cell naming no record the importing user may see, or several (reference-cells.ts).
  | { problem: 'unknownReference' | 'ambiguousReference' | 'unmatchedName'; value: string };
export type SheetCell = string | number | boolean | Date | null | CellProblem;

export interface SheetRow {
  /** The row's number in the sheet (1 is the header). */
  number: number;
  /** Cells by column number (1 = A); missing cells are empty. */
  cells: SheetCell[];
}

export const isCellProblem = (cell: SheetCell): cell is CellProblem =>
  typeof cell === 'object' && cell !== null && !(cell instanceof Date);

/** "A", "B", …, "AA": the column's letters, as users see them. */
export function columnLetter(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

// A number format is a date one when, outside quoted text and [colour]/[$-locale] parts, it names a
// day, month or year (Excel's own test, roughly); "0.00" or "#,##0" are not.
function isDateFormat(format: string | undefined): boolean {
  if (!format) return false;
  const bare = format.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  return /[dmy]/i.test(bare) && !/^[#0.,%\s]*$/.test(bare);
}

/** Excel's day number (1900 system) as the UTC midnight it stands for. */
function excelDay(serial: number): Date {
  return new Date(Math.round((serial - 25569) * 86_400_000));
}

function plain(value: unknown, numberFormat: string | undefined): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'object') return String(value);
  const cell = value as {
    richText?: Array<{ text: string }>;
    text?: unknown;
    formula?: string;
    sharedFormula?: string;
    result?: unknown;
    error?: string;
  };
  if (cell.richText) return cell.richText.map((run) => run.text).join('');
  // A shared string the reader never got to read: the file's text is missing, not empty.
  if ('sharedString' in cell) throw new AppError('fileType', { params: { allowed: 'xlsx' } });
  if (cell.formula !== undefined || cell.sharedFormula !== undefined) {
    // A formula counts by the value the spreadsheet saved for it; without one we cannot know it.
    if (cell.result === undefined || cell.result === null || cell.result === '')
      return { problem: 'formulaWithoutValue' };
    if (typeof cell.result === 'object' && !(cell.result instanceof Date)) {
      const error = (cell.result as { error?: string }).error;
      return error ? { problem: 'errorValue', value: error } : { problem: 'formulaWithoutValue' };
    }
    if (typeof cell.result === 'number' && isDateFormat(numberFormat)) return excelDay(cell.result);
    return plain(cell.result, numberFormat);
  }
  if (cell.error !== undefined) return { problem: 'errorValue', value: String(cell.error) };
  if (cell.text !== undefined) return plain(cell.text, numberFormat);
  return null;
}

/**
 * The rows of the first worksheet, in order, with empty rows skipped by the file itself. Yields to
 * the event loop every `yieldEvery` rows so other requests are served while a large file is read.
 */
/**
 * The archive's local entries (each its header and compressed data, copied as they are) with the parts a
 * worksheet needs first: relations, workbook, shared strings and styles, then the rest in file order.
 * exceljs' streaming reader parses a worksheet that comes before the shared strings later, from a
 * temporary file; on that path its entry loop ended early now and then (about 1 read in 100 under
 * load), losing the shared strings (cells read as "sharedString" references) or the workbook. Read in this
 * order, it parses the sheet as it streams and never takes that path. Archives whose directory cannot be
 * read are passed on unchanged (the reader then refuses them as before).
 */
export function partsFirst(bytes: Buffer): Buffer[] {
  const end = findEndOfCentralDirectory(endRecordTail(bytes));
  const entries = end && readCentralDirectory(bytes.subarray(end.offset), end.entries);
  if (!end || !entries?.length) return [bytes];
  const byOffset = [...entries].sort((a, b) => a.localOffset - b.localOffset);
  if (byOffset.some((e, i) => e.localOffset >= (byOffset[i + 1]?.localOffset ?? end.offset))) return [bytes];
  const records = byOffset.map((e, i) => ({
    name: e.name,
    bytes: bytes.subarray(e.localOffset, byOffset[i + 1]?.localOffset ?? end.offset),
  }));
  const rank = (name: string) => NEEDED_FIRST.findIndex((pattern) => pattern.test(name));
  const first = records.filter((r) => rank(r.name) >= 0).sort((a, b) => rank(a.name) - rank(b.name));
  return [...first, ...records.filter((r) => rank(r.name) < 0)].map((r) => r.bytes);
}
const NEEDED_FIRST = [
  /^_rels\/\.rels$/,
  /^xl\/_rels\/workbook\.xml\.rels$/,
  /^xl\/workbook\.xml$/,
  /^xl\/sharedStrings\.xml$/,
  /^xl\/styles\.xml$/,
];

export async function* readSheetRows(bytes: Buffer, yieldEvery = 50): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(partsFirst(bytes)), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  });
  // exceljs takes sheet names and the date system from workbook.xml, which its unzipper does not reach
  // in files SheetJS writes (their entries end after the sheet for it). The rows need neither: without
  // them the sheet reads as the 1900 date system, Excel's and SheetJS' default.
  const fallbacks: Record<string, unknown> = { model: { sheets: [] }, properties: { model: { date1904: false } } };
  for (const [name, fallback] of Object.entries(fallbacks)) {
    let value: unknown;
    Object.defineProperty(reader, name, { get: () => value ?? fallback, set: (next: unknown) => (value = next) });
  }
  let count = 0;
  for await (const worksheet of reader) {
    for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
      const cells: SheetCell[] = [];
      row.eachCell({ includeEmpty: false }, (cell, column) => {
        cells[column] = plain(cell.value, cell.numFmt);
      });
      yield { number: row.number, cells };
      if (++count % yieldEvery === 0) await yieldToEventLoop();
    }
    // Only the first worksheet holds data (the template's second one is its notes).
    return;
  }
}

const MERGE = /<(?:\w+:)?mergeCell\s[^>]*?ref="([A-Z]{1,3}\d{1,7}(?::[A-Z]{1,3}\d{1,7})?)"/g;

/**
 * The merged ranges ("A1:B1") of the first worksheet in the archive, the one readSheetRows reads, by
 * inflating it in steps and scanning for mergeCell elements (a bounded carry joins the steps).
 * The upload guard has already bounded the unpacked size.
 */
export async function mergedRanges(bytes: Buffer): Promise<string[]> {
  const end = findEndOfCentralDirectory(endRecordTail(bytes));
  if (!end) return [];
  const entries = readCentralDirectory(bytes.subarray(end.offset), end.entries) ?? [];
  const sheet = [...entries]
    .sort((a, b) => a.localOffset - b.localOffset)
    .find((e) => /^xl\/worksheets\/sheet\d+\.xml$/.test(e.name));
  if (!sheet) return [];
  const at = sheet.localOffset;
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const data = bytes.subarray(start, start + sheet.compressedSize);
  const ranges: string[] = [];
  const decoder = new TextDecoder();
  let carry = '';
  const scan = (text: string) => {
    const chunk = carry + text;
    MERGE.lastIndex = 0;
    let lastEnd = 0;
    for (let m = MERGE.exec(chunk); m; m = MERGE.exec(chunk)) {
      ranges.push(m[1]!);
      lastEnd = MERGE.lastIndex;
    }
    // Keep the unscanned tail (an element cut in two) for the next step.
    carry = chunk.slice(Math.max(lastEnd, chunk.length - 200));
  };
  if (sheet.method === 0) {
    scan(decoder.decode(data));
    return ranges;
  }
  const inflater = new Inflate((chunk) => scan(decoder.decode(chunk, { stream: true })));
  const STEP = 256 * 1024;
  for (let offset = 0; offset < data.length; offset += STEP) {
    inflater.push(data.subarray(offset, offset + STEP), offset + STEP >= data.length);
    await yieldToEventLoop();
  }
  return ranges;
}
