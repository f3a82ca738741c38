// The batch edit history (`/batch-edit/history`): the tenant's batches of models the reader may view —
// who, when, model, fields, status and counts by outcome — and one batch's records with their values
// before and after, only records in the reader's data scope, only fields they may see (masked as in reads).
import { AppError, maskValue, modelResourceCode, type BatchItemOutcome } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { TenantModels } from '../../modules/custom-fields/service.js';
import { viewFor } from '../../modules/rbac/model-view.js';
import type { RequestContext } from '../context.js';
import type { ResolvedModel } from '../models/registry.js';
import { scopeCondition } from '../models/scope.js';
import { SqlParams } from '../models/sql-params.js';
import { restoreError, type StoredError } from './stored-error.js';

export interface BatchSummary {
  sid: string;
  kind: 'edit' | 'undo';
  model: string;
  fields: string[];
  status: string;
  user_sid: string;
  user_name: string | null;
  created_at: Date;
  finished_at: Date | null;
  undo_of: string | null;
  undone_by: string | null;
  total: number;
  /** Records handled so far by outcome (pending = not yet run). */
  counts: Record<BatchItemOutcome, number>;
  failure: AppError | null;
}

export interface BatchItem {
  seq: number;
  record_sid: string;
  outcome: BatchItemOutcome;
  changes: Record<string, { before: unknown; after: unknown }>;
  error: AppError | null;
}

interface JobRow {
  sid: string;
  kind: 'edit' | 'undo';
  model: string;
  fields: string[];
  status: string;
  user_sid: string;
  user_name: string | null;
  created_at: Date;
  finished_at: Date | null;
  undo_of: string | null;
  undone_by: string | null;
  total: number;
  failure: string | null;
}

const JOB_COLUMNS = `j.sid, j.kind, j.model, j.fields, j.status, j.user_sid, u.name AS user_name, j.created_at, j.finished_at,
  j.undo_of, j.undone_by, j.total, j.failure`;

async function withCounts(db: Queryable, rows: JobRow[]): Promise<BatchSummary[]> {
  const counts = await db.query<{ job_sid: string; outcome: BatchItemOutcome; count: number }>(
    'SELECT job_sid, outcome, count(*)::int AS count FROM batch_job_item WHERE job_sid = ANY($1::text[]) GROUP BY 1, 2',
    [rows.map((r) => r.sid)],
  );
  return rows.map((row) => {
    const of: Record<BatchItemOutcome, number> = { pending: 0, done: 0, unchanged: 0, failed: 0, skipped: 0 };
    for (const c of counts) if (c.job_sid === row.sid) of[c.outcome] = c.count;
    return { ...row, counts: of, failure: row.failure ? restoreError(JSON.parse(row.failure) as StoredError) : null };
  });
}

/** Models whose batches the reader may see: those they may view. */
function viewable(ctx: Pick<RequestContext, 'principal'>, models: readonly string[]): string[] {
  return models.filter((name) => ctx.principal.access.resources.has(modelResourceCode(name, 'view')));
}

export async function listBatches(
  deps: { db: Queryable; modelNames: readonly string[] },
  ctx: Pick<RequestContext, 'principal'>,
  input: { model?: string; start: number; rows: number },
): Promise<{ rows: BatchSummary[]; total: number }> {
  const names = viewable(ctx, input.model ? deps.modelNames.filter((m) => m === input.model) : deps.modelNames);
  const where = 'j.tenant_sid = $1 AND j.model = ANY($2::text[])';
  const rows = await deps.db.query<JobRow>(
    `SELECT ${JOB_COLUMNS} FROM batch_job j LEFT JOIN user_account u ON u.sid = j.user_sid
      WHERE ${where} ORDER BY j.created_at DESC, j.sid LIMIT $3 OFFSET $4`,
    [ctx.principal.tenantSid, names, input.rows, input.start],
  );
  const [{ total } = { total: 0 }] = await deps.db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM batch_job j WHERE ${where}`,
    [ctx.principal.tenantSid, names],
  );
  return { rows: await withCounts(deps.db, rows), total };
}

export async function readBatch(
  deps: { db: Queryable },
  ctx: Pick<RequestContext, 'principal'>,
  input: { sid: string },
): Promise<BatchSummary> {
  const rows = await deps.db.query<JobRow>(
    `SELECT ${JOB_COLUMNS} FROM batch_job j LEFT JOIN user_account u ON u.sid = j.user_sid
      WHERE j.sid = $1 AND j.tenant_sid = $2`,
    [input.sid, ctx.principal.tenantSid],
  );
  const row = rows[0];
  if (!row || !viewable(ctx, [row.model]).length) throw new AppError('batchNotFound');
  return (await withCounts(deps.db, [row]))[0]!;
}

/** One batch's records as the reader may see them, with the model (their view) the values belong to. */
export async function batchItems(
  deps: { db: Queryable; models: TenantModels },
  ctx: Pick<RequestContext, 'principal'>,
  input: { sid: string; outcome?: BatchItemOutcome; start: number; rows: number },
): Promise<{ batch: BatchSummary; model: ResolvedModel; rows: BatchItem[]; total: number }> {
  const batch = await readBatch(deps, ctx, input);
  const declared = await deps.models.resolve(ctx.principal.tenantSid, batch.model);
  if (!declared) throw new AppError('batchNotFound');
  const model = viewFor(declared, ctx.principal.access);
  const params = new SqlParams([input.sid, input.outcome ?? null]);
  // Records out of the reader's scope (or deleted since) are left out, as a search would leave them out.
  const where = `i.job_sid = $1 AND ($2::text IS NULL OR i.outcome = $2) AND ${scopeCondition(ctx.principal, model, params)}`;
  const from = `FROM batch_job_item i JOIN ${model.table} t ON t.sid = i.record_sid`;
  const countValues = [...params.values];
  const limit = params.add(input.rows);
  const offset = params.add(input.start);
  const rows = await deps.db.query<{
    seq: number;
    record_sid: string;
    outcome: BatchItemOutcome;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    error: StoredError | null;
  }>(
    `SELECT i.seq, i.record_sid, i.outcome, i.before, i.after, i.error ${from} WHERE ${where}
      ORDER BY i.seq LIMIT ${limit} OFFSET ${offset}`,
    params.values as never,
  );
  const [{ total } = { total: 0 }] = await deps.db.query<{ total: number }>(
    `SELECT count(*)::int AS total ${from} WHERE ${where}`,
    countValues as never,
  );
  return {
    batch,
    model,
    total,
    rows: rows.map((row) => ({
      seq: row.seq,
      record_sid: row.record_sid,
      outcome: row.outcome,
      changes: visibleChanges(model, batch.fields, row.before, row.after),
      error: row.error ? restoreError(row.error) : null,
    })),
  };
}

/** Only the fields the reader may see, masked as their reads are. */
function visibleChanges(
  model: ResolvedModel,
  names: readonly string[],
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): BatchItem['changes'] {
  const changes: BatchItem['changes'] = {};
  if (!before || !after) return changes;
  for (const name of names) {
    const field = model.fields.get(name);
    if (!field) continue;
    const mask = (value: unknown) => (field.masked ? maskValue(field.masked, value) : value);
    changes[name] = { before: mask(before[name] ?? null), after: mask(after[name] ?? null) };
  }
  return changes;
}
