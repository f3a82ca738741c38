// Reading definitions: one line per key (its newest version, with the numbers of its draft and its
// published version), the versions of a key, and one version with its XML, graph and design problems.
import { AppError, type DesignProblem } from '@ipdesk/core';
import { inspectXml } from './problems.js';
import { iso, readVersion, type DefinitionRow, type DefinitionsDeps } from './store.js';
import type { RequestContext } from '../../../platform/context.js';

/** Most keys one list answers: a tenant has tens of processes, not thousands. */
export const DEFINITION_LIST_LIMIT = 1000;

export interface DefinitionSummary {
  key: string;
  name: string;
  model: string;
  category: string | null;
  latest_version: number;
  latest_status: DefinitionRow['status'];
  draft_version: number | null;
  published_version: number | null;
  updated_at: string;
  published_at: string | null;
}

export async function listDefinitions(
  deps: DefinitionsDeps,
  ctx: Pick<RequestContext, 'tenantSid'>,
  filter: { model?: string; keyword?: string },
): Promise<DefinitionSummary[]> {
  const keyword = filter.keyword?.trim() ? `%${filter.keyword.trim().replace(/[\\%_]/g, '\\$&')}%` : null;
  const rows = await deps.accounts.db.query<{
    key: string;
    name: string;
    model: string;
    category: string | null;
    version: number;
    status: DefinitionRow['status'];
    updated_at: Date;
    draft_version: number | null;
    published_version: number | null;
    published_at: Date | null;
  }>(
    `WITH latest AS (
       SELECT DISTINCT ON (key) key, version, name, model, category, status, updated_at
         FROM workflow_definition WHERE tenant_sid = $1 ORDER BY key, version DESC),
     marks AS (
       SELECT key, max(version) FILTER (WHERE status = 'draft') AS draft_version,
              max(version) FILTER (WHERE status = 'published') AS published_version,
              max(published_at) FILTER (WHERE status = 'published') AS published_at
         FROM workflow_definition WHERE tenant_sid = $1 GROUP BY key)
     SELECT l.key, l.name, l.model, l.category, l.version, l.status, l.updated_at,
            m.draft_version, m.published_version, m.published_at
       FROM latest l JOIN marks m ON m.key = l.key
      WHERE ($2::text IS NULL OR l.model = $2)
        AND ($3::text IS NULL OR l.name ILIKE $3 OR l.key ILIKE $3)
      ORDER BY l.updated_at DESC, l.key LIMIT ${DEFINITION_LIST_LIMIT}`,
    [ctx.tenantSid, filter.model ?? null, keyword],
  );
  return rows.map((r) => ({
    key: r.key,
    name: r.name,
    model: r.model,
    category: r.category,
    latest_version: r.version,
    latest_status: r.status,
    draft_version: r.draft_version,
    published_version: r.published_version,
    updated_at: iso(r.updated_at)!,
    published_at: iso(r.published_at),
  }));
}

export interface VersionSummary {
  version: number;
  status: DefinitionRow['status'];
  name: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  published_at: string | null;
}

export async function listVersions(
  deps: DefinitionsDeps,
  ctx: Pick<RequestContext, 'tenantSid'>,
  key: string,
): Promise<VersionSummary[]> {
  const rows = await deps.accounts.db.query<DefinitionRow>(
    `SELECT version, status, name, created_by, created_at, updated_at, published_at
       FROM workflow_definition WHERE tenant_sid = $1 AND key = $2 ORDER BY version DESC`,
    [ctx.tenantSid, key],
  );
  if (rows.length === 0) throw new AppError('workflowDefinitionNotFound', { params: { key } });
  return rows.map((r) => ({
    version: r.version,
    status: r.status,
    name: r.name,
    created_by: r.created_by,
    created_at: iso(r.created_at)!,
    updated_at: iso(r.updated_at)!,
    published_at: iso(r.published_at),
  }));
}

export interface DefinitionVersion {
  row: DefinitionRow;
  /** Linted now, with this server's rules (they may have changed since the version was saved). */
  problems: DesignProblem[];
}

export async function getVersion(
  deps: DefinitionsDeps,
  ctx: Pick<RequestContext, 'tenantSid'>,
  { key, version }: { key: string; version: number },
): Promise<DefinitionVersion> {
  const row = await readVersion(deps.accounts.db, ctx.tenantSid, key, version);
  const { problems } = await inspectXml(row.xml);
  return { row, problems };
}
