// Running one batch job a server has leased, record by record: each record goes through the update
// pipeline in its own transaction (locked in the runner's scope, rules, references, hooks — a workflow's
// field lock refuses here as on an update — and the audit entry), and its item's outcome with the values
// before and after is written in that same transaction, so a crash never leaves a record written without
// its item or written twice: a resumed job starts at the first pending item. A refused record is listed
// with its code and message key; the others go on. An undo restores the values an edit wrote, only on
// records whose version and values are still those the edit left (else skipped, batchChangedSince).
import { AppError, errors, isAppError, modelResourceCode, type Language } from '@ipdesk/core';
import type { Engine } from '../../db/database.js';
import type { AccountsContext } from '../../modules/accounts/context.js';
import type { TenantModels } from '../../modules/custom-fields/service.js';
import { contextOf, type RequestContext } from '../context.js';
import { jobPrincipal, type JobSubject } from '../jobs/job-principal.js';
import { dictionariesFor, lockForUpdate, updateLockedRecord, type RecordRow } from '../models/records.js';
import type { ReferenceMemo } from '../models/references.js';
import type { ModelRegistry, ResolvedModel } from '../models/registry.js';
import { checkValues } from '../models/values.js';
import { checkBatchFields, checkBatchValues, pickFields, sameValue } from './fields.js';
import { batchNotice } from './notice.js';
import { storeError } from './stored-error.js';

export interface LeasedBatchJob extends JobSubject {
  sid: string;
  kind: 'edit' | 'undo';
  undo_of: string | null;
  fields: string[];
  field_values: Record<string, unknown>;
  language: Language;
  request_id: string | null;
}

export interface BatchRunContext {
  accounts: AccountsContext;
  registry: ModelRegistry;
  models: TenantModels;
  /** This server's lease owner id: items are only written while it still holds the job. */
  owner: string;
  stopping: () => boolean;
  onError: (error: unknown) => void;
}

/** The job's lease went to another server: this one stops without writing. */
export class BatchLeaseLost extends Error {}

/** Items read per step; each is still its own transaction. */
const CHUNK = 100;

/**
 * Records of a chunk run at once, each in its own transaction: on a PostgreSQL server, on their own pooled
 * connections, so one record's round trips overlap another's (docs/benchmarks.md "Batch edit"); the
 * embedded engine has one connection, so one at a time there.
 */
export const AT_ONCE: Record<Engine, number> = { postgres: 4, pglite: 1 };

interface PendingItem {
  seq: number;
  record_sid: string;
  /** An undo's: what the edit found and wrote, and the version it left. */
  restore?: Record<string, unknown> | null;
  expected?: Record<string, unknown> | null;
  expected_version?: number | null;
}

type ItemResult =
  | { outcome: 'done' | 'unchanged'; before: Record<string, unknown>; after: Record<string, unknown>; version: number }
  | { outcome: 'skipped' | 'failed'; error: AppError };

export async function runBatchJob(run: BatchRunContext, job: LeasedBatchJob): Promise<void> {
  const db = run.accounts.db;
  const { principal, model } = await jobPrincipal(
    { db, registry: run.registry, models: run.models },
    job,
    modelResourceCode(job.model, 'update'),
  );
  const at = () =>
    contextOf(principal, { language: job.language, requestId: job.request_id ?? job.sid, now: run.accounts.now() });
  // The runner's rights as they are now: a field made read-only for them since the batch was asked stops it.
  const values =
    job.kind === 'edit'
      ? await checkBatchValues(db, at(), model, job.field_values)
      : (checkBatchFields(model, job.fields, job.language), new Map<string, unknown>());
  const dictionaries = await dictionariesFor(db, job.tenant_sid, model);
  for (;;) {
    if (run.stopping()) {
      // Handed back at once, so another server (or this one, restarted) resumes it.
      await db.query(
        "UPDATE batch_job SET status = 'waiting', lease_owner = NULL, lease_expires_at = NULL WHERE sid = $1 AND lease_owner = $2",
        [job.sid, run.owner],
      );
      return;
    }
    const items =
      job.kind === 'edit'
        ? await db.query<PendingItem>(
            `SELECT seq, record_sid FROM batch_job_item WHERE job_sid = $1 AND outcome = 'pending' ORDER BY seq LIMIT ${CHUNK}`,
            [job.sid],
          )
        : await db.query<PendingItem>(
            `SELECT u.seq, u.record_sid, e.before AS restore, e.after AS expected, e.version_after AS expected_version
               FROM batch_job_item u JOIN batch_job_item e ON e.job_sid = $2 AND e.seq = u.seq
              WHERE u.job_sid = $1 AND u.outcome = 'pending' ORDER BY u.seq LIMIT ${CHUNK}`,
            [job.sid, job.undo_of],
          );
    if (!items.length) break;
    // The references the values point at, looked up once per chunk (not per record), read again per chunk.
    const references: ReferenceMemo = new Map();
    let next = 0;
    const worker = async () => {
      while (next < items.length && !run.stopping()) {
        const item = items[next++]!;
        await runItem(run, job, { ctx: at(), model, values, dictionaries, item, references });
        // The embedded engine runs SQL on this thread: let requests in between records.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    // Every worker ends before the job does (a lost lease stops them all at their next item's outcome).
    const workers = Array.from({ length: Math.min(AT_ONCE[db.engine], items.length) }, worker);
    const failed = (await Promise.allSettled(workers)).find((w) => w.status === 'rejected');
    if (failed) throw failed.reason;
  }
  await db.transaction(async (tx) => {
    const done = await tx.query(
      "UPDATE batch_job SET status = 'completed', finished_at = $3, lease_owner = NULL WHERE sid = $1 AND lease_owner = $2 AND status = 'running' RETURNING sid",
      [job.sid, run.owner, run.accounts.now()],
    );
    if (!done.length) return;
    const [changed] = await tx.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM batch_job_item WHERE job_sid = $1 AND outcome = 'done'",
      [job.sid],
    );
    await batchNotice(tx, run.registry, job, { finished: changed?.n ?? 0, unit: 'records' }, run.accounts.now());
  });
}

async function runItem(
  run: BatchRunContext,
  job: LeasedBatchJob,
  input: {
    ctx: RequestContext;
    model: ResolvedModel;
    values: Map<string, unknown>;
    dictionaries: Awaited<ReturnType<typeof dictionariesFor>>;
    item: PendingItem;
    references: ReferenceMemo;
  },
): Promise<void> {
  const { ctx, model, item, references } = input;
  const db = run.accounts.db;
  try {
    await db.transaction(async (tx) => {
      const before = await lockForUpdate(tx, ctx, { model, sid: item.record_sid });
      const result = await (job.kind === 'edit'
        ? editRecord(tx, run, ctx, { model, values: input.values, before, sid: item.record_sid, references })
        : undoRecord(tx, run, ctx, { model, job, item, before, dictionaries: input.dictionaries, references }));
      if (result.outcome === 'skipped' || result.outcome === 'failed') throw result.error;
      await recordOutcome(tx, run, job, item.seq, result);
    });
  } catch (error) {
    if (error instanceof BatchLeaseLost) throw error;
    // A refusal of this record; anything else is a fault, reported, and the record listed as failed.
    if (!isAppError(error) || error.status >= 500) run.onError(error);
    const refusal = isAppError(error) ? error : new AppError('internal');
    const outcome = refusal.code === errors.batchChangedSince.code ? 'skipped' : 'failed';
    await db.transaction((tx) => recordOutcome(tx, run, job, item.seq, { outcome, error: refusal }));
  }
}

async function editRecord(
  tx: Parameters<typeof updateLockedRecord>[0],
  run: BatchRunContext,
  ctx: RequestContext,
  input: {
    model: ResolvedModel;
    values: Map<string, unknown>;
    before: RecordRow;
    sid: string;
    references: ReferenceMemo;
  },
): Promise<ItemResult> {
  const { model, values, before, references } = input;
  const names = [...values.keys()];
  const was = pickFields(before, names);
  if (names.every((name) => sameValue(before[name], values.get(name))))
    return { outcome: 'unchanged', before: was, after: was, version: Number(before.version) };
  const after = await updateLockedRecord(tx, run.registry, ctx, { model, sid: input.sid, before, values, references });
  return { outcome: 'done', before: was, after: pickFields(after, names), version: Number(after.version) };
}

async function undoRecord(
  tx: Parameters<typeof updateLockedRecord>[0],
  run: BatchRunContext,
  ctx: RequestContext,
  input: {
    model: ResolvedModel;
    job: LeasedBatchJob;
    item: PendingItem;
    before: RecordRow;
    dictionaries: Awaited<ReturnType<typeof dictionariesFor>>;
    references: ReferenceMemo;
  },
): Promise<ItemResult> {
  const { model, job, item, before, references } = input;
  const names = job.fields;
  const untouched =
    Number(before.version) === item.expected_version &&
    names.every((name) => sameValue(before[name], item.expected?.[name]));
  if (!untouched) return { outcome: 'skipped', error: new AppError('batchChangedSince') };
  // The values the edit found, checked again as any update's (an option since disabled refuses here).
  const restore = pickFields(item.restore ?? {}, names);
  const { values } = checkValues(model, restore, 'update', ctx.language, input.dictionaries);
  const after = await updateLockedRecord(tx, run.registry, ctx, {
    model,
    sid: item.record_sid,
    before,
    values,
    references,
  });
  return {
    outcome: 'done',
    before: pickFields(before, names),
    after: pickFields(after, names),
    version: Number(after.version),
  };
}

/** The item's outcome, only while this server holds the job and the item is still pending. */
async function recordOutcome(
  tx: Parameters<typeof updateLockedRecord>[0],
  run: BatchRunContext,
  job: LeasedBatchJob,
  seq: number,
  result: ItemResult,
): Promise<void> {
  const written =
    'error' in result
      ? [null, null, null, result.error.code, JSON.stringify(storeError(result.error))]
      : [JSON.stringify(result.before), JSON.stringify(result.after), result.version, null, null];
  const rows = await tx.query(
    `UPDATE batch_job_item i SET outcome = $4, before = $5::jsonb, after = $6::jsonb, version_after = $7, error_code = $8, error = $9::jsonb
      WHERE i.job_sid = $1 AND i.seq = $2 AND i.outcome = 'pending'
        AND EXISTS (SELECT 1 FROM batch_job j WHERE j.sid = $1 AND j.lease_owner = $3 AND j.status = 'running')
      RETURNING i.seq`,
    [job.sid, seq, run.owner, result.outcome, ...written],
  );
  if (!rows.length) throw new BatchLeaseLost();
}
