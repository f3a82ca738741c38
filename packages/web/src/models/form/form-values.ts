// The form's side of a record: the server's own checks (core checkValues) on each field and on the
// whole record before sending, the values a form opens with, and what create and update send.
import type { FormRule as Rule } from 'antd';
import type { TFunction } from 'i18next';
import {
  MAX_VALUES_PER_FIELD,
  MODEL_CATALOG,
  SID_PATTERN,
  checkFieldValue,
  checkRecord,
  valueIssueMessage,
  type FieldError,
  type ModelDeclaration,
  type ValueProblem,
  type ValueRules,
} from '@ipdesk/core';
import type { ModelRow, ModelSchema, SchemaField } from '../../api/model';
import { apiValue } from '../fields/format';
import { editableFields, isWritable, type FormMode } from '../schema';

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

/** Shown read-only in a form of that mode: read-only fields, masked values on update. */
export function isLocked(field: SchemaField, mode: FormMode): boolean {
  return !isWritable(field, mode);
}

/** Fields whose values the form sends (locked ones are shown, never sent). */
function writableFields(schema: ModelSchema, mode: FormMode): SchemaField[] {
  return formFields(schema, mode).filter((field) => !isLocked(field, mode));
}

/** As many values as the server takes in one multiple field (core checkValues). */
export const MAX_ITEMS = MAX_VALUES_PER_FIELD;

/** The declaration of a model of the catalog (custom fields and unknown models have none). */
function declarationOf(model: string): ModelDeclaration | undefined {
  return MODEL_CATALOG.find((declared) => declared.name === model);
}

/** A schema field's rules as core's checks take them: the limits the server checks, from the schema. */
function valueRules(field: SchemaField, model: string): ValueRules {
  const declared = declarationOf(model)?.fields[field.name];
  return {
    dataType: field.data_type,
    multiple: field.multiple,
    required: field.required,
    minLength: field.min_length ?? undefined,
    maxLength: field.max_length ?? undefined,
    min: field.min ?? undefined,
    max: field.max ?? undefined,
    scale: field.scale ?? undefined,
    // Text formats (e-mail, mobile) are not in the schema answer; the declaration has them.
    format: declared?.format,
  };
}

/** A problem in the form's words: a blank required field named, a malformed typed ID said as such. */
function problemMessage(field: SchemaField, problem: ValueProblem, t: TFunction): string {
  if (problem.key === 'validation.required') return t('modelForm.required', { label: field.label });
  if (problem.key === 'validation.invalidFormat' && (field.data_type === 'ref' || field.data_type === 'file'))
    return t('modelForm.invalidSid');
  return valueIssueMessage(problem, (key, params) => t(key, params ?? {}));
}

/**
 * The field's rule: core's checkFieldValue (the server's own check) on the value as it would be sent,
 * so the user reads the server's verdict as they type. What the user cannot change is not theirs to fix.
 */
export function fieldRules(field: SchemaField, model: string, t: TFunction, mode: FormMode = 'create'): Rule[] {
  if (isLocked(field, mode)) return [];
  const rules = valueRules(field, model);
  return [
    {
      validator: async (_rule, value: unknown) => {
        // A list longer than the server takes is refused before its blank rows are dropped.
        if (field.multiple && Array.isArray(value) && value.length > MAX_ITEMS)
          throw new Error(t('validation.tooBig.array', { maximum: MAX_ITEMS }));
        const checked = checkFieldValue(rules, normalized(value));
        if (!checked.ok) throw new Error(problemMessage(field, checked, t));
      },
    },
  ];
}

/**
 * The model's rules across fields (an ID number against its type, an application number against its
 * office), after its normalisation, on the record as the save would leave it: the same core checkRecord
 * the server runs, so the user reads its message beside the field before anything is sent. `data` is
 * what the save sends; `opened` the record an edit form was opened on.
 */
export function recordIssues(
  schema: ModelSchema,
  data: Readonly<Record<string, unknown>>,
  opened: ModelRow | undefined,
  t: TFunction,
): FieldError[] {
  const declaration = declarationOf(schema.name);
  if (!declaration?.validate) return [];
  const fields = new Map(schema.fields.map((field) => [field.name, { label: { zh: field.label, en: field.label } }]));
  // A masked value (110***********1234) is not the stored one: the rules would misjudge it, so it is left
  // to the server, which reads the stored record.
  const masked = new Set(schema.fields.filter((field) => field.masked).map((field) => field.name));
  const before = Object.fromEntries(Object.entries(opened ?? {}).filter(([name]) => !masked.has(name)));
  const shown = new Set(formFields(schema, opened ? 'update' : 'create').map((field) => field.name));
  const issues = checkRecord({ declaration, fields }, new Map(Object.entries(data)), before);
  // Only what the user can fix here stops the save; the rest is the server's to answer.
  return issues
    .filter((issue) => shown.has(issue.field))
    .map((issue) => ({
      field: issue.field,
      label: fields.get(issue.field)?.label.zh ?? issue.field,
      message: valueIssueMessage(issue, (key, params) => t(key, params ?? {})),
    }));
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

/**
 * The schema's parent field (ModelDeclaration.parent) when the link presets it (a child tab's "new"): the form
 * shows it locked. Undefined otherwise.
 */
export function presetParentField(schema: ModelSchema, search: string): string | undefined {
  const field = schema.parent?.field;
  return field !== undefined && prefillFromLink(schema, search)[field] !== undefined ? field : undefined;
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

/** A lifecycle action's values: the fields it sets, as the form holds them, in the API's shape. */
export function actionValues(fields: readonly SchemaField[], values: FormValues): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.name, normalized(values[field.name])]));
}
