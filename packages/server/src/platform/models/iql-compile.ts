// iql → SQL for one model: field names resolved against the model (one relation level, `parent.x` through
// a declared parent), child records through HAS(child WHERE …), operators checked against the field's
// data type, values bound as parameters. A related or child model is read as the caller may read it: their
// view right on it, their field rules and its data scope. Anything wrong answers 500001 with the query's
// position, never a database error.
import {
  AppError,
  iqlLiteralValue,
  modelResourceCode,
  type DataType,
  type Expression,
  type FieldRef,
  type IqlQuery,
  type Literal,
  type MessageKey,
  type OrderTerm,
  type TranslateParams,
} from '@ipdesk/core';
import { OPERATORS_BY_TYPE, type IqlOperator } from '@ipdesk/core';
import { rangeDays, localDate } from './relative-dates.js';
import type { ModelRegistry, ResolvedField, ResolvedModel } from './registry.js';
import { escapeLike, SqlParams } from './sql-params.js';
import { SYSTEM_TARGETS } from './system-targets.js';
import type { Principal } from '../../http/context.js';
import { scopeCondition } from './scope.js';

export interface CompileContext {
  registry: ModelRegistry;
  params: SqlParams;
  now: Date;
  timeZone: string;
  /** The model as the caller sees it (field permissions), for the models a relation reaches. */
  view?: (model: ResolvedModel) => ResolvedModel;
  /**
   * Who searches: a related or child model then needs their view right, and only records in their data scope
   * count (a filter on a parent's field must not tell about a parent they may not see). Searches of system
   * tables (table-search.ts) have none and reach no declared model.
   */
  principal?: Principal;
}

/** Whether the searcher may read a declared model's records at all (its view right), when one is known. */
function mayView(model: ResolvedModel, ctx: CompileContext): boolean {
  return !ctx.principal || ctx.principal.access.resources.has(modelResourceCode(model.name, 'view'));
}

/**
 * SQL limiting a related model's row (under `alias`) to the searcher's scope of that model, or '' when the
 * scope is the whole tenant (the relation already checks the tenant). The scope is written over `t`, so it
 * runs as an uncorrelated subquery of the related table.
 */
function relatedScope(model: ResolvedModel, alias: string, ctx: CompileContext): string {
  const principal = ctx.principal;
  if (!principal || (principal.access.dataScope(model.name).all && !principal.companySid)) return '';
  return ` AND ${alias}.sid IN (SELECT t.sid FROM ${model.table} t WHERE ${scopeCondition(principal, model, ctx.params)})`;
}

function fail(span: { start: number }, key: MessageKey, params: TranslateParams = {}, expected?: MessageKey): never {
  throw new AppError('validation', {
    issues: [
      {
        field: 'iql',
        labelKey: 'field.iql',
        messageKey: key,
        params: { position: span.start + 1, ...params },
        ...(expected ? { listParam: { name: 'expected', items: [{ key: expected }] } } : {}),
      },
    ],
  });
}

/** A field as the compiler uses it: its SQL, type, and the relation to go through if any. */
interface Target {
  sql: string;
  dataType: DataType;
  multiple: boolean;
  name: string;
  /** `scope`: the searcher's data scope of the related model (relatedScope), '' when it is the whole tenant. */
  relation?: { table: string; fk: string; alias: string; scope: string };
  notNull: boolean;
  /** Set for a tenant's custom field (its JSONB key). */
  customCode?: string;
}

let aliasCounter = 0;

function resolveField(model: ResolvedModel, ref: FieldRef, ctx: CompileContext): Target {
  const [first, second] = ref.path;
  const name = ref.path.join('.');
  // `parent.x`: a field of the record this one belongs to (ModelDeclaration.parent), unless the model has a
  // field of its own called parent. The parent field must be one the caller sees.
  const parentField =
    first === 'parent' && second !== undefined && !model.fields.has(first)
      ? model.declaration.parent?.field
      : undefined;
  const field: ResolvedField | undefined = parentField
    ? model.fields.get(parentField)
    : first
      ? model.fields.get(first)
      : undefined;
  if (!field) fail(ref.span, 'iql.semantic.unknownField', { field: name });
  // A masked value cannot be probed through a filter or an order.
  if (field.masked && second === undefined) fail(ref.span, 'iql.semantic.notQueryable', { field: name });
  if (second === undefined) {
    return {
      sql: field.column,
      dataType: field.dataType,
      multiple: field.multiple,
      name,
      notNull: field.notNull,
      ...(field.custom ? { customCode: field.name } : {}),
    };
  }
  const targetName =
    field.dataType === 'ref' && !field.multiple
      ? (field.declaration?.target ??
        (field.name === 'company_sid' ? 'company' : field.name.endsWith('_by') ? 'user_info' : undefined))
      : undefined;
  if (!targetName) fail(ref.span, 'iql.semantic.notRelation', { field: first ?? name });
  const alias = `r${(aliasCounter = (aliasCounter + 1) % 1_000_000)}`;
  const found = ctx.registry.get(targetName);
  const declared = found && ctx.view ? ctx.view(found) : found;
  if (declared) {
    // A model the caller may not read cannot be probed through a relation either.
    if (!mayView(declared, ctx)) fail(ref.span, 'iql.semantic.relationNotReadable', { field: name });
    const inner = declared.fields.get(second);
    if (!inner || inner.multiple) fail(ref.span, 'iql.semantic.unknownField', { field: name });
    if (inner.masked) fail(ref.span, 'iql.semantic.notQueryable', { field: name });
    return {
      sql: `${alias}.${inner.name}`,
      dataType: inner.dataType,
      multiple: false,
      name,
      relation: { table: declared.table, fk: field.column, alias, scope: relatedScope(declared, alias, ctx) },
      notNull: false,
    };
  }
  const system = SYSTEM_TARGETS[targetName];
  const dataType = system?.fields[second];
  if (!system || !dataType) fail(ref.span, 'iql.semantic.unknownField', { field: name });
  return {
    sql: `${alias}.${second}`,
    dataType,
    multiple: false,
    name,
    relation: { table: system.table, fk: field.column, alias, scope: '' },
    notNull: false,
  };
}

function allow(target: Target, operator: IqlOperator, span: { start: number }): void {
  if (!OPERATORS_BY_TYPE[target.dataType].includes(operator))
    fail(span, 'iql.semantic.operatorNotAllowed', { field: target.name });
}

/** The literal as a value of the field's type (core's rules, which the web's query box runs too). */
function valueFor(target: Target, literal: Literal): unknown {
  const result = iqlLiteralValue(target.dataType, literal, target.name);
  if (result.ok) return result.value;
  const { span, messageKey, params, expected } = result.issue;
  return fail(span, messageKey, params, expected);
}

const SQL_TYPE: Record<DataType, string> = {
  string: 'text',
  text: 'text',
  integer: 'bigint',
  decimal: 'numeric',
  money: 'numeric',
  date: 'date',
  timestamp: 'timestamptz',
  boolean: 'boolean',
  key: 'text',
  ref: 'text',
  file: 'text',
};

/** Wraps a condition on a related field in EXISTS over the relation, scoped to the same tenant. */
function through(target: Target, condition: string): string {
  if (!target.relation) return condition;
  const { table, fk, alias, scope } = target.relation;
  return `EXISTS (SELECT 1 FROM ${table} ${alias} WHERE ${alias}.sid = ${fk} AND ${alias}.tenant_sid = t.tenant_sid${scope} AND ${condition})`;
}

/** A test of a field's value; on a multiple field, true when any of its values passes. */
function eachValue(target: Target, test: (value: string) => string): string {
  return target.multiple
    ? `EXISTS (SELECT 1 FROM unnest(${target.sql}) AS v(value) WHERE ${test('v.value')})`
    : test(target.sql);
}

function compileExpression(model: ResolvedModel, e: Expression, ctx: CompileContext): string {
  const p = (value: unknown) => ctx.params.add(value);
  switch (e.type) {
    case 'and':
      return `(${compileExpression(model, e.left, ctx)} AND ${compileExpression(model, e.right, ctx)})`;
    case 'or':
      return `(${compileExpression(model, e.left, ctx)} OR ${compileExpression(model, e.right, ctx)})`;
    case 'not':
      // Two-valued: NOT (x = 1) also finds rows where x is empty, as people reading the query expect.
      return `(NOT COALESCE(${compileExpression(model, e.expression, ctx)}, false))`;
    case 'compare': {
      const target = resolveField(model, e.field, ctx);
      if (e.value.kind === 'null' && (e.operator === '=' || e.operator === '!=')) {
        allow(target, 'isNull', e.span);
        return isNull(target, e.operator === '!=');
      }
      const ordering = e.operator !== '=' && e.operator !== '!=';
      allow(target, ordering ? 'order' : 'compare', e.span);
      // "Greater than" has no meaning for a set of values.
      if (ordering && target.multiple) fail(e.span, 'iql.semantic.operatorNotAllowed', { field: target.name });
      const value = valueFor(target, e.value);
      if (target.multiple) {
        const contains = `${p(value)}::${SQL_TYPE[target.dataType]} = ANY(${target.sql})`;
        return e.operator === '=' ? contains : `(NOT COALESCE(${contains}, false))`;
      }
      const op = e.operator;
      if (op === '=' && target.customCode && target.dataType !== 'date' && target.dataType !== 'timestamp') {
        // Equality on a custom field as JSONB containment, which the GIN index on custom serves.
        return `t.custom @> ${p(JSON.stringify({ [target.customCode]: value }))}::jsonb`;
      }
      const sql = `${target.sql} ${op === '!=' ? 'IS DISTINCT FROM' : op} ${p(value)}::${SQL_TYPE[target.dataType]}`;
      return through(target, sql);
    }
    case 'in': {
      const target = resolveField(model, e.field, ctx);
      allow(target, 'in', e.span);
      const values = e.values.map((literal) => valueFor(target, literal));
      const array = `${p(values)}::${SQL_TYPE[target.dataType]}[]`;
      const sql = target.multiple
        ? `COALESCE(${target.sql} && ${array}, false)`
        : `COALESCE(${target.sql} = ANY(${array}), false)`;
      return e.negated ? `(NOT ${through(target, sql)})` : through(target, sql);
    }
    case 'between': {
      const target = resolveField(model, e.field, ctx);
      allow(target, 'between', e.span);
      const type = SQL_TYPE[target.dataType];
      const low = p(valueFor(target, e.low));
      const high = p(valueFor(target, e.high));
      const sql = eachValue(target, (value) => `${value} BETWEEN ${low}::${type} AND ${high}::${type}`);
      return e.negated ? `(NOT COALESCE(${through(target, sql)}, false))` : through(target, sql);
    }
    case 'text': {
      const target = resolveField(model, e.field, ctx);
      allow(target, 'text', e.span);
      const pattern =
        e.match === 'like'
          ? e.pattern
          : e.match === 'contains'
            ? `%${escapeLike(e.pattern)}%`
            : e.match === 'startsWith'
              ? `${escapeLike(e.pattern)}%`
              : `%${escapeLike(e.pattern)}`;
      const bound = p(pattern);
      const sql = eachValue(target, (value) => `${value} ILIKE ${bound}`);
      return e.negated ? `(NOT COALESCE(${through(target, sql)}, false))` : through(target, sql);
    }
    case 'isNull': {
      const target = resolveField(model, e.field, ctx);
      allow(target, 'isNull', e.span);
      return isNull(target, e.negated);
    }
    case 'within': {
      const target = resolveField(model, e.field, ctx);
      allow(target, 'within', e.span);
      const { from, to } = rangeDays(e.range, localDate(ctx.now, ctx.timeZone));
      if (target.dataType === 'date') {
        const [first, last] = [p(from), p(to)];
        return through(
          target,
          eachValue(target, (value) => `${value} BETWEEN ${first}::date AND ${last}::date`),
        );
      }
      // Timestamps: from the start of the first day to the start of the day after the last, local time.
      const [zone, first, last] = [p(ctx.timeZone), p(from), p(to)];
      const sql = eachValue(
        target,
        (value) =>
          `(${value} >= (${first}::date::timestamp AT TIME ZONE ${zone}) AND ${value} < ((${last}::date + 1)::timestamp AT TIME ZONE ${zone}))`,
      );
      return through(target, sql);
    }
    case 'has':
      return hasChildren(model, e, ctx);
    case 'match': {
      if (model.keywordFields.length === 0) return 'false';
      const pattern = `%${escapeLike(e.text)}%`;
      return `(${model.keywordFields.map((f) => substring(f.column, pattern, e.text, p)).join(' OR ')})`;
    }
  }
}

/**
 * A substring test on an indexed keyword column. ILIKE decides; for terms the trigram index cannot
 * serve (two characters, or any CJK text, which pg_trgm may not split into grams) the bigram index
 * narrows the candidates first.
 */
function substring(column: string, likePattern: string, term: string, p: (value: unknown) => string): string {
  const ilike = `${column} ILIKE ${p(likePattern)}`;
  const length = [...term].length;
  const needsBigrams = length >= 2 && (length < 3 || [...term].some((char) => char.charCodeAt(0) > 0x7f));
  // ILIKE first: when the bigram index is not used, the costly function runs only on rows that match.
  return needsBigrams ? `(${ilike} AND ipdesk_bigrams(${column}) @> ipdesk_term_bigrams(${p(term)}))` : ilike;
}

/**
 * HAS(child WHERE …): the record has a record of the child model pointing at it, within the caller's scope of
 * the child, passing the condition (compiled against the child as the caller sees it). An uncorrelated
 * subquery over the child table, whose rows are `t` inside it, so the condition compiles as on the child's own
 * search.
 */
function hasChildren(model: ResolvedModel, e: Extract<Expression, { type: 'has' }>, ctx: CompileContext): string {
  const child = ctx.registry.children(model.name).find((c) => c.model === e.model.name);
  const found = child ? ctx.registry.get(child.model) : undefined;
  if (!child || !found || !mayView(found, ctx)) fail(e.model.span, 'iql.semantic.notChild', { model: e.model.name });
  const view = ctx.view ? ctx.view(found) : found;
  // The link itself is a field of the child: hidden from the caller, it cannot be searched across.
  if (!view.fields.has(child.field)) fail(e.model.span, 'iql.semantic.notChild', { model: e.model.name });
  // Without a searcher (system tables) there is no tenant to bound the children by; they have none anyway.
  if (!ctx.principal) fail(e.model.span, 'iql.semantic.notChild', { model: e.model.name });
  const scope = scopeCondition(ctx.principal, view, ctx.params);
  const condition = e.where ? ` AND ${compileExpression(view, e.where, ctx)}` : '';
  return `t.sid IN (SELECT t.${child.field} FROM ${view.table} t WHERE ${scope}${condition})`;
}

function isNull(target: Target, negated: boolean): string {
  if (target.relation) {
    // A related value is null when there is no related row or its column is null.
    const { table, fk, alias, scope } = target.relation;
    const present = `EXISTS (SELECT 1 FROM ${table} ${alias} WHERE ${alias}.sid = ${fk} AND ${alias}.tenant_sid = t.tenant_sid${scope} AND ${target.sql} IS NOT NULL)`;
    return negated ? present : `(NOT ${present})`;
  }
  const empty = target.multiple ? `(${target.sql} IS NULL OR cardinality(${target.sql}) = 0)` : `${target.sql} IS NULL`;
  return negated ? `(NOT ${empty})` : empty;
}

export interface CompiledOrder {
  sql: string;
  /** The SQL type of the expression, to cast keyset cursor values back exactly. */
  sqlType: string;
  direction: 'asc' | 'desc';
  field: string;
  notNull: boolean;
}

function compileOrder(model: ResolvedModel, terms: OrderTerm[], ctx: CompileContext): CompiledOrder[] {
  if (terms.length === 0)
    return [{ sql: 't.updated_at', sqlType: 'timestamptz', direction: 'desc', field: 'updated_at', notNull: true }];
  return terms.map((term) => {
    const target = resolveField(model, term.field, ctx);
    if (target.multiple || !OPERATORS_BY_TYPE[target.dataType].includes('order'))
      fail(term.field.span, 'iql.semantic.notSortable', { field: target.name });
    const sql = target.relation
      ? `(SELECT ${target.sql} FROM ${target.relation.table} ${target.relation.alias} WHERE ${target.relation.alias}.sid = ${target.relation.fk} AND ${target.relation.alias}.tenant_sid = t.tenant_sid${target.relation.scope})`
      : target.sql;
    return {
      sql,
      sqlType: SQL_TYPE[target.dataType],
      direction: term.direction,
      field: target.name,
      notNull: target.notNull,
    };
  });
}

export interface CompiledQuery {
  where: string;
  orderBy: CompiledOrder[];
}

export function compileIql(model: ResolvedModel, query: IqlQuery, ctx: CompileContext): CompiledQuery {
  return {
    where: query.where ? compileExpression(model, query.where, ctx) : 'true',
    orderBy: compileOrder(model, query.orderBy, ctx),
  };
}
