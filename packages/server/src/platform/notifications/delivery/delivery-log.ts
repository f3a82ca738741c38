// The administrator's log of deliveries (GET /webapi/notification-deliveries): the tenant's deliveries,
// newest first, by status and channel, each with the notification as the administrator may read it, its
// recipient, attempts and why it failed (in the administrator's language); and the resend of one
// (POST …/{id}/do/resend): back to pending, attempts reset, audited, in one transaction.
import {
  AppError,
  isDeliveryFailureReason,
  notificationEventLabel,
  translate,
  type DeliveryChannel,
  type DeliveryStatus,
  type MessageKey,
  type NotificationEvent,
  type NotificationParams,
} from '@ipdesk/core';
import { audit, type AccountsContext } from '../../../modules/accounts/context.js';
import type { RequestContext } from '../../context.js';
import type { ModelRegistry } from '../../models/registry.js';
import { renderForReader } from '../for-reader.js';

export interface DeliveryLogQuery {
  status?: DeliveryStatus;
  channel?: DeliveryChannel;
  /** The id of the last row of the previous page. */
  before?: string;
  limit: number;
}

export interface DeliveryLogItem {
  id: string;
  channel: DeliveryChannel;
  status: DeliveryStatus;
  attempts: number;
  event: NotificationEvent;
  event_label: string;
  title: string;
  link: string | null;
  recipient: { account: string; name: string } | null;
  reason_code: string | null;
  reason: string | null;
  created_at: Date;
  available_at: Date;
  sent_at: Date | null;
}

interface LogRow {
  id: string;
  channel: DeliveryChannel;
  status: DeliveryStatus;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  available_at: Date;
  sent_at: Date | null;
  event: NotificationEvent;
  model: string | null;
  record_sid: string | null;
  params: NotificationParams;
  link: string | null;
  recipient_account: string | null;
  recipient_name: string | null;
}

/** last_error as `<reason>: <detail>` → the reason's code and its words in the language, detail after. */
function reasonOf(lastError: string | null, language: RequestContext['language']) {
  if (!lastError) return { reason_code: null, reason: null };
  const at = lastError.indexOf(': ');
  const code = at < 0 ? lastError : lastError.slice(0, at);
  const detail = at < 0 ? '' : lastError.slice(at + 2);
  if (!isDeliveryFailureReason(code)) return { reason_code: null, reason: lastError };
  const words = translate(language, `notificationDelivery.reason.${code}` as MessageKey);
  return { reason_code: code, reason: detail ? `${words} (${detail})` : words };
}

export async function listDeliveries(
  deps: { accounts: Pick<AccountsContext, 'db'>; registry: ModelRegistry },
  ctx: RequestContext,
  query: DeliveryLogQuery,
): Promise<{ items: DeliveryLogItem[]; next: string | null }> {
  const db = deps.accounts.db;
  const rows = await db.query<LogRow>(
    `SELECT d.id::text AS id, d.channel, d.status, d.attempts, d.last_error, d.created_at, d.available_at, d.sent_at,
            e.event, e.model, e.record_sid, e.params, e.link, u.account AS recipient_account, u.name AS recipient_name
       FROM notification_delivery d
       JOIN notification_event e ON e.sid = d.event_sid
       LEFT JOIN notification n ON n.sid = d.notification_sid
       LEFT JOIN user_account u ON u.sid = n.recipient_sid
      WHERE d.tenant_sid = $1 AND ($2::text IS NULL OR d.status = $2) AND ($3::text IS NULL OR d.channel = $3)
        AND ($4::bigint IS NULL OR d.id < $4::bigint)
      ORDER BY d.id DESC LIMIT $5`,
    [ctx.tenantSid, query.status ?? null, query.channel ?? null, query.before ?? null, query.limit],
  );
  const rendered = await renderForReader(db, deps.registry, ctx.principal, ctx.language, rows);
  const items = rows.map((row, i): DeliveryLogItem => {
    const r = rendered[i]!;
    return {
      id: row.id,
      channel: row.channel,
      status: row.status,
      attempts: row.attempts,
      event: row.event,
      event_label: notificationEventLabel(row.event, ctx.language),
      title: r.title,
      link: r.link,
      recipient: row.recipient_account ? { account: row.recipient_account, name: row.recipient_name ?? '' } : null,
      ...reasonOf(row.last_error, ctx.language),
      created_at: row.created_at,
      available_at: row.available_at,
      sent_at: row.sent_at,
    };
  });
  return { items, next: rows.length === query.limit ? rows.at(-1)!.id : null };
}

/** Puts a sent or failed delivery back to be sent now: 404490 unknown (or another tenant's), 409491 pending. */
export async function resendDelivery(
  accounts: Pick<AccountsContext, 'db'>,
  ctx: RequestContext,
  id: string,
): Promise<void> {
  await accounts.db.transaction(async (tx) => {
    const [row] = await tx.query<{ status: DeliveryStatus; channel: DeliveryChannel }>(
      'SELECT status, channel FROM notification_delivery WHERE id = $1::bigint AND tenant_sid = $2 FOR UPDATE',
      [id, ctx.tenantSid],
    );
    if (!row) throw new AppError('deliveryNotFound');
    if (row.status === 'pending') throw new AppError('deliveryPending');
    await tx.query(
      `UPDATE notification_delivery SET status = 'pending', attempts = 0, available_at = $2, locked_until = NULL,
              last_error = NULL, sent_at = NULL
        WHERE id = $1::bigint`,
      [id, ctx.now],
    );
    await audit(tx, {
      tenantSid: ctx.tenantSid,
      actorSid: ctx.userSid,
      action: 'notification_delivery.resent',
      target: id,
      detail: { channel: row.channel, status: row.status },
      requestId: ctx.requestId,
      at: ctx.now,
    });
  });
}
