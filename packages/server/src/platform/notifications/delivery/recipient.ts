// The person a mail or a digest goes to, as they are at send time: still active, their address, their
// mail language, time zone, quiet hours and digest hour (defaults when they never set them), and the
// principal their rights are checked with.
import type { Language } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import type { Principal } from '../../context.js';
import type { ModelRegistry } from '../../models/registry.js';
import { recipientPrincipal } from '../notify.js';
import { knownTimeZone } from './local-time.js';
import { DeliveryFailure } from './retry.js';

export interface Recipient {
  sid: string;
  account: string;
  address: string;
  language: Language;
  timeZone: string;
  quietFrom: number | null;
  quietTo: number | null;
  digestHour: number;
  principal: Principal;
}

interface RecipientRow {
  sid: string;
  tenant_sid: string;
  account: string;
  side: 1 | 2;
  is_tenant_admin: boolean;
  status: number;
  email: string | null;
  language: Language | null;
  time_zone: string | null;
  quiet_from: number | null;
  quiet_to: number | null;
  digest_hour: number | null;
}

/** The recipient now; a final DeliveryFailure when their account is disabled or has no address. */
export async function loadRecipient(db: Queryable, registry: ModelRegistry, userSid: string): Promise<Recipient> {
  const [row] = await db.query<RecipientRow>(
    `SELECT u.sid, u.tenant_sid, u.account, u.user_type_client AS side, u.is_tenant_admin, u.status, u.email,
            s.language, s.time_zone, s.quiet_from, s.quiet_to, s.digest_hour
       FROM user_account u LEFT JOIN notification_settings s ON s.user_sid = u.sid
      WHERE u.sid = $1`,
    [userSid],
  );
  if (!row || row.status !== 1) throw new DeliveryFailure('recipientInactive', '', true);
  const address = row.email?.trim();
  if (!address) throw new DeliveryFailure('recipientNoAddress', '', true);
  return {
    sid: row.sid,
    account: row.account,
    address,
    language: row.language ?? 'zh-CN',
    timeZone: knownTimeZone(row.time_zone),
    quietFrom: row.quiet_from,
    quietTo: row.quiet_to,
    digestHour: row.digest_hour ?? 8,
    principal: await recipientPrincipal(db, registry, row),
  };
}
