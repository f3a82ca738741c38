// What a tenant administrator does to other accounts: set a temporary password, unlock a sign-in.
import { AppError } from '@ipdesk/core';
import type { Principal } from '../../http/context.js';
import { audit, type AccountsContext } from './context.js';
import { setPassword } from './passwords.js';
import { securityPolicy } from './security-policy.js';
import { revokeUserSessions } from './sessions.js';
import { findUser } from './users.js';

export async function adminSetPassword(
  ctx: AccountsContext,
  admin: Principal,
  input: { userSid: string; password: string; confirmation: string },
  requestId: string,
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const user = await findUser(tx, admin.tenantSid, input.userSid, true);
    if (!user) throw new AppError('notFound');
    await setPassword(tx, {
      userSid: user.sid,
      currentHash: null,
      password: input.password,
      confirmation: input.confirmation,
      policy: await securityPolicy(tx, admin.tenantSid),
      temporary: true,
      now,
    });
    await tx.query('DELETE FROM login_throttle WHERE subject = $1', [user.sid]);
    await revokeUserSessions(tx, user.sid, 'password_set_by_admin', now);
    await audit(tx, {
      tenantSid: admin.tenantSid,
      actorSid: admin.userSid,
      action: 'user.password_set_by_admin',
      target: user.sid,
      requestId,
      at: now,
    });
  });
}

export async function unlockUser(
  ctx: AccountsContext,
  admin: Principal,
  userSid: string,
  requestId: string,
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const user = await findUser(tx, admin.tenantSid, userSid);
    if (!user) throw new AppError('notFound');
    await tx.query('DELETE FROM login_throttle WHERE subject = $1', [user.sid]);
    await audit(tx, {
      tenantSid: admin.tenantSid,
      actorSid: admin.userSid,
      action: 'user.unlocked',
      target: user.sid,
      requestId,
      at: now,
    });
  });
}
