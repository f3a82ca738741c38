// The models the server knows, resolved once at start from core's catalog: each with its table, its
// columns and what every field may do. The one place that maps API field names to SQL columns.
import {
  dataTypeOf,
  defaultMenus,
  DOMAINS,
  modelsOf,
  PEOPLE_MODELS,
  resourceCatalog,
  type CoreDomain,
  type DefaultMenu,
  SYSTEM_REFERENCE_TARGETS,
  unresolvedReferences,
  unresolvedParents,
  unresolvedDockets,
  childrenByParent,
  type ChildModel,
  type DataType,
  type ResourceCatalog,
  type SensitiveKind,
  type FieldDeclaration,
  type Label,
  type ModelDeclaration,
} from '@ipdesk/core';
import { createHookRegistry, type HookRegistry } from './hooks.js';
import { SYSTEM_TARGETS } from './system-targets.js';

export interface ResolvedField {
  name: string;
  /** The SQL expression of the column, qualified by the table alias "t". */
  column: string;
  dataType: DataType;
  multiple: boolean;
  label: Label;
  /** Declared fields have their declaration; system fields do not. */
  declaration?: FieldDeclaration;
  system: boolean;
  /** A tenant's custom field: stored under its code in the row's custom JSONB. */
  custom: boolean;
  /** Never null (ids, stamps, required fields): usable for keyset paging. */
  notNull: boolean;
  /** Not writable by this caller: managed by the model's own actions, or a read-only field rule. */
  readOnly?: boolean;
  /** For references: the declared model or system target (system-targets.ts) the sid points into. */
  target?: string;
  /** Answered masked to this caller, and so not usable in their queries (spec §6 desensitisation). */
  masked?: SensitiveKind;
}

export interface ResolvedModel {
  name: string;
  table: string;
  declaration: ModelDeclaration;
  fields: Map<string, ResolvedField>;
  /** Fields searched by MATCH. */
  keywordFields: ResolvedField[];
  /** Fields this caller may not see (the model as one principal sees it, modules/rbac/model-view.ts). */
  hidden?: ReadonlySet<string>;
  /**
   * For a caller's view: the model with every field. Hooks, cross-field rules and audit entries read whole
   * rows through it (a hook must not take a hidden field for empty and overwrite it); only the answer is
   * cut to the view (records.ts).
   */
  base?: ResolvedModel;
}

const SYSTEM: Array<Omit<ResolvedField, 'column' | 'custom'>> = [
  { name: 'sid', dataType: 'string', multiple: false, label: { zh: '编号', en: 'ID' }, system: true, notNull: true },
  {
    name: 'company_sid',
    dataType: 'ref',
    multiple: false,
    label: { zh: '所属公司', en: 'Company' },
    system: true,
    notNull: false,
  },
  {
    name: 'created_at',
    dataType: 'timestamp',
    multiple: false,
    label: { zh: '创建时间', en: 'Created at' },
    system: true,
    notNull: true,
  },
  {
    name: 'created_by',
    dataType: 'ref',
    multiple: false,
    label: { zh: '创建人', en: 'Created by' },
    system: true,
    notNull: false,
  },
  {
    name: 'updated_at',
    dataType: 'timestamp',
    multiple: false,
    label: { zh: '更新时间', en: 'Updated at' },
    system: true,
    notNull: true,
  },
  {
    name: 'updated_by',
    dataType: 'ref',
    multiple: false,
    label: { zh: '更新人', en: 'Updated by' },
    system: true,
    notNull: false,
  },
  {
    name: 'version',
    dataType: 'integer',
    multiple: false,
    label: { zh: '版本', en: 'Version' },
    system: true,
    notNull: true,
  },
];

export function tableOf(modelName: string): string {
  return `m_${modelName}`;
}

export function resolveModel(declaration: ModelDeclaration): ResolvedModel {
  const fields = new Map<string, ResolvedField>();
  for (const system of SYSTEM)
    fields.set(system.name, {
      ...system,
      column: `t.${system.name}`,
      custom: false,
      target: SYSTEM_REFERENCE_TARGETS[system.name],
    });
  for (const [name, field] of Object.entries(declaration.fields)) {
    fields.set(name, {
      name,
      column: `t.${name}`,
      dataType: dataTypeOf(field),
      multiple: field.multiple,
      label: field.label,
      declaration: field,
      system: false,
      custom: false,
      notNull: field.required,
      readOnly: field.managed ?? false,
      target: field.target,
    });
  }
  return {
    name: declaration.name,
    table: tableOf(declaration.name),
    declaration,
    fields,
    keywordFields: [...fields.values()].filter((f) => f.declaration?.flags.keyword && !f.multiple),
  };
}

const JSON_CAST: Record<DataType, string> = {
  string: '',
  text: '',
  integer: '::bigint',
  decimal: '::numeric',
  money: '::numeric',
  date: '::date',
  timestamp: '::timestamptz',
  boolean: '::boolean',
  key: '',
  ref: '',
  file: '',
};

/** The model with a tenant's published custom fields added; they read from the custom JSONB. */
export function withCustomFields(
  base: ResolvedModel,
  customs: ReadonlyArray<{ code: string; declaration: FieldDeclaration }>,
): ResolvedModel {
  if (customs.length === 0) return base;
  const fields = new Map(base.fields);
  for (const { code, declaration } of customs) {
    const dataType = dataTypeOf(declaration);
    const json = `t.custom->'${code}'`;
    const column = declaration.multiple
      ? `ARRAY(SELECT jsonb_array_elements_text(CASE WHEN jsonb_typeof(${json}) = 'array' THEN ${json} ELSE '[]'::jsonb END))`
      : dataType === 'money'
        ? `((t.custom->'${code}'->>'amount')::numeric)`
        : `((t.custom->>'${code}')${JSON_CAST[dataType]})`;
    fields.set(code, {
      name: code,
      column,
      dataType,
      multiple: declaration.multiple,
      label: declaration.label,
      declaration,
      system: false,
      custom: true,
      notNull: false,
      // A custom reference field points where its kind does (titles, iql relations, imports by name).
      target: declaration.target,
    });
  }
  return { ...base, fields };
}

export interface ModelRegistry {
  get(name: string): ResolvedModel | undefined;
  all(): ResolvedModel[];
  /** The resources of the administration screens, of the domains and of these models. */
  resources: ResourceCatalog;
  /** The menu tree a tenant starts with (the platform's and the domains'). */
  defaultMenus: readonly DefaultMenu[];
  /** Domain modules' hooks into the generic record pipeline. */
  hooks: HookRegistry;
  /** The models that declare this one their parent (ModelDeclaration.parent), in catalogue order. */
  children(name: string): readonly ChildModel[];
  /** Every model that stores deadlines (ModelDeclaration.deadlineStore: patent_task, docketed models' stores). */
  deadlineStores(): ResolvedModel[];
  /** Every model that dockets dates (ModelDeclaration.docket). */
  docketed(): ResolvedModel[];
}

/** The models of these domains (default: the product's), or the given declarations with their resources. */
export function createModelRegistry(
  declarations?: readonly ModelDeclaration[],
  domains: readonly CoreDomain[] = DOMAINS,
): ModelRegistry {
  const declared = declarations ?? modelsOf(domains);
  const all = [...declared, ...PEOPLE_MODELS.filter((p) => !declared.some((d) => d.name === p.name))];
  // A reference that resolves to nothing could only ever show a raw id: refuse to start instead.
  const unresolved = unresolvedReferences(all, Object.keys(SYSTEM_TARGETS));
  if (unresolved.length) throw new Error(`Reference fields without a declared target: ${unresolved.join('; ')}`);
  // A parent that is not a model could give no tab, no cascade and no iql link: refuse to start as well.
  const parents = unresolvedParents(all);
  if (parents.length) throw new Error(`Parent declarations that do not resolve: ${parents.join('; ')}`);
  // A docket whose deadlines could be stored nowhere: refuse to start too.
  const dockets = unresolvedDockets(all);
  if (dockets.length) throw new Error(`Docket declarations that do not resolve: ${dockets.join('; ')}`);
  const children = childrenByParent(all);
  const models = new Map(all.map((d) => [d.name, resolveModel(d)]));
  const stores = [...models.values()].filter((m) => m.declaration.deadlineStore);
  const docketed = [...models.values()].filter((m) => m.declaration.docket);
  return {
    get: (name) => models.get(name),
    all: () => [...models.values()],
    resources: resourceCatalog(all, domains),
    defaultMenus: defaultMenus(domains),
    hooks: createHookRegistry(),
    children: (name) => children.get(name) ?? [],
    deadlineStores: () => [...stores],
    docketed: () => [...docketed],
  };
}
