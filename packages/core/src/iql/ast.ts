// The syntax tree of iql, the query language of do/search and do/count (ARCHITECTURE.md "iql",
// docs/iql.md). Parsed in core so the server and the web (validation, autocomplete) share it; the
// server resolves field names against the model and compiles the tree to SQL with bound values.

/** Offset (0-based, in UTF-16 code units) and length of a piece of the query text. */
export interface Span {
  start: number;
  end: number;
}

/** A field by name, possibly through one relation: ["title"], ["agency", "name"]. */
export interface FieldRef {
  path: string[];
  span: Span;
}

export type Literal =
  | { kind: 'string'; value: string; span: Span }
  | { kind: 'number'; value: number; span: Span }
  | { kind: 'boolean'; value: boolean; span: Span }
  | { kind: 'null'; span: Span };

export type CompareOperator = '=' | '!=' | '>' | '>=' | '<' | '<=';

/** LIKE takes the user's own % and _ wildcards; the others match a plain text (wildcards escaped). */
export type TextMatch = 'like' | 'contains' | 'startsWith' | 'endsWith';

/** Relative time windows of spec §9: today, tomorrow, within 7/30 days, within 12 months (and the past). */
export type RelativeRange =
  | { kind: 'day'; day: 'yesterday' | 'today' | 'tomorrow' }
  | { kind: 'window'; direction: 'last' | 'next'; amount: number; unit: 'day' | 'month' };

export type Expression =
  | { type: 'and'; left: Expression; right: Expression; span: Span }
  | { type: 'or'; left: Expression; right: Expression; span: Span }
  | { type: 'not'; expression: Expression; span: Span }
  | { type: 'compare'; field: FieldRef; operator: CompareOperator; value: Literal; span: Span }
  | { type: 'in'; field: FieldRef; values: Literal[]; negated: boolean; span: Span }
  | { type: 'between'; field: FieldRef; low: Literal; high: Literal; negated: boolean; span: Span }
  | { type: 'text'; field: FieldRef; match: TextMatch; pattern: string; negated: boolean; span: Span }
  | { type: 'isNull'; field: FieldRef; negated: boolean; span: Span }
  | { type: 'within'; field: FieldRef; range: RelativeRange; span: Span }
  /** Keyword search across the model's searchable text fields: MATCH '电池'. */
  | { type: 'match'; text: string; span: Span }
  /**
   * Records that have at least one child record of a child model (ModelDeclaration.parent), optionally one
   * passing a condition on the child's own fields: HAS(fee), HAS(fee WHERE status = 'unpaid').
   */
  | { type: 'has'; model: { name: string; span: Span }; where: Expression | undefined; span: Span };

export interface OrderTerm {
  field: FieldRef;
  direction: 'asc' | 'desc';
}

export interface IqlQuery {
  where: Expression | undefined;
  /** Empty when the query has no ORDER BY (the server then orders by updated_at DESC). */
  orderBy: OrderTerm[];
}
