// The custom field definition form's rules (spec §5), checked in the browser before the server checks
// them again: identifier pattern, name lengths, word limits with their caps and order, the dictionary of
// option fields. Pure functions over the form's values, so they are tested without a browser.
import {
  customKindAllowsMultiple,
  customKindDictionary,
  customKindTarget,
  isFieldFileKind,
  MODEL_CATALOG,
  PEOPLE_MODELS,
  offeredCustomKinds,
  SYSTEM_TARGET_NAMES,
  type CustomKind,
  type MessageKey,
} from '@ipdesk/core';
import { CUSTOM_FLAGS, type CustomFieldDefinition, type CustomFlag } from '../api/admin';

/** A letter first, then letters, digits or underscores; at most 48 characters. */
export const CUSTOM_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,47}$/;
export const CODE_MAX = 48;
export const NAME_ZH_MAX = 50;
export const NAME_EN_MAX = 100;

/** The flags a new field starts with (the server's defaults too): switchable, but on unless turned off. */
export const NEW_FIELD_FLAGS: readonly CustomFlag[] = ['search_filter', 'table_column', 'import', 'export'];

/** Spec §5: at most 255 characters for text, 3000 for a text area, 5000 for long text. */
export const LENGTH_CAPS: Partial<Record<CustomKind, number>> = { text: 255, textarea: 3000, longText: 5000 };

/** Targets a reference kind may point at here: the declared models and the system tables (as the server's). */
const TARGETS: ReadonlySet<string> = new Set<string>([
  ...MODEL_CATALOG.map((m) => m.name),
  ...PEOPLE_MODELS.map((m) => m.name),
  ...SYSTEM_TARGET_NAMES,
]);

/** The kinds the dialog offers: those the server takes (a reference kind only while its target exists). */
export const OFFERED_KINDS: readonly CustomKind[] = offeredCustomKinds((name) => TARGETS.has(name));

export const KIND_GROUPS = ['plain', 'option', 'reference', 'file'] as const;
export type KindGroup = (typeof KIND_GROUPS)[number];

/** How the dialog groups a kind: plain values, dictionary options, other records, or uploaded files. */
export function kindGroup(kind: CustomKind): KindGroup {
  if (isFieldFileKind(kind)) return 'file';
  if (customKindTarget(kind) !== undefined) return 'reference';
  return customKindDictionary(kind) ? 'option' : 'plain';
}

/** Whether the kind takes a dictionary the administrator names (option), may name (categories), or none. */
export function dictionaryChoice(kind: CustomKind | undefined): 'required' | 'optional' | 'none' {
  const dictionary = kind ? customKindDictionary(kind) : undefined;
  if (!dictionary) return 'none';
  return dictionary.required ? 'required' : 'optional';
}

export function allowsMultiple(kind: CustomKind | undefined): boolean {
  return kind !== undefined && customKindAllowsMultiple(kind);
}

export function hasLengthLimits(kind: CustomKind | undefined): boolean {
  return kind !== undefined && LENGTH_CAPS[kind] !== undefined;
}

/** What the drawer's form holds. */
export interface DefinitionFormValues {
  code: string;
  name_zh: string;
  name_en: string;
  kind: CustomKind;
  multiple: boolean;
  scope: string[];
  min_length: number | null;
  max_length: number | null;
  required: boolean;
  dictionary: string | null;
  flags: CustomFlag[];
}

export interface RuleIssue {
  field: keyof DefinitionFormValues;
  key: MessageKey;
  params?: Record<string, string | number>;
}

const isBlank = (value: string | null | undefined): boolean => !value || value.trim() === '';

export function checkCode(code: string | undefined): RuleIssue | undefined {
  if (isBlank(code)) return { field: 'code', key: 'adminField.codeRequired' };
  if (!CUSTOM_CODE_PATTERN.test(code ?? ''))
    return { field: 'code', key: 'adminField.codePattern', params: { max: CODE_MAX } };
  return undefined;
}

function checkName(field: 'name_zh' | 'name_en', value: string | undefined, max: number): RuleIssue | undefined {
  if (isBlank(value)) return { field, key: 'adminField.nameRequired' };
  if ((value ?? '').trim().length > max) return { field, key: 'adminField.tooLong', params: { max } };
  return undefined;
}

function isPositiveInt(value: number | null | undefined): boolean {
  return value === null || value === undefined || (Number.isInteger(value) && value > 0);
}

/** Every rule the definition breaks; the code only when it is being chosen (create). */
export function checkDefinition(values: Partial<DefinitionFormValues>, options: { withCode: boolean }): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const push = (issue: RuleIssue | undefined): void => {
    if (issue) issues.push(issue);
  };
  if (options.withCode) push(checkCode(values.code));
  push(checkName('name_zh', values.name_zh, NAME_ZH_MAX));
  push(checkName('name_en', values.name_en, NAME_EN_MAX));
  if (!values.kind) issues.push({ field: 'kind', key: 'adminField.kindRequired' });
  const cap = values.kind ? LENGTH_CAPS[values.kind] : undefined;
  if (cap !== undefined) {
    const min = values.min_length ?? null;
    const max = values.max_length ?? null;
    if (!isPositiveInt(min)) issues.push({ field: 'min_length', key: 'adminField.positiveInteger' });
    if (!isPositiveInt(max)) issues.push({ field: 'max_length', key: 'adminField.positiveInteger' });
    else if (max !== null && max > cap)
      issues.push({ field: 'max_length', key: 'adminField.lengthCap', params: { max: cap } });
    else if (min !== null && max !== null && isPositiveInt(min) && max < min)
      issues.push({ field: 'max_length', key: 'adminField.lengthOrder' });
    if (min !== null && isPositiveInt(min) && min > cap)
      issues.push({ field: 'min_length', key: 'adminField.lengthCap', params: { max: cap } });
  }
  if (dictionaryChoice(values.kind) === 'required' && isBlank(values.dictionary))
    issues.push({ field: 'dictionary', key: 'adminField.dictionaryRequired' });
  return issues;
}

/**
 * The definition sent to the server: limits only for text kinds, multiple only for options and references,
 * a dictionary only for option-like kinds.
 */
export function toDefinition(values: DefinitionFormValues): CustomFieldDefinition {
  const limits = hasLengthLimits(values.kind);
  const option = dictionaryChoice(values.kind) !== 'none';
  const dictionary = option ? values.dictionary?.trim() || null : null;
  const chosen = new Set(values.flags);
  return {
    name_zh: values.name_zh.trim(),
    name_en: values.name_en.trim(),
    kind: values.kind,
    multiple: allowsMultiple(values.kind) && values.multiple,
    scope: values.scope,
    min_length: limits ? (values.min_length ?? null) : null,
    max_length: limits ? (values.max_length ?? null) : null,
    required: values.required,
    dictionary,
    flags: Object.fromEntries(CUSTOM_FLAGS.map((flag) => [flag, chosen.has(flag)])) as Record<CustomFlag, boolean>,
  };
}

/** The form's values for a field's definition (the draft when there is one, else the published one). */
export function toFormValues(code: string, definition: CustomFieldDefinition | null): DefinitionFormValues {
  const d = definition;
  return {
    code,
    name_zh: d?.name_zh ?? '',
    name_en: d?.name_en ?? '',
    kind: d?.kind ?? 'text',
    multiple: d?.multiple ?? false,
    scope: d?.scope ?? [],
    min_length: d?.min_length ?? null,
    max_length: d?.max_length ?? null,
    required: d?.required ?? false,
    dictionary: d?.dictionary ?? null,
    // A new field starts offered as a list column and a search filter, as the server's default.
    flags: d ? CUSTOM_FLAGS.filter((flag) => d.flags[flag]) : [...NEW_FIELD_FLAGS],
  };
}
