// Durable timers of tasks (a step's dueHours and remindHours): rows in workflow_job written with the task,
// cancelled when it ends, and fired by whichever app server claims them first (FOR UPDATE SKIP LOCKED), so
// they survive restarts and fire once. Firing writes the history and queues the assignee's notice (a
// reminder, or that the to-do is overdue) in the same transaction, keyed by the timer so it is told once.
import { newSid, type UserTaskNode } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import type { WorkflowDeps } from './context.js';
import { queueWorkflowNotice } from './notices.js';
import { insertHistory, type StepCore } from './step.js';
import type { TaskRow } from './tables.js';

const HOUR = 3_600_000;
const MAX_ATTEMPTS = 5;

export async function scheduleTaskJobs(step: StepCore, task: TaskRow, node: UserTaskNode): Promise<void> {
  const timers: Array<['due' | 'remind', number | null]> = [
    ['due', node.dueHours],
    ['remind', node.remindHours],
  ];
  for (const [kind, hours] of timers) {
    if (!hours || hours <= 0) continue;
    await step.tx.query(
      `INSERT INTO workflow_job (sid, tenant_sid, instance_sid, task_sid, kind, run_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [newSid(), task.tenantSid, task.instanceSid, task.sid, kind, new Date(step.at.getTime() + hours * HOUR), step.at],
    );
  }
}

export async function cancelTaskJobs(tx: Queryable, taskSids: readonly string[], at: Date): Promise<void> {
  if (taskSids.length === 0) return;
  await tx.query(
    `UPDATE workflow_job SET status = 'cancelled', finished_at = $2
      WHERE task_sid = ANY($1::text[]) AND status = 'waiting'`,
    [taskSids, at],
  );
}

interface DueJob {
  sid: string;
  kind: 'due' | 'remind';
  tenant_sid: string;
  instance_sid: string;
  task_sid: string;
  task_status: string;
  assignee_sid: string;
  node_id: string;
  model: string;
  record_sid: string;
  definition_name: string;
  node_name: string | null;
}

/** Fires one due job in its own transaction; answers false when none is due. */
async function fireNext(deps: WorkflowDeps, now: Date): Promise<boolean> {
  let claimed: string | null = null;
  try {
    return await deps.db.transaction(async (tx) => {
      const rows = await tx.query<DueJob>(
        `SELECT j.sid, j.kind, j.tenant_sid, j.instance_sid, j.task_sid, t.status AS task_status, t.assignee_sid,
                t.node_id, i.model, i.record_sid, d.name AS definition_name,
                d.graph->'nodes'->t.node_id->>'name' AS node_name
           FROM workflow_job j
           JOIN workflow_task t ON t.sid = j.task_sid
           JOIN workflow_instance i ON i.sid = j.instance_sid
           JOIN workflow_definition d ON d.sid = i.definition_sid
          WHERE j.status = 'waiting' AND j.run_at <= $1 AND (j.locked_until IS NULL OR j.locked_until <= $1)
          ORDER BY j.run_at, j.sid
          LIMIT 1
          FOR UPDATE OF j SKIP LOCKED`,
        [now],
      );
      const job = rows[0];
      if (!job) return false;
      claimed = job.sid;
      // A task that ended without its timer being cancelled (it should not happen) gets no reminder.
      if (job.task_status !== 'open' && job.task_status !== 'pending') {
        await tx.query(`UPDATE workflow_job SET status = 'cancelled', finished_at = $2 WHERE sid = $1`, [job.sid, now]);
        return true;
      }
      await insertHistory(tx, job.tenant_sid, job.instance_sid, now, {
        action: job.kind,
        nodeId: job.node_id,
        taskSid: job.task_sid,
        actorSid: null,
        detail: { assignee: job.assignee_sid },
      });
      await queueWorkflowNotice(
        {
          tx,
          registry: deps.registry,
          tenantSid: job.tenant_sid,
          model: job.model,
          recordSid: job.record_sid,
          definitionName: job.definition_name,
          nodeName: job.node_name ?? job.node_id,
          actorSid: null,
          at: now,
        },
        {
          event: job.kind === 'due' ? 'todo.overdue' : 'todo.reminder',
          to: [job.assignee_sid],
          dedupeKey: `workflow-job:${job.sid}`,
        },
      );
      await tx.query(
        `UPDATE workflow_job SET status = 'done', attempts = attempts + 1, finished_at = $2 WHERE sid = $1`,
        [job.sid, now],
      );
      return true;
    });
  } catch (error) {
    if (!claimed) throw error;
    // The job stays waiting and is tried again later, a few times, then it is marked failed.
    await deps.db.query(
      `UPDATE workflow_job SET attempts = attempts + 1, last_error = $2,
              locked_until = $3::timestamptz + (interval '1 minute' * power(2, attempts)),
              status = CASE WHEN attempts + 1 >= $4 THEN 'failed' ELSE status END
        WHERE sid = $1`,
      [claimed, String(error instanceof Error ? error.message : error).slice(0, 2000), now, MAX_ATTEMPTS],
    );
    return true;
  }
}

/** Fires the jobs due by the app clock's now, up to `limit`; answers how many were handled. */
export async function runDueJobs(deps: WorkflowDeps, options: { limit?: number } = {}): Promise<number> {
  const limit = options.limit ?? 100;
  const now = deps.now();
  let handled = 0;
  while (handled < limit && (await fireNext(deps, now))) handled += 1;
  return handled;
}
