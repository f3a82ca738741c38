// Field-name completion for the advanced (iql) search box: the word at the caret is matched against the
// model's field names and labels, so typing "fil" or "申请" offers filing_date. Words inside a quoted
// text and iql's own keywords are left alone.
import { isIqlReservedWord } from '@ipdesk/core';
import type { SchemaField } from '../../api/model';

export interface FieldSuggestion {
  name: string;
  label: string;
  /** The whole query with the word replaced by the field name. */
  text: string;
  /** Where the caret goes after the replacement. */
  caret: number;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** The word around the caret (letters of any script, digits, underscores), or undefined. */
export function wordAt(text: string, caret: number): { start: number; end: number; word: string } | undefined {
  let start = Math.min(Math.max(caret, 0), text.length);
  let end = start;
  while (start > 0 && WORD_CHAR.test(text.charAt(start - 1))) start -= 1;
  while (end < text.length && WORD_CHAR.test(text.charAt(end))) end += 1;
  if (start === end) return undefined;
  return { start, end, word: text.slice(start, end) };
}

/** Inside a quoted text: an odd number of quotes before the offset ('' counts twice, so it keeps parity). */
function insideText(text: string, offset: number): boolean {
  let quotes = 0;
  for (let i = 0; i < offset; i++) if (text.charAt(i) === "'") quotes += 1;
  return quotes % 2 === 1;
}

export function suggestFields(
  text: string,
  caret: number,
  fields: readonly Pick<SchemaField, 'name' | 'label'>[],
  limit = 12,
): FieldSuggestion[] {
  const found = wordAt(text, caret);
  if (!found || insideText(text, found.start)) return [];
  const { start, end, word } = found;
  if (isIqlReservedWord(word) || /^\d/.test(word)) return [];
  const needle = word.toLowerCase();
  const rank = (field: Pick<SchemaField, 'name' | 'label'>): number => {
    const name = field.name.toLowerCase();
    if (name.startsWith(needle)) return 0;
    if (name.includes(needle)) return 1;
    if (field.label.toLowerCase().includes(needle)) return 2;
    return -1;
  };
  return fields
    .map((field) => ({ field, rank: rank(field) }))
    .filter(({ field, rank }) => rank >= 0 && field.name !== word)
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map(({ field }) => ({
      name: field.name,
      label: field.label,
      text: `${text.slice(0, start)}${field.name}${text.slice(end)}`,
      caret: start + field.name.length,
    }));
}
