// Gives a tenant without menus the default tree (core DEFAULT_MENUS) on its first read, and a tenant
// seeded before a default was added to the product that default later, once, last under its default
// parent (migration 0017: rows keep the key of the default they came from; menu_default_offer lists the
// keys a tenant was offered, so a default an administrator removed is not offered again). Two first reads
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
import { MENU_COLUMNS, MENU_ORDER, type MenuRow } from './menus.js';
import type { RequestContext } from '../../platform/context.js';

/** Who seeds (the reader whose first read seeds the tenant's menus), for the audit entries. */
export type SeedContext = Pick<RequestContext, 'tenantSid' | 'userSid' | 'requestId' | 'now'>;

/** A menu to insert with its subtree: the defaults' shape, plus how it opens and whose users see it. */
export interface MenuSeed extends Pick<DefaultMenu, 'label' | 'resource' | 'path'> {
  /** The DEFAULT_MENUS key, for a default menu. */
  defaultKey?: string;
  icon: MenuIcon | null;
  open_type?: MenuOpenType;
  scope?: MenuScope;
  children?: readonly MenuSeed[];
}

/**
 * Inserts the menus of the tenant under parent (null: at the top), in their order from position
 * `firstPosition`, stamped ctx.now; answers how many rows it wrote.
 */
export async function insertMenuTree(
  tx: Queryable,
  ctx: Pick<RequestContext, 'tenantSid' | 'now'>,
  menus: readonly MenuSeed[],
  parent: { sid: string; level: number } | null,
  firstPosition = 1,
): Promise<number> {
  let count = 0;
  for (const [index, menu] of menus.entries()) {
    const sid = newSid();
    const level = parent ? parent.level + 1 : 1;
    await tx.query(
      `INSERT INTO menu (sid, tenant_sid, parent_sid, level, name_zh, name_en, resource_code, path, icon, sort_by,
                         open_type, scope, created_at, updated_at, default_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14)`,
      [
        sid,
        ctx.tenantSid,
        parent?.sid ?? null,
        level,
        menu.label.zh,
        menu.label.en,
        menu.resource,
        menu.path,
        menu.icon,
        firstPosition + index,
        menu.open_type ?? 'self',
        menu.scope ?? 0,
        ctx.now,
        menu.defaultKey ?? null,
      ],
    );
    count += 1 + (await insertMenuTree(tx, ctx, menu.children ?? [], { sid, level }));
  }
  return count;
}

/** The default tree as seeds that remember their keys. */
function defaultSeeds(menus: readonly DefaultMenu[]): MenuSeed[] {
  return menus.map((menu) => ({ ...menu, defaultKey: menu.key, children: defaultSeeds(menu.children ?? []) }));
}

interface DefaultEntry {
  menu: DefaultMenu;
  parentKey: string | null;
}

/** Every default menu, each after its parent. */
function defaultEntries(menus: readonly DefaultMenu[], parentKey: string | null): DefaultEntry[] {
  return menus.flatMap((menu) => [{ menu, parentKey }, ...defaultEntries(menu.children ?? [], menu.key)]);
}

const DEFAULT_KEYS = defaultKeys(DEFAULT_MENUS);

function defaultKeys(defaults: readonly DefaultMenu[]): string[] {
  return defaultEntries(defaults, null).map((entry) => entry.menu.key);
}

interface MenuState {
  hasMenus: boolean;
  /** null: the tenant's tree predates the offers (or it has none). */
  offered: string[] | null;
}

async function menuState(db: Queryable, tenantSid: string): Promise<MenuState> {
  const rows = await db.query<{ has_menus: boolean; offered: string[] | null }>(
    `SELECT EXISTS (SELECT 1 FROM menu WHERE tenant_sid = $1) AS has_menus,
            (SELECT offered FROM menu_default_offer WHERE tenant_sid = $1) AS offered`,
    [tenantSid],
  );
  return { hasMenus: rows[0]?.has_menus ?? false, offered: rows[0]?.offered ?? null };
}

/** Records every current default as offered (after seeding, or when a pack sets the whole tree). */
export async function markDefaultsOffered(tx: Queryable, tenantSid: string, keys: readonly string[] = DEFAULT_KEYS) {
  await tx.query(
    `INSERT INTO menu_default_offer (tenant_sid, offered) VALUES ($1, $2::text[])
     ON CONFLICT (tenant_sid) DO UPDATE SET offered = EXCLUDED.offered`,
    [tenantSid, [...keys]],
  );
}

/** Serialises writers of a tenant's whole tree (seeding, replacing) until the transaction ends. */
export async function lockMenuTree(tx: Queryable, tenantSid: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('menu-seed:' || $1::text))", [tenantSid]);
}

/**
 * Seeds the defaults (the app's: the platform's and its domains' menus) when the tenant has no menu yet,
 * and adds defaults it was never offered; a no-op (one cheap read) once every default has been offered.
 */
export async function ensureMenusSeeded(
  db: Database,
  ctx: SeedContext,
  defaults: readonly DefaultMenu[] = DEFAULT_MENUS,
): Promise<void> {
  const keys = defaults === DEFAULT_MENUS ? DEFAULT_KEYS : defaultKeys(defaults);
  const state = await menuState(db, ctx.tenantSid);
  if (state.hasMenus && state.offered && keys.every((key) => state.offered!.includes(key))) return;
  await db.transaction(async (tx) => {
    // Held to the end of the transaction: a concurrent first read waits here, then finds the rows.
    await lockMenuTree(tx, ctx.tenantSid);
    const locked = await menuState(tx, ctx.tenantSid);
    if (!locked.hasMenus) {
      const count = await insertMenuTree(tx, ctx, defaultSeeds(defaults), null);
      await markDefaultsOffered(tx, ctx.tenantSid, keys);
      await audit(tx, {
        tenantSid: ctx.tenantSid,
        actorSid: ctx.userSid,
        action: 'menu.seeded',
        detail: { count },
        requestId: ctx.requestId,
        at: ctx.now,
      });
      return;
    }
    await offerNewDefaults(tx, ctx, locked.offered, defaultEntries(defaults, null));
  });
}

/** A row with the default it came from. */
type KeyedRow = MenuRow & { default_key: string | null };
const KEYED_COLUMNS = `${MENU_COLUMNS}, default_key`;

/** A row that is this default: the same link (resource and path), or for a group, the same name. */
function isDefault(row: KeyedRow, menu: DefaultMenu): boolean {
  if (menu.resource !== null || menu.path !== null)
    return row.resource_code === menu.resource && row.path === menu.path;
  return (
    row.resource_code === null && row.path === null && (row.name_zh === menu.label.zh || row.name_en === menu.label.en)
  );
}

/**
 * Adds the defaults the tenant was never offered, each last under its default parent (skipped when that
 * parent is gone or could not hold it). A tree from before the offers were kept is first matched to the
 * defaults, so only those it lacks are added (once; one an administrator had removed comes back then).
 */
async function offerNewDefaults(
  tx: Queryable,
  ctx: SeedContext,
  offered: string[] | null,
  entries: readonly DefaultEntry[],
): Promise<void> {
  const rows = await tx.query<KeyedRow>(
    `SELECT ${KEYED_COLUMNS} FROM menu WHERE tenant_sid = $1 ORDER BY level, ${MENU_ORDER}`,
    [ctx.tenantSid],
  );
  const byKey = new Map(rows.filter((row) => row.default_key).map((row) => [row.default_key!, row]));
  const seen = new Set(offered ?? []);
  if (offered === null) {
    for (const { menu } of entries) {
      const match = rows.find((row) => row.default_key === null && isDefault(row, menu));
      if (!match || byKey.has(menu.key)) continue;
      await tx.query('UPDATE menu SET default_key = $3 WHERE sid = $1 AND tenant_sid = $2', [
        match.sid,
        ctx.tenantSid,
        menu.key,
      ]);
      match.default_key = menu.key;
      byKey.set(menu.key, match);
      seen.add(menu.key);
    }
  }
  const added: string[] = [];
  for (const { menu, parentKey } of entries) {
    if (seen.has(menu.key)) continue;
    seen.add(menu.key);
    // Already there (offered before the list was kept this way): nothing to add.
    if (byKey.has(menu.key)) continue;
    const parent = parentKey === null ? null : byKey.get(parentKey);
    // Its group was removed, or now opens a page itself (such a menu holds no children), or is too deep.
    if (parent === undefined || (parent && (parent.resource_code !== null || parent.level >= 4))) continue;
    const siblings = rows.filter((row) => row.parent_sid === (parent?.sid ?? null));
    const position = Math.max(0, ...siblings.map((row) => row.sort_by)) + 1;
    const seed = { ...menu, defaultKey: menu.key, children: [] };
    await insertMenuTree(tx, ctx, [seed], parent, position);
    const [row] = await tx.query<KeyedRow>(
      `SELECT ${KEYED_COLUMNS} FROM menu WHERE tenant_sid = $1 AND default_key = $2`,
      [ctx.tenantSid, menu.key],
    );
    rows.push(row!);
    byKey.set(menu.key, row!);
    added.push(menu.key);
  }
  await markDefaultsOffered(tx, ctx.tenantSid, [...seen]);
  if (added.length === 0) return;
  await audit(tx, {
    tenantSid: ctx.tenantSid,
    actorSid: ctx.userSid,
    action: 'menu.defaults_added',
    detail: { keys: added },
    requestId: ctx.requestId,
    at: ctx.now,
  });
}
