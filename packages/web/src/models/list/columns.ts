// Which columns the list shows (spec §5 "Table column choice: up to 20 fields"): the user's saved
// choice when there is one, else the fields the model flags tableColumn; and the editing rules of the
// column settings, which refuse a 21st column instead of dropping one silently.
import { TABLE_COLUMNS_MAX } from '@ipdesk/core';
import type { ModelSchema } from '../../api/model';

export { TABLE_COLUMNS_MAX };

/** The model's default columns: its tableColumn fields, else its title field. */
export function defaultColumns(schema: ModelSchema): string[] {
  const flagged = schema.fields.filter((field) => field.flags.tableColumn).map((field) => field.name);
  return (flagged.length > 0 ? flagged : [schema.title_field]).slice(0, TABLE_COLUMNS_MAX);
}

/**
 * The columns to show: the saved list (fields the model no longer has dropped, duplicates once), or the
 * defaults when nothing usable is saved (null, or an empty list after "restore defaults").
 */
export function resolveColumns(schema: ModelSchema, saved: readonly string[] | null | undefined): string[] {
  const known = new Set(schema.fields.map((field) => field.name));
  const usable = [...new Set(saved ?? [])].filter((name) => known.has(name)).slice(0, TABLE_COLUMNS_MAX);
  return usable.length > 0 ? usable : defaultColumns(schema);
}

/**
 * The fields a page of the list asks for: the shown columns and the title (the server adds sid, version and
 * the other system fields). A page of every field was several times the bytes, for the server to encode and
 * the browser to read.
 */
export function listFields(schema: ModelSchema, columns: readonly string[]): string[] {
  const known = new Set(schema.fields.map((field) => field.name));
  return [...new Set([...columns, schema.title_field])].filter((name) => known.has(name));
}

export type ColumnEdit = { ok: true; columns: string[] } | { ok: false; error: 'tooMany'; max: number };

/** Adds (at the end) or removes one column; adding past the limit is refused. */
export function toggleColumn(columns: readonly string[], name: string, shown: boolean): ColumnEdit {
  if (!shown) return { ok: true, columns: columns.filter((column) => column !== name) };
  if (columns.includes(name)) return { ok: true, columns: [...columns] };
  if (columns.length >= TABLE_COLUMNS_MAX) return { ok: false, error: 'tooMany', max: TABLE_COLUMNS_MAX };
  return { ok: true, columns: [...columns, name] };
}

/** Moves the column at `index` by `delta` places; moves past either end leave the order unchanged. */
export function moveColumn(columns: readonly string[], index: number, delta: -1 | 1): string[] {
  const target = index + delta;
  if (index < 0 || index >= columns.length || target < 0 || target >= columns.length) return [...columns];
  const next = [...columns];
  const [moved] = next.splice(index, 1);
  next.splice(target, 0, moved as string);
  return next;
}

/** A list someone else built (a saved view, an old setting) checked against the limit before saving. */
export function checkColumns(columns: readonly string[]): ColumnEdit {
  return columns.length > TABLE_COLUMNS_MAX
    ? { ok: false, error: 'tooMany', max: TABLE_COLUMNS_MAX }
    : { ok: true, columns: [...columns] };
}
