// The tenant's sign-in and password rules as the settings page shows them (the defaults until saved), with
// the `updated_at` a save sends back (update-security-settings.ts).
import type { PasswordPolicy } from '@ipdesk/core';
import type { RequestContext } from '../../platform/context.js';
import type { AccountsContext } from '../accounts/context.js';
import { securityPolicy } from '../accounts/security-policy.js';

export interface SecuritySettings {
  password_policy: PasswordPolicy;
  password_history_count: number;
  password_expiry_days: number;
  lockout_threshold: number;
  lockout_window_minutes: number;
  lockout_minutes: number;
}

export async function readSecuritySettings(
  accounts: Pick<AccountsContext, 'db'>,
  ctx: Pick<RequestContext, 'tenantSid'>,
): Promise<SecuritySettings & { updated_at: Date | null }> {
  const policy = await securityPolicy(accounts.db, ctx.tenantSid);
  const saved = await accounts.db.query<{ updated_at: Date }>(
    "SELECT date_trunc('milliseconds', updated_at) AS updated_at FROM tenant_security WHERE tenant_sid = $1",
    [ctx.tenantSid],
  );
  return {
    password_policy: policy.passwordPolicy,
    password_history_count: policy.passwordHistoryCount,
    password_expiry_days: policy.passwordExpiryDays,
    lockout_threshold: policy.throttle.threshold,
    lockout_window_minutes: policy.throttle.windowMinutes,
    lockout_minutes: policy.throttle.lockMinutes,
    updated_at: saved[0]?.updated_at ?? null,
  };
}
