// Search, count and group counts over one model: iql compiled against the model, the caller's scope
// always added, one query (plus a count only when asked), offset pages or keyset pages for deep
// paging, and only unnamed statements so PostgreSQL plans each search for its own values.
import { AppError, isIqlError, parseIql, type Expression, type IqlQuery } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { AccountsContext } from '../../modules/accounts/context.js';
import type { RequestContext } from '../context.js';
import { compileIql, type CompiledOrder } from './iql-compile.js';
import { afterCursor, cursorKeys, decodeCursor, orderClause, orderSuffix, takeCursor, tieBreak } from './keyset.js';
import type { ModelRegistry, ResolvedModel } from './registry.js';
import { selectList, type RecordRow } from './records.js';
import { scopeCondition } from './scope.js';
import { maskRows, viewFor } from '../../modules/rbac/model-view.js';
import { SqlParams } from './sql-params.js';

/** The services a search uses; who searches (their scope and field rights) and when come from the context. */
export interface SearchDeps {
  accounts: Pick<AccountsContext, 'db'>;
  registry: ModelRegistry;
  timeZone: string;
  /** SEARCH_WALK_ROWS: rows a substring search walks in the page's order (see pageOfSubstringSearch). */
  walkRows: number;
}

export function parseQuery(text: string | undefined): IqlQuery {
  try {
    return parseIql(text ?? '');
  } catch (error) {
    if (!isIqlError(error)) throw error;
    throw new AppError('validation', {
      issues: [{ field: 'iql', labelKey: 'field.iql', messageKey: error.messageKey, params: error.params }],
    });
  }
}

// Searches take from the context who searches (their scope and field rights) and when (the moment
// relative dates such as `WITHIN LAST 30 DAYS` count from).
function compile(
  deps: SearchDeps,
  ctx: Pick<RequestContext, 'principal' | 'now'>,
  model: ResolvedModel,
  iql: string | IqlQuery | undefined,
) {
  const { principal } = ctx;
  const params = new SqlParams();
  const scope = scopeCondition(principal, model, params);
  const compiled = compileIql(model, typeof iql === 'object' ? iql : parseQuery(iql), {
    registry: deps.registry,
    params,
    now: ctx.now,
    timeZone: deps.timeZone,
    view: (target) => viewFor(target, principal.access),
    principal,
  });
  return { params, scope, where: `${scope} AND ${compiled.where}`, orderBy: compiled.orderBy };
}

/** Parses and compiles a query without running it: a query kept for later (an export link) fails now. */
export function checkQuery(
  deps: SearchDeps,
  ctx: Pick<RequestContext, 'principal' | 'now'>,
  input: { model: ResolvedModel; iql: string },
): void {
  compile(deps, ctx, input.model, input.iql);
}

/**
 * Whether the query tests text anywhere inside values (CONTAINS, ENDS WITH, LIKE, MATCH): conditions whose
 * share of the rows PostgreSQL can only guess (see pageOfSubstringSearch).
 */
export function hasSubstringTest(e: Expression | undefined): boolean {
  if (!e) return false;
  switch (e.type) {
    case 'and':
    case 'or':
      return hasSubstringTest(e.left) || hasSubstringTest(e.right);
    case 'not':
      return hasSubstringTest(e.expression);
    case 'text':
      return e.match !== 'startsWith';
    case 'match':
      return true;
    default:
      return false;
  }
}

export interface SearchInput {
  /** The model as the caller sees it (their view). */
  model: ResolvedModel;
  iql?: string;
  fl?: string[];
  start: number;
  rows: number;
  cursor?: string;
  total: boolean;
}

export interface SearchResult {
  rows: RecordRow[];
  total?: number;
  next_cursor?: string;
}

export async function searchRecords(
  deps: SearchDeps,
  ctx: Pick<RequestContext, 'principal' | 'now'>,
  input: SearchInput,
): Promise<SearchResult> {
  const { model } = input;
  const query = parseQuery(input.iql);
  const { params, scope, where, orderBy } = compile(deps, ctx, model, query);
  let condition = where;
  let walkCondition = scope;
  if (input.cursor) {
    const after = afterCursor(orderBy, decodeCursor(input.cursor, orderBy), params);
    condition = `${where} AND ${after}`;
    walkCondition = `${scope} AND ${after}`;
  }
  // Empty values sort as the smallest (ASC NULLS FIRST, DESC NULLS LAST) and the sid tie-break follows
  // the first term's direction, so every order is one direction of an index (tenant_sid, col DESC
  // NULLS LAST, sid DESC) and a page walks the index instead of sorting all matches (measured on 1M
  // rows: 612 ms → 0.04 ms).
  const order = orderClause(orderBy);
  const limit = params.add(input.rows + 1);
  const offset = input.cursor ? '' : ` OFFSET ${params.add(input.start)}`;
  const select = `SELECT ${selectList(model, input.fl)}${cursorKeys(orderBy)}`;
  const page = `LIMIT ${limit}${offset}`;
  const db = deps.accounts.db;
  const walkRows = deps.walkRows;
  const wanted = (input.cursor ? 0 : input.start) + input.rows + 1;
  let found: RecordRow[];
  // Only for pages near the start: a walk through walkRows rows can hold a deep page only if matches are
  // common, and a deep page is rare enough to leave to the planner.
  if (hasSubstringTest(query.where) && wanted * 10 <= walkRows) {
    found = await pageOfSubstringSearch(db, {
      table: model.table,
      select,
      condition,
      walkCondition,
      order,
      orderBy,
      page,
      walkRows,
      values: params.values,
      wanted: input.rows + 1,
    });
  } else {
    found = await db.query<RecordRow>(
      `${select} FROM ${model.table} t WHERE ${condition} ORDER BY ${order} ${page}`,
      params.values as never,
    );
  }
  const rows = found.slice(0, input.rows);
  // The key columns only serve the cursor; rows without them are answered as the driver built them.
  const next = takeCursor(orderBy, rows, found.length > input.rows);
  const result: SearchResult = { rows: maskRows(model, rows) };
  if (next) result.next_cursor = next;
  if (input.total && !input.cursor) result.total = (await countRecords(deps, ctx, { model, iql: input.iql })).total;
  return result;
}

/**
 * A page of a search with a substring test, by a plan that does not depend on PostgreSQL's guess of how
 * many rows match. PostgreSQL estimates `ILIKE '%固态电解质%'` from a sample of the column, which can be
 * off a hundredfold either way; it then either walks the sort index testing each row (fast when matches
 * are common, 26 ms for a 0.09 % term on 1M rows) or collects every match and sorts them (fast when they
 * are rare, 34 ms for a 1.5 % term). Which one a query got changed with the ANALYZE sample
 * (docs/benchmarks.md). Here the data decides: first the walk, through at most walkRows rows in the
 * page's order (the scope only, so this part is planned on ordinary columns); if they hold the page, it
 * is exact, since every later match comes after them. Otherwise matches are rare (< wanted / walkRows of
 * the rows), and every match is collected (no ORDER BY or LIMIT there, so no walk can be planned), its
 * sid and sort keys only, sorted, and the page's rows read by sid.
 */
async function pageOfSubstringSearch(
  db: Queryable,
  q: {
    table: string;
    select: string;
    condition: string;
    walkCondition: string;
    order: string;
    orderBy: CompiledOrder[];
    /** LIMIT and OFFSET. */
    page: string;
    walkRows: number;
    values: unknown[];
    wanted: number;
  },
): Promise<RecordRow[]> {
  const walked = `(SELECT t.* FROM ${q.table} t WHERE ${q.walkCondition} ORDER BY ${q.order} LIMIT ${Math.trunc(q.walkRows)}) t`;
  const fromWalk = await db.query<RecordRow>(
    `${q.select} FROM ${walked} WHERE ${q.condition} ORDER BY ${q.order} ${q.page}`,
    q.values as never,
  );
  if (fromWalk.length >= q.wanted) return fromWalk;
  const keys = q.orderBy.map((o, i) => `, ${o.sql} AS __o${i}`).join('');
  const matchOrder = [...q.orderBy.map((o, i) => `__o${i} ${orderSuffix(o)}`), `sid ${tieBreak(q.orderBy)}`].join(', ');
  return db.query<RecordRow>(
    `WITH matches AS MATERIALIZED (SELECT t.sid${keys} FROM ${q.table} t WHERE ${q.condition}),
          page AS (SELECT sid FROM matches ORDER BY ${matchOrder} ${q.page})
     ${q.select} FROM ${q.table} t JOIN page ON page.sid = t.sid ORDER BY ${q.order}`,
    q.values as never,
  );
}

export interface CountResult {
  total: number;
  /** The total is PostgreSQL's planner estimate, not a count (asked for with `estimate`). */
  estimated?: true;
}

/**
 * Below this many estimated rows the exact count is answered instead: it takes milliseconds there, and a
 * small estimate is the one users would notice to be off.
 */
export const ESTIMATE_FLOOR = 50_000;

/**
 * The records a query finds, counted; with `estimate`, the planner's estimate where it is cheap and
 * trustworthy enough to show as "about": on a PostgreSQL server (whose autovacuum keeps statistics;
 * the embedded engine has none running, so it always counts), for queries without substring tests (whose
 * share PostgreSQL can only guess, see pageOfSubstringSearch) and broad enough (ESTIMATE_FLOOR).
 */
export async function countRecords(
  deps: SearchDeps,
  ctx: Pick<RequestContext, 'principal' | 'now'>,
  input: { model: ResolvedModel; iql: string | undefined; estimate?: boolean },
): Promise<CountResult> {
  const { model } = input;
  const query = parseQuery(input.iql);
  const { params, where } = compile(deps, ctx, model, query);
  const db = deps.accounts.db;
  const from = `FROM ${model.table} t WHERE ${where}`;
  if (input.estimate && db.engine === 'postgres' && !hasSubstringTest(query.where)) {
    const [explained] = await db.query<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
      `EXPLAIN (FORMAT JSON) SELECT 1 ${from}`,
      params.values as never,
    );
    const rows = explained?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
    if (rows >= ESTIMATE_FLOOR) return { total: Math.round(rows), estimated: true };
  }
  const rows = await db.query<{ total: number }>(`SELECT count(*) AS total ${from}`, params.values as never);
  return { total: rows[0]?.total ?? 0 };
}

export async function aggregateRecords(
  deps: SearchDeps,
  ctx: Pick<RequestContext, 'principal' | 'now'>,
  input: { model: ResolvedModel; iql?: string; groupBy: string; limit: number },
): Promise<Array<{ value: unknown; count: number }>> {
  const { model } = input;
  const field = model.fields.get(input.groupBy);
  const groupable =
    field &&
    (field.dataType === 'key' || field.dataType === 'ref' || field.dataType === 'boolean' || field.dataType === 'date');
  if (!field || !groupable || field.masked) {
    throw new AppError('validation', {
      issues: [{ field: 'group_by', labelKey: 'field.groupBy', messageKey: 'validation.invalid' }],
    });
  }
  const { params, where } = compile(deps, ctx, model, input.iql);
  const value = field.multiple ? `unnest(${field.column})` : field.column;
  const limit = params.add(input.limit);
  return deps.accounts.db.query<{ value: unknown; count: number }>(
    `SELECT value, count(*) AS count FROM (SELECT ${value} AS value FROM ${model.table} t WHERE ${where}) grouped
      GROUP BY value ORDER BY count(*) DESC, value NULLS LAST LIMIT ${limit}`,
    params.values as never,
  );
}

/**
 * The sids of the records a query finds in the caller's scope, at most `limit` (in sid order); `more` says
 * the query finds more than that, with their number. A batch's selection by search (batch edit, actions).
 */
export async function matchingSids(
  deps: SearchDeps,
  ctx: Pick<RequestContext, 'principal' | 'now'>,
  input: { model: ResolvedModel; iql: string; limit: number },
): Promise<{ sids: string[]; total: number }> {
  const { model } = input;
  const { params, where } = compile(deps, ctx, model, input.iql);
  const limit = params.add(input.limit + 1);
  const rows = await deps.accounts.db.query<{ sid: string }>(
    `SELECT t.sid FROM ${model.table} t WHERE ${where} ORDER BY t.sid LIMIT ${limit}`,
    params.values as never,
  );
  if (rows.length <= input.limit) return { sids: rows.map((r) => r.sid), total: rows.length };
  const { total } = await countRecords(deps, ctx, { model, iql: input.iql });
  return { sids: [], total };
}
