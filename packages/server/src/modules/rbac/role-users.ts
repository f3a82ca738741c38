// Who holds a role: the list, and adding or removing users. Users must be of the role's tenant (else
// 404) and sign in on the role's platform (else 500001 naming "add"), since loadAccess only honours
// roles of the user's own platform.
import { AppError } from '@ipdesk/core';
import type { Database, Queryable } from '../../db/database.js';
import { audit } from '../accounts/context.js';
import { bumpAccessVersion } from './access.js';
import { invalid } from './role-permissions.js';
import { readRole } from './roles.js';
import type { RequestContext } from '../../platform/context.js';

export interface RoleUser {
  sid: string;
  account: string;
  name: string;
}

export async function listRoleUsers(q: Queryable, tenantSid: string, roleSid: string): Promise<RoleUser[]> {
  await readRole(q, tenantSid, roleSid);
  return q.query<RoleUser>(
    `SELECT u.sid, u.account, u.name FROM user_role ur JOIN user_account u ON u.sid = ur.user_sid
      WHERE ur.role_sid = $1 AND u.tenant_sid = $2 ORDER BY u.account, u.sid`,
    [roleSid, tenantSid],
  );
}

/** Adds, then removes, the given users; a user in both lists ends without the role. */
export async function changeRoleUsers(
  db: Database,
  ctx: RequestContext,
  input: { sid: string; add?: string[]; remove?: string[] },
): Promise<RoleUser[]> {
  const add = [...new Set(input.add ?? [])];
  const remove = [...new Set(input.remove ?? [])];
  return db.transaction(async (tx) => {
    const role = await readRole(tx, ctx.tenantSid, input.sid, true);
    const wanted = [...new Set([...add, ...remove])];
    const users = await tx.query<{ sid: string; account: string; user_type_client: number }>(
      'SELECT sid, account, user_type_client FROM user_account WHERE tenant_sid = $1 AND sid = ANY($2::text[])',
      [ctx.tenantSid, wanted],
    );
    const bySid = new Map(users.map((u) => [u.sid, u]));
    if (wanted.some((sid) => !bySid.has(sid))) throw new AppError('recordNotFound');
    const other = add.map((sid) => bySid.get(sid)!).find((u) => u.user_type_client !== role.platform);
    if (other) invalid('add', 'field.roleUsersAdd', 'validation.roleUserPlatform', { account: other.account });

    const added = await tx.query<{ user_sid: string }>(
      `INSERT INTO user_role (user_sid, role_sid) SELECT u, $1 FROM unnest($2::text[]) AS u
       ON CONFLICT DO NOTHING RETURNING user_sid`,
      [input.sid, add],
    );
    const removed = await tx.query<{ user_sid: string }>(
      'DELETE FROM user_role WHERE role_sid = $1 AND user_sid = ANY($2::text[]) RETURNING user_sid',
      [input.sid, remove],
    );
    if (added.length || removed.length) {
      await bumpAccessVersion(tx, ctx.tenantSid);
      await audit(tx, {
        tenantSid: ctx.tenantSid,
        actorSid: ctx.userSid,
        action: 'role.users_changed',
        target: `role:${input.sid}`,
        detail: { added: added.map((r) => r.user_sid), removed: removed.map((r) => r.user_sid) },
        requestId: ctx.requestId,
        at: ctx.now,
      });
    }
    return listRoleUsers(tx, ctx.tenantSid, input.sid);
  });
}
