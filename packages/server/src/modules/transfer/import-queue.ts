// Which server runs which import, and when (issue 15). Waiting jobs sit in the database with their file;
// each server takes the oldest one while it runs fewer than `perServer` and the job's tenant runs fewer
// than `perTenant` on all servers together (one claim at a time, under an advisory lock). The server
// holding a job renews its lease; a job whose lease expired (its server died) is failed by whichever
// server notices, never one another live server still holds.
import { errorMessage, isAppError, translate } from '@ipdesk/core';
import type { AccountsContext } from '../accounts/context.js';
import type { TenantModels } from '../custom-fields/service.js';
import type { ModelRegistry } from '../../platform/models/registry.js';
import { startLeaseQueue } from '../../platform/jobs/lease-queue.js';
import { inBothLanguages } from '../../platform/notifications/job-notices.js';
import { importNotice } from './import-notice.js';
import { ImportStopped, LeaseLost, runImportJob, type LeasedJob } from './import-run.js';

export interface ImportQueueOptions {
  accounts: AccountsContext;
  registry: ModelRegistry;
  models: TenantModels;
  /** Imports one server runs at once (each holds its file and a chunk of rows). */
  perServer?: number;
  /** Imports of one tenant running at once across all servers. */
  perTenant?: number;
  leaseMs?: number;
  /** How often a server looks for waiting jobs, renews its leases and fails expired ones. */
  pollMs?: number;
  onError?: (error: unknown) => void;
}

export const IMPORT_LIMITS = { perServer: 2, perTenant: 1, leaseMs: 60_000, pollMs: 2_000 } as const;

/** Arbitrary constant naming the claim lock (pg_advisory_xact_lock). */
const CLAIM_LOCK = 7_720_015;

export interface ImportQueue {
  readonly owner: string;
  /** Looks for work now (after an upload) instead of at the next poll. */
  kick(): void;
  /** Resolves when every job this server is running has ended. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * What a failed job's imported count becomes: on PostgreSQL its rows were one transaction that did not
 * commit (0); on the embedded engine chunks commit as they go, and the count says how many stay.
 */
const rolledBack = (accounts: Pick<AccountsContext, 'db'>) => (accounts.db.engine === 'postgres' ? '0' : 'imported');

/**
 * Fails jobs whose lease expired (and waiting jobs that lost their file); live leases are left alone. Whoever
 * queued each is told, in the same transaction (the registry names the model in the notice).
 */
export async function failExpiredImports(accounts: AccountsContext, registry?: ModelRegistry): Promise<number> {
  const now = accounts.now();
  return accounts.db.transaction(async (tx) => {
    const rows = await tx.query<{ sid: string; tenant_sid: string; user_sid: string; model: string }>(
      `UPDATE import_job j SET status = 'failed', phase = 'done', failure = 'import.failureRestart', finished_at = $1, lease_owner = NULL,
              imported = ${rolledBack(accounts)}
        WHERE (j.status = 'running' AND (j.lease_expires_at IS NULL OR j.lease_expires_at < $1))
           OR (j.status = 'waiting' AND NOT EXISTS (SELECT 1 FROM import_job_file f WHERE f.job_sid = j.sid))
        RETURNING j.sid, j.tenant_sid, j.user_sid, j.model`,
      [now],
    );
    if (!rows.length) return 0;
    await tx.query("DELETE FROM import_job_file f USING import_job j WHERE j.sid = f.job_sid AND j.status = 'failed'");
    const reason = inBothLanguages((l) => translate(l, 'import.failureRestart'));
    for (const job of rows) await importNotice(tx, registry, job, { failed: reason }, now);
    return rows.length;
  });
}

export function startImportQueue(options: ImportQueueOptions): ImportQueue {
  const { accounts } = options;
  const db = accounts.db;
  const perTenant = options.perTenant ?? IMPORT_LIMITS.perTenant;
  let stopped = false;
  const queue = startLeaseQueue<LeasedJob & { bytes: Uint8Array }>({
    db,
    now: accounts.now,
    perServer: options.perServer ?? IMPORT_LIMITS.perServer,
    leaseMs: options.leaseMs ?? IMPORT_LIMITS.leaseMs,
    pollMs: options.pollMs ?? IMPORT_LIMITS.pollMs,
    onError: options.onError ?? (() => undefined),
    async claim(tx, owner, leaseEnd) {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [CLAIM_LOCK]);
      const [job] = await tx.query<LeasedJob>(
        `UPDATE import_job SET status = 'running', phase = 'validating', lease_owner = $1, lease_expires_at = $2
          WHERE sid = (
            SELECT w.sid FROM import_job w
             WHERE w.status = 'waiting'
               AND (SELECT count(*) FROM import_job r WHERE r.status = 'running' AND r.tenant_sid = w.tenant_sid) < $3
             ORDER BY w.queue_seq LIMIT 1)
          RETURNING sid, tenant_sid, user_sid, company_sid, model, mode, side, language, request_id, create_names`,
        [owner, leaseEnd, perTenant],
      );
      if (!job) return undefined;
      const [file] = await tx.query<{ bytes: Uint8Array }>('SELECT bytes FROM import_job_file WHERE job_sid = $1', [
        job.sid,
      ]);
      return file ? { ...job, bytes: file.bytes } : undefined;
    },
    run({ bytes, ...job }, owner, stopping) {
      return runImportJob(
        { accounts, registry: options.registry, models: options.models, owner, stopping: () => stopped || stopping() },
        job,
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      );
    },
    async fail(job, owner, error) {
      if (error instanceof LeaseLost) return;
      if (!isAppError(error) && !(error instanceof ImportStopped)) options.onError?.(error);
      const failure =
        error instanceof ImportStopped
          ? 'import.failureRestart'
          : isAppError(error)
            ? errorMessage(error, job.language)
            : translate(job.language, 'import.failureUnreadable');
      // The same failure in each language, for the notice to whoever queued the job.
      const reason = inBothLanguages((l) =>
        error instanceof ImportStopped
          ? translate(l, 'import.failureRestart')
          : isAppError(error)
            ? errorMessage(error, l)
            : translate(l, 'import.failureUnreadable'),
      );
      await db.transaction(async (tx) => {
        const failed = await tx.query(
          `UPDATE import_job SET status = 'failed', phase = 'done', failure = $3, finished_at = $4, lease_owner = NULL,
                imported = ${rolledBack(accounts)}
            WHERE sid = $1 AND lease_owner = $2 AND status = 'running' RETURNING sid`,
          [job.sid, owner, failure, accounts.now()],
        );
        await tx.query('DELETE FROM import_job_file WHERE job_sid = $1', [job.sid]);
        if (failed.length) await importNotice(tx, options.registry, job, { failed: reason }, accounts.now());
      });
    },
    async renew(owner, leaseEnd) {
      await db.query("UPDATE import_job SET lease_expires_at = $2 WHERE lease_owner = $1 AND status = 'running'", [
        owner,
        leaseEnd,
      ]);
    },
    async expire() {
      await failExpiredImports(accounts, options.registry);
    },
  });
  return {
    owner: queue.owner,
    kick: queue.kick,
    idle: queue.idle,
    async stop() {
      stopped = true;
      await queue.stop();
    },
  };
}
