// The approvers a process from another modeler names in its vendor's attributes (camunda:assignee,
// flowable:candidateGroups, …), resolved in the importing tenant: an account names an active user, a group a
// role by its code (case-insensitive both). What resolves becomes the task's approvers; what does not is
// listed, so the user chooses approvers for those steps in the designer.
import {
  ASSIGNEE_KIND,
  isExpression,
  type AssigneeAttribute,
  type ForeignAssignment,
  type ImportBinding,
} from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';

/** One value of the file and what it became. */
export interface MappedAssignee {
  nodeId: string;
  nodeName: string;
  vendor: string;
  attribute: AssigneeAttribute;
  value: string;
  kind: 'user' | 'role';
  /** The user's sid or the role's code; null when nothing in the tenant has that name. */
  resolved: { value: string; name: string } | null;
}

export interface ResolvedAssignees {
  mapped: MappedAssignee[];
  approvers: ImportBinding['approvers'];
}

export async function resolveForeignApprovers(
  db: Queryable,
  tenantSid: string,
  assignments: readonly ForeignAssignment[],
): Promise<ResolvedAssignees> {
  const names = (kind: 'user' | 'role') => [
    ...new Set(
      assignments
        .filter((a) => ASSIGNEE_KIND[a.attribute] === kind)
        .flatMap((a) => a.values)
        .filter((v) => !isExpression(v))
        .map((v) => v.toLowerCase()),
    ),
  ];
  const users = new Map<string, { value: string; name: string }>();
  const userNames = names('user');
  if (userNames.length)
    for (const row of await db.query<{ sid: string; account: string; name: string }>(
      `SELECT sid, account, name FROM user_account
        WHERE tenant_sid = $1 AND status = 1 AND lower(account) = ANY($2::text[])`,
      [tenantSid, userNames],
    ))
      users.set(row.account.toLowerCase(), { value: row.sid, name: row.name });
  const roles = new Map<string, { value: string; name: string }>();
  const roleNames = names('role');
  if (roleNames.length)
    for (const row of await db.query<{ code: string; name: string }>(
      'SELECT code, name FROM role WHERE tenant_sid = $1 AND status = 1 AND lower(code) = ANY($2::text[])',
      [tenantSid, roleNames],
    ))
      roles.set(row.code.toLowerCase(), { value: row.code, name: row.name });

  const mapped: MappedAssignee[] = [];
  const byNode = new Map<string, { user: string[]; role: string[] }>();
  for (const assignment of assignments) {
    const kind = ASSIGNEE_KIND[assignment.attribute];
    for (const value of assignment.values) {
      const resolved = (kind === 'user' ? users : roles).get(value.toLowerCase()) ?? null;
      mapped.push({ ...assignment, value, kind, resolved });
      if (!resolved) continue;
      const node = byNode.get(assignment.nodeId) ?? { user: [], role: [] };
      if (!node[kind].includes(resolved.value)) node[kind].push(resolved.value);
      byNode.set(assignment.nodeId, node);
    }
  }
  const approvers = new Map(
    [...byNode].map(([nodeId, found]) => [
      nodeId,
      [
        ...(found.user.length ? [{ kind: 'user' as const, values: found.user }] : []),
        ...(found.role.length ? [{ kind: 'role' as const, values: found.role }] : []),
      ],
    ]),
  );
  return { mapped, approvers };
}
