// Saving the tenant's outgoing mail server: the password is stored sealed and never returned; the save sends
// back the `updated_at` it read and is refused (409000) when someone saved in between (db/setting-version.ts).
import { AppError } from '@ipdesk/core';
import { unchangedSince } from '../../db/setting-version.js';
import type { RequestContext } from '../../platform/context.js';
import { audit, type AccountsContext } from '../accounts/context.js';
import { resolveSmtpDestination } from '../mail/smtp-destination.js';
import type { MailSettings } from './read-mail-settings.js';

export interface MailSettingsUpdate extends MailSettings {
  /** Omitted: keep the stored one. */
  password?: string;
  /** The `updated_at` the caller read, null when nothing was saved. */
  updated_at: string | null;
}

/**
 * Saves the settings with their audit entry. A host that resolves to an internal address is refused
 * (400105) unless SMTP_ALLOW_INTERNAL_HOSTS is set; checked again at each send, since the name may change.
 */
export async function updateMailSettings(
  accounts: AccountsContext,
  ctx: RequestContext,
  input: MailSettingsUpdate,
): Promise<void> {
  await resolveSmtpDestination(input.host, { allowInternal: accounts.config.smtpAllowInternalHosts });
  const sealed = input.password !== undefined ? accounts.secrets.seal(input.password) : null;
  await accounts.db.transaction(async (tx) => {
    const saved = await tx.query(
      `INSERT INTO tenant_mail_settings AS s (tenant_sid, host, port, secure, username, password_encrypted, from_address, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (tenant_sid) DO UPDATE SET host = EXCLUDED.host, port = EXCLUDED.port, secure = EXCLUDED.secure,
         username = EXCLUDED.username, from_address = EXCLUDED.from_address, updated_at = EXCLUDED.updated_at,
         password_encrypted = COALESCE(EXCLUDED.password_encrypted, s.password_encrypted)
         WHERE ${unchangedSince('s', '$9')}
       RETURNING 1`,
      [
        ctx.tenantSid,
        input.host,
        input.port,
        input.secure,
        input.username,
        sealed,
        input.from_address,
        ctx.now,
        input.updated_at,
      ],
    );
    if (!saved.length) throw new AppError('conflict');
    await audit(tx, {
      tenantSid: ctx.tenantSid,
      actorSid: ctx.userSid,
      action: 'tenant.mail_settings_updated',
      detail: { host: input.host, port: input.port, password_changed: input.password !== undefined },
      requestId: ctx.requestId,
      at: ctx.now,
    });
  });
}
