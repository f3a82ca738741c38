// One cell of a spreadsheet per field data type, both ways: the value written on export (options as
// their label in the language, text always as text, never a formula) and the value read on import
// (options by key or label, dates from date cells or text).
import type { DataType, Language } from '@ipdesk/core';

export type OptionLabels = ReadonlyMap<string, { zh: string; en: string }>;

const pick = (labels: { zh: string; en: string }, language: Language) => (language === 'en' ? labels.en : labels.zh);

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
    case 'key': {
      const labels = options?.get(String(value));
      return labels ? pick(labels, language) : String(value);
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
  if (multiple) return Array.isArray(value) ? value.map((v) => one(dataType, v, options, language)).join('; ') : null;
  return one(dataType, value, options, language);
}

function text(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'object' && cell !== null) {
    const rich = cell as { richText?: Array<{ text: string }>; text?: string; result?: unknown };
    if (rich.richText) return rich.richText.map((r) => r.text).join('');
    if (rich.text !== undefined) return String(rich.text);
    if (rich.result !== undefined) return String(rich.result);
  }
  return String(cell);
}

function localDay(date: Date): string {
  // Excel dates carry no zone; exceljs reads them as UTC midnight.
  return date.toISOString().slice(0, 10);
}

/** The cell as the value the model's checks expect; unreadable input passes through for them to refuse. */
export function importCell(
  dataType: DataType,
  multiple: boolean,
  cell: unknown,
  options: OptionLabels | undefined,
): unknown {
  if (cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '')) return null;
  const readOne = (raw: unknown): unknown => {
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
    .split(/[;；,，\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map(readOne);
}
