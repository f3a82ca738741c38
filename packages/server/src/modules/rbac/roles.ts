// Roles of a tenant (spec §6): read, create, update at the version read, delete when no user holds
// them, and copy with their permissions. Every write is one transaction with an audit entry and
// refreshes cached access; a duplicate code or name answers 409201 naming the field.
import {
  AppError,
  defaultRoleText,
  newSid,
  storedDefaultRoleText,
  translate,
  type DataScope,
  type Language,
  type MessageKey,
  type PickRange,
  type RolePlatform,
} from '@ipdesk/core';
import type { Database, Queryable } from '../../db/database.js';
import { audit } from '../accounts/context.js';
import { bumpAccessVersion } from './access.js';
import { copyPermissions, scopeDepartments } from './role-permissions.js';
import { duplicateValueError, violatedIndex } from '../../db/unique-violation.js';
import type { RequestContext } from '../../platform/context.js';

export interface RoleRow {
  sid: string;
  code: string;
  name: string;
  description: string | null;
  status: number;
  weight: number;
  platform: RolePlatform;
  show_sensitive: boolean;
  pick_range: PickRange;
  data_scope: DataScope;
  data_departments: string[];
  user_num: number;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** What a caller may set on a role; the platform is fixed at creation (grants and users depend on it). */
export interface RoleFields {
  code: string;
  name: string;
  description?: string | null;
  status?: 0 | 1;
  weight?: number;
  show_sensitive?: boolean;
  pick_range?: PickRange;
  data_scope?: DataScope;
  data_departments?: string[];
}

export type NewRole = RoleFields & { platform: RolePlatform };
export type RoleChanges = Partial<RoleFields> & { sid: string; version: number };

/** The columns of a role row from the role table aliased a, with how many users hold it. */
export function roleColumns(a: string): string {
  return `${a}.sid, ${a}.code, ${a}.name, ${a}.description, ${a}.status, ${a}.weight, ${a}.platform,
    ${a}.show_sensitive, ${a}.pick_range, ${a}.data_scope, ${a}.data_departments, ${a}.version, ${a}.created_at,
    ${a}.updated_at, (SELECT count(*) FROM user_role ur WHERE ur.role_sid = ${a}.sid) AS user_num`;
}

export async function readRole(q: Queryable, tenantSid: string, sid: string, lock = false): Promise<RoleRow> {
  const rows = await q.query<RoleRow>(
    `SELECT ${roleColumns('r')} FROM role r WHERE r.sid = $1 AND r.tenant_sid = $2${lock ? ' FOR UPDATE OF r' : ''}`,
    [sid, tenantSid],
  );
  if (!rows[0]) throw new AppError('recordNotFound');
  return rows[0];
}

/** Enabled roles (of one platform when given) by weight, with how many users hold each. */
export function boardRoles(q: Queryable, tenantSid: string, platform?: RolePlatform): Promise<RoleRow[]> {
  return q.query<RoleRow>(
    `SELECT ${roleColumns('r')} FROM role r
      WHERE r.tenant_sid = $1 AND r.status = 1 AND ($2::smallint IS NULL OR r.platform = $2::smallint)
      ORDER BY r.weight, r.name, r.sid LIMIT 1000`,
    [tenantSid, platform ?? null],
  );
}

/** The row as a viewer reads it: a default role's seeded name and description in their language. */
export function roleInLanguage<Row extends Partial<Pick<RoleRow, 'code' | 'name' | 'description'>>>(
  row: Row,
  language: Language,
): Row {
  if (row.code === undefined) return row;
  const out = { ...row };
  if (row.name !== undefined) out.name = defaultRoleText(row.code, 'name', row.name, language);
  if (row.description !== undefined)
    out.description = defaultRoleText(row.code, 'description', row.description, language);
  return out;
}

const UNIQUE_INDEXES: Array<{ index: string; field: 'code' | 'name'; label: MessageKey }> = [
  { index: 'role_code_idx', field: 'code', label: 'field.roleCode' },
  { index: 'role_name_idx', field: 'name', label: 'field.roleName' },
];

/** A unique-index violation on code or name as 409201 with the field's label and the value. */
async function uniqueGuard<T>(
  language: Language,
  values: { code?: string; name?: string },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const index = violatedIndex(
      error,
      UNIQUE_INDEXES.map((u) => u.index),
    );
    const hit = UNIQUE_INDEXES.find((u) => u.index === index);
    if (!hit) throw error;
    throw duplicateValueError(language, hit.field, translate(language, hit.label), values[hit.field] ?? '');
  }
}

/** Changed values only, for the audit entry. */
function changes(before: RoleRow, after: RoleRow): Record<string, { before: unknown; after: unknown }> {
  const out: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(after) as Array<keyof RoleRow>) {
    if (key === 'updated_at' || key === 'version' || key === 'user_num') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      out[key] = { before: before[key], after: after[key] };
  }
  return out;
}

export async function createRole(db: Database, ctx: RequestContext, input: NewRole): Promise<RoleRow> {
  const sid = newSid();
  const stored = {
    ...input,
    name: storedDefaultRoleText(input.code, 'name', input.name),
    description: storedDefaultRoleText(input.code, 'description', input.description),
  };
  return uniqueGuard(ctx.language, input, () =>
    db.transaction(async (tx) => {
      const scope = stored.data_scope ?? 'own';
      const departments = await scopeDepartments(
        tx,
        ctx.tenantSid,
        scope,
        stored.data_departments ?? [],
        'data_departments',
        'field.roleDataDepartments',
      );
      await tx.query(
        `INSERT INTO role (sid, tenant_sid, code, name, description, status, weight, platform, show_sensitive,
           pick_range, data_scope, data_departments, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::text[], $13, $13)`,
        [
          sid,
          ctx.tenantSid,
          stored.code,
          stored.name,
          stored.description ?? null,
          stored.status ?? 1,
          stored.weight ?? 0,
          stored.platform,
          stored.show_sensitive ?? false,
          stored.pick_range ?? 'company',
          scope,
          departments,
          ctx.now,
        ],
      );
      await bumpAccessVersion(tx, ctx.tenantSid);
      const row = await readRole(tx, ctx.tenantSid, sid);
      await audit(tx, {
        tenantSid: ctx.tenantSid,
        actorSid: ctx.userSid,
        action: 'role.created',
        target: `role:${sid}`,
        detail: { role: row },
        requestId: ctx.requestId,
        at: ctx.now,
      });
      return row;
    }),
  );
}

const SETTABLE = ['code', 'name', 'description', 'status', 'weight', 'show_sensitive', 'pick_range'] as const;

export async function updateRole(db: Database, ctx: RequestContext, input: RoleChanges): Promise<RoleRow> {
  return uniqueGuard(ctx.language, input, () =>
    db.transaction(async (tx) => {
      const before = await readRole(tx, ctx.tenantSid, input.sid, true);
      if (before.version !== input.version) throw new AppError('conflict');
      const code = input.code ?? before.code;
      const stored = {
        ...input,
        name: storedDefaultRoleText(code, 'name', input.name),
        description: storedDefaultRoleText(code, 'description', input.description),
      };
      const values: unknown[] = [stored.sid, ctx.tenantSid, ctx.now];
      const sets = ['updated_at = $3', 'version = version + 1'];
      for (const key of SETTABLE) {
        if (stored[key] === undefined) continue;
        values.push(stored[key]);
        sets.push(`${key} = $${values.length}`);
      }
      if (stored.data_scope !== undefined || stored.data_departments !== undefined) {
        const scope = stored.data_scope ?? before.data_scope;
        const departments = await scopeDepartments(
          tx,
          ctx.tenantSid,
          scope,
          stored.data_departments ?? before.data_departments,
          'data_departments',
          'field.roleDataDepartments',
        );
        values.push(scope, departments);
        sets.push(`data_scope = $${values.length - 1}`, `data_departments = $${values.length}::text[]`);
      }
      await tx.query(`UPDATE role SET ${sets.join(', ')} WHERE sid = $1 AND tenant_sid = $2`, values as never);
      await bumpAccessVersion(tx, ctx.tenantSid);
      const after = await readRole(tx, ctx.tenantSid, stored.sid);
      await audit(tx, {
        tenantSid: ctx.tenantSid,
        actorSid: ctx.userSid,
        action: 'role.updated',
        target: `role:${stored.sid}`,
        detail: { changes: changes(before, after), version: after.version },
        requestId: ctx.requestId,
        at: ctx.now,
      });
      return after;
    }),
  );
}

/** Deletes a role no user holds (else 409309 with how many do); its permissions go with it. */
export async function deleteRole(db: Database, ctx: RequestContext, sid: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readRole(tx, ctx.tenantSid, sid, true);
    if (before.user_num > 0) throw new AppError('roleInUse', { params: { count: before.user_num } });
    await tx.query('DELETE FROM role WHERE sid = $1 AND tenant_sid = $2', [sid, ctx.tenantSid]);
    await bumpAccessVersion(tx, ctx.tenantSid);
    await audit(tx, {
      tenantSid: ctx.tenantSid,
      actorSid: ctx.userSid,
      action: 'role.deleted',
      target: `role:${sid}`,
      detail: { role: before },
      requestId: ctx.requestId,
      at: ctx.now,
    });
  });
}

const CODE_MAX = 48;
const NAME_MAX = 50;

/** The first of base_copy, base_copy2, … that no role of the tenant has (codes compare case-insensitively). */
export function copyCode(base: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '_copy' : `_copy${n}`;
    const code = `${base.slice(0, CODE_MAX - suffix.length)}${suffix}`;
    if (!taken.has(code.toLowerCase())) return code;
  }
}

/** The first of "name (copy)", "name (copy 2)", … free among the platform's role names, within 50 characters. */
export function copyName(language: Language, base: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n += 1) {
    const make = (name: string) =>
      n === 1
        ? translate(language, 'role.copyName', { name })
        : translate(language, 'role.copyNameNumbered', { name, n });
    const room = NAME_MAX - [...make('')].length;
    const name = make([...base].slice(0, room).join(''));
    if (!taken.has(name.toLowerCase())) return name;
  }
}

/** A new role like the given one (input.sid): same settings, status and permissions, no users. */
export async function copyRole(db: Database, ctx: RequestContext, input: { sid: string }): Promise<RoleRow> {
  const sourceSid = input.sid;
  const copySid = newSid();
  // Filled once chosen, so a concurrent copy taking the same code or name is reported with it.
  const values: { code?: string; name?: string } = {};
  return uniqueGuard(ctx.language, values, () =>
    db.transaction(async (tx) => {
      const source = await readRole(tx, ctx.tenantSid, sourceSid);
      const existing = await tx.query<{ code: string; name: string; platform: number }>(
        'SELECT lower(code) AS code, lower(name) AS name, platform FROM role WHERE tenant_sid = $1',
        [ctx.tenantSid],
      );
      const code = copyCode(source.code, new Set(existing.map((r) => r.code)));
      const name = copyName(
        ctx.language,
        source.name,
        new Set(existing.filter((r) => r.platform === source.platform).map((r) => r.name)),
      );
      values.code = code;
      values.name = name;
      await tx.query(
        `INSERT INTO role (sid, tenant_sid, code, name, description, status, weight, platform, show_sensitive,
           pick_range, data_scope, data_departments, created_at, updated_at)
         SELECT $1, tenant_sid, $3, $4, description, status, weight, platform, show_sensitive,
           pick_range, data_scope, data_departments, $5, $5
           FROM role WHERE sid = $2`,
        [copySid, sourceSid, code, name, ctx.now],
      );
      await copyPermissions(tx, sourceSid, copySid);
      await bumpAccessVersion(tx, ctx.tenantSid);
      const row = await readRole(tx, ctx.tenantSid, copySid);
      await audit(tx, {
        tenantSid: ctx.tenantSid,
        actorSid: ctx.userSid,
        action: 'role.copied',
        target: `role:${copySid}`,
        detail: { from: sourceSid, role: row },
        requestId: ctx.requestId,
        at: ctx.now,
      });
      return row;
    }),
  );
}
