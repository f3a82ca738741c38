// Saving the designer's XML as the draft of a key: the draft is updated, or, when the newest version is
// published, a new draft (newest version + 1) is made. The caller names the newest version it loaded
// and its updated_at; anything saved or published since is a conflict, never a silent overwrite.
import { AppError, newSid, type DesignProblem } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import { inspectXml } from './problems.js';
import { checkBase, lockVersions, nextStamp, ROW_COLUMNS, type DefinitionRow, type DefinitionsDeps } from './store.js';
import { auditDefinition, columnsOf, requireSameModel, type DefinitionColumns } from './write-helpers.js';
import { assertOwnApprovers } from './approver-references.js';
import type { RequestContext } from '../../../platform/context.js';

export interface SaveDraftInput {
  key: string;
  xml: string;
  /** The newest version the caller loaded, and its updated_at (ISO 8601) as answered. */
  version: number;
  updatedAt: string;
}

export interface SavedDraft {
  row: DefinitionRow;
  problems: DesignProblem[];
}

/** Writes the draft of an already locked key (its versions newest first): update it or add one. */
export async function writeDraft(
  tx: Queryable,
  ctx: Pick<RequestContext, 'tenantSid' | 'userSid' | 'now'>,
  { versions, columns, xml }: { versions: DefinitionRow[]; columns: DefinitionColumns; xml: string },
): Promise<DefinitionRow> {
  const { now } = ctx;
  const latest = versions[0]!;
  const oldest = versions[versions.length - 1]!;
  requireSameModel(oldest.model, columns.model);
  const graph = JSON.stringify(columns.graph);
  const rows =
    latest.status === 'draft'
      ? await tx.query<DefinitionRow>(
          `UPDATE workflow_definition SET xml = $2, graph = $3, name = $4, category = $5, updated_at = $6
            WHERE sid = $1 RETURNING ${ROW_COLUMNS}`,
          [latest.sid, xml, graph, columns.name, columns.category, nextStamp(now, latest.updated_at)],
        )
      : await tx.query<DefinitionRow>(
          `INSERT INTO workflow_definition (sid, tenant_sid, key, version, name, model, category, status, xml, graph, created_by, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'draft', $8, $9, $10, $11, $11) RETURNING ${ROW_COLUMNS}`,
          [
            newSid(),
            ctx.tenantSid,
            latest.key,
            latest.version + 1,
            columns.name,
            oldest.model,
            columns.category,
            xml,
            graph,
            ctx.userSid,
            nextStamp(now, latest.updated_at),
          ],
        );
  return rows[0]!;
}

export async function saveDraft(
  deps: DefinitionsDeps,
  ctx: RequestContext,
  input: SaveDraftInput,
): Promise<SavedDraft> {
  // Parsing and linting happen before any lock is taken.
  const { parsed, problems } = await inspectXml(input.xml);
  const found = parsed.graph.settings.key;
  if (found !== input.key) throw new AppError('workflowKeyMismatch', { params: { key: input.key, found } });
  const columns = columnsOf(deps, parsed.graph, problems);
  await assertOwnApprovers(deps.accounts.db, ctx.tenantSid, parsed.graph);
  return deps.accounts.db.transaction(async (tx) => {
    const versions = await lockVersions(tx, ctx.tenantSid, input.key);
    checkBase(versions[0]!, input);
    const row = await writeDraft(tx, ctx, { versions, columns, xml: input.xml });
    await auditDefinition(tx, ctx, 'saved', { key: row.key, version: row.version, sid: row.sid });
    return { row, problems };
  });
}
