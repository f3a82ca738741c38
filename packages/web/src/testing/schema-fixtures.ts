// Model schemas for tests, in the shape GET model/{model}/do/schema answers (core's SchemaField): a test
// names only what its case is about (the kind, a flag, the options) and the rest is a plain text field.
import type { ModelSchema, SchemaField, SchemaFieldFlags } from '../api/model';

/** What a test sets on a field; `flags` is merged into the defaults, so one flag can be named alone. */
export type FieldExtra = Omit<Partial<SchemaField>, 'flags'> & { flags?: Partial<SchemaFieldFlags> };

/** A declared field's flags: a list column, imported and exported, not searched or a keyword. */
const FIELD_FLAGS: SchemaFieldFlags = {
  searchFilter: false,
  keyword: false,
  tableColumn: true,
  import: true,
  export: true,
  processVariable: false,
  approval: false,
  batchEdit: false,
};

/** A system field's flags as the server gives them when undeclared: exported only. */
const SYSTEM_FLAGS: SchemaFieldFlags = { ...FIELD_FLAGS, tableColumn: false, import: false };

function merged(defaults: FieldExtra, extra: FieldExtra): FieldExtra {
  return { ...defaults, ...extra, flags: { ...defaults.flags, ...extra.flags } };
}

/** A text field (string, optional, no length limit) with `extra` over it. */
export function schemaField(name: string, label: string = name, extra: FieldExtra = {}): SchemaField {
  return {
    name,
    label,
    kind: 'text',
    data_type: 'string',
    system: false,
    multiple: false,
    required: false,
    unique: false,
    min_length: null,
    max_length: null,
    min: null,
    max: null,
    scale: null,
    dictionary: null,
    target: null,
    options: null,
    ...extra,
    flags: { ...FIELD_FLAGS, ...extra.flags },
  };
}

/** A system field (sid, version, company_sid, created_at…): not a list column, not imported. */
export function systemField(name: string, label: string = name, extra: FieldExtra = {}): SchemaField {
  return schemaField(name, label, merged({ system: true, flags: SYSTEM_FLAGS }, extra));
}

/** A `schemaField` with a test file's own defaults (its flags, a length limit), `extra` still over them. */
export function fieldMaker(defaults: FieldExtra): (name: string, label?: string, extra?: FieldExtra) => SchemaField {
  return (name, label = name, extra = {}) => schemaField(name, label, merged(defaults, extra));
}

/** A model's schema; by default the patent model titled by its `title` field. */
export function modelSchema(schema: Partial<ModelSchema> & Pick<ModelSchema, 'fields'>): ModelSchema {
  return { name: 'patent', label: '专利', title_field: 'title', ...schema };
}
