// The custom fields a configuration pack carries: a model and an identifier with the definition of
// custom-field administration, whose schema and rules (custom-fields/definition.ts) are reused here;
// only the labels of the pack's fields and the checks across the pack's items are added.
import { type FieldIssue, type MessageKey, MODEL_NAME_PATTERN } from '@ipdesk/core';
import { z } from 'zod';
import { labelled } from '../../http/labels.js';
import { SYSTEM_TARGETS } from '../../platform/models/system-targets.js';
import {
  CUSTOM_CODE_PATTERN,
  definitionIssues,
  definitionSchema,
  type CustomFieldDefinition,
} from '../custom-fields/definition.js';
import type { CheckContext } from './content.js';

const DEFINITION_LABELS: Record<keyof CustomFieldDefinition, MessageKey> = {
  name_zh: 'field.packFieldNameZh',
  name_en: 'field.packFieldNameEn',
  kind: 'field.packFieldKind',
  multiple: 'field.packFieldMultiple',
  scope: 'field.packFieldScope',
  min_length: 'field.packFieldMinLength',
  max_length: 'field.packFieldMaxLength',
  required: 'field.packFieldRequired',
  dictionary: 'field.packFieldDictionary',
  flags: 'field.packFieldFlags',
};

// Clones carry the pack's labels: labelling the shared schemas themselves would relabel the errors of
// custom-field administration too.
const definitionShape = Object.fromEntries(
  Object.entries(definitionSchema.shape).map(([key, schema]) => [
    key,
    labelled(schema.clone(), DEFINITION_LABELS[key as keyof CustomFieldDefinition]),
  ]),
) as typeof definitionSchema.shape;

export const packCustomFieldSchema = z
  .object({
    model: labelled(z.string().regex(MODEL_NAME_PATTERN), 'field.packFieldModel'),
    code: labelled(z.string().regex(CUSTOM_CODE_PATTERN), 'field.packFieldCode'),
    ...definitionShape,
  })
  .strict();

export type PackCustomField = z.infer<typeof packCustomFieldSchema>;

/** The definition part of a pack's field, as custom-field administration stores it. */
export function definitionOf(field: PackCustomField): CustomFieldDefinition {
  const { model: _model, code: _code, ...definition } = field;
  return definition;
}

/** Problems of one custom field of the pack; the definition's own issues are moved under its path. */
export function checkCustomField(field: PackCustomField, index: number, context: CheckContext): FieldIssue[] {
  const at = `custom_fields.${index}`;
  const model = context.registry.get(field.model);
  if (!model)
    return [
      {
        field: `${at}.model`,
        labelKey: 'field.packFieldModel',
        messageKey: 'configPack.modelUnknown',
        params: { model: field.model },
      },
    ];
  const issues: FieldIssue[] = [];
  const key = `${field.model}:${field.code.toLowerCase()}`;
  if (context.seen.customFields.has(key))
    issues.push({
      field: `${at}.code`,
      labelKey: 'field.packFieldCode',
      messageKey: 'configPack.duplicateCustomField',
      params: { model: field.model, code: field.code },
    });
  context.seen.customFields.add(key);
  // Against the declared model only: a published custom field of the same identifier is the one the
  // pack replaces, not a clash.
  for (const issue of definitionIssues(
    model,
    field.code,
    definitionOf(field),
    context.fieldDictionaries,
    (target) => Object.hasOwn(SYSTEM_TARGETS, target) || context.registry.get(target) !== undefined,
  )) {
    const name = issue.field as keyof CustomFieldDefinition | 'code';
    issues.push({
      ...issue,
      field: `${at}.${issue.field}`,
      labelKey: name === 'code' ? 'field.packFieldCode' : (DEFINITION_LABELS[name] ?? issue.labelKey),
    });
  }
  return issues;
}
