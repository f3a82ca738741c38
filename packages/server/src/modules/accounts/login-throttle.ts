// Failed sign-ins per subject (SECURITY.md "Abuse limits"): after `threshold` failures within the
// window the subject is locked for `lockMinutes`. Tries while locked do not count and get the same
// answer. A success clears the count. Subjects are user sids, or the typed name when no account
// matches, so unknown accounts lock exactly like real ones.
import type { Queryable } from '../../db/database.js';

export interface ThrottlePolicy {
  threshold: number;
  windowMinutes: number;
  lockMinutes: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = { threshold: 5, windowMinutes: 15, lockMinutes: 15 };

export async function lockedUntil(tx: Queryable, subject: string, now: Date): Promise<Date | undefined> {
  const rows = await tx.query<{ locked_until: Date | null }>(
    'SELECT locked_until FROM login_throttle WHERE subject = $1',
    [subject],
  );
  const until = rows[0]?.locked_until;
  return until && until > now ? until : undefined;
}

/** Counts a failure; returns the lock's end when this failure locked the subject. */
export async function recordFailure(
  tx: Queryable,
  subject: string,
  policy: ThrottlePolicy,
  now: Date,
): Promise<Date | undefined> {
  const windowStart = new Date(now.getTime() - policy.windowMinutes * 60_000);
  const rows = await tx.query<{ failures: number }>(
    `INSERT INTO login_throttle (subject, failures, window_started_at) VALUES ($1, 1, $2)
     ON CONFLICT (subject) DO UPDATE SET
       failures = CASE WHEN login_throttle.window_started_at < $3 THEN 1 ELSE login_throttle.failures + 1 END,
       window_started_at = CASE WHEN login_throttle.window_started_at < $3 THEN $2 ELSE login_throttle.window_started_at END,
       locked_until = NULL
     RETURNING failures`,
    [subject, now, windowStart],
  );
  if ((rows[0]?.failures ?? 0) < policy.threshold) return undefined;
  const until = new Date(now.getTime() + policy.lockMinutes * 60_000);
  await tx.query(
    'UPDATE login_throttle SET locked_until = $2, failures = 0, window_started_at = $3 WHERE subject = $1',
    [subject, until, now],
  );
  return until;
}

export async function clearFailures(tx: Queryable, subject: string): Promise<void> {
  await tx.query('DELETE FROM login_throttle WHERE subject = $1', [subject]);
}
