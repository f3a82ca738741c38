// Who hears of an escalated deadline: the assignee's department lead and the tenant's IP supervisors.
//
// - Department lead: the nearest leader up the assignee's department chain who is not the assignee (their
//   person record's department, as the workflow's "leader" approver choice reads it).
// - IP supervisors: the active holders of a role coded `ip_supervisor` (or `ipSupervisor`), the same people
//   the workflow's "IP supervisor" approver choice asks; a tenant names its supervisors by giving them
//   that role. No new resource or setting is needed, and both places agree on who supervises.
// Both are then filtered by queueNotification like anyone else (they must be able to read the case).
import { personModel, tableOf } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import type { ModelRegistry } from '../../models/registry.js';

export const SUPERVISOR_ROLE_CODES = ['ip_supervisor', 'ipsupervisor'] as const;

/** The active IP supervisors of the tenant (read once per reminder run). */
export async function ipSupervisors(tx: Queryable, tenantSid: string): Promise<string[]> {
  const rows = await tx.query<{ user_sid: string }>(
    `SELECT DISTINCT ur.user_sid FROM user_role ur
       JOIN role r ON r.sid = ur.role_sid
       JOIN user_account u ON u.sid = ur.user_sid
      WHERE r.tenant_sid = $1 AND r.status = 1 AND lower(r.code) = ANY($2::text[]) AND u.status = 1
      ORDER BY ur.user_sid`,
    [tenantSid, [...SUPERVISOR_ROLE_CODES]],
  );
  return rows.map((r) => r.user_sid);
}

/** The nearest leader above the user in their department chain (not themself), if any. */
export async function departmentLead(
  tx: Queryable,
  registry: ModelRegistry,
  tenantSid: string,
  userSid: string,
): Promise<string | undefined> {
  const people = registry.get(personModel.name)?.table ?? tableOf(personModel);
  const rows = await tx.query<{ leader_sid: string | null }>(
    `WITH RECURSIVE start AS (
       SELECT department FROM ${people}
        WHERE tenant_sid = $1 AND account_user = $2 AND department IS NOT NULL
        ORDER BY (status = 'active') DESC, updated_at DESC LIMIT 1
     ), chain AS (
       SELECT d.sid, d.parent_sid, d.leader_sid, 1 AS depth
         FROM department d JOIN start s ON d.sid = s.department WHERE d.tenant_sid = $1
       UNION ALL
       SELECT d.sid, d.parent_sid, d.leader_sid, c.depth + 1
         FROM department d JOIN chain c ON d.sid = c.parent_sid
        WHERE c.depth < 64 AND d.tenant_sid = $1
     )
     SELECT leader_sid FROM chain WHERE leader_sid IS NOT NULL AND leader_sid <> $2 ORDER BY depth LIMIT 1`,
    [tenantSid, userSid],
  );
  return rows[0]?.leader_sid ?? undefined;
}
