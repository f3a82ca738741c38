// A user's roles: checked to be roles of the tenant and of the user's platform (1 enterprise, 2
// agency), and replaced as a whole. Every change bumps the tenant's access version, so the user's
// permissions change with their next request.
import { AppError, type ClientSide } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { audit } from '../../modules/accounts/context.js';
import { bumpAccessVersion } from '../../modules/rbac/access.js';
import type { PeopleContext } from './records.js';
import type { RequestContext } from '../../platform/context.js';

/** The distinct role sids, after checking each is a role of the tenant and platform (else 500001). */
export async function checkRoles(
  tx: Queryable,
  tenantSid: string,
  platform: ClientSide,
  roleSids: readonly string[],
): Promise<string[]> {
  const wanted = [...new Set(roleSids)];
  if (wanted.length === 0) return [];
  const found = await tx.query<{ sid: string }>(
    'SELECT sid FROM role WHERE tenant_sid = $1 AND platform = $2 AND sid = ANY($3::text[])',
    [tenantSid, platform, wanted],
  );
  if (found.length !== wanted.length) {
    throw new AppError('validation', {
      issues: [{ field: 'role_sids', labelKey: 'field.roleSids', messageKey: 'validation.invalidReference' }],
    });
  }
  return wanted;
}

/** Replaces the user's roles in the caller's transaction; answers the roles held before. */
export async function setUserRoles(tx: Queryable, userSid: string, roleSids: readonly string[]): Promise<string[]> {
  const before = await tx.query<{ role_sid: string }>('DELETE FROM user_role WHERE user_sid = $1 RETURNING role_sid', [
    userSid,
  ]);
  for (const roleSid of roleSids)
    await tx.query('INSERT INTO user_role (user_sid, role_sid) VALUES ($1, $2)', [userSid, roleSid]);
  return before.map((r) => r.role_sid).sort();
}

/** POST /model/user_info/do/roles: a user of the caller's tenant gets exactly these roles. */
export async function replaceUserRoles(
  deps: Pick<PeopleContext, 'accounts'>,
  { principal, requestId, now }: RequestContext,
  input: { user_sid: string; role_sids: readonly string[] },
): Promise<{ role_sids: string[] }> {
  return deps.accounts.db.transaction(async (tx) => {
    const users = await tx.query<{ user_type_client: ClientSide }>(
      'SELECT user_type_client FROM user_account WHERE sid = $1 AND tenant_sid = $2 FOR UPDATE',
      [input.user_sid, principal.tenantSid],
    );
    const user = users[0];
    if (!user) throw new AppError('recordNotFound');
    const roleSids = await checkRoles(tx, principal.tenantSid, user.user_type_client, input.role_sids);
    const before = await setUserRoles(tx, input.user_sid, roleSids);
    await bumpAccessVersion(tx, principal.tenantSid);
    await audit(tx, {
      tenantSid: principal.tenantSid,
      actorSid: principal.userSid,
      action: 'user.roles_replaced',
      target: `user_info:${input.user_sid}`,
      detail: { before, after: [...roleSids].sort() },
      requestId,
      at: now,
    });
    return { role_sids: roleSids };
  });
}
