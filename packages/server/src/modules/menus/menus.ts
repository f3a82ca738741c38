// A tenant's menu rows: reading them (flat or as a tree, named in the caller's language) and locking one
// for a write. Every query is scoped by the tenant; another tenant's sid reads as not found.
import { AppError, type Language, type MenuLevel, type MenuOpenType, type MenuScope } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';

export interface MenuRow {
  sid: string;
  parent_sid: string | null;
  level: MenuLevel;
  name_zh: string;
  name_en: string;
  resource_code: string | null;
  path: string | null;
  open_type: MenuOpenType;
  icon: string | null;
  scope: MenuScope;
  sort_by: number;
  status: 0 | 1;
  version: number;
}

/** A row as answered: with its name in the caller's language. */
export type MenuView = MenuRow & { name: string };

export const MENU_COLUMNS =
  'sid, parent_sid, level, name_zh, name_en, resource_code, path, open_type, icon, scope, sort_by, status, version';

/** Siblings in display order; ties (never made here, but possible in old data) fall back to age and sid. */
export const MENU_ORDER = 'sort_by, created_at, sid';

export function nameIn(language: Language, row: Pick<MenuRow, 'name_zh' | 'name_en'>): string {
  return language === 'en' ? row.name_en : row.name_zh;
}

export function viewOf(language: Language, row: MenuRow): MenuView {
  return { ...row, name: nameIn(language, row) };
}

export async function listMenus(db: Queryable, tenantSid: string): Promise<MenuRow[]> {
  return db.query<MenuRow>(`SELECT ${MENU_COLUMNS} FROM menu WHERE tenant_sid = $1 ORDER BY ${MENU_ORDER}`, [
    tenantSid,
  ]);
}

/**
 * Rows (already in sibling order) as a forest. A row whose parent is missing from the list is left out
 * with its subtree, so a filtered list never shows a child without the path to it.
 */
export type TreeNode<T> = T & { children: Array<TreeNode<T>> };

export function buildTree<T extends { sid: string; parent_sid: string | null }>(
  rows: readonly T[],
): Array<TreeNode<T>> {
  const nodes = new Map<string, TreeNode<T>>(rows.map((r) => [r.sid, { ...r, children: [] }]));
  const roots: Array<TreeNode<T>> = [];
  for (const row of rows) {
    const node = nodes.get(row.sid)!;
    if (row.parent_sid === null) roots.push(node);
    else nodes.get(row.parent_sid)?.children.push(node);
  }
  return roots;
}

/** The tenant's menu, locked for the rest of the transaction; 404 when it is not the tenant's. */
export async function lockMenu(tx: Queryable, tenantSid: string, sid: string): Promise<MenuRow> {
  const rows = await tx.query<MenuRow>(
    `SELECT ${MENU_COLUMNS} FROM menu WHERE sid = $1 AND tenant_sid = $2 FOR UPDATE`,
    [sid, tenantSid],
  );
  if (!rows[0]) throw new AppError('notFound');
  return rows[0];
}

export async function childCount(tx: Queryable, tenantSid: string, sid: string): Promise<number> {
  const rows = await tx.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM menu WHERE tenant_sid = $1 AND parent_sid = $2',
    [tenantSid, sid],
  );
  return rows[0]?.count ?? 0;
}
