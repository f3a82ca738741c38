// The fields a batch edit writes and their values: each must be declared batch-editable (`batchEdit`)
// and writable by the caller (not hidden or read-only by their field rules, not managed), and the values
// pass the same checks as a single update's. Stable codes for each refusal (docs/models.md "Batch edit").
import { AppError, labelIn, type Language } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { dictionariesFor } from '../models/records.js';
import type { ResolvedModel } from '../models/registry.js';
import { checkValues } from '../models/values.js';

/** Whether a field of the caller's view may be batch-edited by them. */
export function batchWritable(model: ResolvedModel, name: string): boolean {
  const field = model.fields.get(name);
  return Boolean(
    field && !field.system && field.declaration?.flags.batchEdit && !field.readOnly && field.dataType !== 'file',
  );
}

/** The field names checked: known, batch-editable, writable by the caller (their view of the model). */
export function checkBatchFields(model: ResolvedModel, names: readonly string[], language: Language): void {
  if (!names.length) throw new AppError('batchNoFields');
  for (const name of names) {
    const field = model.fields.get(name) ?? model.base?.fields.get(name);
    if (!field) throw new AppError('batchFieldUnknown', { params: { field: name.slice(0, 48) } });
    const label = labelIn(field.label, language);
    // Files in fields are uploads of one record each (field-files.ts): never set on many at once.
    if (field.system || !field.declaration?.flags.batchEdit || field.dataType === 'file')
      throw new AppError('batchFieldNotEditable', { params: { label } });
    // Hidden from the caller (only in the base model), read-only by a field rule, or managed by actions.
    if (!model.fields.has(name) || field.readOnly || field.declaration.managed)
      throw new AppError('batchFieldNotWritable', { params: { label } });
  }
}

/** The new values, checked as an update checks them, in their stored form. */
export async function checkBatchValues(
  db: Queryable,
  ctx: { tenantSid: string; language: Language },
  model: ResolvedModel,
  data: Readonly<Record<string, unknown>>,
): Promise<Map<string, unknown>> {
  checkBatchFields(model, Object.keys(data), ctx.language);
  const dictionaries = await dictionariesFor(db, ctx.tenantSid, model);
  return checkValues(model, { ...data }, 'update', ctx.language, dictionaries).values;
}

/** A stored value and a value to write compared as the audit trail compares them. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The named fields of a row, as a batch item keeps them. */
export function pickFields(row: Readonly<Record<string, unknown>>, names: Iterable<string>): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const name of names) picked[name] = row[name] ?? null;
  return picked;
}
