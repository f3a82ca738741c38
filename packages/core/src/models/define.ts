// Declaring a model once (ARCHITECTURE.md): its fields with kind, bilingual label, rules and flags.
// From this one declaration come the table, the API validation, the schema endpoint, the generic
// endpoints, search, and the UI's columns, filters and forms.
import type { Language, MessageKey, TranslateParams } from '../i18n/index.js';
import type { SensitiveKind } from '../rbac/masking.js';
import type { MoneyValue } from '../values/money.js';
import {
  KIND_SPECS,
  type AlwaysMultipleKind,
  type DataType,
  type FieldKind,
  type KindDataType,
} from './field-kinds.js';
import { lifecycleProblems, type LifecycleDeclaration } from './lifecycle.js';
import type { DocketDeclaration } from '../docket/types.js';
import { docketProblems } from './docket-check.js';

export interface Label {
  zh: string;
  en: string;
}

/** A bilingual label in a language (Chinese for zh-CN and anything else, English for en). */
export function labelIn(label: Label, language: Language): string {
  return language === 'en' ? label.en : label.zh;
}

/** What a field is for beyond storing: spec §3 custom-field flags, for built-in fields too. */
export interface FieldFlags {
  /** Offered as a filter in search forms (and indexed). */
  searchFilter: boolean;
  /** Part of MATCH keyword search. */
  keyword: boolean;
  /** Shown as a list column by default. */
  tableColumn: boolean;
  import: boolean;
  export: boolean;
  processVariable: boolean;
  approval: boolean;
  /**
   * Offered in a list's batch edit (docs/models.md "Batch edit"): one value written to many records, each
   * through the update pipeline. Off unless declared; a field the caller may not write is never offered.
   */
  batchEdit: boolean;
}

export interface FieldDeclaration {
  kind: FieldKind;
  label: Label;
  required: boolean;
  multiple: boolean;
  /** Length limits for text kinds (characters). */
  minLength?: number;
  maxLength?: number;
  /** Range for numbers; decimals after the point for number/money. */
  min?: number;
  max?: number;
  scale?: number;
  /** Dictionary for option-like kinds; the referenced model for ref kinds. */
  dictionary?: string;
  target?: string;
  /** Unique within the tenant (e.g. a case number). */
  unique: boolean;
  flags: FieldFlags;
  /** Shown in forms as help. */
  help?: Label;
  /** Text formats checked on both sides besides length. */
  format?: TextFormat;
  /** Set only by the model's own actions (status, accounts), never by create, update or import. */
  managed?: boolean;
  /** The value a new record starts with when none is given. */
  defaultValue?: string | number | boolean;
  /** Masked for roles without the right to see sensitive data (spec §6 desensitisation). */
  sensitive?: SensitiveKind;
  /**
   * How a user field reads: the person's name (default), or the sign-in account where the field is about
   * the account itself (a person's "Login account" showed the person's own name, issue 14).
   */
  userDisplay?: 'name' | 'account';
}

export const TEXT_FORMATS = ['email', 'mobile', 'accountName'] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];

/** A rule across fields of one record (an ID number checked against its type, say). */
export interface RecordIssue {
  field: string;
  messageKey: MessageKey;
  params?: TranslateParams;
}

export type FieldOptions = Partial<Omit<FieldDeclaration, 'kind' | 'label' | 'flags'>> & {
  label: Label;
  flags?: Partial<FieldFlags>;
};

const DEFAULT_FLAGS: FieldFlags = {
  searchFilter: false,
  keyword: false,
  tableColumn: false,
  import: true,
  export: true,
  processVariable: false,
  approval: false,
  batchEdit: false,
};

/** Default text limits of spec §5: 255 for strings, 5000 for long text. */
const DEFAULT_MAX_LENGTH: Partial<Record<DataType, number>> = { string: 255, text: 5000 };

/**
 * A field declaration that keeps, as types, its kind and whether it is required or a list, so that the
 * value a record holds for it is known to the type-checker (`RowOf`).
 */
export interface TypedField<
  K extends FieldKind = FieldKind,
  R extends boolean = boolean,
  M extends boolean = boolean,
> extends FieldDeclaration {
  kind: K;
  required: R;
  multiple: M;
}

/** `true` or `false` where the options say so literally or leave it out (false), else either. */
type FlagOf<O, Key extends 'required' | 'multiple'> =
  O extends Record<Key, true> ? true : O extends Record<Key, false> ? false : Key extends keyof O ? boolean : false;

export function field<const K extends FieldKind, const O extends FieldOptions>(
  kind: K,
  options: O,
): TypedField<K, FlagOf<O, 'required'>, K extends AlwaysMultipleKind ? true : FlagOf<O, 'multiple'>>;
export function field(kind: FieldKind, options: FieldOptions): FieldDeclaration {
  const spec = KIND_SPECS[kind];
  return {
    kind,
    required: false,
    unique: false,
    ...options,
    multiple: spec.alwaysMultiple || (options.multiple ?? false),
    maxLength: options.maxLength ?? DEFAULT_MAX_LENGTH[spec.dataType],
    dictionary: options.dictionary ?? (spec.dataType === 'key' ? spec.target : undefined),
    target: options.target ?? (spec.dataType === 'ref' ? spec.target : undefined),
    flags: { ...DEFAULT_FLAGS, ...options.flags },
  };
}

export interface ModelDeclaration {
  /** The API name (spec §3 "Model names used by the API"), also the table name. */
  name: string;
  label: Label;
  fields: Record<string, FieldDeclaration>;
  /** The field that names a record in pickers and titles. */
  titleField: string;
  /**
   * How a record reads where another record points at it (lists, details, exports and history of the
   * referring model): these fields' values joined by a space, empty ones left out. Default: the title
   * field alone. A patent reads as its case number and title ("CN-2026-001 锂电池").
   */
  referenceTitle?: readonly string[];
  /**
   * How a record reads for readers of a language, where its reference title is not the same in every
   * language: the listed fields are tried in order and the first non-empty one names the record (an
   * applicant reads as its English name for en, else its name). Languages not listed use referenceTitle.
   */
  titleByLanguage?: Partial<Record<Language, readonly string[]>>;
  /**
   * Records that other models' imports may name in free text (an applicant): a name is matched against
   * these fields with case and spaces ignored, and a name matching none may be created as a record with
   * the name in the first field, when the importing user confirms it (docs/models.md "Reference kinds").
   */
  nameFields?: readonly [string, ...string[]];
  /**
   * Records whose field holds one of these values are invalid (spec §4 "Data: valid or invalid"): new
   * references to them are refused.
   */
  validity?: { field: string; invalid: readonly string[] };
  /**
   * Filters users combine (e.g. country and status): each gets a composite index, so counts and pages
   * of the combination read one index instead of intersecting two. Single-value declared fields only.
   */
  filterIndexes?: ReadonlyArray<readonly string[]>;
  /**
   * Rows the system writes in bulk (deadlines and fees recomputed after a rule-pack change): the keyword
   * (GIN) indexes keep a larger pending list, so a bulk update appends to it and vacuum merges it later,
   * instead of every statement of the recompute merging as it goes. Searches read the pending list too.
   */
  bulkWritten?: boolean;
  /** A department field: the department data scope also covers records whose department is in scope. */
  departmentField?: string;
  /** Fields permissions depend on (a person's department or account): changing one refreshes access. */
  accessFields?: readonly string[];
  /**
   * Puts values into their stored form from the record as it will be (an application number in its
   * office's written form): returns only the fields it changes. Runs on the server after each field's
   * own checks and before the rules across fields, on create, update and import.
   */
  normalize?: (values: Readonly<Record<string, unknown>>) => Record<string, unknown>;
  /**
   * Values shown in the reader's language instead of the stored ones (a rule deadline's title from its
   * rule code): returns only the fields it replaces. Every output of records applies it (reads,
   * searches, exports, iCalendar); the stored values stay what searches compare.
   */
  localize?: {
    /** The fields it reads: a search or export narrowed to some fields reads these too. */
    reads: readonly string[];
    apply: (row: Readonly<Record<string, unknown>>, language: Language) => Record<string, unknown>;
  };
  /** Rules across fields, run after each field's own checks, on both sides. */
  validate?: (values: Readonly<Record<string, unknown>>) => RecordIssue[];
  /**
   * Statuses that change only through named actions (models/lifecycle.ts). Its status field becomes managed
   * (create, update and import cannot set it) and starts at the initial status.
   */
  lifecycle?: LifecycleDeclaration;
  /**
   * The record this one belongs to (a case's fees belong to the case): its field pointing at the parent.
   * The parent's detail page lists these records in a tab, its delete counts and takes them along (or is
   * refused while there are any), and iql reaches across the link (`parent.country`, `HAS(<child>)`).
   */
  parent?: ParentDeclaration;
  /**
   * Dates this model dockets (docs/models.md "Dates a model dockets"): the rules that count deadlines from
   * its date fields, kept in step by the server in every write's transaction and stored in its deadline model.
   */
  docket?: DocketDeclaration;
  /**
   * This model stores the deadlines of another (patent_task of patent, a docketed model's store from
   * defineDeadlineModel): the deadlines calendar and iCalendar feed read every such store.
   */
  deadlineStore?: { of: string };
  /**
   * The people responsible for a record (a patent's IP manager): user fields, or references to a person
   * (their account user). They are told of the record's events (docs/notifications.md): its deadlines at
   * their lead times, its status changes; each only while they may read the record.
   */
  responsible?: readonly string[];
}

/** What becomes of a model's records when the record they belong to is deleted. */
export const PARENT_DELETE_RULES = ['delete', 'refuse'] as const;
export type ParentDeleteRule = (typeof PARENT_DELETE_RULES)[number];

export interface ParentDeclaration<FieldName extends string = string> {
  /** The parent model's name. */
  model: string;
  /** The required, single reference field of this model that holds the parent's sid. */
  field: FieldName;
  /** `delete`: deleting the parent deletes these records too; `refuse`: the parent cannot go while any exist. */
  onParentDelete: ParentDeleteRule;
}

/** Field and model names: snake_case, at most 48 characters (also a table's name after `m_`). */
export const FIELD_NAME_PATTERN = /^[a-z][a-z0-9_]{0,47}$/;
/** A model's API name, as routes take it (the same shape as a field name). */
export const MODEL_NAME_PATTERN = FIELD_NAME_PATTERN;

/** Columns every model table has; their names cannot be declared. */
export const SYSTEM_FIELDS = [
  'sid',
  'tenant_sid',
  'company_sid',
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
  'version',
  'custom',
] as const;

/** The column beside a money field's amount column that holds its currency code. */
export function moneyCurrencyColumn(field: string): string {
  return `${field}_currency`;
}

/** A declaration that keeps its name and fields as types: `RowOf`, `tableOf` and `col` read them. */
export interface TypedModel<
  N extends string = string,
  F extends Record<string, FieldDeclaration> = Record<string, FieldDeclaration>,
> extends ModelDeclaration {
  name: N;
  fields: F;
}

export function defineModel<const N extends string, const F extends Record<string, FieldDeclaration>>(
  model: ModelDeclaration & { name: N; fields: F; parent?: ParentDeclaration<keyof F & string> },
): TypedModel<N, F>;
export function defineModel(model: ModelDeclaration): ModelDeclaration {
  if (!MODEL_NAME_PATTERN.test(model.name)) throw new Error(`Model name ${model.name} is not snake_case`);
  for (const name of Object.keys(model.fields)) {
    if (!FIELD_NAME_PATTERN.test(name))
      throw new Error(`${model.name}.${name}: field names are snake_case, at most 48`);
    if ((SYSTEM_FIELDS as readonly string[]).includes(name)) throw new Error(`${model.name}.${name} is a system field`);
    const declared = model.fields[name]!;
    if (KIND_SPECS[declared.kind].dataType === 'money') {
      // Stored as two columns, the amount under the field's name and the code in <name>_currency.
      if (declared.multiple || declared.unique || declared.flags.keyword)
        throw new Error(`${model.name}.${name}: a money field is single, not unique and not a keyword field`);
      if (model.fields[moneyCurrencyColumn(name)])
        throw new Error(`${model.name}.${moneyCurrencyColumn(name)} is the currency column of ${name}`);
    }
  }
  if (!model.fields[model.titleField])
    throw new Error(`${model.name}: title field ${model.titleField} is not declared`);
  for (const name of model.referenceTitle ?? []) {
    const declared = model.fields[name];
    // The title is read from plain columns: a list or a file has no one-line reading.
    if (!declared || declared.multiple || KIND_SPECS[declared.kind].dataType === 'file')
      throw new Error(`${model.name}: reference title field ${name} is not a declared single-value field`);
  }
  const textFields = [...Object.values(model.titleByLanguage ?? {}).flat(), ...(model.nameFields ?? [])];
  for (const name of textFields) {
    const declared = model.fields[name];
    // Names are read and matched as one line of text.
    if (!declared || declared.multiple || KIND_SPECS[declared.kind].dataType !== 'string')
      throw new Error(`${model.name}: title or name field ${name} is not a declared single text field`);
  }
  if (model.referenceTitle?.length === 0) throw new Error(`${model.name}: a reference title names at least one field`);
  for (const combination of model.filterIndexes ?? []) {
    if (combination.length < 2 || combination.length > 4)
      throw new Error(`${model.name}: a filter index combines 2 to 4 fields`);
    for (const name of combination) {
      const declared = model.fields[name];
      if (!declared || declared.multiple)
        throw new Error(`${model.name}: filter index field ${name} is not a declared single-value field`);
    }
  }
  if (model.parent) {
    const problem = parentFieldProblem(model);
    if (problem) throw new Error(`${model.name}: ${problem}`);
  }
  for (const name of model.responsible ?? []) {
    const declared = model.fields[name];
    if (!declared || !(declared.kind === 'user' || declared.target === 'person'))
      throw new Error(`${model.name}: responsible field ${name} is not a user field or a reference to a person`);
  }
  if (model.docket) {
    const problems = docketProblems(model.docket, model.fields);
    if (problems.length) throw new Error(`${model.name}: ${problems.join('; ')}`);
  }
  if (model.lifecycle) {
    const problems = lifecycleProblems(model.lifecycle, model.fields);
    if (problems.length) throw new Error(`${model.name}: ${problems.join('; ')}`);
    const lifecycle = model.lifecycle;
    // Only actions move the status and set or stamp the fields they name (a paper's score, who verified a
    // deadline), so no other write may set those; a new record starts where the lifecycle does.
    const fields: Record<string, FieldDeclaration> = { ...model.fields };
    for (const action of Object.values(lifecycle.actions))
      for (const name of [...(action.sets ?? []), ...Object.keys(action.stamps ?? {})])
        fields[name] = { ...fields[name]!, managed: true };
    fields[lifecycle.field] = { ...fields[lifecycle.field]!, managed: true, defaultValue: lifecycle.initial };
    return { ...model, fields };
  }
  return model;
}

/** The fields whose values name a record where another one points at it (ModelDeclaration.referenceTitle). */
export function referenceTitleFields(
  model: Pick<ModelDeclaration, 'titleField' | 'referenceTitle'>,
): readonly string[] {
  return model.referenceTitle ?? [model.titleField];
}

/** Every field a record's reference title may be read from, in any language (what a query selects). */
export function allReferenceTitleFields(
  model: Pick<ModelDeclaration, 'titleField' | 'referenceTitle' | 'titleByLanguage'>,
): readonly string[] {
  return [...new Set([...referenceTitleFields(model), ...Object.values(model.titleByLanguage ?? {}).flat()])];
}

/** A record's reference title for a reader of the language, from a row holding allReferenceTitleFields. */
export function referenceTitleIn(
  model: Pick<ModelDeclaration, 'titleField' | 'referenceTitle' | 'titleByLanguage'>,
  row: Readonly<Record<string, unknown>>,
  language: Language,
): string {
  const tried = model.titleByLanguage?.[language];
  if (tried) {
    for (const name of tried) {
      const title = joinReferenceTitle([row[name]]);
      if (title !== '') return title;
    }
    return '';
  }
  return joinReferenceTitle(referenceTitleFields(model).map((name) => row[name]));
}

/** A name as imports compare it with nameFields: lower case, no spaces of any width. */
export function comparableName(text: string): string {
  return text.replace(/[\s\u3000]+/gu, '').toLowerCase();
}

/** The one-line reading of a record from its title fields' values (empty ones left out). */
export function joinReferenceTitle(values: readonly unknown[]): string {
  return values
    .filter((value) => value !== null && value !== undefined && String(value).trim() !== '')
    .map((value) => String(value).trim())
    .join(' ');
}

/** Where a reference field points: its declared target; system reference columns have fixed ones. */
export const SYSTEM_REFERENCE_TARGETS: Readonly<Record<string, string>> = {
  company_sid: 'company',
  created_by: 'user_info',
  updated_by: 'user_info',
};

/**
 * Reference fields whose target is neither one of these models nor one of the named system targets
 * (tables with a title of their own, such as accounts): the server refuses to start with any
 * (ARCHITECTURE.md "a reference kind always resolves to a declared model"), since it could show no
 * title for them, only the raw id.
 */
export function unresolvedReferences(models: readonly ModelDeclaration[], systemTargets: readonly string[]): string[] {
  const known = new Set([...models.map((m) => m.name), ...systemTargets]);
  const problems: string[] = [];
  for (const model of models) {
    for (const [name, declared] of Object.entries(model.fields)) {
      if (KIND_SPECS[declared.kind].dataType !== 'ref') continue;
      if (!declared.target) problems.push(`${model.name}.${name}: a ${declared.kind} field names no target model`);
      else if (!known.has(declared.target))
        problems.push(`${model.name}.${name}: target ${declared.target} is not a declared model`);
    }
  }
  return problems;
}

/** What is wrong with a model's parent declaration on its own fields (defineModel refuses it), or undefined. */
export function parentFieldProblem(model: Pick<ModelDeclaration, 'fields' | 'parent'>): string | undefined {
  const parent = model.parent;
  if (!parent) return undefined;
  if (!PARENT_DELETE_RULES.includes(parent.onParentDelete))
    return `parent onParentDelete must be one of ${PARENT_DELETE_RULES.join(', ')}`;
  const declared = Object.hasOwn(model.fields, parent.field) ? model.fields[parent.field] : undefined;
  if (!declared) return `parent field ${parent.field} is not declared`;
  // The link must name exactly one parent, always: a child without one would belong nowhere.
  if (KIND_SPECS[declared.kind].dataType !== 'ref' || declared.multiple)
    return `parent field ${parent.field} is not a single reference field`;
  if (declared.target !== parent.model)
    return `parent field ${parent.field} points at ${declared.target ?? 'nothing'}, not at ${parent.model}`;
  if (!declared.required) return `parent field ${parent.field} is not required`;
  return undefined;
}

/** A model that declares another as its parent. */
export interface ChildModel {
  model: string;
  field: string;
  onParentDelete: ParentDeleteRule;
}

/** Each model's children, from the parents the models declare (in the order the models come). */
export function childrenByParent(models: readonly ModelDeclaration[]): Map<string, ChildModel[]> {
  const children = new Map<string, ChildModel[]>();
  for (const model of models) {
    if (!model.parent) continue;
    const { model: parent, field, onParentDelete } = model.parent;
    children.set(parent, [...(children.get(parent) ?? []), { model: model.name, field, onParentDelete }]);
  }
  return children;
}

/**
 * Parent declarations that do not resolve among these models (a parent must be a declared model, not a
 * system target: only a model has a detail page, a delete and records to list) or that go round in a
 * circle (a delete would never end). The server refuses to start with any.
 */
export function unresolvedParents(models: readonly ModelDeclaration[]): string[] {
  const byName = new Map(models.map((m) => [m.name, m]));
  const problems: string[] = [];
  for (const model of models) {
    if (!model.parent) continue;
    const where = `${model.name}.${model.parent.field}`;
    if (!byName.has(model.parent.model)) {
      problems.push(`${where}: parent ${model.parent.model} is not a declared model`);
      continue;
    }
    const fieldProblem = parentFieldProblem(model);
    if (fieldProblem) {
      problems.push(`${model.name}: ${fieldProblem}`);
      continue;
    }
    const seen = new Set([model.name]);
    for (let up = byName.get(model.parent.model); up; up = up.parent ? byName.get(up.parent.model) : undefined) {
      if (seen.has(up.name)) {
        problems.push(`${where}: parents go round in a circle through ${up.name}`);
        break;
      }
      seen.add(up.name);
    }
  }
  return problems;
}

/**
 * Docket declarations whose deadline model does not resolve among these models: it must be declared, store
 * this model's deadlines (`deadlineStore.of`) and be its child (`parent.model`). A deadline store must be the
 * store of a declared model. The server refuses to start with any.
 */
export function unresolvedDockets(models: readonly ModelDeclaration[]): string[] {
  const byName = new Map(models.map((m) => [m.name, m]));
  const problems: string[] = [];
  for (const model of models) {
    if (model.docket) {
      const store = byName.get(model.docket.deadlineModel);
      const where = `${model.name} docket`;
      if (!store) problems.push(`${where}: deadline model ${model.docket.deadlineModel} is not a declared model`);
      else if (store.deadlineStore?.of !== model.name || store.parent?.model !== model.name)
        problems.push(`${where}: ${store.name} is not a deadline store of ${model.name} (defineDeadlineModel)`);
    }
    if (model.deadlineStore && !byName.has(model.deadlineStore.of))
      problems.push(`${model.name}: stores deadlines of ${model.deadlineStore.of}, which is not a declared model`);
  }
  return problems;
}

export function dataTypeOf(declaration: Pick<FieldDeclaration, 'kind'>): DataType {
  return KIND_SPECS[declaration.kind].dataType;
}

/**
 * The value each data type has in a row as the server reads it (both engines are set up alike,
 * server db/pglite.ts and db/postgres.ts): numerics and int8 as numbers, dates as 'YYYY-MM-DD' text (a
 * Date would shift with the server's time zone), timestamps as Dates, money as its wire value (the
 * records pipeline reads it so, server platform/models/records.ts `moneySelect`). Indexed by every
 * data type, so a new one without a value type fails the type-check here.
 */
export interface DataTypeValues {
  string: string;
  text: string;
  integer: number;
  decimal: number;
  money: MoneyValue;
  date: string;
  timestamp: Date;
  boolean: boolean;
  key: string;
  ref: string;
  file: string;
}

type StoredValue<F extends FieldDeclaration> = DataTypeValues[KindDataType<F['kind']>];

/** A declared field's value in a row: a list where it is multiple, null allowed unless it is required. */
export type FieldValue<F extends FieldDeclaration> =
  | (F['multiple'] extends true
      ? StoredValue<F>[]
      : F['multiple'] extends false
        ? StoredValue<F>
        : StoredValue<F> | StoredValue<F>[])
  | (F['required'] extends true ? never : null);

/**
 * The system columns a record's row carries as the records pipeline reads it (server `selectList`):
 * not `tenant_sid` or `custom`, which are never selected (custom fields come as their own keys, which
 * a declaration cannot know).
 */
export type SystemRow = {
  sid: string;
  company_sid: string | null;
  created_at: Date;
  created_by: string | null;
  updated_at: Date;
  updated_by: string | null;
  version: number;
};

/**
 * A record's row as hooks and hand-written SQL see it: the system columns and each declared field with
 * its value type (`RowOf<typeof patent>`). Reading a field the model does not declare fails the
 * type-check. A plain `ModelDeclaration` (any model, as the workflow's hooks take it) gives a row of
 * unknown values under any name.
 */
export type RowOf<M extends Pick<ModelDeclaration, 'fields'>> = string extends keyof M['fields']
  ? Record<string, unknown>
  : SystemRow & { -readonly [N in keyof M['fields'] & string]: FieldValue<M['fields'][N]> };

/** The currency columns beside a model's money fields (`moneyCurrencyColumn`). */
type CurrencyColumnOf<F extends Record<string, FieldDeclaration>> = {
  [N in keyof F & string]: KindDataType<F[N]['kind']> extends 'money' ? `${N}_currency` : never;
}[keyof F & string];

/** The columns of a model's table: system columns, declared fields, and money fields' currency columns. */
export type ColumnOf<M extends Pick<ModelDeclaration, 'fields'>> =
  (typeof SYSTEM_FIELDS)[number] | (keyof M['fields'] & string) | CurrencyColumnOf<M['fields']>;

/** A model's table name (`m_<model>`), as a literal type for a declaration from defineModel. */
export function tableOf<const N extends string>(model: { name: N }): `m_${N}` {
  return `m_${model.name}`;
}

/**
 * A column of a model's table for SQL written by hand: the name itself, accepted only where the model
 * declares it, so renaming a field fails the type-check of every statement that names it.
 */
export function col<M extends Pick<ModelDeclaration, 'name' | 'fields'>, const C extends ColumnOf<M>>(
  model: M,
  column: C,
): C {
  // Also checked when run: a widened declaration (ModelDeclaration) takes any string at compile time.
  if (!isColumnOf(model, column)) throw new Error(`${model.name} has no column ${column}`);
  return column;
}

function isColumnOf(model: Pick<ModelDeclaration, 'fields'>, column: string): boolean {
  if ((SYSTEM_FIELDS as readonly string[]).includes(column) || model.fields[column]) return true;
  const money = column.endsWith('_currency') ? model.fields[column.slice(0, -'_currency'.length)] : undefined;
  return money !== undefined && KIND_SPECS[money.kind].dataType === 'money';
}
