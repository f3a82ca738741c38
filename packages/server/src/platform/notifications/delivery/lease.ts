// The bookkeeping of a delivery row around a send: marked sent, postponed (quiet hours: not an attempt), or
// failed — retried after a growing wait, or failed for good when retrying cannot help or the attempts ran
// out. Every update names the lease it was taken under (`locked_until`), so a server whose lease ran out
// and was taken over cannot overwrite what the other one did.
import type { Queryable } from '../../../db/database.js';
import { DELIVERY_MAX_ATTEMPTS, DeliveryFailure, failureText, nextAttemptSql } from './retry.js';

export interface Lease {
  ids: readonly string[];
  until: Date;
}

export async function markSent(db: Queryable, lease: Lease, at: Date): Promise<void> {
  await db.query(
    `UPDATE notification_delivery SET status = 'sent', sent_at = $2, attempts = attempts + 1, locked_until = NULL,
            last_error = NULL
      WHERE id = ANY($1::bigint[]) AND locked_until = $3`,
    [lease.ids, at, lease.until],
  );
}

export async function markPostponed(db: Queryable, lease: Lease, until: Date): Promise<void> {
  await db.query(
    `UPDATE notification_delivery SET available_at = $2, locked_until = NULL
      WHERE id = ANY($1::bigint[]) AND locked_until = $3`,
    [lease.ids, until, lease.until],
  );
}

/** Counts the attempt and keeps why; failed for good when final or the last attempt, else due again later. */
export async function markFailed(db: Queryable, lease: Lease, error: unknown, now: Date): Promise<void> {
  const final = error instanceof DeliveryFailure && error.final;
  await db.query(
    `UPDATE notification_delivery SET attempts = attempts + 1, last_error = $2, locked_until = NULL,
            status = CASE WHEN $4::boolean OR attempts + 1 >= $5 THEN 'failed' ELSE 'pending' END,
            available_at = CASE WHEN $4::boolean OR attempts + 1 >= $5 THEN available_at ELSE ${nextAttemptSql('$6')} END
      WHERE id = ANY($1::bigint[]) AND locked_until = $3`,
    [lease.ids, failureText(error), lease.until, final, DELIVERY_MAX_ATTEMPTS, now],
  );
}
