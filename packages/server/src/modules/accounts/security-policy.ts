// A tenant's sign-in and password rules (tenant_security), with defaults when none are stored.
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { DEFAULT_THROTTLE, type ThrottlePolicy } from './login-throttle.js';

export interface SecurityPolicy {
  passwordPolicy: PasswordPolicy;
  passwordHistoryCount: number;
  /** 0 = passwords never expire. */
  passwordExpiryDays: number;
  throttle: ThrottlePolicy;
}

export const DEFAULT_SECURITY: SecurityPolicy = {
  passwordPolicy: DEFAULT_PASSWORD_POLICY,
  passwordHistoryCount: 5,
  passwordExpiryDays: 90,
  throttle: DEFAULT_THROTTLE,
};

export async function securityPolicy(tx: Queryable, tenantSid: string): Promise<SecurityPolicy> {
  const rows = await tx.query<{
    password_policy: PasswordPolicy;
    password_history_count: number;
    password_expiry_days: number;
    lockout_threshold: number;
    lockout_window_minutes: number;
    lockout_minutes: number;
  }>('SELECT * FROM tenant_security WHERE tenant_sid = $1', [tenantSid]);
  const row = rows[0];
  if (!row) return DEFAULT_SECURITY;
  return {
    passwordPolicy: row.password_policy,
    passwordHistoryCount: row.password_history_count,
    passwordExpiryDays: row.password_expiry_days,
    throttle: {
      threshold: row.lockout_threshold,
      windowMinutes: row.lockout_window_minutes,
      lockMinutes: row.lockout_minutes,
    },
  };
}

export function passwordExpired(changedAt: Date | null, policy: SecurityPolicy, now: Date): boolean {
  if (policy.passwordExpiryDays === 0 || !changedAt) return false;
  return now.getTime() - changedAt.getTime() > policy.passwordExpiryDays * 86_400_000;
}
