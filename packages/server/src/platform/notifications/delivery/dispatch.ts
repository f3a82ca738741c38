// The delivery job (docs/notifications.md "Delivery"): leases due rows of notification_delivery with
// FOR UPDATE SKIP LOCKED (so two servers never take the same row), sends each through its channel, and
// marks it sent, postponed (quiet hours) or failed (retried with back-off, failed for good after
// DELIVERY_MAX_ATTEMPTS). A server that dies mid-send leaves its lease to run out; the row is then sent
// again (at least once: a receiver dedupes webhook posts by their delivery id). Digests follow (digest.ts).
import type { DeliveryDeps } from './deps.js';
import { dispatchDigests } from './digest.js';
import { sendEmailDelivery, type SendOutcome } from './email.js';
import { markFailed, markPostponed, markSent, type Lease } from './lease.js';
import { DELIVERY_LEASE_MS } from './retry.js';
import { sendWebhookDelivery } from './webhook.js';

interface LeasedDelivery {
  id: string;
  tenant_sid: string;
  event_sid: string;
  notification_sid: string | null;
  channel: 'email' | 'webhook';
}

export interface DeliveryReport {
  sent: number;
  postponed: number;
  /** Failed attempts (retried later or failed for good). */
  failed: number;
  digestsSent: number;
  digestsFailed: number;
  /** Whether the batch was full: more may be due now. */
  more: boolean;
}

async function send(deps: DeliveryDeps, row: LeasedDelivery, now: Date): Promise<SendOutcome> {
  if (row.channel === 'email') return sendEmailDelivery(deps, row, now);
  await sendWebhookDelivery(deps, row, now);
  return { kind: 'sent' };
}

/** Sends up to `limit` immediate deliveries due by the app clock, then the digests due (as many people). */
export async function dispatchNotifications(
  deps: DeliveryDeps,
  options: { limit?: number } = {},
): Promise<DeliveryReport> {
  const db = deps.accounts.db;
  const limit = options.limit ?? 50;
  const now = deps.accounts.now();
  const until = new Date(now.getTime() + DELIVERY_LEASE_MS);
  const rows = await db.transaction((tx) =>
    tx.query<LeasedDelivery>(
      `UPDATE notification_delivery SET locked_until = $2
        WHERE id IN (SELECT id FROM notification_delivery
                      WHERE status = 'pending' AND channel IN ('email', 'webhook') AND available_at <= $1
                        AND (locked_until IS NULL OR locked_until <= $1)
                      ORDER BY available_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING id::text AS id, tenant_sid, event_sid, notification_sid, channel`,
      [now, until, limit],
    ),
  );
  rows.sort((a, b) => Number(a.id) - Number(b.id));
  const report: DeliveryReport = {
    sent: 0,
    postponed: 0,
    failed: 0,
    digestsSent: 0,
    digestsFailed: 0,
    more: rows.length === limit,
  };
  for (const row of rows) {
    const lease: Lease = { ids: [row.id], until };
    try {
      const outcome = await send(deps, row, now);
      if (outcome.kind === 'postponed') {
        await markPostponed(db, lease, outcome.until);
        report.postponed += 1;
      } else {
        await markSent(db, lease, deps.accounts.now());
        report.sent += 1;
      }
    } catch (error) {
      await markFailed(db, lease, error, now);
      report.failed += 1;
    }
  }
  const digests = await dispatchDigests(deps, now, limit);
  report.digestsSent = digests.sent;
  report.digestsFailed = digests.failed;
  return report;
}
