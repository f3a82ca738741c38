// Checking and normalising the values a caller sends for a model's fields (create and update), with
// the failing field's label in the caller's language (spec §8: 500005, first field label + message).
// The same rules as the form's, from the same declaration.
import {
  ACCOUNT_NAME_PATTERN,
  AppError,
  isCalendarDate,
  isEmail,
  isSid,
  MOBILE_PATTERN,
  normaliseTimestamp,
  type TextFormat,
  translate,
  type DataType,
  type FieldError,
  type Language,
  type MessageKey,
  type TranslateParams,
} from '@ipdesk/core';
import type { ResolvedField, ResolvedModel } from './registry.js';

const MAX_ITEMS = 100;
type Check = { ok: true; value: unknown } | { ok: false; key: MessageKey; params?: TranslateParams };

/** One value of the field's data type (not a list). */
type Dictionaries = ReadonlyMap<string, ReadonlySet<string>>;

const CHECK_SCALAR: Record<DataType, (field: ResolvedField, value: unknown, dictionaries: Dictionaries) => Check> = {
  string: (field, value) => checkText(field, value),
  text: (field, value) => checkText(field, value),
  integer: (field, value) =>
    typeof value === 'number' && Number.isInteger(value)
      ? checkRange(field, value)
      : { ok: false, key: 'validation.invalidType', params: { expected: 'integer' } },
  decimal: (field, value) => {
    if (typeof value !== 'number' || !Number.isFinite(value))
      return { ok: false, key: 'validation.invalidType', params: { expected: 'number' } };
    const scale = field.declaration?.scale;
    if (scale !== undefined && Math.round(value * 10 ** scale) / 10 ** scale !== value)
      return { ok: false, key: 'validation.invalidFormat' };
    return checkRange(field, value);
  },
  date: (_field, value) =>
    typeof value === 'string' && isCalendarDate(value)
      ? { ok: true, value }
      : { ok: false, key: 'validation.notADate' },
  timestamp: (_field, value) => {
    const instant = typeof value === 'string' ? normaliseTimestamp(value) : undefined;
    return instant ? { ok: true, value: instant } : { ok: false, key: 'validation.notATime' };
  },
  boolean: (_field, value) =>
    typeof value === 'boolean'
      ? { ok: true, value }
      : { ok: false, key: 'validation.invalidType', params: { expected: 'boolean' } },
  key: (field, value, dictionaries): Check => {
    if (typeof value !== 'string') return { ok: false, key: 'validation.invalidType', params: { expected: 'string' } };
    const allowed = field.declaration?.dictionary ? dictionaries.get(field.declaration.dictionary) : undefined;
    if (allowed && !allowed.has(value))
      return { ok: false, key: 'validation.invalidValue', params: { values: [...allowed].slice(0, 12).join(', ') } };
    return { ok: true, value };
  },
  ref: (_field, value) => (isSid(value) ? { ok: true, value } : { ok: false, key: 'validation.invalidFormat' }),
  file: (_field, value) => (isSid(value) ? { ok: true, value } : { ok: false, key: 'validation.invalidFormat' }),
};

const FORMATS: Record<TextFormat, { test: (text: string) => boolean; key: MessageKey }> = {
  email: { test: isEmail, key: 'validation.emailFormat' },
  mobile: { test: (text) => MOBILE_PATTERN.test(text), key: 'validation.mobileFormat' },
  accountName: { test: (text) => ACCOUNT_NAME_PATTERN.test(text), key: 'validation.accountNameFormat' },
};

function checkText(field: ResolvedField, value: unknown): Check {
  if (typeof value !== 'string') return { ok: false, key: 'validation.invalidType', params: { expected: 'string' } };
  const text = value.trim();
  const length = [...text].length;
  const min = field.declaration?.minLength;
  const max = field.declaration?.maxLength;
  if (min !== undefined && length < min)
    return { ok: false, key: 'validation.tooSmall.string', params: { minimum: min } };
  if (max !== undefined && length > max)
    return { ok: false, key: 'validation.tooBig.string', params: { maximum: max } };
  const format = field.declaration?.format ? FORMATS[field.declaration.format] : undefined;
  if (format && text !== '' && !format.test(text)) return { ok: false, key: format.key };
  return { ok: true, value: text };
}

function checkRange(field: ResolvedField, value: number): Check {
  const { min, max } = field.declaration ?? {};
  if (min !== undefined && value < min)
    return { ok: false, key: 'validation.tooSmall.number', params: { minimum: min } };
  if (max !== undefined && value > max) return { ok: false, key: 'validation.tooBig.number', params: { maximum: max } };
  return { ok: true, value };
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

function checkField(field: ResolvedField, value: unknown, dictionaries: Dictionaries): Check {
  if (isEmpty(value))
    return field.declaration?.required ? { ok: false, key: 'validation.required' } : { ok: true, value: null };
  if (!field.multiple) return CHECK_SCALAR[field.dataType](field, value, dictionaries);
  if (!Array.isArray(value)) return { ok: false, key: 'validation.invalidType', params: { expected: 'array' } };
  if (value.length > MAX_ITEMS) return { ok: false, key: 'validation.tooBig.array', params: { maximum: MAX_ITEMS } };
  const out: unknown[] = [];
  for (const item of value) {
    const checked = CHECK_SCALAR[field.dataType](field, item, dictionaries);
    if (!checked.ok) return checked;
    if (!out.includes(checked.value)) out.push(checked.value);
  }
  return { ok: true, value: out };
}

export interface CheckedValues {
  /** Declared fields to write, by name. */
  values: Map<string, unknown>;
}

const TYPE_LABEL: Record<string, MessageKey> = {
  string: 'type.string',
  number: 'type.number',
  integer: 'type.integer',
  boolean: 'type.boolean',
  array: 'type.array',
};

/**
 * Checks `data` against the model. On create every declared field is considered (missing required
 * ones fail, defaults fill the rest); on update only the fields sent. Unknown and system fields are
 * refused, and so are fields the caller may not write: managed ones, read-only rules, masked values on
 * update, and required fields hidden from the caller. On create the rules across fields run last
 * (on update they need the stored record: checkRecordRules).
 */
export function checkValues(
  model: ResolvedModel,
  data: Record<string, unknown>,
  mode: 'create' | 'update',
  language: Language,
  dictionaries: Dictionaries,
): CheckedValues {
  const fields: FieldError[] = [];
  const values = new Map<string, unknown>();
  const fail = (name: string, label: string, key: MessageKey, params?: TranslateParams) => {
    const translated = params?.expected
      ? { ...params, expected: translate(language, TYPE_LABEL[String(params.expected)] ?? 'type.unknown') }
      : params;
    fields.push({ field: name, label, message: translate(language, key, translated) });
  };
  const labelOf = (field: ResolvedField) => field.label[language === 'en' ? 'en' : 'zh'];
  const locked = new Set<string>();
  for (const name of Object.keys(data)) {
    const field = model.fields.get(name);
    if (!field || field.system) fail(name, name, 'validation.unrecognizedKeys', { keys: name });
    else if (field.readOnly || (mode === 'update' && field.masked)) {
      fail(name, labelOf(field), 'validation.readOnly');
      locked.add(name);
    }
  }
  const names =
    mode === 'create' ? [...model.fields.values()].filter((f) => !f.system).map((f) => f.name) : Object.keys(data);
  for (const name of names) {
    const field = model.fields.get(name);
    if (!field || field.system || locked.has(name)) continue;
    const defaultValue = field.declaration?.defaultValue;
    if (mode === 'create' && field.readOnly) {
      if (defaultValue !== undefined) values.set(name, defaultValue);
      else if (field.declaration?.required) fail(name, labelOf(field), 'validation.readOnly');
      continue;
    }
    const given = mode === 'create' && isEmpty(data[name]) && defaultValue !== undefined ? defaultValue : data[name];
    const checked = checkField(field, given, dictionaries);
    if (checked.ok) values.set(name, checked.value);
    else fail(name, labelOf(field), checked.key, checked.params);
  }
  // A required field the caller cannot see cannot be filled by them.
  if (mode === 'create') {
    for (const name of model.hidden ?? []) {
      const declaration = model.declaration.fields[name];
      if (declaration?.required && declaration.defaultValue === undefined)
        fail(name, declaration.label[language === 'en' ? 'en' : 'zh'], 'validation.required');
    }
  }
  if (fields.length) throw new AppError('fieldRule', { fields });
  if (mode === 'create') {
    normalizeRecord(model, values, {});
    checkRecordRules(model, Object.fromEntries(values), language);
  }
  return { values };
}

/**
 * The model's normalisation on the record as it will be stored (`before` on update, nothing on
 * create, overlaid with the values to write): the fields it changes join the values to write.
 */
export function normalizeRecord(
  model: ResolvedModel,
  values: Map<string, unknown>,
  before: Readonly<Record<string, unknown>>,
): void {
  const normalize = model.declaration.normalize;
  if (!normalize) return;
  const record = { ...before, ...Object.fromEntries(values) };
  for (const [name, value] of Object.entries(normalize(record))) {
    if (record[name] !== value) values.set(name, value);
  }
}

/** The model's rules across fields on the record as it will be stored. */
export function checkRecordRules(
  model: ResolvedModel,
  record: Readonly<Record<string, unknown>>,
  language: Language,
): void {
  const issues = model.declaration.validate?.(record) ?? [];
  if (issues.length === 0) return;
  throw new AppError('fieldRule', {
    fields: issues.map((issue) => {
      const label = model.fields.get(issue.field)?.label ?? model.declaration.fields[issue.field]?.label;
      return {
        field: issue.field,
        label: label ? label[language === 'en' ? 'en' : 'zh'] : issue.field,
        message: translate(language, issue.messageKey, issue.params),
      };
    }),
  });
}
