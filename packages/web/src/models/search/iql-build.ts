// Building iql for the list's search modes (spec §2 "basic, advance and batch", §9 time-range filters).
// Every mode produces a syntax tree and core's printIql writes the text, so quoting (' as '') and
// precedence are core's business and the server parses exactly what the form meant.
import dayjs, { type Dayjs } from 'dayjs';
import {
  BATCH_SEARCH_MAX,
  IQL_LIMITS,
  isCalendarDate,
  printIql,
  type DataType,
  type Expression,
  type IqlQuery,
  type Literal,
  type RelativeRange,
  type Span,
} from '@ipdesk/core';
import type { SchemaField } from '../../api/model';

/** Trees built by a form have no source text; the printer ignores spans. */
const NO_SPAN: Span = { start: 0, end: 0 };

const fieldRef = (name: string) => ({ path: name.split('.'), span: NO_SPAN });
const stringLiteral = (value: string): Literal => ({ kind: 'string', value, span: NO_SPAN });
const numberLiteral = (value: number): Literal => ({ kind: 'number', value, span: NO_SPAN });

/** The conditions joined with AND (left-leaning, as the parser builds them); undefined when there are none. */
export function andAll(expressions: ReadonlyArray<Expression | undefined>): Expression | undefined {
  return expressions
    .filter((expression): expression is Expression => expression !== undefined)
    .reduce<Expression | undefined>(
      (left, right) => (left ? { type: 'and', left, right, span: NO_SPAN } : right),
      undefined,
    );
}

// ---------------------------------------------------------------------------------------------------
// Basic search: one input per searchFilter field.

/** How the basic form filters a field of each data type; null: not offered. */
export type BasicFilter = 'contains' | 'in' | 'dateRange' | 'numberRange' | 'boolean' | 'equals';

export const BASIC_FILTERS: Record<DataType, BasicFilter | null> = {
  string: 'contains',
  text: 'contains',
  integer: 'numberRange',
  decimal: 'numberRange',
  // By amount, whatever the currency (the query compares the amount column).
  money: 'numberRange',
  date: 'dateRange',
  timestamp: 'dateRange',
  boolean: 'boolean',
  key: 'in',
  ref: 'equals',
  file: null,
};

/** A number range of the basic form; either end may be left open. */
export interface NumberRange {
  from?: number | null;
  to?: number | null;
}

/** What the basic form's input of a field holds, as antd gives it. */
export type BasicFormValue =
  string | string[] | boolean | NumberRange | [Dayjs | null, Dayjs | null] | null | undefined;

function textOf(value: BasicFormValue): string {
  return typeof value === 'string' ? value.trim() : '';
}

function dateBound(field: SchemaField, day: Dayjs, end: 'start' | 'end'): Literal {
  if (field.data_type === 'date') return stringLiteral(day.format('YYYY-MM-DD'));
  // Timestamps: the whole first and last day in the browser's time zone.
  const bound = end === 'start' ? day.startOf('day') : day.endOf('day');
  return stringLiteral(bound.toISOString());
}

function numberRangeCondition(field: SchemaField, range: NumberRange): Expression | undefined {
  const from = typeof range.from === 'number' && Number.isFinite(range.from) ? range.from : undefined;
  const to = typeof range.to === 'number' && Number.isFinite(range.to) ? range.to : undefined;
  const ref = fieldRef(field.name);
  if (from !== undefined && to !== undefined) {
    const [low, high] = from <= to ? [from, to] : [to, from];
    return {
      type: 'between',
      field: ref,
      low: numberLiteral(low),
      high: numberLiteral(high),
      negated: false,
      span: NO_SPAN,
    };
  }
  if (from !== undefined)
    return { type: 'compare', field: ref, operator: '>=', value: numberLiteral(from), span: NO_SPAN };
  if (to !== undefined) return { type: 'compare', field: ref, operator: '<=', value: numberLiteral(to), span: NO_SPAN };
  return undefined;
}

/** The condition one basic-form input stands for, or undefined when it is empty. */
export function basicCondition(field: SchemaField, value: BasicFormValue): Expression | undefined {
  const filter = BASIC_FILTERS[field.data_type];
  const ref = fieldRef(field.name);
  switch (filter) {
    case null:
      return undefined;
    case 'contains': {
      const text = textOf(value);
      return text
        ? { type: 'text', field: ref, match: 'contains', pattern: text, negated: false, span: NO_SPAN }
        : undefined;
    }
    case 'equals': {
      const text = textOf(value);
      return text
        ? { type: 'compare', field: ref, operator: '=', value: stringLiteral(text), span: NO_SPAN }
        : undefined;
    }
    case 'in': {
      const values = (Array.isArray(value) ? value : []).filter((item): item is string => typeof item === 'string');
      if (values.length === 0) return undefined;
      return { type: 'in', field: ref, values: values.map(stringLiteral), negated: false, span: NO_SPAN };
    }
    case 'boolean':
      return typeof value === 'boolean'
        ? {
            type: 'compare',
            field: ref,
            operator: '=',
            value: { kind: 'boolean', value, span: NO_SPAN },
            span: NO_SPAN,
          }
        : undefined;
    case 'dateRange': {
      if (!Array.isArray(value) || value.length !== 2) return undefined;
      const [from, to] = value;
      if (!dayjs.isDayjs(from) || !dayjs.isDayjs(to)) return undefined;
      const [low, high] = from.isAfter(to, 'day') ? [to, from] : [from, to];
      return {
        type: 'between',
        field: ref,
        low: dateBound(field, low, 'start'),
        high: dateBound(field, high, 'end'),
        negated: false,
        span: NO_SPAN,
      };
    }
    case 'numberRange':
      return value && typeof value === 'object' && !Array.isArray(value)
        ? numberRangeCondition(field, value)
        : undefined;
  }
}

/** The basic form's query: each filled input's condition and the keyword (MATCH), joined with AND. */
export function buildBasicQuery(
  fields: readonly SchemaField[],
  values: Readonly<Record<string, BasicFormValue>>,
  keyword?: string,
): IqlQuery {
  const conditions = fields.map((field) => basicCondition(field, values[field.name]));
  const text = keyword?.trim();
  const match: Expression | undefined = text ? { type: 'match', text, span: NO_SPAN } : undefined;
  return { where: andAll([match, ...conditions]), orderBy: [] };
}

// ---------------------------------------------------------------------------------------------------
// Batch search: one field, up to 1000 pasted values, one per line.

export type BatchParseError =
  | { error: 'empty' }
  | { error: 'tooMany'; count: number; max: number }
  | { error: 'tooLong'; line: number; max: number }
  | { error: 'notNumber'; line: number; value: string }
  | { error: 'notDate'; line: number; value: string };

export type BatchParse = { ok: true; values: Array<string | number> } | ({ ok: false } & BatchParseError);

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * The distinct non-empty lines of a pasted text, trimmed, as values of the field's type: numbers for
 * number fields, texts otherwise. More than 1000 distinct values is refused (spec §9), as is a value
 * the field cannot take; errors name the line (1-based) so the user can find it.
 */
export function parseBatchValues(text: string, field: Pick<SchemaField, 'data_type'>): BatchParse {
  const seen = new Set<string>();
  const values: Array<string | number> = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (const [index, raw] of lines.entries()) {
    const value = raw.trim();
    if (value === '' || seen.has(value)) continue;
    seen.add(value);
    const line = index + 1;
    if (value.length > IQL_LIMITS.maxStringLength)
      return { ok: false, error: 'tooLong', line, max: IQL_LIMITS.maxStringLength };
    if (field.data_type === 'integer' || field.data_type === 'decimal') {
      if (!NUMBER_TEXT.test(value) || !Number.isSafeInteger(Math.trunc(Number(value))))
        return { ok: false, error: 'notNumber', line, value };
      values.push(Number(value));
    } else if (field.data_type === 'date' && !isCalendarDate(value)) {
      return { ok: false, error: 'notDate', line, value };
    } else {
      values.push(value);
    }
  }
  if (values.length === 0) return { ok: false, error: 'empty' };
  if (values.length > BATCH_SEARCH_MAX)
    return { ok: false, error: 'tooMany', count: values.length, max: BATCH_SEARCH_MAX };
  return { ok: true, values };
}

/** `field IN (…)` over the parsed values. */
export function buildBatchQuery(fieldName: string, values: ReadonlyArray<string | number>): IqlQuery {
  const literals = values.map((value) => (typeof value === 'number' ? numberLiteral(value) : stringLiteral(value)));
  return {
    where: { type: 'in', field: fieldRef(fieldName), values: literals, negated: false, span: NO_SPAN },
    orderBy: [],
  };
}

// ---------------------------------------------------------------------------------------------------
// Quick time ranges (spec §9) and the final query.

export const QUICK_RANGES = ['today', 'tomorrow', 'next7Days', 'next30Days', 'next12Months'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

const QUICK_RANGE_WINDOWS: Record<QuickRange, RelativeRange> = {
  today: { kind: 'day', day: 'today' },
  tomorrow: { kind: 'day', day: 'tomorrow' },
  next7Days: { kind: 'window', direction: 'next', amount: 7, unit: 'day' },
  next30Days: { kind: 'window', direction: 'next', amount: 30, unit: 'day' },
  next12Months: { kind: 'window', direction: 'next', amount: 12, unit: 'month' },
};

export interface QuickFilter {
  field: string;
  range: QuickRange;
}

export function quickFilterCondition(filter: QuickFilter): Expression {
  return { type: 'within', field: fieldRef(filter.field), range: QUICK_RANGE_WINDOWS[filter.range], span: NO_SPAN };
}

export interface SortOrder {
  field: string;
  direction: 'asc' | 'desc';
}

/**
 * The text sent to do/search: the mode's query AND the quick filter, ordered by the table's sort
 * when one is chosen, else by the query's own ORDER BY (none: the server's updated_at DESC).
 */
export function composeIql(
  query: IqlQuery | undefined,
  options: { quick?: QuickFilter; sort?: SortOrder } = {},
): string {
  const where = andAll([query?.where, options.quick ? quickFilterCondition(options.quick) : undefined]);
  const orderBy = options.sort
    ? [{ field: fieldRef(options.sort.field), direction: options.sort.direction }]
    : (query?.orderBy ?? []);
  return printIql({ where, orderBy });
}

/** `MATCH '…'` over the model's keyword fields, or undefined for an empty text (no filter). */
export function matchIql(text: string): string | undefined {
  const trimmed = text.trim().slice(0, IQL_LIMITS.maxStringLength);
  return trimmed ? printIql({ where: { type: 'match', text: trimmed, span: NO_SPAN }, orderBy: [] }) : undefined;
}
