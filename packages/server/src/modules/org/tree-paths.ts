// Materialised paths of the two organisation trees (companies, departments): '/rootSid/childSid/', a
// node's path being its parent's plus its own sid. Moving a node rewrites its whole subtree in the
// caller's transaction; moving under itself or a descendant is refused. Also what both trees share:
// nesting rows into a tree, the move lock, field issues, a node's update and deletion, and their audit.
import { AppError, type ErrorName, type MessageKey } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { audit, type AccountsContext } from '../accounts/context.js';
import { escapeLike } from '../../platform/models/sql-params.js';
import { fieldChanges } from '../../platform/models/records.js';
import type { RequestContext } from '../../platform/context.js';

export type TreeTable = 'company' | 'department';

/** The path of a node with this sid under a parent with this path (none: a top node). */
export function pathUnder(parentPath: string | null | undefined, sid: string): string {
  return `${parentPath ?? '/'}${sid}/`;
}

/** Refuses to hang a node below itself: the new parent's path would start with the node's own. */
export function assertNotUnder(nodePath: string, newParentPath: string | null | undefined): void {
  if (newParentPath?.startsWith(nodePath)) throw new AppError('treeCycle');
}

/**
 * Serialises the moves of one tenant, so two crossing moves cannot build a cycle between them. Taken
 * before any node is locked (no deadlock with a move holding nodes); NO KEY UPDATE so inserts that
 * reference the tenant (their foreign key takes KEY SHARE) are not blocked.
 */
export async function lockTenantTrees(tx: Queryable, tenantSid: string): Promise<void> {
  await tx.query('SELECT 1 FROM tenant WHERE sid = $1 FOR NO KEY UPDATE', [tenantSid]);
}

/**
 * Gives a node and all its descendants the new path prefix, in the caller's transaction; returns how
 * many rows changed. Sids are alphanumeric, but the prefix is escaped anyway so LIKE stays literal.
 */
export async function rewritePaths(
  tx: Queryable,
  table: TreeTable,
  tenantSid: string,
  oldPrefix: string,
  newPrefix: string,
  now: Date,
): Promise<number> {
  if (oldPrefix === newPrefix) return 0;
  const rows = await tx.query<{ sid: string }>(
    `UPDATE ${table} SET path = $1 || substr(path, length($2) + 1), updated_at = $5
      WHERE tenant_sid = $3 AND path LIKE $4 RETURNING sid`,
    [newPrefix, oldPrefix, tenantSid, `${escapeLike(oldPrefix)}%`, now],
  );
  return rows.length;
}

export type TreeNode<T> = T & { children: Array<TreeNode<T>> };

/**
 * Nests rows by parent_sid, keeping the rows' order among siblings. A row whose parent is not among
 * the rows becomes a top node (a subtree asked for on its own, or all companies' departments).
 */
export function buildTree<T extends { sid: string; parent_sid: string | null }>(
  rows: readonly T[],
): Array<TreeNode<T>> {
  const nodes = new Map<string, TreeNode<T>>();
  for (const row of rows) nodes.set(row.sid, { ...row, children: [] });
  const top: Array<TreeNode<T>> = [];
  for (const row of rows) {
    const node = nodes.get(row.sid)!;
    const parent = row.parent_sid === null ? undefined : nodes.get(row.parent_sid);
    if (parent && parent !== node) parent.children.push(node);
    else top.push(node);
  }
  return top;
}

/** A 500001 on one field of the body, told by i18n keys (the answer is in the caller's language). */
export function fieldIssue(
  field: string,
  labelKey: MessageKey,
  messageKey: MessageKey = 'validation.invalidReference',
): AppError {
  return new AppError('validation', { issues: [{ field, labelKey, messageKey }] });
}

/** The database error code of a failed statement (23505 unique, 23503 foreign key), if any. */
export function sqlStateOf(error: unknown): { code?: string; text: string } {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  return {
    code: typeof e?.code === 'string' ? e.code : undefined,
    text: `${typeof e?.constraint === 'string' ? e.constraint : ''} ${typeof e?.message === 'string' ? e.message : ''}`,
  };
}

export interface NodeAudit {
  table: TreeTable;
  verb: 'created' | 'updated' | 'deleted';
  sid: string;
  /** The audited fields the write changed (fieldChanges), and after an update the new version. */
  detail: { changes: Record<string, { before: unknown; after: unknown }>; version?: number };
}

/** The audit entry of a company or department write ("company.updated" on "company:<sid>"), at ctx.now. */
export async function auditNode(tx: Queryable, ctx: RequestContext, entry: NodeAudit): Promise<void> {
  await audit(tx, {
    tenantSid: ctx.tenantSid,
    actorSid: ctx.userSid,
    action: `${entry.table}.${entry.verb}`,
    target: `${entry.table}:${entry.sid}`,
    detail: entry.detail,
    requestId: ctx.requestId,
    at: ctx.now,
  });
}

export interface NodeUpdate<T> {
  table: TreeTable;
  /** The row as these columns (over the alias t) select it. */
  columns: string;
  sid: string;
  /** The node as read, locked, before the write: the audit entry's "before". */
  before: T;
  audited: readonly string[];
  /** Column names from the caller's fixed list, never from input. */
  values: Readonly<Record<string, unknown>>;
}

/**
 * Sets these columns of one node, stamps updated_at (ctx.now) and bumps the version, and writes its audit
 * entry (the audited fields it changed and the new version); answers the row as `columns` selects it.
 */
export async function updateNode<T extends { version: number }>(
  tx: Queryable,
  ctx: RequestContext,
  update: NodeUpdate<T>,
): Promise<T> {
  const params: unknown[] = [update.sid, ctx.tenantSid, ctx.now];
  const sets = Object.entries(update.values).map(([name, value]) => `${name} = $${params.push(value)}`);
  const rows = await tx.query<T>(
    `UPDATE ${update.table} AS t SET ${[...sets, 'updated_at = $3', 'version = t.version + 1'].join(', ')}
      WHERE t.sid = $1 AND t.tenant_sid = $2 RETURNING ${update.columns}`,
    params as never,
  );
  const after = rows[0]!;
  await auditNode(tx, ctx, {
    table: update.table,
    verb: 'updated',
    sid: update.sid,
    detail: { changes: fieldChanges({ ...update.before }, { ...after }, update.audited), version: after.version },
  });
  return after;
}

export interface NodeDeletion<T> {
  table: TreeTable;
  sid: string;
  /** When given, it must still be the node's version (else a conflict). */
  version?: number;
  audited: readonly string[];
  /** The answer while something still hangs on the node. */
  notEmpty: ErrorName;
  /** Reads the node locked for update, refusing one that may never go. */
  read: (tx: Queryable) => Promise<T>;
  /** Whether children or members still hang on it. */
  inUse: (tx: Queryable) => Promise<boolean>;
}

/**
 * Deletes a company or department with its audit entry, in one transaction. Anything else still
 * pointing at it by a foreign key (e.g. configuration-pack jobs) keeps it too, with the same answer.
 */
export async function deleteNode<T extends { version: number }>(
  accounts: Pick<AccountsContext, 'db'>,
  ctx: RequestContext,
  node: NodeDeletion<T>,
): Promise<void> {
  try {
    await accounts.db.transaction(async (tx) => {
      const before = await node.read(tx);
      if (node.version !== undefined && before.version !== node.version) throw new AppError('conflict');
      if (await node.inUse(tx)) throw new AppError(node.notEmpty);
      await tx.query(`DELETE FROM ${node.table} WHERE sid = $1 AND tenant_sid = $2`, [node.sid, ctx.tenantSid]);
      const changes = fieldChanges({ ...before }, undefined, node.audited);
      await auditNode(tx, ctx, { table: node.table, verb: 'deleted', sid: node.sid, detail: { changes } });
    });
  } catch (error) {
    if (sqlStateOf(error).code === '23503') throw new AppError(node.notEmpty, { cause: error });
    throw error;
  }
}
