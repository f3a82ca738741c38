// Cascader options from xlsx (spec §2 "Data dictionary, with cascader import"): one row per option
// with its key, both labels and the parent's key. Every row is checked (key format, labels, a parent
// that exists in the file or the dictionary, no cycles) and errors are listed per row; the options
// are saved only when the whole file is right.
import { AppError, DICTIONARY_KEY_PATTERN, translate } from '@ipdesk/core';
import ExcelJS from 'exceljs';
import type { Database } from '../../db/database.js';
import type { RequestContext } from '../../platform/context.js';
import { inspectZip } from '../transfer/zip-guard.js';
import { dictionaryOptions, saveOptions, type OptionInput } from './dictionary.js';

export interface CascadeRowError {
  row: number;
  message: string;
}

const MAX_OPTIONS = 5000;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && value !== null && 'richText' in value)
    return (value as { richText: Array<{ text: string }> }).richText
      .map((r) => r.text)
      .join('')
      .trim();
  return String(value).trim();
}

export async function importCascade(
  db: Database,
  ctx: Pick<RequestContext, 'tenantSid' | 'language' | 'now'>,
  input: { dictionary: string; bytes: Buffer },
): Promise<{ saved: number; errors: CascadeRowError[] }> {
  const { dictionary, bytes } = input;
  if (inspectZip(bytes)) throw new AppError('fileType', { params: { allowed: 'xlsx' } });
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (cause) {
    throw new AppError('fileType', { params: { allowed: 'xlsx' }, cause });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('fileType', { params: { allowed: 'xlsx' } });
  if (sheet.actualRowCount - 1 > MAX_OPTIONS) throw new AppError('payloadTooLarge');

  const existing = new Set((await dictionaryOptions(db, ctx.tenantSid, dictionary)).map((o) => o.key));
  const rows: Array<{ row: number; option: OptionInput }> = [];
  const errors: CascadeRowError[] = [];
  const fail = (row: number, key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
    errors.push({ row, message: translate(ctx.language, key, params) });
  const inFile = new Map<string, number>();
  sheet.eachRow((row, number) => {
    if (number === 1) return; // header: key, 中文名称, English name, parent key
    const [key, zh, en, parent] = [1, 2, 3, 4].map((c) => cellText(row.getCell(c).value));
    if (!key && !zh && !en && !parent) return;
    if (!DICTIONARY_KEY_PATTERN.test(key ?? '')) return fail(number, 'validation.dictionaryKey');
    if (!zh || !en || zh.length > 255 || en.length > 255) return fail(number, 'validation.required');
    const first = inFile.get(key!);
    if (first !== undefined) return fail(number, 'import.duplicateInFile', { row: first });
    inFile.set(key!, number);
    rows.push({
      row: number,
      option: { key: key!, label_zh: zh, label_en: en, parent_key: parent || null, sort_by: number },
    });
  });
  // Parents must exist, and following them must never come back to the same option.
  const parentOf = new Map(rows.map((r) => [r.option.key, r.option.parent_key ?? null]));
  for (const { row, option } of rows) {
    const parent = option.parent_key;
    if (parent && !parentOf.has(parent) && !existing.has(parent)) {
      fail(row, 'validation.invalidValue', { values: parent });
      continue;
    }
    const seen = new Set([option.key]);
    for (let p = parent; p; p = parentOf.get(p) ?? null) {
      if (seen.has(p)) {
        fail(row, 'validation.invalid');
        break;
      }
      seen.add(p);
    }
  }
  errors.sort((a, b) => a.row - b.row);
  if (errors.length) return { saved: 0, errors };
  await saveOptions(db, ctx, { dictionary, options: rows.map((r) => r.option) });
  return { saved: rows.length, errors: [] };
}
