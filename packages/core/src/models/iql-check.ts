// The model-aware half of iql checking that needs no database: a literal as a value of a field's data
// type, and a whole query checked against the fields a caller can see. The server's compiler uses the
// first for every value it binds; the web's query box runs the second as the user types, so both say
// the same thing about an unknown field or an impossible date.
import type { Expression, FieldRef, IqlQuery, Literal, Span } from '../iql/ast.js';
import type { MessageKey } from '../i18n/index.js';
import { isCalendarDate, normaliseTimestamp } from '../values/calendar.js';
import { OPERATORS_BY_TYPE, type DataType, type IqlOperator } from './field-kinds.js';

/** A problem found in a query against a model: where, and the message (position included). */
export interface IqlFieldIssue {
  span: Span;
  messageKey: MessageKey;
  params: Record<string, string | number>;
  /** For iql.semantic.badValue: what the value should be, itself a message key. */
  expected?: MessageKey;
}

const EXPECTED: Partial<Record<DataType, MessageKey>> = {
  integer: 'iql.expected.number',
  decimal: 'iql.expected.number',
  money: 'iql.expected.number',
  date: 'iql.expected.date',
  timestamp: 'iql.expected.timestamp',
  boolean: 'iql.expected.boolean',
};

/** Texts that look like a date or a date-time; whether the calendar has them is checked after. */
const DATE_SHAPE = /^[+-]?\d{4,6}-\d{1,2}-\d{1,2}$/;
const TIMESTAMP_SHAPE = /^[+-]?\d{4,6}-\d{1,2}-\d{1,2}(?:[T ].{0,30})?$/i;

const issueAt = (
  span: Span,
  messageKey: MessageKey,
  params: Record<string, string | number>,
  expected?: MessageKey,
): IqlFieldIssue => ({
  span,
  messageKey,
  params: { position: span.start + 1, ...params },
  ...(expected ? { expected } : {}),
});

export type IqlValueResult = { ok: true; value: unknown } | { ok: false; issue: IqlFieldIssue };

/** The literal as a value of the data type (dates as YYYY-MM-DD, timestamps as ISO instants). */
export function iqlLiteralValue(dataType: DataType, literal: Literal, field: string): IqlValueResult {
  const bad = (): IqlValueResult => ({
    ok: false,
    issue: issueAt(literal.span, 'iql.semantic.badValue', { field }, EXPECTED[dataType] ?? 'iql.expected.text'),
  });
  switch (dataType) {
    // A money field compares by its amount.
    case 'integer':
    case 'decimal':
    case 'money': {
      const n =
        literal.kind === 'number'
          ? literal.value
          : literal.kind === 'string' && literal.value.trim() !== ''
            ? Number(literal.value)
            : Number.NaN;
      return Number.isFinite(n) && (dataType !== 'integer' || Number.isInteger(n)) ? { ok: true, value: n } : bad();
    }
    case 'date':
      if (literal.kind !== 'string' || !DATE_SHAPE.test(literal.value)) return bad();
      // Shaped like a date but not in the calendar (2024-02-30, month 13, year 0): say so plainly.
      return isCalendarDate(literal.value)
        ? { ok: true, value: literal.value }
        : { ok: false, issue: issueAt(literal.span, 'iql.semantic.notADate', { field, value: literal.value }) };
    case 'timestamp': {
      if (literal.kind !== 'string' || !TIMESTAMP_SHAPE.test(literal.value)) return bad();
      const instant = normaliseTimestamp(literal.value);
      return instant
        ? { ok: true, value: instant }
        : { ok: false, issue: issueAt(literal.span, 'iql.semantic.notATime', { field, value: literal.value }) };
    }
    case 'boolean':
      return literal.kind === 'boolean' ? { ok: true, value: literal.value } : bad();
    default:
      return literal.kind === 'string'
        ? { ok: true, value: literal.value }
        : literal.kind === 'number'
          ? { ok: true, value: String(literal.value) }
          : bad();
  }
}

/** A field as the checker needs it (the web's schema answer and the server's resolved model both fit). */
export interface IqlCheckField {
  name: string;
  dataType: DataType;
  multiple: boolean;
  masked?: boolean;
}

interface Resolved {
  name: string;
  dataType: DataType;
  multiple: boolean;
}

/**
 * The first problem of a parsed query against the caller's fields, or undefined. A field through a
 * relation (agency.name) is checked up to the relation: its target's fields are the server's to know.
 */
export function checkIqlFields(
  query: IqlQuery,
  fields: readonly IqlCheckField[],
  options: { parentField?: string } = {},
): IqlFieldIssue | undefined {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const resolve = (ref: FieldRef): Resolved | IqlFieldIssue | 'relation' => {
    const name = ref.path.join('.');
    const [first, second] = ref.path;
    // `parent.x` on a model that declares its parent (and has no field of that name) goes through its parent field.
    const viaParent =
      first === 'parent' && !byName.has(first) && second !== undefined ? options.parentField : undefined;
    const field = viaParent !== undefined ? byName.get(viaParent) : first !== undefined ? byName.get(first) : undefined;
    if (!field) return issueAt(ref.span, 'iql.semantic.unknownField', { field: name });
    if (field.masked && second === undefined) return issueAt(ref.span, 'iql.semantic.notQueryable', { field: name });
    if (second === undefined) return { name, dataType: field.dataType, multiple: field.multiple };
    return field.dataType === 'ref' && !field.multiple
      ? 'relation'
      : issueAt(ref.span, 'iql.semantic.notRelation', { field: field.name });
  };
  const isIssue = (value: Resolved | IqlFieldIssue | 'relation'): value is IqlFieldIssue =>
    typeof value === 'object' && 'messageKey' in value;
  const refuse = (target: Resolved, operator: IqlOperator, span: Span): IqlFieldIssue | undefined =>
    OPERATORS_BY_TYPE[target.dataType].includes(operator)
      ? undefined
      : issueAt(span, 'iql.semantic.operatorNotAllowed', { field: target.name });
  const value = (target: Resolved, literal: Literal): IqlFieldIssue | undefined => {
    const result = iqlLiteralValue(target.dataType, literal, target.name);
    return result.ok ? undefined : result.issue;
  };

  const check = (e: Expression): IqlFieldIssue | undefined => {
    switch (e.type) {
      case 'and':
      case 'or':
        return check(e.left) ?? check(e.right);
      case 'not':
        return check(e.expression);
      case 'match':
        return undefined;
      case 'has':
        // Whether the model is a child and its fields are the server's to know, as behind a relation.
        return undefined;
      default: {
        const target = resolve(e.field);
        if (isIssue(target)) return target;
        if (target === 'relation') return undefined;
        switch (e.type) {
          case 'compare': {
            if (e.value.kind === 'null' && (e.operator === '=' || e.operator === '!='))
              return refuse(target, 'isNull', e.span);
            const ordering = e.operator !== '=' && e.operator !== '!=';
            return (
              refuse(target, ordering ? 'order' : 'compare', e.span) ??
              (ordering && target.multiple
                ? issueAt(e.span, 'iql.semantic.operatorNotAllowed', { field: target.name })
                : value(target, e.value))
            );
          }
          case 'in':
            return refuse(target, 'in', e.span) ?? firstOf(e.values, (literal) => value(target, literal));
          case 'between':
            return refuse(target, 'between', e.span) ?? value(target, e.low) ?? value(target, e.high);
          case 'text':
            return refuse(target, 'text', e.span);
          case 'isNull':
            return refuse(target, 'isNull', e.span);
          case 'within':
            return refuse(target, 'within', e.span);
        }
      }
    }
  };

  const found = query.where ? check(query.where) : undefined;
  if (found) return found;
  for (const term of query.orderBy) {
    const target = resolve(term.field);
    if (isIssue(target)) return target;
    if (target !== 'relation' && (target.multiple || !OPERATORS_BY_TYPE[target.dataType].includes('order')))
      return issueAt(term.field.span, 'iql.semantic.notSortable', { field: target.name });
  }
  return undefined;
}

function firstOf<T, R>(items: readonly T[], test: (item: T) => R | undefined): R | undefined {
  for (const item of items) {
    const found = test(item);
    if (found !== undefined) return found;
  }
  return undefined;
}
