// Field kinds (spec §3 "Form field kinds" plus plain text, long text, number, date, boolean) and the
// data type each stores. Every concern that depends on the type or kind — storage column, validator,
// iql operators, UI input, UI cell, export format — is a Record over these unions, so adding one
// without handling it everywhere fails type-checking.

export const DATA_TYPES = [
  'string',
  'text',
  'integer',
  'decimal',
  'money',
  'date',
  'timestamp',
  'boolean',
  'key',
  'ref',
  'file',
] as const;
/** money: an amount in a currency (values/money.ts); string: short text; text: long text; key: a dictionary option key; ref: another record's sid; file: a stored file's sid. */
export type DataType = (typeof DATA_TYPES)[number];

export const FIELD_KINDS = [
  'text',
  'longText',
  'number',
  'money',
  'currencyAmount',
  'date',
  'timestamp',
  'boolean',
  'option',
  'cascade',
  'productCategory',
  'technologyCategory',
  'techTerritory',
  'patternType',
  'user',
  'organization',
  'applicant',
  'agent',
  'agency',
  'expert',
  'company',
  'virtualOrg',
  'project',
  'parent',
  'invoice',
  'designSample',
  'figure',
] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

export interface KindSpec {
  dataType: DataType;
  /** Stored as a list (cascade paths, figures); other kinds may be declared multiple. */
  alwaysMultiple: boolean;
  /** For ref kinds: the model the sid points to; for option-like kinds: the default dictionary. */
  target?: string;
}

// Kept with its literal types, so a declared field's value type follows from its kind (KindDataType).
const KIND_TABLE = {
  text: { dataType: 'string', alwaysMultiple: false },
  longText: { dataType: 'text', alwaysMultiple: false },
  number: { dataType: 'decimal', alwaysMultiple: false },
  money: { dataType: 'decimal', alwaysMultiple: false },
  // An amount with its ISO 4217 currency (values/money.ts); `money` is the older plain decimal.
  currencyAmount: { dataType: 'money', alwaysMultiple: false },
  date: { dataType: 'date', alwaysMultiple: false },
  timestamp: { dataType: 'timestamp', alwaysMultiple: false },
  boolean: { dataType: 'boolean', alwaysMultiple: false },
  option: { dataType: 'key', alwaysMultiple: false },
  cascade: { dataType: 'key', alwaysMultiple: true },
  // Records of the category trees (domains/taxonomy), picked with a cascader.
  productCategory: { dataType: 'ref', alwaysMultiple: false, target: 'product_category' },
  technologyCategory: { dataType: 'ref', alwaysMultiple: false, target: 'tech_category' },
  // Built-in dictionaries (domains/taxonomy) a tenant may extend.
  techTerritory: { dataType: 'key', alwaysMultiple: false, target: 'tech_territory' },
  patternType: { dataType: 'key', alwaysMultiple: false, target: 'pattern_type' },
  user: { dataType: 'ref', alwaysMultiple: false, target: 'user_info' },
  organization: { dataType: 'ref', alwaysMultiple: false, target: 'organization' },
  applicant: { dataType: 'ref', alwaysMultiple: false, target: 'applicant' },
  agent: { dataType: 'ref', alwaysMultiple: false, target: 'agent' },
  agency: { dataType: 'ref', alwaysMultiple: false, target: 'agency' },
  expert: { dataType: 'ref', alwaysMultiple: false, target: 'expert' },
  company: { dataType: 'ref', alwaysMultiple: false, target: 'company' },
  virtualOrg: { dataType: 'ref', alwaysMultiple: false, target: 'virtual_org' },
  project: { dataType: 'ref', alwaysMultiple: false, target: 'project' },
  parent: { dataType: 'ref', alwaysMultiple: false },
  invoice: { dataType: 'ref', alwaysMultiple: false, target: 'patent_invoice' },
  designSample: { dataType: 'file', alwaysMultiple: true },
  figure: { dataType: 'file', alwaysMultiple: true },
} as const satisfies Record<FieldKind, KindSpec>;

export const KIND_SPECS: Record<FieldKind, KindSpec> = KIND_TABLE;

/** A kind's data type as a type: `KindDataType<'date'>` is `'date'`, `KindDataType<'option'>` is `'key'`. */
export type KindDataType<K extends FieldKind> = (typeof KIND_TABLE)[K]['dataType'];
/** The kinds stored as a list whatever the declaration says (cascade paths, files). */
export type AlwaysMultipleKind = {
  [K in FieldKind]: (typeof KIND_TABLE)[K]['alwaysMultiple'] extends true ? K : never;
}[FieldKind];

export type IqlOperator = 'compare' | 'order' | 'in' | 'between' | 'text' | 'isNull' | 'within' | 'match';

/** Which iql predicates a field of each data type takes ("order": < <= > >= and ORDER BY). */
export const OPERATORS_BY_TYPE: Record<DataType, readonly IqlOperator[]> = {
  string: ['compare', 'order', 'in', 'text', 'isNull', 'match'],
  text: ['compare', 'in', 'text', 'isNull', 'match'],
  integer: ['compare', 'order', 'in', 'between', 'isNull'],
  decimal: ['compare', 'order', 'in', 'between', 'isNull'],
  // Compared, ordered and ranged by amount (a number literal); the currency is not part of the comparison.
  money: ['compare', 'order', 'between', 'isNull'],
  date: ['compare', 'order', 'in', 'between', 'isNull', 'within'],
  timestamp: ['compare', 'order', 'between', 'isNull', 'within'],
  boolean: ['compare', 'isNull'],
  key: ['compare', 'order', 'in', 'isNull'],
  ref: ['compare', 'in', 'isNull'],
  file: ['isNull'],
};

/** How a value of each type is written to an export cell. */
export const EXPORT_FORMAT: Record<DataType, 'text' | 'number' | 'date' | 'datetime' | 'boolean' | 'label' | 'money'> =
  {
    string: 'text',
    text: 'text',
    integer: 'number',
    decimal: 'number',
    // One text cell "CNY 1234.50" (values/money.ts moneyCell), read back by parseMoneyCell.
    money: 'money',
    date: 'date',
    timestamp: 'datetime',
    boolean: 'boolean',
    key: 'label',
    ref: 'label',
    file: 'text',
  };
