// The workflow_definition table (migration 0011) as this module reads it: one row per version of a key,
// at most one draft (always the highest version) and one published; older published versions are
// retired. Every query names the tenant.
import { AppError, type ProcessGraph } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import type { AccountsContext } from '../../../modules/accounts/context.js';
import type { ModelRegistry } from '../../../platform/models/registry.js';

export type DefinitionStatus = 'draft' | 'published' | 'retired';

export interface DefinitionRow {
  sid: string;
  key: string;
  version: number;
  name: string;
  model: string;
  category: string | null;
  status: DefinitionStatus;
  xml: string;
  graph: ProcessGraph;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  published_at: Date | null;
}

/** What the definition services need, made once when the routes are registered. */
export interface DefinitionsDeps {
  accounts: AccountsContext;
  registry: ModelRegistry;
}

export const ROW_COLUMNS =
  'sid, key, version, name, model, category, status, xml, graph, created_by, created_at, updated_at, published_at';

/**
 * Every version of a key, newest first, locked for the rest of the transaction, so two saves or a save
 * and a publish of the same definition run one after the other. 404 when the key has no version.
 */
export async function lockVersions(tx: Queryable, tenantSid: string, key: string): Promise<DefinitionRow[]> {
  const rows = await tx.query<DefinitionRow>(
    `SELECT ${ROW_COLUMNS} FROM workflow_definition WHERE tenant_sid = $1 AND key = $2 ORDER BY version DESC FOR UPDATE`,
    [tenantSid, key],
  );
  if (rows.length === 0) throw new AppError('workflowDefinitionNotFound', { params: { key } });
  return rows;
}

export async function readVersion(
  db: Queryable,
  tenantSid: string,
  key: string,
  version: number,
): Promise<DefinitionRow> {
  const rows = await db.query<DefinitionRow>(
    `SELECT ${ROW_COLUMNS} FROM workflow_definition WHERE tenant_sid = $1 AND key = $2 AND version = $3`,
    [tenantSid, key, version],
  );
  if (!rows[0]) throw new AppError('workflowDefinitionNotFound', { params: { key } });
  return rows[0];
}

/**
 * The optimistic check of a write: the caller names the newest version it has seen and that version's
 * updated_at, both as loaded. Anything newer since (a save, a publish, a new draft) is a conflict.
 */
export function checkBase(latest: DefinitionRow, base: { version: number; updatedAt: string }): void {
  const seen = Date.parse(base.updatedAt);
  if (latest.version !== base.version || new Date(latest.updated_at).getTime() !== seen)
    throw new AppError('workflowVersionConflict');
}

/**
 * The updated_at a write stamps: now, but always later than the row's previous stamp, so two saves in
 * the same millisecond still leave different tokens for the optimistic check.
 */
export function nextStamp(now: Date, previous?: Date): Date {
  const floor = previous ? new Date(previous).getTime() + 1 : 0;
  return new Date(Math.max(now.getTime(), floor));
}

export const iso = (value: Date | null): string | null => (value ? new Date(value).toISOString() : null);
