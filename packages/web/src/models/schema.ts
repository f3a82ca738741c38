// Reading a model's schema answer: which fields a form edits, which the list shows by default, which a
// search offers, and option labels by value. Pure functions, shared by the list, detail and form pages.
import { OPERATORS_BY_TYPE, type IqlOperator } from '@ipdesk/core';
import type { ModelSchema, SchemaField } from '../api/model';

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

/** The model's own fields first, then the system ones (ID, company, created, updated, version). */
export function ownFieldsFirst(fields: readonly SchemaField[]): SchemaField[] {
  return [...fields.filter((field) => !field.system), ...fields.filter((field) => field.system)];
}

/** The fields of the basic search form (flag searchFilter): the model's own first, then created/updated. */
export function searchFilterFields(schema: ModelSchema): SchemaField[] {
  return ownFieldsFirst(schema.fields.filter((field) => field.flags.searchFilter && field.data_type !== 'file'));
}

/** Fields a batch search can look up by a list of values (IN). */
export function batchSearchFields(schema: ModelSchema): SchemaField[] {
  return schema.fields.filter((field) => supports(field, 'in') && (!field.system || field.name === 'sid'));
}

/** Date and time fields the quick time-range filters apply to. */
export function timeRangeFields(schema: ModelSchema): SchemaField[] {
  return ownFieldsFirst(schema.fields.filter((field) => supports(field, 'within')));
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

/** No value: null, undefined, an empty text or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}
