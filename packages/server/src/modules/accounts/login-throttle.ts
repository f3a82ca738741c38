// Failed sign-ins (issue 15 #3, ADR 0004 "Lockout"). Counting per account alone let anyone lock anyone
// out with five wrong passwords, so failures are counted at two levels:
// - per account *and* client address (login_failure): `threshold` failures within the window lock that
//   pair; each further lock without a success or 12 quiet hours lasts twice as long (to a day), so a
//   guesser slows down progressively while the owner at another address is not affected;
// - per account over all addresses (login_throttle): past ACCOUNT_LOCK_FACTOR × threshold failures
//   within the window the account is locked for every address, except those it signed in from in the
//   last KNOWN_SOURCE_DAYS (login_known_source), so a spread-out attack cannot shut out its owner.
// Tries while locked do not count and get the same answer. Subjects are user sids, or the typed name
// when no account matches, so unknown accounts lock exactly like real ones (they never have a known
// address).
import { isIP } from 'node:net';
import type { Queryable } from '../../db/database.js';

export interface ThrottlePolicy {
  threshold: number;
  windowMinutes: number;
  lockMinutes: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = { threshold: 5, windowMinutes: 15, lockMinutes: 15 };

/** The account-wide lock needs this many times the per-address threshold. */
export const ACCOUNT_LOCK_FACTOR = 4;
/** The longest a doubled per-address lock lasts. */
export const MAX_LOCK_MINUTES = 24 * 60;
/** After this long without a failure, the doubling starts again from the tenant's lock time. */
export const QUIET_RESET_HOURS = 12;
/** An address the account signed in from within this many days escapes the account-wide lock. */
export const KNOWN_SOURCE_DAYS = 30;

/** One sign-in attempt: who (user sid or typed name), from where, and the account when there is one. */
export interface Attempt {
  subject: string;
  source: string;
  userSid: string | undefined;
}

const minutes = (n: number) => n * 60_000;

/**
 * The address failures are counted under: IPv4 as it is (an IPv4-mapped IPv6 address as its IPv4
 * address), IPv6 by its /64 — one subscriber's network, whose 2^64 addresses would otherwise each get
 * their own allowance.
 */
export function sourceOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = ip.includes('::')
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

async function isKnownSource(tx: Queryable, attempt: Attempt, now: Date): Promise<boolean> {
  if (!attempt.userSid) return false;
  const rows = await tx.query(
    'SELECT 1 FROM login_known_source WHERE user_sid = $1 AND source = $2 AND last_success_at > $3',
    [attempt.userSid, attempt.source, new Date(now.getTime() - KNOWN_SOURCE_DAYS * 86_400_000)],
  );
  return rows.length > 0;
}

const later = (a: Date | undefined, b: Date | undefined) => (a && b ? (a > b ? a : b) : (a ?? b));

/** When the attempt may be made again, or undefined when it may be made now. */
export async function lockedUntil(tx: Queryable, attempt: Attempt, now: Date): Promise<Date | undefined> {
  const pair = await tx.query<{ locked_until: Date | null }>(
    'SELECT locked_until FROM login_failure WHERE subject = $1 AND source = $2 AND locked_until > $3',
    [attempt.subject, attempt.source, now],
  );
  const account = await tx.query<{ locked_until: Date | null }>(
    'SELECT locked_until FROM login_throttle WHERE subject = $1 AND locked_until > $2',
    [attempt.subject, now],
  );
  const accountUntil = account[0]?.locked_until ?? undefined;
  const accountApplies = accountUntil !== undefined && !(await isKnownSource(tx, attempt, now));
  return later(pair[0]?.locked_until ?? undefined, accountApplies ? accountUntil : undefined);
}

/** Counts a failure at both levels; returns when the attempt may be made again if this failure locked it. */
export async function recordFailure(
  tx: Queryable,
  attempt: Attempt,
  policy: ThrottlePolicy,
  now: Date,
): Promise<Date | undefined> {
  const windowStart = new Date(now.getTime() - minutes(policy.windowMinutes));
  const quietSince = new Date(now.getTime() - QUIET_RESET_HOURS * 3_600_000);
  const [pair] = await tx.query<{ failures: number; lock_count: number }>(
    `INSERT INTO login_failure (subject, source, failures, window_started_at, last_failure_at) VALUES ($1, $2, 1, $3, $3)
     ON CONFLICT (subject, source) DO UPDATE SET
       failures = CASE WHEN login_failure.window_started_at < $4 THEN 1 ELSE login_failure.failures + 1 END,
       window_started_at = CASE WHEN login_failure.window_started_at < $4 THEN $3 ELSE login_failure.window_started_at END,
       lock_count = CASE WHEN login_failure.last_failure_at < $5 THEN 0 ELSE login_failure.lock_count END,
       last_failure_at = $3,
       locked_until = NULL
     RETURNING failures, lock_count`,
    [attempt.subject, attempt.source, now, windowStart, quietSince],
  );
  let pairUntil: Date | undefined;
  if (pair && pair.failures >= policy.threshold) {
    const lockMinutes = Math.min(policy.lockMinutes * 2 ** pair.lock_count, MAX_LOCK_MINUTES);
    pairUntil = new Date(now.getTime() + minutes(lockMinutes));
    await tx.query(
      `UPDATE login_failure SET locked_until = $3, failures = 0, window_started_at = $4, lock_count = lock_count + 1
        WHERE subject = $1 AND source = $2`,
      [attempt.subject, attempt.source, pairUntil, now],
    );
  }

  const [account] = await tx.query<{ failures: number }>(
    `INSERT INTO login_throttle (subject, failures, window_started_at) VALUES ($1, 1, $2)
     ON CONFLICT (subject) DO UPDATE SET
       failures = CASE WHEN login_throttle.window_started_at < $3 THEN 1 ELSE login_throttle.failures + 1 END,
       window_started_at = CASE WHEN login_throttle.window_started_at < $3 THEN $2 ELSE login_throttle.window_started_at END,
       locked_until = CASE WHEN login_throttle.locked_until > $2 THEN login_throttle.locked_until END
     RETURNING failures`,
    [attempt.subject, now, windowStart],
  );
  let accountUntil: Date | undefined;
  if (account && account.failures >= policy.threshold * ACCOUNT_LOCK_FACTOR) {
    const until = new Date(now.getTime() + minutes(policy.lockMinutes));
    await tx.query(
      'UPDATE login_throttle SET locked_until = $2, failures = 0, window_started_at = $3 WHERE subject = $1',
      [attempt.subject, until, now],
    );
    if (!(await isKnownSource(tx, attempt, now))) accountUntil = until;
  }
  return later(pairUntil, accountUntil);
}

/**
 * A success: the address's count is cleared and the address becomes known to the account. The
 * account-wide count is left to its window: one success must not give a spread-out guesser a fresh
 * allowance.
 */
export async function recordSuccess(tx: Queryable, attempt: Attempt, now: Date): Promise<void> {
  await tx.query('DELETE FROM login_failure WHERE subject = $1 AND source = $2', [attempt.subject, attempt.source]);
  if (!attempt.userSid) return;
  await tx.query(
    `INSERT INTO login_known_source (user_sid, source, last_success_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_sid, source) DO UPDATE SET last_success_at = EXCLUDED.last_success_at`,
    [attempt.userSid, attempt.source, now],
  );
}

/** An administrator's unlock, a password reset or set: every count and lock of the account goes. */
export async function clearAllFailures(tx: Queryable, subject: string): Promise<void> {
  await tx.query('DELETE FROM login_failure WHERE subject = $1', [subject]);
  await tx.query('DELETE FROM login_throttle WHERE subject = $1', [subject]);
}

export interface AddressLock {
  address: string;
  failures: number;
  lockedUntil: Date | null;
}

export interface LockState {
  /** Locked for every address except those it signed in from recently. */
  accountLockedUntil: Date | null;
  accountFailures: number;
  /** Addresses with failures in their window or a running lock: locked ones first, then the latest. */
  addresses: AddressLock[];
}

/** What an administrator sees of an account's failed sign-ins (current counts and running locks only). */
export async function lockState(tx: Queryable, subject: string, policy: ThrottlePolicy, now: Date): Promise<LockState> {
  const windowStart = new Date(now.getTime() - minutes(policy.windowMinutes));
  const [account] = await tx.query<{ failures: number; window_started_at: Date; locked_until: Date | null }>(
    'SELECT failures, window_started_at, locked_until FROM login_throttle WHERE subject = $1',
    [subject],
  );
  const addresses = await tx.query<{ source: string; failures: number; locked_until: Date | null }>(
    `SELECT source, CASE WHEN window_started_at < $3 THEN 0 ELSE failures END AS failures,
            CASE WHEN locked_until > $2 THEN locked_until END AS locked_until
       FROM login_failure
      WHERE subject = $1 AND (locked_until > $2 OR (failures > 0 AND window_started_at >= $3))
      ORDER BY locked_until DESC NULLS LAST, last_failure_at DESC, source LIMIT 50`,
    [subject, now, windowStart],
  );
  return {
    accountLockedUntil: account?.locked_until && account.locked_until > now ? account.locked_until : null,
    accountFailures: account && account.window_started_at >= windowStart ? account.failures : 0,
    addresses: addresses.map((row) => ({ address: row.source, failures: row.failures, lockedUntil: row.locked_until })),
  };
}
