// The `webhook` channel: one signed post per cause to the tenant's own receiver (a chat bot, say). The payload
// carries no record titles, on purpose: whoever reads the chat channel may not be allowed to read the record,
// and the receiver cannot ask us who may; the titles say which kind of record ("专利"/"Patent") and the link
// opens it for whoever may. Payload: id (the delivery's, for the receiver's dedupe), event, tenant, record
// (model and sid), link (absolute), created_at, recipients (account names) and titles in zh-CN and en.
import {
  LANGUAGES,
  labelIn,
  notificationTitle,
  type Language,
  type NotificationEvent,
  type NotificationParams,
} from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import type { SealedBox } from '../../../modules/security/sealed-box.js';
import type { ModelRegistry } from '../../models/registry.js';
import { recordPath } from '../for-reader.js';
import type { DeliveryDeps } from './deps.js';
import { appUrl, type LinkContext } from './links.js';
import { DeliveryFailure } from './retry.js';
import { resolveWebhookDestination, type WebhookDestination } from './webhook-destination.js';
import { postWebhook } from './webhook-post.js';

export interface WebhookPayload {
  id: string;
  event: string;
  tenant: { sid: string; code: string };
  record: { model: string; sid: string } | null;
  link: string | null;
  created_at: string;
  recipients: string[];
  titles: Record<Language, string>;
}

export interface TenantWebhook {
  url: string;
  secret: string;
  tenantCode: string;
}

/** The tenant's webhook with its secret opened, or undefined when it has none. */
export async function tenantWebhook(
  db: Queryable,
  secrets: SealedBox,
  tenantSid: string,
): Promise<TenantWebhook | undefined> {
  const [row] = await db.query<{ webhook_url: string | null; webhook_secret_encrypted: string | null; code: string }>(
    `SELECT s.webhook_url, s.webhook_secret_encrypted, t.code
       FROM tenant t LEFT JOIN tenant_notification_settings s ON s.tenant_sid = t.sid WHERE t.sid = $1`,
    [tenantSid],
  );
  if (!row?.webhook_url || !row.webhook_secret_encrypted) return undefined;
  return { url: row.webhook_url, secret: secrets.open(row.webhook_secret_encrypted), tenantCode: row.code };
}

/** The address checked now (the name may point elsewhere since it was saved): refused ones are retried. */
export async function webhookDestination(deps: DeliveryDeps, url: string): Promise<WebhookDestination> {
  try {
    return await resolveWebhookDestination(url, { allowInternal: deps.accounts.config.smtpAllowInternalHosts });
  } catch (error) {
    throw new DeliveryFailure('webhookHostForbidden', error instanceof Error ? error.message : String(error));
  }
}

interface EventRow {
  event: NotificationEvent;
  model: string | null;
  record_sid: string | null;
  params: NotificationParams;
  link: string | null;
  created_at: Date;
}

export function webhookPayload(
  ctx: LinkContext,
  registry: ModelRegistry,
  input: { id: string; tenantSid: string; tenantCode: string; event: EventRow; recipients: string[] },
): WebhookPayload {
  const { event } = input;
  const model = event.model ? registry.get(event.model) : undefined;
  const path = event.link ?? (event.model && event.record_sid ? recordPath(event.model, event.record_sid) : null);
  const titles = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      notificationTitle(
        event.event,
        event.params,
        language,
        model ? { title: labelIn(model.declaration.label, language) } : {},
      ),
    ]),
  ) as Record<Language, string>;
  return {
    id: input.id,
    event: event.event,
    tenant: { sid: input.tenantSid, code: input.tenantCode },
    record: event.model && event.record_sid ? { model: event.model, sid: event.record_sid } : null,
    link: path ? appUrl(ctx, path) : null,
    created_at: event.created_at.toISOString(),
    recipients: input.recipients,
    titles,
  };
}

export async function sendWebhookDelivery(
  deps: DeliveryDeps,
  delivery: { id: string; tenant_sid: string; event_sid: string },
  now: Date,
): Promise<void> {
  const db = deps.accounts.db;
  const hook = await tenantWebhook(db, deps.accounts.secrets, delivery.tenant_sid);
  if (!hook) throw new DeliveryFailure('webhookNotConfigured', '', true);
  const [event] = await db.query<EventRow>(
    'SELECT event, model, record_sid, params, link, created_at FROM notification_event WHERE sid = $1',
    [delivery.event_sid],
  );
  if (!event) throw new DeliveryFailure('internal', 'event deleted', true);
  const recipients = await db.query<{ account: string }>(
    `SELECT u.account FROM notification n JOIN user_account u ON u.sid = n.recipient_sid
      WHERE n.event_sid = $1 ORDER BY u.account`,
    [delivery.event_sid],
  );
  const payload = webhookPayload(deps.accounts, deps.registry, {
    id: delivery.id,
    tenantSid: delivery.tenant_sid,
    tenantCode: hook.tenantCode,
    event,
    recipients: recipients.map((r) => r.account),
  });
  await postWebhook(await webhookDestination(deps, hook.url), {
    secret: hook.secret,
    event: payload.event,
    deliveryId: payload.id,
    body: JSON.stringify(payload),
    now,
  });
}
