// Checking and normalising the values a caller sends for a model's fields (create and update), with
// the failing field's label in the caller's language (spec §8: 500005, first field label + message).
// The checks themselves are core's checkValues, the same the web form runs before sending; this file
// says what the fields are for this caller (read-only, masked, hidden, the tenant's dictionaries) and
// turns the issues into the error answer.
import {
  AppError,
  checkRecord,
  checkValues as checkValuesInCore,
  rulesOf,
  translate,
  valueIssueLabel,
  valueIssueMessage,
  type FieldToCheck,
  type Language,
  type ValueIssue,
  type ValuesModel,
} from '@ipdesk/core';
import type { ResolvedField, ResolvedModel } from './registry.js';

type Dictionaries = ReadonlyMap<string, ReadonlySet<string>>;

export interface CheckedValues {
  /** Declared fields to write, by name. */
  values: Map<string, unknown>;
}

function fieldToCheck(field: ResolvedField, dictionaries: Dictionaries): FieldToCheck {
  const declaration = field.declaration;
  const options = declaration?.dictionary ? dictionaries.get(declaration.dictionary) : undefined;
  return {
    ...(declaration ? rulesOf(declaration, field.dataType, options) : { dataType: field.dataType }),
    multiple: field.multiple,
    name: field.name,
    label: field.label,
    system: field.system,
    readOnly: field.readOnly,
    masked: field.masked !== undefined,
    defaultValue: declaration?.defaultValue,
  };
}

// An import checks every row against the same model and dictionaries: the fields are described once.
const described = new WeakMap<ResolvedModel, { dictionaries: Dictionaries; model: ValuesModel }>();

/** The model as this caller writes it, for core's checks. */
function valuesModel(model: ResolvedModel, dictionaries: Dictionaries): ValuesModel {
  const known = described.get(model);
  if (known?.dictionaries === dictionaries) return known.model;
  const checked: ValuesModel = {
    declaration: model.declaration,
    fields: new Map([...model.fields].map(([name, field]) => [name, fieldToCheck(field, dictionaries)])),
    hidden: model.hidden,
  };
  described.set(model, { dictionaries, model: checked });
  return checked;
}

function refuse(issues: readonly ValueIssue[], language: Language): AppError {
  return new AppError('fieldRule', {
    fields: issues.map((issue) => ({
      field: issue.field,
      label: valueIssueLabel(issue, language),
      message: valueIssueMessage(issue, (key, params) => translate(language, key, params)),
    })),
  });
}

/**
 * Checks `data` against the model (core checkValues): on create every declared field, its default or
 * its absence, then the rules across fields; on update only the fields sent (the rules across fields
 * need the stored record: checkRecordRules).
 */
export function checkValues(
  model: ResolvedModel,
  data: Record<string, unknown>,
  mode: 'create' | 'update',
  language: Language,
  dictionaries: Dictionaries,
): CheckedValues {
  const { values, issues } = checkValuesInCore(valuesModel(model, dictionaries), data, mode);
  if (issues.length) throw refuse(issues, language);
  return { values };
}

/**
 * The model's normalisation and rules across fields on the record as it will be stored (`before`
 * overlaid with the values to write): the fields normalisation changes join the values to write.
 */
export function checkRecordRules(
  model: ResolvedModel,
  values: Map<string, unknown>,
  before: Readonly<Record<string, unknown>>,
  language: Language,
): void {
  const issues = checkRecord(model, values, before);
  if (issues.length) throw refuse(issues, language);
}
