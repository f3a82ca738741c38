// Carbon copies (抄送): once a user task's step is approved, the people its cc rules name (resolved as
// approvers are; nobody is fine) get a row each in workflow_cc, in the command's transaction, with a 'cc'
// history entry and a notice to each person newly copied. A person copied twice by the same step of an
// instance keeps the first row. Opening the instance marks the viewer's copies of it read.
import { newSid, type ApproverRule, type UserTaskNode } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import { resolveRules } from './approvers.js';
import { notifyStep } from './notices.js';
import { writeHistory, type Step } from './step.js';

export async function copyStep(step: Step, node: UserTaskNode): Promise<void> {
  // Graphs stored before cc existed have no list.
  const rules = (node.cc as ApproverRule[] | undefined) ?? [];
  if (rules.length === 0) return;
  const users = await resolveRules(step, rules);
  if (users.length === 0) return;
  const inserted = await step.tx.query<{ user_sid: string }>(
    `INSERT INTO workflow_cc (sid, tenant_sid, instance_sid, node_id, user_sid, created_at)
     SELECT u.sid_new, $1, $2, $3, u.user_sid, $4
       FROM unnest($5::text[], $6::text[]) AS u(user_sid, sid_new)
     ON CONFLICT (instance_sid, node_id, user_sid) DO NOTHING
     RETURNING user_sid`,
    [step.instance.tenantSid, step.instance.sid, node.id, step.at, users, users.map(() => newSid())],
  );
  if (inserted.length === 0) return;
  const copied = new Set(inserted.map((r) => r.user_sid));
  const told = users.filter((sid) => copied.has(sid));
  await writeHistory(step, { action: 'cc', nodeId: node.id, actorSid: null, detail: { users: told } });
  await notifyStep(step, { event: 'todo.cc', to: told, nodeId: node.id });
}

/** The viewer has seen the instance: their unread copies of it are read now. */
export async function markCcRead(
  db: Queryable,
  input: { tenantSid: string; instanceSid: string; userSid: string; at: Date },
): Promise<void> {
  await db.query(
    `UPDATE workflow_cc SET read_at = $4
      WHERE tenant_sid = $1 AND instance_sid = $2 AND user_sid = $3 AND read_at IS NULL`,
    [input.tenantSid, input.instanceSid, input.userSid, input.at],
  );
}
