// The `email` channel: one notification mailed to one person at once, rendered for them as they are at send
// time (their language, their rights: a record they can no longer read is named "a record you cannot see",
// without a link). Inside their quiet hours it waits for their end; account events (MANDATORY_EVENTS) do not
// wait, a person must learn at once that their account was locked or its password changed.
import { AppError, MANDATORY_EVENTS, type NotificationEvent, type NotificationParams } from '@ipdesk/core';
import { renderForReader } from '../for-reader.js';
import type { DeliveryDeps } from './deps.js';
import { quietHoursEnd } from './local-time.js';
import { notificationMail } from './mail-text.js';
import { loadRecipient } from './recipient.js';
import { DeliveryFailure } from './retry.js';

export type SendOutcome = { kind: 'sent' } | { kind: 'postponed'; until: Date };

interface NotificationRow {
  recipient_sid: string;
  event: NotificationEvent;
  model: string | null;
  record_sid: string | null;
  params: NotificationParams;
  link: string | null;
}

/** Sends the mail through the tenant's mailer, its errors told as delivery failures (retried). */
export async function sendMail(
  deps: DeliveryDeps,
  tenantSid: string,
  mail: { to: string; subject: string; text: string },
): Promise<void> {
  try {
    await deps.accounts.mail.send(tenantSid, mail);
  } catch (error) {
    if (error instanceof AppError && (error.message === 'mailNotConfigured' || error.message === 'mailSendFailed')) {
      const cause = error.cause instanceof Error ? error.cause.message : '';
      throw new DeliveryFailure(error.message, cause);
    }
    throw error;
  }
}

export async function sendEmailDelivery(
  deps: DeliveryDeps,
  delivery: { tenant_sid: string; notification_sid: string | null },
  now: Date,
): Promise<SendOutcome> {
  const db = deps.accounts.db;
  const [row] = await db.query<NotificationRow>(
    `SELECT n.recipient_sid, e.event, e.model, e.record_sid, e.params, e.link
       FROM notification n JOIN notification_event e ON e.sid = n.event_sid
      WHERE n.sid = $1 AND n.tenant_sid = $2`,
    [delivery.notification_sid, delivery.tenant_sid],
  );
  if (!row) throw new DeliveryFailure('recipientInactive', 'notification deleted', true);
  const recipient = await loadRecipient(db, deps.registry, row.recipient_sid);
  if (!MANDATORY_EVENTS.has(row.event)) {
    const until = quietHoursEnd(now, recipient.timeZone, recipient.quietFrom, recipient.quietTo);
    if (until) return { kind: 'postponed', until };
  }
  const [rendered] = await renderForReader(db, deps.registry, recipient.principal, recipient.language, [row]);
  const mail = notificationMail(deps.accounts, recipient.language, row.event, rendered!);
  await sendMail(deps, delivery.tenant_sid, { to: recipient.address, ...mail });
  return { kind: 'sent' };
}
