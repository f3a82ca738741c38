// Menu administration: create, update and delete a tenant's menus under the rules of spec §5 (level one
// below the parent, a resource-bound menu has no children, no delete with children), each in one
// transaction with an audit entry. Menus are navigation, not permissions: the access version stays.
import {
  AppError,
  menuParentProblem,
  newSid,
  type MenuIcon,
  type MenuOpenType,
  type MenuScope,
  type ResourceCatalog,
  type AuditAction,
} from '@ipdesk/core';
import type { Database, Queryable } from '../../db/database.js';
import { audit } from '../accounts/context.js';
import { childCount, lockMenu, MENU_COLUMNS, type MenuRow } from './menus.js';
import type { RequestContext } from '../../platform/context.js';

export interface MenuFields {
  name_zh: string;
  name_en: string;
  resource_code: string | null;
  path: string | null;
  open_type: MenuOpenType;
  icon: MenuIcon | null;
  scope: MenuScope;
  status: 0 | 1;
}

export type NewMenu = Partial<MenuFields> &
  Pick<MenuFields, 'name_zh' | 'name_en'> & {
    parent_sid?: string | null;
    level: number;
  };

/** Updates carry the row's version; parent and level may be sent back unchanged but never changed. */
export type MenuUpdate = Partial<MenuFields> & {
  sid: string;
  version: number;
  parent_sid?: string | null;
  level?: number;
};

/** What the menu commands work with: the database and the resource catalogue menus point into. */
export interface MenuDeps {
  db: Database;
  catalog: ResourceCatalog;
}

const EDITABLE = ['name_zh', 'name_en', 'resource_code', 'path', 'open_type', 'icon', 'scope', 'status'] as const;

function checkResource(catalog: ResourceCatalog, code: string | null | undefined): void {
  if (code && !catalog.byCode(code)) throw new AppError('resourceUnknown', { params: { resource: code } });
}

function record(ctx: RequestContext, tx: Queryable, action: AuditAction, sid: string, detail: object): Promise<void> {
  return audit(tx, {
    tenantSid: ctx.tenantSid,
    actorSid: ctx.userSid,
    action,
    target: `menu:${sid}`,
    detail,
    requestId: ctx.requestId,
    at: ctx.now,
  });
}

function changes(before: MenuRow, after: MenuRow): Record<string, { before: unknown; after: unknown }> {
  const out: Record<string, { before: unknown; after: unknown }> = {};
  for (const name of EDITABLE)
    if (before[name] !== after[name]) out[name] = { before: before[name], after: after[name] };
  return out;
}

export async function createMenu(deps: MenuDeps, ctx: RequestContext, input: NewMenu): Promise<MenuRow> {
  checkResource(deps.catalog, input.resource_code);
  return deps.db.transaction(async (tx) => {
    // The parent stays locked, so it cannot be bound to a resource or deleted while the child is added.
    const parent = input.parent_sid ? await lockMenu(tx, ctx.tenantSid, input.parent_sid) : null;
    const problem = menuParentProblem(
      parent && { level: parent.level, resourceCode: parent.resource_code },
      input.level,
    );
    if (problem === 'level') throw new AppError('menuLevel');
    if (problem === 'bound') throw new AppError('menuBoundNoChildren');
    // Appended after its siblings.
    const [last] = await tx.query<{ sort_by: number | null }>(
      'SELECT max(sort_by) AS sort_by FROM menu WHERE tenant_sid = $1 AND parent_sid IS NOT DISTINCT FROM $2',
      [ctx.tenantSid, parent?.sid ?? null],
    );
    const sid = newSid();
    const rows = await tx.query<MenuRow>(
      `INSERT INTO menu (sid, tenant_sid, parent_sid, level, name_zh, name_en, resource_code, path, open_type, icon,
                         scope, status, sort_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)
       RETURNING ${MENU_COLUMNS}`,
      [
        sid,
        ctx.tenantSid,
        parent?.sid ?? null,
        input.level,
        input.name_zh,
        input.name_en,
        input.resource_code ?? null,
        input.path ?? null,
        input.open_type ?? 'self',
        input.icon ?? null,
        input.scope ?? 0,
        input.status ?? 1,
        (last?.sort_by ?? 0) + 1,
        ctx.now,
      ],
    );
    const row = rows[0]!;
    await record(ctx, tx, 'menu.created', sid, { after: row });
    return row;
  });
}

export async function updateMenu(deps: MenuDeps, ctx: RequestContext, input: MenuUpdate): Promise<MenuRow> {
  checkResource(deps.catalog, input.resource_code);
  return deps.db.transaction(async (tx) => {
    const before = await lockMenu(tx, ctx.tenantSid, input.sid);
    if (before.version !== input.version) throw new AppError('conflict');
    // Moving under another parent or to another level is not an update (spec §5: no moves across levels).
    if (
      (input.parent_sid !== undefined && input.parent_sid !== before.parent_sid) ||
      (input.level !== undefined && input.level !== before.level)
    )
      throw new AppError('menuLevel');
    if (input.resource_code && (await childCount(tx, ctx.tenantSid, before.sid)) > 0)
      throw new AppError('menuBoundNoChildren');
    const next = { ...before };
    for (const name of EDITABLE) if (input[name] !== undefined) Object.assign(next, { [name]: input[name] });
    const rows = await tx.query<MenuRow>(
      `UPDATE menu SET name_zh = $3, name_en = $4, resource_code = $5, path = $6, open_type = $7, icon = $8, scope = $9,
              status = $10, updated_at = $11, version = version + 1
        WHERE sid = $1 AND tenant_sid = $2
        RETURNING ${MENU_COLUMNS}`,
      [
        before.sid,
        ctx.tenantSid,
        next.name_zh,
        next.name_en,
        next.resource_code,
        next.path,
        next.open_type,
        next.icon,
        next.scope,
        next.status,
        ctx.now,
      ],
    );
    const after = rows[0]!;
    await record(ctx, tx, 'menu.updated', before.sid, { changes: changes(before, after), version: after.version });
    return after;
  });
}

export async function deleteMenu(deps: Pick<MenuDeps, 'db'>, ctx: RequestContext, sid: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await lockMenu(tx, ctx.tenantSid, sid);
    if ((await childCount(tx, ctx.tenantSid, sid)) > 0) throw new AppError('menuHasChildren');
    await tx.query('DELETE FROM menu WHERE sid = $1 AND tenant_sid = $2', [sid, ctx.tenantSid]);
    await record(ctx, tx, 'menu.deleted', sid, { before });
  });
}
