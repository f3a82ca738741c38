// Which server runs which batch job (the import queue's lease scheme, platform/jobs/lease-queue.ts): a
// server takes the oldest waiting job while it runs fewer than `perServer` and the job's tenant runs none
// elsewhere. A job whose lease ran out (its server died) goes back to waiting and resumes at its first
// pending item — its items commit with their records, so nothing is written twice. A job that cannot run
// (its user lost the right to edit) fails visibly with the reason.
import { isAppError } from '@ipdesk/core';
import type { AccountsContext } from '../../modules/accounts/context.js';
import type { TenantModels } from '../../modules/custom-fields/service.js';
import { startLeaseQueue, type LeaseQueue } from '../jobs/lease-queue.js';
import type { ModelRegistry } from '../models/registry.js';
import { BatchLeaseLost, runBatchJob, type LeasedBatchJob } from './run.js';
import { storeError } from './stored-error.js';
import { AppError, errorMessage } from '@ipdesk/core';
import { inBothLanguages } from '../notifications/job-notices.js';
import { batchNotice } from './notice.js';

export const BATCH_LIMITS = { perServer: 1, perTenant: 1, leaseMs: 60_000, pollMs: 2_000 } as const;

/** Arbitrary constant naming the claim lock (pg_advisory_xact_lock), apart from the import queue's. */
const CLAIM_LOCK = 7_720_018;

export interface BatchQueueOptions {
  accounts: AccountsContext;
  registry: ModelRegistry;
  models: TenantModels;
  perServer?: number;
  leaseMs?: number;
  pollMs?: number;
  onError?: (error: unknown) => void;
}

/** Puts running jobs whose lease ran out back to waiting, to resume where they stopped. */
export async function resumeExpiredBatches(accounts: Pick<AccountsContext, 'db' | 'now'>): Promise<number> {
  const rows = await accounts.db.query(
    `UPDATE batch_job SET status = 'waiting', lease_owner = NULL, lease_expires_at = NULL
      WHERE status = 'running' AND (lease_expires_at IS NULL OR lease_expires_at < $1) RETURNING sid`,
    [accounts.now()],
  );
  return rows.length;
}

export function startBatchQueue(options: BatchQueueOptions): LeaseQueue {
  const { accounts } = options;
  const db = accounts.db;
  const report = options.onError ?? (() => undefined);
  return startLeaseQueue<LeasedBatchJob>({
    db,
    now: accounts.now,
    perServer: options.perServer ?? BATCH_LIMITS.perServer,
    leaseMs: options.leaseMs ?? BATCH_LIMITS.leaseMs,
    pollMs: options.pollMs ?? BATCH_LIMITS.pollMs,
    onError: report,
    async claim(tx, owner, leaseEnd) {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [CLAIM_LOCK]);
      const [job] = await tx.query<LeasedBatchJob>(
        `UPDATE batch_job SET status = 'running', lease_owner = $1, lease_expires_at = $2, started_at = coalesce(started_at, $4)
          WHERE sid = (
            SELECT w.sid FROM batch_job w
             WHERE w.status = 'waiting'
               AND (SELECT count(*) FROM batch_job r WHERE r.status = 'running' AND r.tenant_sid = w.tenant_sid) < $3
             ORDER BY w.queue_seq LIMIT 1)
          RETURNING sid, tenant_sid, user_sid, company_sid, side, model, kind, undo_of, fields, field_values, language, request_id`,
        [owner, leaseEnd, BATCH_LIMITS.perTenant, accounts.now()],
      );
      return job;
    },
    run(job, owner, stopping) {
      return runBatchJob(
        { accounts, registry: options.registry, models: options.models, owner, stopping, onError: report },
        job,
      );
    },
    async fail(job, owner, error) {
      if (error instanceof BatchLeaseLost) return;
      if (!isAppError(error)) report(error);
      const refusal = isAppError(error) ? error : new AppError('internal');
      const failure = storeError(refusal);
      await db.transaction(async (tx) => {
        const rows = await tx.query(
          `UPDATE batch_job SET status = 'failed', failure = $3, finished_at = $4, lease_owner = NULL
            WHERE sid = $1 AND lease_owner = $2 AND status = 'running' RETURNING sid`,
          [job.sid, owner, JSON.stringify(failure), accounts.now()],
        );
        // A failed undo leaves its edit undoable again: records it restored are skipped the next time.
        if (rows.length && job.kind === 'undo')
          await tx.query('UPDATE batch_job SET undone_by = NULL WHERE undone_by = $1', [job.sid]);
        if (rows.length)
          await batchNotice(
            tx,
            options.registry,
            job,
            { failed: inBothLanguages((l) => errorMessage(refusal, l)) },
            accounts.now(),
          );
      });
    },
    async renew(owner, leaseEnd) {
      await db.query("UPDATE batch_job SET lease_expires_at = $2 WHERE lease_owner = $1 AND status = 'running'", [
        owner,
        leaseEnd,
      ]);
    },
    async expire() {
      await resumeExpiredBatches(accounts);
    },
  });
}
