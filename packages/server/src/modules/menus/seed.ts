// Gives a tenant without menus the default tree (core DEFAULT_MENUS) on its first read. Two first reads
// at once must not seed twice, so the check and the inserts run under a per-tenant transaction lock.
import { DEFAULT_MENUS, newSid, type DefaultMenu } from '@ipdesk/core';
import type { Database, Queryable } from '../../db/database.js';
import { audit } from '../accounts/context.js';

export interface SeedContext {
  tenantSid: string;
  actorSid: string;
  requestId: string;
  at: Date;
}

async function insertLevel(
  tx: Queryable,
  tenantSid: string,
  menus: readonly DefaultMenu[],
  parent: { sid: string; level: number } | null,
  at: Date,
): Promise<number> {
  let count = 0;
  for (const [index, menu] of menus.entries()) {
    const sid = newSid();
    const level = parent ? parent.level + 1 : 1;
    await tx.query(
      `INSERT INTO menu (sid, tenant_sid, parent_sid, level, name_zh, name_en, resource_code, path, icon, sort_by,
                         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
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
        at,
      ],
    );
    count += 1 + (await insertLevel(tx, tenantSid, menu.children ?? [], { sid, level }, at));
  }
  return count;
}

async function hasMenus(db: Queryable, tenantSid: string): Promise<boolean> {
  const rows = await db.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM menu WHERE tenant_sid = $1) AS found', [
    tenantSid,
  ]);
  return rows[0]?.found ?? false;
}

/** Seeds the defaults when the tenant has no menu yet; a no-op (one cheap read) afterwards. */
export async function ensureMenusSeeded(db: Database, ctx: SeedContext): Promise<void> {
  if (await hasMenus(db, ctx.tenantSid)) return;
  await db.transaction(async (tx) => {
    // Held to the end of the transaction: a concurrent first read waits here, then finds the rows.
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('menu-seed:' || $1::text))", [ctx.tenantSid]);
    if (await hasMenus(tx, ctx.tenantSid)) return;
    const count = await insertLevel(tx, ctx.tenantSid, DEFAULT_MENUS, null, ctx.at);
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
