// Gives a tenant without menus the default tree (core DEFAULT_MENUS) on its first read. Two first reads
// at once must not seed twice, so the check and the inserts run under a per-tenant transaction lock.
// The tree insert is shared with configuration packs, which replace a tenant's tree under the same lock.
import {
  DEFAULT_MENUS,
  newSid,
  type DefaultMenu,
  type MenuIcon,
  type MenuOpenType,
  type MenuScope,
} from '@ipdesk/core';
import type { Database, Queryable } from '../../db/database.js';
import { audit } from '../accounts/context.js';

export interface SeedContext {
  tenantSid: string;
  actorSid: string;
  requestId: string;
  at: Date;
}

/** A menu to insert with its subtree: the defaults' shape, plus how it opens and whose users see it. */
export interface MenuSeed extends Pick<DefaultMenu, 'label' | 'resource' | 'path'> {
  icon: MenuIcon | null;
  open_type?: MenuOpenType;
  scope?: MenuScope;
  children?: readonly MenuSeed[];
}

/** Inserts the menus under parent (null: at the top), in their order; answers how many rows it wrote. */
export async function insertMenuTree(
  tx: Queryable,
  tenantSid: string,
  menus: readonly MenuSeed[],
  parent: { sid: string; level: number } | null,
  at: Date,
): Promise<number> {
  let count = 0;
  for (const [index, menu] of menus.entries()) {
    const sid = newSid();
    const level = parent ? parent.level + 1 : 1;
    await tx.query(
      `INSERT INTO menu (sid, tenant_sid, parent_sid, level, name_zh, name_en, resource_code, path, icon, sort_by,
                         open_type, scope, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)`,
      [
        sid,
        tenantSid,
        parent?.sid ?? null,
        level,
        menu.label.zh,
        menu.label.en,
        menu.resource,
        menu.path,
        menu.icon,
        index + 1,
        menu.open_type ?? 'self',
        menu.scope ?? 0,
        at,
      ],
    );
    count += 1 + (await insertMenuTree(tx, tenantSid, menu.children ?? [], { sid, level }, at));
  }
  return count;
}

async function hasMenus(db: Queryable, tenantSid: string): Promise<boolean> {
  const rows = await db.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM menu WHERE tenant_sid = $1) AS found', [
    tenantSid,
  ]);
  return rows[0]?.found ?? false;
}

/** Serialises writers of a tenant's whole tree (seeding, replacing) until the transaction ends. */
export async function lockMenuTree(tx: Queryable, tenantSid: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('menu-seed:' || $1::text))", [tenantSid]);
}

/** Seeds the defaults when the tenant has no menu yet; a no-op (one cheap read) afterwards. */
export async function ensureMenusSeeded(db: Database, ctx: SeedContext): Promise<void> {
  if (await hasMenus(db, ctx.tenantSid)) return;
  await db.transaction(async (tx) => {
    // Held to the end of the transaction: a concurrent first read waits here, then finds the rows.
    await lockMenuTree(tx, ctx.tenantSid);
    if (await hasMenus(tx, ctx.tenantSid)) return;
    const count = await insertMenuTree(tx, ctx.tenantSid, DEFAULT_MENUS, null, ctx.at);
    await audit(tx, {
      tenantSid: ctx.tenantSid,
      actorSid: ctx.actorSid,
      action: 'menu.seeded',
      detail: { count },
      requestId: ctx.requestId,
      at: ctx.at,
    });
  });
}
