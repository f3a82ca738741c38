// The checks of a record's values, written once: the server runs them on create, update and import, the
// web form on every field as the user types and on the whole record before sending, so the user reads
// the server's verdict before the request and the two can never disagree. Pure: the caller says what
// the fields are (their rules, whether this caller may write them) and gets issues as message keys.
import { ACCOUNT_NAME_PATTERN, MOBILE_PATTERN, isEmail } from '../accounts/account-fields.js';
import type { Language, MessageKey, TranslateParams } from '../i18n/index.js';
import { isSid } from '../ids.js';
import { isCalendarDate, normaliseTimestamp } from '../values/calendar.js';
import { checkMoney } from '../values/money.js';
import { labelIn, type FieldDeclaration, type Label, type ModelDeclaration, type TextFormat } from './define.js';
import type { DataType } from './field-kinds.js';

/** As many values as one multiple field takes. */
export const MAX_VALUES_PER_FIELD = 100;

/** What a value of a field must be. */
export interface ValueRules {
  dataType: DataType;
  multiple: boolean;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  scale?: number;
  format?: TextFormat;
  /** The option keys a key field takes (the dictionary's); not checked when absent. */
  options?: ReadonlySet<string>;
}

/** Why a value is refused: a message key and its parameters (`expected` names a `type.*` key's suffix). */
export interface ValueProblem {
  key: MessageKey;
  params?: TranslateParams;
}

export type ValueCheck = { ok: true; value: unknown } | ({ ok: false } & ValueProblem);

/** A field's rules from its declaration (the options of its dictionary, when the caller knows them). */
export function rulesOf(declaration: FieldDeclaration, dataType: DataType, options?: ReadonlySet<string>): ValueRules {
  return {
    dataType,
    multiple: declaration.multiple,
    required: declaration.required,
    minLength: declaration.minLength,
    maxLength: declaration.maxLength,
    min: declaration.min,
    max: declaration.max,
    scale: declaration.scale,
    format: declaration.format,
    options,
  };
}

const invalidType = (expected: string): ValueCheck => ({
  ok: false,
  key: 'validation.invalidType',
  params: { expected },
});

const CHECK_SCALAR: Record<DataType, (rules: ValueRules, value: unknown) => ValueCheck> = {
  string: (rules, value) => checkText(rules, value),
  text: (rules, value) => checkText(rules, value),
  integer: (rules, value) =>
    typeof value === 'number' && Number.isInteger(value) ? checkRange(rules, value) : invalidType('integer'),
  decimal: (rules, value) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return invalidType('number');
    const { scale } = rules;
    if (scale !== undefined && Math.round(value * 10 ** scale) / 10 ** scale !== value)
      return { ok: false, key: 'validation.invalidFormat' };
    return checkRange(rules, value);
  },
  money: (rules, value) => checkMoney(value, rules),
  date: (_rules, value) =>
    typeof value === 'string' && isCalendarDate(value)
      ? { ok: true, value }
      : { ok: false, key: 'validation.notADate' },
  timestamp: (_rules, value) => {
    const instant = typeof value === 'string' ? normaliseTimestamp(value) : undefined;
    return instant ? { ok: true, value: instant } : { ok: false, key: 'validation.notATime' };
  },
  boolean: (_rules, value) => (typeof value === 'boolean' ? { ok: true, value } : invalidType('boolean')),
  key: (rules, value) => {
    if (typeof value !== 'string') return invalidType('string');
    if (rules.options && !rules.options.has(value))
      return {
        ok: false,
        key: 'validation.invalidValue',
        params: { values: [...rules.options].slice(0, 12).join(', ') },
      };
    return { ok: true, value };
  },
  ref: (_rules, value) => (isSid(value) ? { ok: true, value } : { ok: false, key: 'validation.invalidFormat' }),
  file: (_rules, value) => (isSid(value) ? { ok: true, value } : { ok: false, key: 'validation.invalidFormat' }),
};

const FORMATS: Record<TextFormat, { test: (text: string) => boolean; key: MessageKey }> = {
  email: { test: isEmail, key: 'validation.emailFormat' },
  mobile: { test: (text) => MOBILE_PATTERN.test(text), key: 'validation.mobileFormat' },
  accountName: { test: (text) => ACCOUNT_NAME_PATTERN.test(text), key: 'validation.accountNameFormat' },
};

/** Characters as a person counts them (an emoji once), as the database's char_length does. */
export function characterCount(text: string): number {
  return [...text].length;
}

function checkText(rules: ValueRules, value: unknown): ValueCheck {
  if (typeof value !== 'string') return invalidType('string');
  const text = value.trim();
  const length = characterCount(text);
  const { minLength: min, maxLength: max } = rules;
  if (min !== undefined && length < min)
    return { ok: false, key: 'validation.tooSmall.string', params: { minimum: min } };
  if (max !== undefined && length > max)
    return { ok: false, key: 'validation.tooBig.string', params: { maximum: max } };
  const format = rules.format ? FORMATS[rules.format] : undefined;
  if (format && text !== '' && !format.test(text)) return { ok: false, key: format.key };
  return { ok: true, value: text };
}

function checkRange(rules: ValueRules, value: number): ValueCheck {
  const { min, max } = rules;
  if (min !== undefined && value < min)
    return { ok: false, key: 'validation.tooSmall.number', params: { minimum: min } };
  if (max !== undefined && value > max) return { ok: false, key: 'validation.tooBig.number', params: { maximum: max } };
  return { ok: true, value };
}

/** Nothing given: null, undefined, an empty text or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** One field's value (a list for a multiple field) checked and put into its stored form (texts trimmed). */
export function checkFieldValue(rules: ValueRules, value: unknown): ValueCheck {
  if (isEmptyValue(value))
    return rules.required ? { ok: false, key: 'validation.required' } : { ok: true, value: null };
  const checkOne = CHECK_SCALAR[rules.dataType];
  if (!rules.multiple) return checkOne(rules, value);
  if (!Array.isArray(value)) return invalidType('array');
  if (value.length > MAX_VALUES_PER_FIELD)
    return { ok: false, key: 'validation.tooBig.array', params: { maximum: MAX_VALUES_PER_FIELD } };
  const out: unknown[] = [];
  for (const item of value) {
    const checked = checkOne(rules, item);
    if (!checked.ok) return checked;
    if (!out.some((seen) => sameValue(seen, checked.value))) out.push(checked.value);
  }
  return { ok: true, value: out };
}

/** Values compare by content (a money value is an object). */
function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'object' && a !== null && JSON.stringify(a) === JSON.stringify(b));
}

/** A field as one caller may write it. */
export interface FieldToCheck extends ValueRules {
  name: string;
  label: Label;
  /** Columns every row has (sid, version…): never written by a caller. */
  system?: boolean;
  /** Not writable by this caller: managed by the model's actions, or a read-only rule of their role. */
  readOnly?: boolean;
  /** Seen masked by this caller: not writable on update (they would write the mask back). */
  masked?: boolean;
  defaultValue?: FieldDeclaration['defaultValue'];
}

/** One refused field: its name, its label where it is a field (an unknown name has none), the problem. */
export interface ValueIssue extends ValueProblem {
  field: string;
  label?: Label;
}

/** The model as one caller writes it. */
export interface ValuesModel {
  declaration: Pick<ModelDeclaration, 'fields' | 'normalize' | 'validate'>;
  /** Every field of the model the caller sees (custom ones too), by name, in the form's order. */
  fields: ReadonlyMap<string, FieldToCheck>;
  /** Declared fields hidden from the caller. */
  hidden?: Iterable<string>;
}

export interface CheckedValues {
  /** The fields to write, by name, in their stored form. */
  values: Map<string, unknown>;
  /** Empty when the values may be written. */
  issues: ValueIssue[];
}

/**
 * Checks `data` against the model. On create every field is considered (missing required ones fail,
 * defaults fill the rest); on update only the fields sent. Unknown and system fields are refused, and
 * so are fields the caller may not write: read-only ones, masked values on update, and required fields
 * hidden from the caller. When every field passes on create, the model's normalisation and its rules
 * across fields run too (on update they need the stored record: checkRecord with it).
 */
export function checkValues(
  model: ValuesModel,
  data: Readonly<Record<string, unknown>>,
  mode: 'create' | 'update',
): CheckedValues {
  const issues: ValueIssue[] = [];
  const values = new Map<string, unknown>();
  const locked = new Set<string>();
  for (const name of Object.keys(data)) {
    const field = model.fields.get(name);
    if (!field || field.system)
      issues.push({ field: name, key: 'validation.unrecognizedKeys', params: { keys: name } });
    else if (field.readOnly || (mode === 'update' && field.masked)) {
      issues.push({ field: name, label: field.label, key: 'validation.readOnly' });
      locked.add(name);
    }
  }
  const names =
    mode === 'create' ? [...model.fields.values()].filter((f) => !f.system).map((f) => f.name) : Object.keys(data);
  for (const name of names) {
    const field = model.fields.get(name);
    if (!field || field.system || locked.has(name)) continue;
    const { defaultValue } = field;
    if (mode === 'create' && field.readOnly) {
      if (defaultValue !== undefined) values.set(name, defaultValue);
      else if (field.required) issues.push({ field: name, label: field.label, key: 'validation.required' });
      continue;
    }
    const given =
      mode === 'create' && isEmptyValue(data[name]) && defaultValue !== undefined ? defaultValue : data[name];
    const checked = checkFieldValue(field, given);
    if (checked.ok) values.set(name, checked.value);
    else issues.push({ field: name, label: field.label, key: checked.key, params: checked.params });
  }
  // A required field the caller cannot see cannot be filled by them.
  if (mode === 'create') {
    for (const name of model.hidden ?? []) {
      const declaration = model.declaration.fields[name];
      if (declaration?.required && declaration.defaultValue === undefined)
        issues.push({ field: name, label: declaration.label, key: 'validation.required' });
    }
  }
  if (issues.length === 0 && mode === 'create') issues.push(...checkRecord(model, values, {}));
  return { values, issues };
}

/**
 * The model's normalisation and rules across fields on the record as it will be stored (`before` on
 * update, nothing on create, overlaid with the values to write): the fields normalisation changes join
 * the values to write; the rules' issues are answered.
 */
export function checkRecord(
  model: { declaration: ValuesModel['declaration']; fields: ReadonlyMap<string, { label: Label }> },
  values: Map<string, unknown>,
  before: Readonly<Record<string, unknown>>,
): ValueIssue[] {
  const { normalize, validate } = model.declaration;
  if (normalize) {
    const record = { ...before, ...Object.fromEntries(values) };
    for (const [name, value] of Object.entries(normalize(record))) {
      if (record[name] !== value) values.set(name, value);
    }
  }
  const issues = validate?.({ ...before, ...Object.fromEntries(values) }) ?? [];
  return issues.map((issue) => ({
    field: issue.field,
    label: model.fields.get(issue.field)?.label ?? model.declaration.fields[issue.field]?.label,
    key: issue.messageKey,
    params: issue.params,
  }));
}

/** The `type.*` message naming an expected type (`validation.invalidType`'s parameter). */
const TYPE_LABEL: Record<string, MessageKey> = {
  string: 'type.string',
  number: 'type.number',
  integer: 'type.integer',
  boolean: 'type.boolean',
  array: 'type.array',
  money: 'type.money',
};

/** An issue's message through a translate function (the server's or i18next's). */
export function valueIssueMessage(
  issue: ValueProblem,
  translateKey: (key: MessageKey, params?: TranslateParams) => string,
): string {
  // Only a type problem's `expected` names a type; a rule's (an expected check digit) is shown as is.
  const params =
    issue.key === 'validation.invalidType' && issue.params?.expected
      ? { ...issue.params, expected: translateKey(TYPE_LABEL[String(issue.params.expected)] ?? 'type.unknown') }
      : issue.params;
  return translateKey(issue.key, params);
}

/** An issue's label in a language: the field's, or its name where it names no field. */
export function valueIssueLabel(issue: ValueIssue, language: Language): string {
  return issue.label ? labelIn(issue.label, language) : issue.field;
}
