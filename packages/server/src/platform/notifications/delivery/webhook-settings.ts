// The tenant's webhook as its administrators set it (GET/POST /webapi/setting/tenant/webhook): the address,
// checked against internal addresses (webhook-destination.ts), and a signing secret stored sealed and never
// returned (the answer says only whether one is set; typing a new one rotates it). An empty address turns
// the webhook off and forgets the secret. Saves send back the `updated_at` they read (409000 when someone
// saved the tenant's notification settings in between). "Send a test message" posts a signed test payload.
import { AppError, LANGUAGES, newSid, translate, type Language, type MessageKey } from '@ipdesk/core';
import { unchangedSince } from '../../../db/setting-version.js';
import { audit, type AccountsContext } from '../../../modules/accounts/context.js';
import type { RequestContext } from '../../context.js';
import { appUrl } from './links.js';
import { DeliveryFailure } from './retry.js';
import { tenantWebhook, type WebhookPayload } from './webhook.js';
import { resolveWebhookDestination } from './webhook-destination.js';
import { postWebhook } from './webhook-post.js';

export interface WebhookSettings {
  url: string | null;
  has_secret: boolean;
  /** Null when the tenant's notification settings were never saved. */
  updated_at: Date | null;
}

export async function readWebhookSettings(
  accounts: Pick<AccountsContext, 'db'>,
  ctx: Pick<RequestContext, 'tenantSid'>,
): Promise<WebhookSettings> {
  const [row] = await accounts.db.query<WebhookSettings>(
    `SELECT webhook_url AS url, webhook_secret_encrypted IS NOT NULL AS has_secret,
            date_trunc('milliseconds', webhook_updated_at) AS updated_at
       FROM tenant_notification_settings WHERE tenant_sid = $1`,
    [ctx.tenantSid],
  );
  return row ?? { url: null, has_secret: false, updated_at: null };
}

export interface WebhookSettingsUpdate {
  /** Null or empty: no webhook. */
  url: string | null;
  /** Omitted: keep the stored one. */
  secret?: string;
  updated_at: string | null;
}

export async function updateWebhookSettings(
  accounts: AccountsContext,
  ctx: RequestContext,
  input: WebhookSettingsUpdate,
): Promise<void> {
  const url = input.url?.trim() || null;
  if (url) await resolveWebhookDestination(url, { allowInternal: accounts.config.smtpAllowInternalHosts });
  const sealed = url && input.secret !== undefined ? accounts.secrets.seal(input.secret) : null;
  await accounts.db.transaction(async (tx) => {
    const [stored] = await tx.query<{ has_secret: boolean }>(
      `SELECT webhook_secret_encrypted IS NOT NULL AS has_secret FROM tenant_notification_settings
        WHERE tenant_sid = $1 FOR UPDATE`,
      [ctx.tenantSid],
    );
    if (url && !sealed && !stored?.has_secret) throw new AppError('webhookSecretRequired');
    const saved = await tx.query(
      `INSERT INTO tenant_notification_settings AS s (tenant_sid, webhook_url, webhook_secret_encrypted, webhook_updated_at)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (tenant_sid) DO UPDATE SET webhook_url = EXCLUDED.webhook_url, webhook_updated_at = EXCLUDED.webhook_updated_at,
         webhook_secret_encrypted = CASE WHEN EXCLUDED.webhook_url IS NULL THEN NULL
                                         ELSE COALESCE(EXCLUDED.webhook_secret_encrypted, s.webhook_secret_encrypted) END
         WHERE ${unchangedSince('s', '$5', 'webhook_updated_at')}
       RETURNING 1`,
      [ctx.tenantSid, url, sealed, ctx.now, input.updated_at],
    );
    if (!saved.length) throw new AppError('conflict');
    // The address's path may itself be a credential (many chat tools' hooks are): the audit keeps its host.
    await audit(tx, {
      tenantSid: ctx.tenantSid,
      actorSid: ctx.userSid,
      action: 'tenant.webhook_updated',
      detail: { host: url ? new URL(url).host : null, secret_changed: sealed !== null },
      requestId: ctx.requestId,
      at: ctx.now,
    });
  });
}

/** A delivery failure in words of the caller's language (its reason, then the detail). */
export function failureInWords(error: DeliveryFailure, language: Language): string {
  const reason = translate(language, `notificationDelivery.reason.${error.reason}` as MessageKey);
  return error.detail ? `${reason} (${error.detail})` : reason;
}

/** Posts a signed test payload (event `webhook.test`) to the saved webhook; audited once delivered. */
export async function sendWebhookTest(accounts: AccountsContext, ctx: RequestContext): Promise<void> {
  const hook = await tenantWebhook(accounts.db, accounts.secrets, ctx.tenantSid);
  if (!hook) throw new AppError('webhookNotConfigured');
  const destination = await resolveWebhookDestination(hook.url, {
    allowInternal: accounts.config.smtpAllowInternalHosts,
  });
  const payload: WebhookPayload = {
    id: `test-${newSid()}`,
    event: 'webhook.test',
    tenant: { sid: ctx.tenantSid, code: hook.tenantCode },
    record: null,
    link: appUrl(accounts, ''),
    created_at: ctx.now.toISOString(),
    recipients: [],
    titles: Object.fromEntries(
      LANGUAGES.map((language) => [language, translate(language, 'notificationWebhook.testTitle')]),
    ) as Record<Language, string>,
  };
  try {
    await postWebhook(destination, {
      secret: hook.secret,
      event: payload.event,
      deliveryId: payload.id,
      body: JSON.stringify(payload),
      now: ctx.now,
    });
  } catch (error) {
    if (error instanceof DeliveryFailure)
      throw new AppError('webhookTestFailed', { params: { reason: failureInWords(error, ctx.language) } });
    throw error;
  }
  await audit(accounts.db, {
    tenantSid: ctx.tenantSid,
    actorSid: ctx.userSid,
    action: 'tenant.webhook_test_sent',
    detail: { host: new URL(hook.url).host },
    requestId: ctx.requestId,
    at: ctx.now,
  });
}
