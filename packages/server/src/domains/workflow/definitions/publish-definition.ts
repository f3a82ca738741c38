// Publishing a key's draft: the server lints it with the same rules as the designer and refuses any
// error (400804 lists them); the model must still be one the server declares. The published version
// before it is retired (instances running on it keep it), and new instances start on this one.
import { AppError, labelIn, type ProcessSettings } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import { designRefusal, errorsOf, inspectXml } from './problems.js';
import { checkBase, lockVersions, nextStamp, ROW_COLUMNS, type DefinitionRow, type DefinitionsDeps } from './store.js';
import { auditDefinition, requireSameModel } from './write-helpers.js';
import type { RequestContext } from '../../../platform/context.js';

export interface PublishInput {
  key: string;
  /** The draft's version and updated_at as the caller loaded them. */
  version: number;
  updatedAt: string;
}

export async function publishDefinition(
  deps: DefinitionsDeps,
  ctx: RequestContext,
  input: PublishInput,
): Promise<DefinitionRow> {
  const { now } = ctx;
  return deps.accounts.db.transaction(async (tx) => {
    const versions = await lockVersions(tx, ctx.tenantSid, input.key);
    const draft = versions[0]!;
    if (draft.status !== 'draft') throw new AppError('workflowNoDraft');
    checkBase(draft, input);
    const { parsed, problems } = await inspectXml(draft.xml);
    const errors = errorsOf(problems);
    if (errors.length > 0) throw designRefusal(errors);
    requireSameModel(versions[versions.length - 1]!.model, parsed.graph.settings.model);
    if (!deps.registry.get(draft.model)) throw new AppError('workflowModelUnknown', { params: { model: draft.model } });
    const bound = await boundProcess(tx, ctx.tenantSid, draft.key, parsed.graph.settings);
    if (bound) {
      const declared = deps.registry.get(draft.model)?.declaration.lifecycle?.actions[bound.action];
      const action = declared ? labelIn(declared.label, ctx.language) : bound.action;
      throw new AppError('workflowActionBound', { params: { action, key: bound.key } });
    }
    const previous = versions.find((v) => v.status === 'published');
    if (previous)
      await tx.query("UPDATE workflow_definition SET status = 'retired', updated_at = $2 WHERE sid = $1", [
        previous.sid,
        nextStamp(now, previous.updated_at),
      ]);
    // The graph is derived again, so what runs is what this server's parser makes of the XML.
    const rows = await tx.query<DefinitionRow>(
      `UPDATE workflow_definition SET status = 'published', graph = $2, published_at = $3, updated_at = $4
        WHERE sid = $1 RETURNING ${ROW_COLUMNS}`,
      [draft.sid, JSON.stringify(parsed.graph), now, nextStamp(now, draft.updated_at)],
    );
    const row = rows[0]!;
    await auditDefinition(tx, ctx, 'published', {
      key: row.key,
      version: row.version,
      sid: row.sid,
      retired: previous?.version ?? null,
    });
    return row;
  });
}

/**
 * Issue 18: running a lifecycle action starts the one published process bound to (model, action), so a
 * second one (another key) is refused (the caller names it). Publishes for one model wait for each other here, so two racing
 * ones cannot both pass; a new version of the bound key itself replaces the old one.
 */
async function boundProcess(
  tx: Queryable,
  tenantSid: string,
  key: string,
  settings: Pick<ProcessSettings, 'model' | 'action'>,
): Promise<{ key: string; action: string } | null> {
  if (!settings.action) return null;
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('workflow-action:' || $1::text || ':' || $2::text))", [
    tenantSid,
    settings.model,
  ]);
  const bound = await tx.query<{ key: string }>(
    `SELECT key FROM workflow_definition
      WHERE tenant_sid = $1 AND model = $2 AND status = 'published' AND key <> $3 AND graph->'settings'->>'action' = $4
      LIMIT 1`,
    [tenantSid, settings.model, key, settings.action],
  );
  return bound[0] ? { key: bound[0].key, action: settings.action } : null;
}
