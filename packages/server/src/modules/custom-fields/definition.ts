// What a custom field is (spec §3 "Custom field", §5 rules): identifier, bilingual name, kind, single
// or multiple value, application scope, word limits, dictionary, and the six flags. Checked here once
// for create, update and publish.
import {
  AppError,
  CUSTOM_KINDS,
  CUSTOM_KIND_LABELS,
  customKindAvailability,
  customKindDictionary,
  FIELD_NAME_PATTERN,
  SYSTEM_FIELDS,
  translate,
  type CustomKind,
  type FieldFlags,
  type FieldIssue,
  type Language,
  SID_PATTERN,
} from '@ipdesk/core';
import { z } from 'zod';
import { isKnownDictionary } from '../dictionary/dictionary.js';
import type { ResolvedModel } from '../../platform/models/registry.js';

export { CUSTOM_KINDS, type CustomKind };

/** Spec §5: at most 255 for strings, 3000 for text, 5000 for long text. */
export const LENGTH_CAP: Partial<Record<CustomKind, number>> = { text: 255, textarea: 3000, longText: 5000 };

export const CUSTOM_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,47}$/;

export const definitionSchema = z
  .object({
    name_zh: z.string().trim().min(1).max(50),
    name_en: z.string().trim().min(1).max(100),
    kind: z.enum(CUSTOM_KINDS),
    multiple: z.boolean().default(false),
    /** Company sids the field applies to; empty = every company. */
    scope: z.array(z.string().regex(SID_PATTERN)).max(200).default([]),
    min_length: z.number().int().positive().nullable().default(null),
    max_length: z.number().int().positive().nullable().default(null),
    required: z.boolean().default(false),
    dictionary: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/)
      .nullable()
      .default(null),
    // A field is added to be used: unless told otherwise it is offered as a list column and a search
    // filter (issue 14: new fields were offered in neither), imported and exported.
    flags: z
      .object({
        search_filter: z.boolean().default(true),
        process_variable: z.boolean().default(false),
        approval: z.boolean().default(false),
        table_column: z.boolean().default(true),
        import: z.boolean().default(true),
        export: z.boolean().default(true),
        // Offered in batch edit (docs/models.md "Batch edit"): off unless the administrator turns it on.
        batch_edit: z.boolean().default(false),
      })
      .strict()
      .default({
        search_filter: true,
        process_variable: false,
        approval: false,
        table_column: true,
        import: true,
        export: true,
        batch_edit: false,
      }),
  })
  .strict();

export type CustomFieldDefinition = z.infer<typeof definitionSchema>;

/** Whether a reference target exists: a model of the registry or a system table. */
export type HasTarget = (name: string) => boolean;

/** The refusal of a kind no custom field may take (now), naming it; undefined when the kind is fine. */
export function kindIssue(kind: CustomKind, hasTarget: HasTarget): FieldIssue | undefined {
  const availability = customKindAvailability(kind, hasTarget);
  if (availability === 'available') return undefined;
  return {
    field: 'kind',
    labelKey: 'field.customFieldKind',
    messageKey: availability === 'noTarget' ? 'customField.kindNoTarget' : 'customField.kindNotOffered',
    params: { kind },
  };
}

/** Every rule the definition breaks, with field paths relative to the definition (and "code"). */
export function definitionIssues(
  model: ResolvedModel,
  code: string,
  definition: CustomFieldDefinition,
  tenantDictionaries: ReadonlySet<string>,
  hasTarget: HasTarget,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const kind = kindIssue(definition.kind, hasTarget);
  if (kind) issues.push(kind);
  const taken = [...model.fields.keys(), ...SYSTEM_FIELDS].some((name) => name.toLowerCase() === code.toLowerCase());
  if (!CUSTOM_CODE_PATTERN.test(code))
    issues.push({ field: 'code', labelKey: 'field.customField', messageKey: 'validation.invalidFormat' });
  else if (taken)
    issues.push({
      field: 'code',
      labelKey: 'field.customField',
      messageKey: 'customField.codeTaken',
      params: { code },
    });
  const cap = LENGTH_CAP[definition.kind];
  if (
    definition.min_length !== null &&
    definition.max_length !== null &&
    definition.max_length < definition.min_length
  ) {
    issues.push({ field: 'max_length', labelKey: 'field.customField', messageKey: 'customField.limitOrder' });
  }
  if (cap !== undefined && definition.max_length !== null && definition.max_length > cap) {
    issues.push({
      field: 'max_length',
      labelKey: 'field.customField',
      messageKey: 'customField.limitCap',
      params: { max: cap },
    });
  }
  const dictionary = customKindDictionary(definition.kind);
  if (dictionary) {
    if (!definition.dictionary && dictionary.required)
      issues.push({ field: 'dictionary', labelKey: 'field.dictionary', messageKey: 'customField.needsDictionary' });
    else if (
      definition.dictionary &&
      !isKnownDictionary(definition.dictionary) &&
      !tenantDictionaries.has(definition.dictionary)
    ) {
      issues.push({
        field: 'dictionary',
        labelKey: 'field.dictionary',
        messageKey: 'customField.unknownDictionary',
        params: { dictionary: definition.dictionary },
      });
    }
  }
  return issues;
}

/**
 * Refuses a definition that breaks a rule. A kind custom fields cannot take has its own code (400205 no
 * target yet, 400206 never), naming the kind in the caller's language; the other rules answer 500005.
 */
export function checkDefinition(
  model: ResolvedModel,
  code: string,
  definition: CustomFieldDefinition,
  tenantDictionaries: ReadonlySet<string>,
  hasTarget: HasTarget,
  language: Language,
): void {
  const issues = definitionIssues(model, code, definition, tenantDictionaries, hasTarget);
  const kind = issues.find((issue) => issue.field === 'kind');
  if (kind) {
    const label = translate(language, CUSTOM_KIND_LABELS[definition.kind]);
    throw new AppError(
      kind.messageKey === 'customField.kindNoTarget' ? 'customFieldKindNoTarget' : 'customFieldKindNotOffered',
      {
        params: { kind: label, name: definition.kind },
        issues: [kind],
      },
    );
  }
  if (issues.length) throw new AppError('fieldRule', { issues });
}

export function flagsOf(definition: CustomFieldDefinition): FieldFlags {
  const f = definition.flags;
  return {
    searchFilter: f.search_filter,
    // Custom values live in JSONB without a text index; MATCH covers declared keyword fields only.
    keyword: false,
    tableColumn: f.table_column,
    import: f.import,
    export: f.export,
    processVariable: f.process_variable,
    approval: f.approval,
    batchEdit: f.batch_edit ?? false, // definitions saved before the flag existed lack it
  };
}

export { FIELD_NAME_PATTERN };
