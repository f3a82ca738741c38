// The tenant's outgoing mail server as the settings page shows it: never its password, and the `updated_at`
// a save sends back (update-mail-settings.ts).
import type { RequestContext } from '../../platform/context.js';
import type { AccountsContext } from '../accounts/context.js';

export interface MailSettings {
  host: string;
  port: number;
  secure: boolean;
  username: string | null;
  from_address: string;
}

export interface StoredMailSettings extends MailSettings {
  has_password: boolean;
  updated_at: Date;
}

/** The saved settings without the password (null when none were saved yet). */
export async function readMailSettings(
  accounts: Pick<AccountsContext, 'db'>,
  ctx: Pick<RequestContext, 'tenantSid'>,
): Promise<StoredMailSettings | null> {
  const rows = await accounts.db.query<StoredMailSettings>(
    `SELECT host, port, secure, username, from_address, password_encrypted IS NOT NULL AS has_password,
            date_trunc('milliseconds', updated_at) AS updated_at
       FROM tenant_mail_settings WHERE tenant_sid = $1`,
    [ctx.tenantSid],
  );
  return rows[0] ?? null;
}
