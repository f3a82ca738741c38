// Durable jobs in the database run by whichever server leases them (imports, batch edits): each server
// claims work while it runs fewer than `perServer` jobs, renews the leases of what it runs, and at every
// poll lets the job kind deal with leases that ran out (a server died): fail them visibly or put them back
// to resume. The kind supplies the SQL (claim, renew, expire) and the work; this module only schedules.
import { newSid } from '@ipdesk/core';
import type { Database, Queryable } from '../../db/database.js';

export interface LeaseQueueKind<J extends { sid: string }> {
  db: Database;
  now: () => Date;
  /** Jobs one server runs at once. */
  perServer: number;
  leaseMs: number;
  /** How often a server looks for waiting jobs, renews its leases and handles expired ones. */
  pollMs: number;
  /** Takes the next waiting job for this owner (status running, lease until leaseEnd), if any. */
  claim(tx: Queryable, owner: string, leaseEnd: Date): Promise<J | undefined>;
  /** The job's work; it ends when done, or early once `stopping()` says the server is going down. */
  run(job: J, owner: string, stopping: () => boolean): Promise<void>;
  /** The job's work threw: record it (unless the lease was lost to another server). */
  fail(job: J, owner: string, error: unknown): Promise<void>;
  /** Extends the leases this owner holds. */
  renew(owner: string, leaseEnd: Date): Promise<void>;
  /** Handles jobs whose lease ran out: failed or back to waiting, as the kind decides. */
  expire(): Promise<void>;
  onError: (error: unknown) => void;
}

export interface LeaseQueue {
  readonly owner: string;
  /** Looks for work now (after a job was queued) instead of at the next poll. */
  kick(): void;
  /** Resolves when every job this server is running has ended. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function startLeaseQueue<J extends { sid: string }>(kind: LeaseQueueKind<J>): LeaseQueue {
  const owner = newSid();
  const running = new Map<string, Promise<void>>();
  const report = kind.onError;
  let stopped = false;
  let pumping: Promise<void> | undefined;
  let again = false;

  const leaseEnd = () => new Date(kind.now().getTime() + kind.leaseMs);

  async function pump(): Promise<void> {
    while (!stopped && running.size < kind.perServer) {
      const job = await kind.db.transaction((tx) => kind.claim(tx, owner, leaseEnd()));
      if (!job) return;
      const work = kind
        .run(job, owner, () => stopped)
        .catch((error: unknown) => kind.fail(job, owner, error))
        .catch(report)
        .finally(() => {
          running.delete(job.sid);
          kick();
        });
      running.set(job.sid, work);
    }
  }

  function kick(): void {
    if (stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = pump()
      .catch(report)
      .finally(() => {
        pumping = undefined;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  async function tick(): Promise<void> {
    if (running.size) await kind.renew(owner, leaseEnd());
    await kind.expire();
    kick();
  }
  let ticking: Promise<void> | undefined;
  const timer = setInterval(() => {
    ticking ??= tick()
      .catch(report)
      .finally(() => (ticking = undefined));
  }, kind.pollMs);
  timer.unref();
  // At start: what a stopped server left running is handled once its lease has run out; then work.
  ticking = tick()
    .catch(report)
    .finally(() => (ticking = undefined));

  return {
    owner,
    kick,
    async idle() {
      while (running.size || pumping) await Promise.all([...running.values(), pumping]);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await ticking;
      await pumping;
      await Promise.all(running.values());
    },
  };
}
