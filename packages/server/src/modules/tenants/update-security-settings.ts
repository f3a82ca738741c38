// Saving the tenant's sign-in and password rules with their audit entry; refused (409000) when someone saved
// since the caller read them (db/setting-version.ts).
import { AppError } from '@ipdesk/core';
import { unchangedSince } from '../../db/setting-version.js';
import type { RequestContext } from '../../platform/context.js';
import { audit, type AccountsContext } from '../accounts/context.js';
import type { SecuritySettings } from './read-security-settings.js';

export async function updateSecuritySettings(
  accounts: Pick<AccountsContext, 'db'>,
  ctx: RequestContext,
  input: SecuritySettings & { updated_at: string | null },
): Promise<void> {
  const { updated_at: readAt, ...b } = input;
  await accounts.db.transaction(async (tx) => {
    const saved = await tx.query(
      `INSERT INTO tenant_security AS s (tenant_sid, password_policy, password_history_count, password_expiry_days, lockout_threshold, lockout_window_minutes, lockout_minutes, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (tenant_sid) DO UPDATE SET password_policy = EXCLUDED.password_policy, password_history_count = EXCLUDED.password_history_count,
         password_expiry_days = EXCLUDED.password_expiry_days, lockout_threshold = EXCLUDED.lockout_threshold,
         lockout_window_minutes = EXCLUDED.lockout_window_minutes, lockout_minutes = EXCLUDED.lockout_minutes, updated_at = EXCLUDED.updated_at
         WHERE ${unchangedSince('s', '$9')}
       RETURNING 1`,
      [
        ctx.tenantSid,
        b.password_policy,
        b.password_history_count,
        b.password_expiry_days,
        b.lockout_threshold,
        b.lockout_window_minutes,
        b.lockout_minutes,
        ctx.now,
        readAt,
      ],
    );
    if (!saved.length) throw new AppError('conflict');
    await audit(tx, {
      tenantSid: ctx.tenantSid,
      actorSid: ctx.userSid,
      action: 'tenant.security_updated',
      detail: b,
      requestId: ctx.requestId,
      at: ctx.now,
    });
  });
}
