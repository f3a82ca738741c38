// Role search with iql over code, name, status, weight, platform, description and the time stamps:
// the role table described as a model so the generic iql compiler checks fields, operators and values,
// always scoped to the caller's tenant, ordered by weight then name unless the query orders.
import { defineModel, field } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { resolveModel, type ResolvedModel } from '../../platform/models/registry.js';
import {
  checkFieldList,
  searchTable,
  type SearchedTable,
  type TableSearchContext,
  type TableSearchInput,
} from '../../platform/models/table-search.js';
import type { RequestContext } from '../../platform/context.js';
import { roleColumns, roleInLanguage, type RoleRow } from './roles.js';

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

/** What the search reads with: the database, and the model registry and time zone iql compiles against. */
export type RoleSearchDeps = Omit<TableSearchContext, 'now'> & { db: Queryable };

/** Holders of this resource read every field; others only the public ones. */
const ROLES_RESOURCE = 'system.roles';

const ROLE_TABLE: SearchedTable = {
  model: ROLE_MODEL,
  columns: roleColumns('t'),
  // The compiler answers updated_at DESC for a query without ORDER BY; roles list by weight instead.
  defaultOrder: ['t.weight ASC', 't.name ASC'],
};

/** The roles an iql query finds; default roles' seeded names and descriptions in the request's language. */
export async function searchRoles(
  { db, registry, timeZone }: RoleSearchDeps,
  ctx: Pick<RequestContext, 'tenantSid' | 'principal' | 'language' | 'now'>,
  input: TableSearchInput,
): Promise<{ rows: Array<Partial<RoleRow>>; total: number }> {
  const full = ctx.principal.access.resources.has(ROLES_RESOURCE);
  const readable: readonly string[] = full ? ROLE_FIELDS : PUBLIC_ROLE_FIELDS;
  checkFieldList(input.fl, readable);
  const wanted = new Set(input.fl?.length ? ['sid', ...input.fl] : readable);
  const found = await searchTable<RoleRow>(db, ROLE_TABLE, ctx.tenantSid, input, {
    registry,
    now: ctx.now,
    timeZone,
  });
  return {
    rows: found.rows.map((stored) => {
      const row = roleInLanguage(stored, ctx.language);
      const out: Partial<Record<keyof RoleRow, unknown>> = {};
      for (const key of ROLE_FIELDS) if (wanted.has(key)) out[key] = row[key];
      return out as Partial<RoleRow>;
    }),
    total: found.total,
  };
}
