// iql search over a plain tenant table described as a model (companies, roles): the check of the `fl`
// field list, the query compiled and scoped to the caller's tenant, the table's own default order when
// the query has no ORDER BY, one page of rows and the total. Choosing the answered fields stays with
// the caller (its rows may gain computed fields first).
import { AppError } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { compileIql } from './iql-compile.js';
import type { ModelRegistry, ResolvedModel } from './registry.js';
import { parseQuery } from './search.js';
import { SqlParams } from './sql-params.js';

export interface TableSearchInput {
  iql?: string;
  fl?: readonly string[];
  start: number;
  rows: number;
}

export interface TableSearchContext {
  registry: ModelRegistry;
  now: Date;
  timeZone: string;
}

export interface SearchedTable {
  /** The table as iql sees it; `model.table` is the table searched, under the alias "t". */
  model: ResolvedModel;
  /** The select list over the alias "t". */
  columns: string;
  /** The order when the query names none (the compiler's own default, updated_at, suits no table here). */
  defaultOrder: readonly string[];
}

/** Refuses a field list naming a field the caller cannot read (500001 on `fl`, listing the names). */
export function checkFieldList(fl: readonly string[] | undefined, readable: readonly string[]): void {
  const unknown = (fl ?? []).filter((name) => !readable.includes(name));
  if (unknown.length)
    throw new AppError('validation', {
      issues: [
        {
          field: 'fl',
          labelKey: 'field.fieldList',
          messageKey: 'validation.unrecognizedKeys',
          params: { keys: unknown.join(', ') },
        },
      ],
    });
}

/** One page of the tenant's rows the query finds, in the query's order (then sid), and how many match. */
export async function searchTable<T>(
  db: Queryable,
  table: SearchedTable,
  tenantSid: string,
  input: Pick<TableSearchInput, 'iql' | 'start' | 'rows'>,
  ctx: TableSearchContext,
): Promise<{ rows: T[]; total: number }> {
  const query = parseQuery(input.iql);
  const params = new SqlParams([tenantSid]);
  const compiled = compileIql(table.model, query, {
    registry: ctx.registry,
    params,
    now: ctx.now,
    timeZone: ctx.timeZone,
  });
  const from = `FROM ${table.model.table} t WHERE t.tenant_sid = $1 AND ${compiled.where}`;
  const order = query.orderBy.length
    ? compiled.orderBy.map((o) => `${o.sql} ${o.direction === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`)
    : table.defaultOrder;
  const filterValues = [...params.values];
  const limit = params.add(input.rows);
  const offset = params.add(input.start);
  const rows = await db.query<T>(
    `SELECT ${table.columns} ${from} ORDER BY ${[...order, 't.sid ASC'].join(', ')} LIMIT ${limit} OFFSET ${offset}`,
    params.values as never,
  );
  const [count] = await db.query<{ total: number }>(`SELECT count(*)::int AS total ${from}`, filterValues as never);
  return { rows, total: count?.total ?? 0 };
}
