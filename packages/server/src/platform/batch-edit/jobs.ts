// Starting batch jobs: an edit (its selection and values checked, one item per record) and the undo of a
// finished edit (one item per record it changed). Each is queued in one transaction; a server's batch
// queue runs it (run.ts). An edit can be undone once: the undo is named on it as it is queued.
import { AppError, modelResourceCode, newSid } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { RequestContext } from '../context.js';
import type { SearchDeps } from '../models/search.js';
import type { TenantModels } from '../../modules/custom-fields/service.js';
import { viewFor } from '../../modules/rbac/model-view.js';
import { checkBatchFields } from './fields.js';
import { checkBatchEdit, type BatchEditInput } from './preview.js';

async function insertJob(
  tx: Queryable,
  ctx: RequestContext,
  job: {
    sid: string;
    model: string;
    kind: 'edit' | 'undo';
    undoOf?: string;
    fields: string[];
    values: object;
    total: number;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO batch_job (sid, tenant_sid, user_sid, company_sid, side, model, kind, undo_of, fields, field_values,
                            status, total, language, request_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, 'waiting', $11, $12, $13, $14)`,
    [
      job.sid,
      ctx.tenantSid,
      ctx.userSid,
      ctx.companySid ?? null,
      ctx.principal.side,
      job.model,
      job.kind,
      job.undoOf ?? null,
      JSON.stringify(job.fields),
      JSON.stringify(job.values),
      job.total,
      ctx.language,
      ctx.requestId,
      ctx.now,
    ],
  );
}

/** Queues a batch edit of the selected records; answers the job's sid. */
export async function startBatchEdit(deps: SearchDeps, ctx: RequestContext, input: BatchEditInput): Promise<string> {
  const { sids, values } = await checkBatchEdit(deps, ctx, input);
  const sid = newSid();
  await deps.accounts.db.transaction(async (tx) => {
    await insertJob(tx, ctx, {
      sid,
      model: input.model.name,
      kind: 'edit',
      fields: [...values.keys()],
      values: Object.fromEntries(values),
      total: sids.length,
    });
    await tx.query(
      `INSERT INTO batch_job_item (job_sid, seq, record_sid)
       SELECT $1, s.seq, s.sid FROM unnest($2::text[]) WITH ORDINALITY AS s(sid, seq)`,
      [sid, sids],
    );
  });
  return sid;
}

/**
 * Queues the undo of a finished batch edit: the records it changed get their values back, unless they
 * were written since (the undo skips those, naming why). The caller must be able to edit the model and
 * write every field the edit wrote; an edit is undone once.
 */
export async function undoBatchEdit(
  deps: SearchDeps & { models: TenantModels },
  ctx: RequestContext,
  input: { sid: string },
): Promise<string> {
  // The model is resolved before the transaction: resolving may read the database, and on the embedded
  // engine (one connection) a read beside an open transaction waits for it to end — for ever.
  const [head] = await deps.accounts.db.query<{ model: string }>(
    'SELECT model FROM batch_job WHERE sid = $1 AND tenant_sid = $2',
    [input.sid, ctx.tenantSid],
  );
  const access = ctx.principal.access;
  if (!head || !access.resources.has(modelResourceCode(head.model, 'view'))) throw new AppError('batchNotFound');
  const declared = await deps.models.resolve(ctx.tenantSid, head.model);
  return deps.accounts.db.transaction(async (tx) => {
    const [edit] = await tx.query<{
      model: string;
      kind: string;
      status: string;
      undone_by: string | null;
      fields: string[];
    }>('SELECT model, kind, status, undone_by, fields FROM batch_job WHERE sid = $1 AND tenant_sid = $2 FOR UPDATE', [
      input.sid,
      ctx.tenantSid,
    ]);
    if (!edit) throw new AppError('batchNotFound');
    if (!access.resources.has(modelResourceCode(edit.model, 'update'))) throw new AppError('forbidden');
    if (edit.kind !== 'edit' || edit.status !== 'completed' || edit.undone_by) throw new AppError('batchNotUndoable');
    if (!declared) throw new AppError('modelNotFound', { params: { model: edit.model } });
    checkBatchFields(viewFor(declared, access), edit.fields, ctx.language);
    const sid = newSid();
    const [{ count } = { count: 0 }] = await tx.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM batch_job_item WHERE job_sid = $1 AND outcome = 'done'",
      [input.sid],
    );
    if (!count) throw new AppError('batchNotUndoable');
    await insertJob(tx, ctx, {
      sid,
      model: edit.model,
      kind: 'undo',
      undoOf: input.sid,
      fields: edit.fields,
      values: {},
      total: count,
    });
    await tx.query(
      `INSERT INTO batch_job_item (job_sid, seq, record_sid)
       SELECT $1, seq, record_sid FROM batch_job_item WHERE job_sid = $2 AND outcome = 'done'`,
      [sid, input.sid],
    );
    await tx.query('UPDATE batch_job SET undone_by = $1 WHERE sid = $2', [sid, input.sid]);
    return sid;
  });
}
