// What a tenant administrator does to accounts: set a temporary password, see and clear sign-in locks.
// Enterprise accounts are managed by holders of person:account, agency accounts by holders of
// agent:account (the person and agent pages offer these actions). An administrator's own password
// goes through this path only with the current password (issue 15 #7): otherwise a stolen access
// token could be turned into a permanent takeover.
import { AppError } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { RequestContext } from '../../platform/context.js';
import { queueAccountNotice } from './account-notices.js';
import { audit, type AccountsContext } from './context.js';
import { clearAllFailures, lockState, type LockState } from './login-throttle.js';
import { verifyPassword } from './password-hash.js';
import { setPassword } from './passwords.js';
import { securityPolicy } from './security-policy.js';
import { revokeUserSessions } from './sessions.js';
import { findUser, type UserRow } from './users.js';

/** The resource that lets one manage accounts of a side (1 enterprise, 2 agency). */
export const ACCOUNT_RESOURCES = { 1: 'person:account', 2: 'agent:account' } as const;

/** The tenant's user the caller may manage, or notFound / permissionDenied. */
async function managedUser(tx: Queryable, ctx: RequestContext, userSid: string, lock = false): Promise<UserRow> {
  const user = await findUser(tx, ctx.tenantSid, userSid, lock);
  if (!user) throw new AppError('notFound');
  if (!ctx.principal.access.resources.has(ACCOUNT_RESOURCES[user.user_type_client]))
    throw new AppError('permissionDenied');
  return user;
}

export interface AdminPasswordSet {
  userSid: string;
  password: string;
  confirmation: string;
  /** Required when the administrator sets their own password. */
  currentPassword: string | undefined;
}

export async function adminSetPassword(
  accounts: Pick<AccountsContext, 'db'>,
  ctx: RequestContext,
  input: AdminPasswordSet,
): Promise<void> {
  const { now } = ctx;
  const own = input.userSid === ctx.userSid;
  await accounts.db.transaction(async (tx) => {
    const user = await managedUser(tx, ctx, input.userSid, true);
    if (
      own &&
      !(
        input.currentPassword !== undefined &&
        user.password_hash &&
        (await verifyPassword(user.password_hash, input.currentPassword))
      )
    ) {
      throw new AppError('fieldRule', {
        issues: [
          {
            field: 'old_password',
            labelKey: 'field.oldPassword',
            messageKey: input.currentPassword === undefined ? 'password.oldRequired' : 'password.oldWrong',
          },
        ],
      });
    }
    await setPassword(tx, {
      userSid: user.sid,
      currentHash: own ? user.password_hash : null,
      password: input.password,
      confirmation: input.confirmation,
      policy: await securityPolicy(tx, ctx.tenantSid),
      // Someone else's password is only a temporary one: its owner must choose their own at sign-in.
      temporary: !own,
      now,
    });
    await clearAllFailures(tx, user.sid);
    // Every session of the account ends; one's own current session stays, as on a password change.
    await revokeUserSessions(tx, user.sid, 'password_set_by_admin', now, own ? ctx.principal.sessionSid : undefined);
    await audit(tx, {
      tenantSid: ctx.tenantSid,
      actorSid: ctx.userSid,
      action: own ? 'password.changed' : 'user.password_set',
      target: user.sid,
      requestId: ctx.requestId,
      at: now,
    });
    await queueAccountNotice(tx, {
      tenantSid: ctx.tenantSid,
      userSid: user.sid,
      event: own ? 'account.passwordChanged' : 'account.passwordReset',
      actorSid: ctx.userSid,
      now,
    });
  });
}

export async function unlockUser(
  accounts: Pick<AccountsContext, 'db'>,
  ctx: RequestContext,
  userSid: string,
): Promise<void> {
  await accounts.db.transaction(async (tx) => {
    const user = await managedUser(tx, ctx, userSid);
    await clearAllFailures(tx, user.sid);
    await audit(tx, {
      tenantSid: ctx.tenantSid,
      actorSid: ctx.userSid,
      action: 'user.unlocked',
      target: user.sid,
      requestId: ctx.requestId,
      at: ctx.now,
    });
  });
}

/** An account's failed sign-ins as an administrator sees them (at ctx.now): whether it is locked, and where from. */
export async function userLockState(
  accounts: Pick<AccountsContext, 'db'>,
  ctx: RequestContext,
  userSid: string,
): Promise<LockState> {
  const user = await managedUser(accounts.db, ctx, userSid);
  const policy = await securityPolicy(accounts.db, ctx.tenantSid);
  return lockState(accounts.db, user.sid, policy.throttle, ctx.now);
}
