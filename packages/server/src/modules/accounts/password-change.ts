// Changing one's own password: the old one is required; other sessions end; the owner is told (a mandatory
// notification, mailed at once).
import { AppError } from '@ipdesk/core';
import type { RequestContext } from '../../platform/context.js';
import { audit, type AccountsContext } from './context.js';
import { openPasswordField, type PasswordField } from './password-envelope.js';
import { verifyPassword } from './password-hash.js';
import { queueAccountNotice } from './account-notices.js';
import { setPassword } from './passwords.js';
import { securityPolicy } from './security-policy.js';
import { revokeUserSessions } from './sessions.js';

export interface PasswordChange {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

/** Returns a fresh access token for the caller's session. */
export async function changeOwnPassword(
  accounts: AccountsContext,
  ctx: RequestContext,
  input: PasswordChange,
): Promise<string> {
  const { principal, requestId, now } = ctx;
  const open = (value: string, field: PasswordField) => openPasswordField(accounts.envelope, value, field);
  const oldPassword = open(input.old_password, 'old_password');
  const newPassword = open(input.new_password, 'new_password');
  const confirmation = open(input.confirm_password, 'confirm_password');
  await accounts.db.transaction(async (tx) => {
    const rows = await tx.query<{ password_hash: string | null }>(
      'SELECT password_hash FROM user_account WHERE sid = $1 AND tenant_sid = $2 FOR UPDATE',
      [principal.userSid, principal.tenantSid],
    );
    const current = rows[0];
    if (!current) throw new AppError('tokenIllegal');
    if (!current.password_hash || !(await verifyPassword(current.password_hash, oldPassword))) {
      throw new AppError('fieldRule', {
        issues: [{ field: 'old_password', labelKey: 'field.oldPassword', messageKey: 'password.oldWrong' }],
      });
    }
    await setPassword(tx, {
      userSid: principal.userSid,
      currentHash: current.password_hash,
      password: newPassword,
      confirmation,
      policy: await securityPolicy(tx, principal.tenantSid),
      now,
    });
    await revokeUserSessions(tx, principal.userSid, 'password_changed', now, principal.sessionSid);
    await audit(tx, {
      tenantSid: principal.tenantSid,
      actorSid: principal.userSid,
      action: 'password.changed',
      requestId,
      at: now,
    });
    await queueAccountNotice(tx, {
      tenantSid: principal.tenantSid,
      userSid: principal.userSid,
      event: 'account.passwordChanged',
      now,
    });
  });
  return accounts.tokens.issue({
    userSid: principal.userSid,
    tenantSid: principal.tenantSid,
    sessionSid: principal.sessionSid,
    side: principal.side,
  });
}
