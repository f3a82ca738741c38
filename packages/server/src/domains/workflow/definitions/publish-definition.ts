// Publishing a key's draft: the server lints it with the same rules as the designer and refuses any
// error (400804 lists them); the model must still be one the server declares. The published version
// before it is retired (instances running on it keep it), and new instances start on this one.
import { AppError } from '@ipdesk/core';
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
