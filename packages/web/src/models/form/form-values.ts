// The form's side of a record: the client-side rules from the schema (the same limits the server
// checks), the values a form opens with, and what create and update send.
import type { FormRule as Rule } from 'antd';
import type { TFunction } from 'i18next';
import { SID_PATTERN } from '@ipdesk/core';
import { characterCount } from '../../components/length-limit';
import type { ModelRow, ModelSchema, SchemaField } from '../../api/model';
import { READ_ONLY_KINDS } from '../fields/inputs';
import { apiValue } from '../fields/format';
import { refTarget, isSearchableModel } from '../fields/pickers/RefPicker';
import { editableFields, isEmptyValue, isWritable, type FormMode } from '../schema';

/** Field name → value in the API's format (unknown, spelled as antd's form types want it). */
export type FormValues = Record<string, NonNullable<unknown> | null | undefined>;

/**
 * The fields the form shows, in declaration order. A new record's form leaves out the fields the caller
 * cannot write (their values come from the server: defaults, the model's own actions); an edit form
 * shows them as plain text.
 */
export function formFields(schema: ModelSchema, mode: FormMode = 'update'): SchemaField[] {
  const fields = editableFields(schema);
  return mode === 'create' ? fields.filter((field) => !field.read_only) : fields;
}

/** Shown read-only in a form of that mode: read-only kinds, read-only fields, masked values on update. */
export function isLocked(field: SchemaField, mode: FormMode): boolean {
  return READ_ONLY_KINDS.has(field.kind) || !isWritable(field, mode);
}

/** Fields whose values the form sends (locked ones are shown, never sent). */
function writableFields(schema: ModelSchema, mode: FormMode): SchemaField[] {
  return formFields(schema, mode).filter((field) => !isLocked(field, mode));
}

/** As many values as the server takes in one multiple field (values.ts MAX_ITEMS). */
export const MAX_ITEMS = 100;

export function fieldRules(field: SchemaField, model: string, t: TFunction, mode: FormMode = 'create'): Rule[] {
  const rules: Rule[] = [];
  // What the user cannot change is not theirs to fix.
  if (isLocked(field, mode)) return rules;
  if (field.required) {
    rules.push({
      validator: async (_rule, value: unknown) => {
        const blank = normalized(value) === null;
        if (blank) throw new Error(t('modelForm.required', { label: field.label }));
      },
    });
  }
  // A multiple field's limits hold for each of its values, as on the server.
  const each = (value: unknown): unknown[] => (field.multiple && Array.isArray(value) ? value : [value]);
  if (field.multiple) {
    rules.push({
      validator: async (_rule, value: unknown) => {
        if (Array.isArray(value) && value.length > MAX_ITEMS)
          throw new Error(t('validation.tooBig.array', { maximum: MAX_ITEMS }));
      },
    });
  }
  if (field.data_type === 'string' || field.data_type === 'text') {
    const { min_length: min, max_length: max } = field;
    rules.push({
      validator: async (_rule, value: unknown) => {
        for (const item of each(value)) {
          if (typeof item !== 'string' || item.trim() === '') continue;
          const length = characterCount(item.trim());
          if (min !== null && length < min) throw new Error(t('validation.tooSmall.string', { minimum: min }));
          if (max !== null && length > max) throw new Error(t('validation.tooBig.string', { maximum: max }));
        }
      },
    });
  }
  if (field.data_type === 'integer' || field.data_type === 'decimal') {
    const { min, max } = field;
    rules.push({
      validator: async (_rule, value: unknown) => {
        for (const item of each(value)) {
          if (typeof item !== 'number') continue;
          if (min !== null && item < min) throw new Error(t('validation.tooSmall.number', { minimum: min }));
          if (max !== null && item > max) throw new Error(t('validation.tooBig.number', { maximum: max }));
        }
      },
    });
  }
  // IDs typed by hand (no search for the target yet) are checked for their shape.
  if (field.data_type === 'ref' && !isSearchableModel(refTarget(field, model))) {
    rules.push({
      validator: async (_rule, value: unknown) => {
        const items = Array.isArray(value) ? value : isEmptyValue(value) ? [] : [value];
        if (items.some((item) => typeof item !== 'string' || !SID_PATTERN.test(item)))
          throw new Error(t('modelForm.invalidSid'));
      },
    });
  }
  return rules;
}

/** The values an edit form opens with: the record's, field by field. */
export function initialValues(schema: ModelSchema, record: ModelRow | undefined): FormValues {
  if (!record) return {};
  return Object.fromEntries(formFields(schema).map((field) => [field.name, record[field.name] ?? null]));
}

/**
 * What a link may preset on a new record: the record it belongs to (a case's "add deadline" link opens
 * the deadline form with ?patent=<sid>). Only single parent references, only well-formed ids.
 */
export function prefillFromLink(schema: ModelSchema, search: string): FormValues {
  const params = new URLSearchParams(search);
  return Object.fromEntries(
    writableFields(schema, 'create')
      .filter((field) => field.kind === 'parent' && !field.multiple)
      .flatMap((field) => {
        const value = params.get(field.name);
        return value && SID_PATTERN.test(value) ? [[field.name, value]] : [];
      }),
  );
}

/** A value as the API takes it: texts trimmed; a list without its blank entries (empty rows, blank tags). */
function normalized(value: unknown): unknown {
  const trim = (item: unknown): unknown => (typeof item === 'string' ? item.trim() : item);
  const shaped = Array.isArray(value)
    ? value.map(trim).filter((item) => item !== null && item !== undefined && item !== '')
    : trim(value);
  const api = apiValue(shaped);
  return api === undefined ? null : api;
}

/** do/create's data: the filled-in fields the caller may write. */
export function createData(schema: ModelSchema, values: FormValues): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of writableFields(schema, 'create')) {
    const value = normalized(values[field.name]);
    if (value !== null) data[field.name] = value;
  }
  return data;
}

/**
 * do/update's data: only what differs from the record the form was opened on (null clears a field), so
 * a save never overwrites fields the user did not touch; read-only and masked fields are never sent.
 */
export function changedData(schema: ModelSchema, record: ModelRow, values: FormValues): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of writableFields(schema, 'update')) {
    if (!(field.name in values)) continue;
    const before = normalized(record[field.name]);
    const after = normalized(values[field.name]);
    if (JSON.stringify(before) !== JSON.stringify(after)) data[field.name] = after;
  }
  return data;
}
