// Reading a model's schema answer: which fields a form edits, which the list shows by default, which a
// search offers, and option labels by value. Pure functions, shared by the list, detail and form pages.
import { OPERATORS_BY_TYPE, isEmptyValue, type IqlOperator } from '@ipdesk/core';
import type { ModelAbilities, ModelSchema, SchemaField } from '../api/model';

/** A form's mode: masked values may be typed in on create, never changed on update. */
export type FormMode = 'create' | 'update';

const ALL_ABILITIES: ModelAbilities = { create: true, update: true, delete: true, import: true, export: true };

/** The caller's abilities; an answer without them (an older server) allows everything, the server decides. */
export function abilitiesOf(schema: ModelSchema): ModelAbilities {
  return { ...ALL_ABILITIES, ...schema.abilities };
}

/** Whether the caller may write the field in a form of that mode. */
export function isWritable(field: SchemaField, mode: FormMode): boolean {
  if (field.read_only) return false;
  return !(mode === 'update' && field.masked);
}

/** Whether a search may filter or sort on the field: masked values cannot be probed. */
export function isQueryable(field: SchemaField): boolean {
  return !field.masked;
}

/** The fields the advanced search suggests: all but the masked ones. */
export function queryableFields(schema: ModelSchema): SchemaField[] {
  return schema.fields.filter(isQueryable);
}

/** Shown when a field has no value. */
export const EMPTY_VALUE = '—';

export function fieldMap(schema: ModelSchema): ReadonlyMap<string, SchemaField> {
  return new Map(schema.fields.map((field) => [field.name, field]));
}

/** The fields a person fills in: everything but the system columns (sid, version, created_at …). */
export function editableFields(schema: ModelSchema): SchemaField[] {
  return schema.fields.filter((field) => !field.system);
}

export function supports(field: SchemaField, operator: IqlOperator): boolean {
  return OPERATORS_BY_TYPE[field.data_type].includes(operator);
}

/** Whether the list offers sorting on the field's column. */
export function isSortable(field: SchemaField): boolean {
  return supports(field, 'order') && isQueryable(field);
}

/** The model's own fields first, then the system ones (ID, company, created, updated, version). */
export function ownFieldsFirst(fields: readonly SchemaField[]): SchemaField[] {
  return [...fields.filter((field) => !field.system), ...fields.filter((field) => field.system)];
}

/** The fields of the basic search form (flag searchFilter): the model's own first, then created/updated. */
export function searchFilterFields(schema: ModelSchema): SchemaField[] {
  return ownFieldsFirst(
    schema.fields.filter((field) => field.flags.searchFilter && field.data_type !== 'file' && isQueryable(field)),
  );
}

/** Fields a batch search can look up by a list of values (IN). */
export function batchSearchFields(schema: ModelSchema): SchemaField[] {
  return schema.fields.filter(
    (field) => supports(field, 'in') && (!field.system || field.name === 'sid') && isQueryable(field),
  );
}

/** Date and time fields the quick time-range filters apply to. */
export function timeRangeFields(schema: ModelSchema): SchemaField[] {
  return ownFieldsFirst(schema.fields.filter((field) => supports(field, 'within') && isQueryable(field)));
}

/** The quick filters' default field: the first date the list shows, else the first date, else updated_at. */
export function defaultTimeRangeField(schema: ModelSchema): string | undefined {
  const fields = timeRangeFields(schema);
  const shown = fields.find((field) => field.flags.tableColumn && !field.system);
  return (shown ?? fields.find((field) => !field.system) ?? fields[0])?.name;
}

/** The batch search's default field: the first unique field (a case number), else the title. */
export function defaultBatchField(schema: ModelSchema): string | undefined {
  const fields = batchSearchFields(schema);
  const unique = fields.find((field) => field.unique);
  return (unique ?? fields.find((field) => field.name === schema.title_field) ?? fields[0])?.name;
}

/** The label of an option value, or the value itself when the dictionary no longer has it. */
export function optionLabel(field: SchemaField, value: unknown): string {
  const text = String(value);
  return field.options?.find((option) => option.value === text)?.label ?? text;
}

/** No value: null, undefined, an empty text or an empty list (core's, as the server counts it). */
export { isEmptyValue };
