// Role search with iql over code, name, status, weight, platform, description and the time stamps:
// the role table described as a model so the generic iql compiler checks fields, operators and values,
// always scoped to the caller's tenant, ordered by weight then name unless the query orders.
import { AppError, defineModel, field } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { compileIql } from '../models/iql-compile.js';
import { resolveModel, type ModelRegistry, type ResolvedModel } from '../models/registry.js';
import { parseQuery } from '../models/search.js';
import { SqlParams } from '../models/sql-params.js';
import { roleColumns, type RoleRow } from './roles.js';

const number = (zh: string, en: string) => field('number', { label: { zh, en }, required: true });

/** The role table as the iql compiler sees it: only its own columns, no relations. */
export const ROLE_MODEL: ResolvedModel = (() => {
  const model = resolveModel(
    defineModel({
      name: 'role',
      label: { zh: '角色', en: 'Role' },
      titleField: 'name',
      fields: {
        code: field('text', { label: { zh: '角色编码', en: 'Role code' }, required: true, flags: { keyword: true } }),
        name: field('text', { label: { zh: '角色名称', en: 'Role name' }, required: true, flags: { keyword: true } }),
        description: field('text', { label: { zh: '描述', en: 'Description' } }),
        status: number('状态', 'Status'),
        weight: number('排序权重', 'Weight'),
        platform: number('平台', 'Platform'),
      },
    }),
  );
  // System columns the role table does not have: a query naming them is an unknown field, not a 5xx.
  for (const name of ['company_sid', 'created_by', 'updated_by']) model.fields.delete(name);
  return { ...model, table: 'role' };
})();

/** Every column of a role row, and the ones any signed-in user may read (pickers need names). */
export const ROLE_FIELDS = [
  'sid',
  'code',
  'name',
  'description',
  'status',
  'weight',
  'platform',
  'show_sensitive',
  'pick_range',
  'data_scope',
  'data_departments',
  'user_num',
  'version',
  'created_at',
  'updated_at',
] as const;
export const PUBLIC_ROLE_FIELDS: readonly string[] = [
  'sid',
  'code',
  'name',
  'status',
  'platform',
  'weight',
  'description',
];

export interface RoleSearchInput {
  iql?: string;
  fl?: string[];
  start: number;
  rows: number;
}

export interface RoleSearchContext {
  registry: ModelRegistry;
  now: Date;
  timeZone: string;
  /** Whether the caller holds system.roles: else only the public fields are answered. */
  full: boolean;
}

export async function searchRoles(
  q: Queryable,
  tenantSid: string,
  input: RoleSearchInput,
  ctx: RoleSearchContext,
): Promise<{ rows: Array<Partial<RoleRow>>; total: number }> {
  const readable: readonly string[] = ctx.full ? ROLE_FIELDS : PUBLIC_ROLE_FIELDS;
  if (input.fl) {
    const unknown = input.fl.filter((name) => !readable.includes(name));
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
  const wanted = new Set(input.fl?.length ? ['sid', ...input.fl] : readable);
  const query = parseQuery(input.iql);
  const params = new SqlParams([tenantSid]);
  const compiled = compileIql(ROLE_MODEL, query, {
    registry: ctx.registry,
    params,
    now: ctx.now,
    timeZone: ctx.timeZone,
  });
  const where = `t.tenant_sid = $1 AND ${compiled.where}`;
  // The compiler answers updated_at DESC for a query without ORDER BY; roles list by weight instead.
  const order = query.orderBy.length
    ? compiled.orderBy.map((o) => `${o.sql} ${o.direction === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`)
    : ['t.weight ASC', 't.name ASC'];
  const counted = await q.query<{ total: number }>(`SELECT count(*) AS total FROM role t WHERE ${where}`, [
    ...params.values,
  ] as never);
  const limit = params.add(input.rows);
  const offset = params.add(input.start);
  const rows = await q.query<RoleRow>(
    `SELECT ${roleColumns('t')} FROM role t
      WHERE ${where} ORDER BY ${[...order, 't.sid ASC'].join(', ')} LIMIT ${limit} OFFSET ${offset}`,
    params.values as never,
  );
  return {
    rows: rows.map((row) => {
      const out: Partial<Record<keyof RoleRow, unknown>> = {};
      for (const key of ROLE_FIELDS) if (wanted.has(key)) out[key] = row[key];
      return out as Partial<RoleRow>;
    }),
    total: counted[0]?.total ?? 0,
  };
}
