// The `digest` channel: once a day, at the hour a person chose on their own clock, one mail with every
// notification they asked to get that way, grouped like the preferences page. A row is due at the first
// digest hour after it was queued: until then it is moved to that hour (so the dispatcher does not look at
// it again); at that hour all of the person's due rows are leased together, mailed as one, and marked sent
// in one statement. Two servers: the lease (SKIP LOCKED) gives the rows to one of them, so one mail a day.
import type { NotificationEvent, NotificationParams } from '@ipdesk/core';
import { renderForReader } from '../for-reader.js';
import type { DeliveryDeps } from './deps.js';
import { sendMail } from './email.js';
import { lastLocalHour, knownTimeZone, nextLocalHour } from './local-time.js';
import { markFailed, markSent, type Lease } from './lease.js';
import { digestMail } from './mail-text.js';
import { loadRecipient } from './recipient.js';
import { DELIVERY_LEASE_MS } from './retry.js';

interface DigestSource {
  id: string;
  event: NotificationEvent;
  model: string | null;
  record_sid: string | null;
  params: NotificationParams;
  link: string | null;
}

/** Mails one person's digest if it is due; answers 'sent', 'failed' or 'none' (nothing due yet). */
async function digestFor(
  deps: DeliveryDeps,
  person: { recipient_sid: string; tenant_sid: string; time_zone: string | null; digest_hour: number | null },
  now: Date,
): Promise<'sent' | 'failed' | 'none'> {
  const db = deps.accounts.db;
  const zone = knownTimeZone(person.time_zone);
  const hour = person.digest_hour ?? 8;
  const slot = lastLocalHour(now, zone, hour);
  const until = new Date(now.getTime() + DELIVERY_LEASE_MS);
  const rowsOf = `SELECT d.id FROM notification_delivery d JOIN notification n ON n.sid = d.notification_sid
     WHERE n.recipient_sid = $1 AND d.status = 'pending' AND d.channel = 'digest' AND d.available_at <= $2
       AND (d.locked_until IS NULL OR d.locked_until <= $2)`;
  const leased = await db.transaction(async (tx) => {
    // Queued since the last digest hour: wait for the next one.
    await tx.query(
      `UPDATE notification_delivery SET available_at = $3
        WHERE id IN (${rowsOf} AND d.created_at >= $4 FOR UPDATE OF d SKIP LOCKED)`,
      [person.recipient_sid, now, nextLocalHour(now, zone, hour), slot],
    );
    return tx.query<{ id: string }>(
      `UPDATE notification_delivery SET locked_until = $3
        WHERE id IN (${rowsOf} AND d.created_at < $4 FOR UPDATE OF d SKIP LOCKED)
        RETURNING id::text AS id`,
      [person.recipient_sid, now, until, slot],
    );
  });
  if (!leased.length) return 'none';
  const lease: Lease = { ids: leased.map((r) => r.id), until };
  try {
    const recipient = await loadRecipient(db, deps.registry, person.recipient_sid);
    const sources = await db.query<DigestSource>(
      `SELECT d.id::text AS id, e.event, e.model, e.record_sid, e.params, e.link
         FROM notification_delivery d JOIN notification_event e ON e.sid = d.event_sid
        WHERE d.id = ANY($1::bigint[]) ORDER BY e.created_at, d.id`,
      [lease.ids],
    );
    const rendered = await renderForReader(db, deps.registry, recipient.principal, recipient.language, sources);
    const mail = digestMail(
      deps.accounts,
      recipient.language,
      sources.map((s, i) => ({ event: s.event, rendered: rendered[i]! })),
    );
    await sendMail(deps, person.tenant_sid, { to: recipient.address, ...mail });
    await markSent(db, lease, deps.accounts.now());
    return 'sent';
  } catch (error) {
    await markFailed(db, lease, error, now);
    return 'failed';
  }
}

/** The digests due now, for at most `limit` people. */
export async function dispatchDigests(
  deps: DeliveryDeps,
  now: Date,
  limit: number,
): Promise<{ sent: number; failed: number }> {
  const people = await deps.accounts.db.query<{
    recipient_sid: string;
    tenant_sid: string;
    time_zone: string | null;
    digest_hour: number | null;
  }>(
    `SELECT p.recipient_sid, p.tenant_sid, s.time_zone, s.digest_hour
       FROM (SELECT DISTINCT n.recipient_sid, d.tenant_sid
               FROM notification_delivery d JOIN notification n ON n.sid = d.notification_sid
              WHERE d.status = 'pending' AND d.channel = 'digest' AND d.available_at <= $1
                AND (d.locked_until IS NULL OR d.locked_until <= $1)) p
       LEFT JOIN notification_settings s ON s.user_sid = p.recipient_sid
      ORDER BY p.recipient_sid LIMIT $2`,
    [now, limit],
  );
  const report = { sent: 0, failed: 0 };
  for (const person of people) {
    const outcome = await digestFor(deps, person, now);
    if (outcome !== 'none') report[outcome] += 1;
  }
  return report;
}
