// One cell of a spreadsheet per field data type, both ways: the value written on export (options as
// their label in the language, text always as text, never a formula) and the value read on import
// (options by key or label, dates from date cells or text). Export and import round-trip: dates go
// out as date cells, numbers as numbers, several values joined by "; " and split on semicolons only
// (a comma belongs to names such as "Acme, Inc.").
import { asMoney, moneyCell, parseMoneyCell, type DataType, type Language, labelIn } from '@ipdesk/core';
import type { SheetCell } from './sheet-reader.js';

export type OptionLabels = ReadonlyMap<string, { zh: string; en: string }>;

function one(
  dataType: DataType,
  value: unknown,
  options: OptionLabels | undefined,
  language: Language,
): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null;
  switch (dataType) {
    case 'integer':
    case 'decimal':
      return typeof value === 'number' ? value : Number(value);
    case 'boolean':
      return value === true;
    case 'timestamp':
      return value instanceof Date ? value : new Date(String(value));
    case 'date': {
      // A calendar day as a date cell (UTC midnight: Excel dates carry no zone, see localDay).
      const day = value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
      const date = new Date(`${day}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? String(value) : date;
    }
    case 'key': {
      const labels = options?.get(String(value));
      return labels ? labelIn(labels, language) : String(value);
    }
    case 'money': {
      // One text cell, "CNY 1234.50": the currency is part of the value, and text keeps every cent.
      const money = asMoney(value);
      return money ? moneyCell(money) : null;
    }
    default:
      return String(value);
  }
}

export function exportCell(
  dataType: DataType,
  multiple: boolean,
  value: unknown,
  options: OptionLabels | undefined,
  language: Language,
) {
  if (multiple)
    return Array.isArray(value)
      ? value
          .map((v) => one(dataType, v, options, language))
          .map((v) => (v instanceof Date ? v.toISOString().slice(0, dataType === 'date' ? 10 : 19) : v))
          .join('; ')
      : null;
  return one(dataType, value, options, language);
}

function text(cell: SheetCell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell);
}

function localDay(date: Date): string {
  // Excel dates carry no zone; exceljs reads them as UTC midnight.
  return date.toISOString().slice(0, 10);
}

/** Separators of several values in one cell: semicolons (either width) and line breaks. */
export const MULTI_VALUE_SEPARATOR = /[;；\n]/;

/**
 * The cell as the value the model's checks expect; unreadable input passes through for them to refuse.
 * Cell problems (formulas without a saved value) are the caller's to refuse before this.
 */
export function importCell(
  dataType: DataType,
  multiple: boolean,
  cell: Exclude<SheetCell, { problem: string }>,
  options: OptionLabels | undefined,
): unknown {
  if (cell === null || (typeof cell === 'string' && cell.trim() === '')) return null;
  const readOne = (raw: SheetCell): unknown => {
    switch (dataType) {
      case 'integer':
      case 'decimal': {
        if (typeof raw === 'number') return raw;
        const n = Number(text(raw).trim().replace(/,/g, ''));
        return Number.isFinite(n) ? n : text(raw);
      }
      case 'boolean': {
        if (typeof raw === 'boolean') return raw;
        const t = text(raw).trim().toLowerCase();
        return ['true', 'yes', 'y', '1', '是', '√'].includes(t)
          ? true
          : ['false', 'no', 'n', '0', '否', '×'].includes(t)
            ? false
            : t;
      }
      case 'date':
        return raw instanceof Date ? localDay(raw) : text(raw).trim().replace(/\//g, '-');
      case 'timestamp':
        return raw instanceof Date ? raw.toISOString() : text(raw).trim();
      case 'money':
        // "CNY 1234.50" (as exported) or "1234.50 CNY"; anything else goes to the checks to refuse.
        return parseMoneyCell(text(raw)) ?? text(raw);
      case 'key': {
        const t = text(raw).trim();
        if (!options || options.has(t)) return t;
        for (const [key, labels] of options)
          if (labels.zh === t || labels.en.toLowerCase() === t.toLowerCase()) return key;
        return t;
      }
      default:
        return text(raw);
    }
  };
  if (!multiple) return readOne(cell);
  return text(cell)
    .split(MULTI_VALUE_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean)
    .map(readOne);
}
