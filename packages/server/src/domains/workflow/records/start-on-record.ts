// Starting a process on a business record from the API: the caller must be allowed to edit the record
// (model update resource and data scope), and the published definition must be one of the record's model.
// The engine then checks who may start it and that the record has no other open process. A process bound
// to a lifecycle action starts only by running the action (its checks first, its outcome moving the status).
import { AppError, labelIn } from '@ipdesk/core';
import type { RequestContext } from '../../../platform/context.js';
import { startProcess, type CommandResult, type WorkflowDeps } from '../engine/index.js';
import { checkAttachments, type AttachmentInput } from './attachments.js';
import { requireUpdatableRecord } from './record-access.js';

export interface StartOnRecordInput {
  comment?: string | null;
  attachments?: readonly AttachmentInput[];
  definitionKey: string;
  model: string;
  recordSid: string;
  draft?: boolean;
  variables?: Record<string, unknown>;
}

export async function startOnRecord(
  deps: WorkflowDeps,
  ctx: RequestContext,
  input: StartOnRecordInput,
): Promise<CommandResult> {
  await requireUpdatableRecord(deps, ctx.principal, input.model, input.recordSid);
  const published = await deps.db.query<{ model: string; action: string | null }>(
    `SELECT model, graph->'settings'->>'action' AS action FROM workflow_definition
      WHERE tenant_sid = $1 AND key = $2 AND status = 'published'`,
    [ctx.tenantSid, input.definitionKey],
  );
  if (!published[0]) throw new AppError('workflowNotPublished');
  if (published[0].model !== input.model)
    throw new AppError('instanceModelMismatch', {
      params: { key: input.definitionKey, expected: published[0].model, model: input.model },
    });
  const bound = published[0].action;
  if (bound) {
    const declared = deps.registry.get(input.model)?.declaration.lifecycle?.actions[bound];
    const action = declared ? labelIn(declared.label, ctx.language) : bound;
    throw new AppError('instanceActionBound', { params: { key: input.definitionKey, action } });
  }
  return startProcess(deps, ctx, {
    definitionKey: input.definitionKey,
    recordSid: input.recordSid,
    draft: input.draft,
    comment: input.comment,
    attachments: await checkAttachments(deps.db, ctx.tenantSid, input.attachments),
    variables: input.variables,
  });
}
