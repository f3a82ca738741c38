// A task's life in the tables: created with its to-do (the "my to-dos" list) and its timers, finished or
// cancelled with both kept in step, reassigned (transfer, hand-over) with the owner kept. Listener events
// for create, assignment, complete and delete go out from here, and so does the new assignee's notice, so no
// command can forget one.
import { newSid, type NotificationEvent, type UserTaskNode } from '@ipdesk/core';
import { cancelTaskJobs, scheduleTaskJobs } from './jobs.js';
import { notifyStep } from './notices.js';
import { emit, recordLink, taskTitle, writeHistory, type Step, type StepCore } from './step.js';
import {
  taskFrom,
  TASK_COLUMNS,
  type Attachment,
  type TaskKind,
  type TaskOutcome,
  type TaskRow,
  type TokenRow,
} from './tables.js';

export interface NewTask {
  assigneeSid: string;
  kind: TaskKind;
  level?: number;
  /** Default: the assignee. */
  ownerSid?: string;
  parentTaskSid?: string | null;
  /** The task whose completion (or add-sign) created this one; withdraw follows it back. */
  originTaskSid?: string | null;
  status?: 'open' | 'pending';
  /** Created already finished (the starter's submission): no to-do, no timers. */
  finished?: { outcome: TaskOutcome; by: string; comment?: string | null; attachments?: Attachment[] };
  /**
   * What the assignee is told of an open task; default: asked to co-sign for an added signer, a new to-do
   * otherwise, nothing for the starter's own task (the return that made it tells them).
   */
  notice?: NotificationEvent | null;
}

function defaultNotice(kind: TaskKind): NotificationEvent | null {
  if (kind === 'submit') return null;
  return kind === 'signBefore' || kind === 'signAfter' || kind === 'signParallel' ? 'todo.addSigned' : 'todo.assigned';
}

export async function createTask(step: Step, token: TokenRow, input: NewTask): Promise<TaskRow> {
  const node = step.graph.nodes[token.nodeId];
  const sid = newSid();
  const { instance, tx, at } = step;
  let todoSid: string | null = null;
  if (!input.finished) {
    todoSid = newSid();
    await tx.query(
      `INSERT INTO todo (sid, tenant_sid, assignee_sid, title, link, source, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'workflow', 'open', $6, $6)`,
      [
        todoSid,
        instance.tenantSid,
        input.assigneeSid,
        taskTitle(step.definition.name, node?.name ?? token.nodeId),
        recordLink(instance.model, instance.recordSid),
        at,
      ],
    );
  }
  const userTask = node?.kind === 'userTask' ? (node as UserTaskNode) : null;
  const dueAt =
    userTask?.dueHours && !input.finished && input.kind !== 'submit'
      ? new Date(at.getTime() + userTask.dueHours * 3_600_000)
      : null;
  const rows = await tx.query(
    `INSERT INTO workflow_task (sid, tenant_sid, instance_sid, token_sid, node_id, assignee_sid, owner_sid, kind, level,
       round, parent_task_sid, origin_task_sid, status, outcome, comment, attachments, finished_by, todo_sid, due_at,
       created_at, finished_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
     RETURNING ${TASK_COLUMNS}`,
    [
      sid,
      instance.tenantSid,
      instance.sid,
      token.sid,
      token.nodeId,
      input.assigneeSid,
      input.ownerSid ?? input.assigneeSid,
      input.kind,
      input.level ?? 0,
      token.round,
      input.parentTaskSid ?? null,
      input.originTaskSid ?? null,
      input.finished ? 'done' : (input.status ?? 'open'),
      input.finished?.outcome ?? null,
      input.finished?.comment ?? null,
      JSON.stringify(input.finished?.attachments ?? []),
      input.finished?.by ?? null,
      todoSid,
      dueAt,
      at,
      input.finished ? at : null,
    ],
  );
  const task = taskFrom(rows[0]!);
  if (userTask && !input.finished && input.kind !== 'submit') await scheduleTaskJobs(step, task, userTask);
  const listenerNode = node ?? null;
  await emit(step, 'create', listenerNode, task);
  await emit(step, 'assignment', listenerNode, task);
  if (input.finished) await emit(step, 'complete', listenerNode, task);
  const notice = input.finished ? null : input.notice === undefined ? defaultNotice(input.kind) : input.notice;
  if (notice) await notifyStep(step, { event: notice, to: [task.assigneeSid], nodeId: task.nodeId });
  return task;
}

export interface TaskEnd {
  status: 'done' | 'cancelled';
  outcome: TaskOutcome | null;
  /** Who finished it; null when the system cancelled it. */
  by: string | null;
  comment?: string | null;
  attachments?: Attachment[];
  /** The task whose action cancelled this one (a decided vote): withdrawing that task restores this one. */
  cancelledByTaskSid?: string | null;
}

export async function finishTask(step: StepCore, task: TaskRow, end: TaskEnd): Promise<TaskRow> {
  const rows = await step.tx.query(
    `UPDATE workflow_task SET status = $2, outcome = $3, comment = coalesce($4, comment), attachments = $5,
            finished_by = $6, cancelled_by_task_sid = $7, finished_at = $8
      WHERE sid = $1 RETURNING ${TASK_COLUMNS}`,
    [
      task.sid,
      end.status,
      end.outcome,
      end.comment ?? null,
      JSON.stringify(end.attachments ?? task.attachments),
      end.by,
      end.cancelledByTaskSid ?? null,
      step.at,
    ],
  );
  const finished = taskFrom(rows[0]!);
  if (task.todoSid)
    await step.tx.query('UPDATE todo SET status = $2, updated_at = $3 WHERE sid = $1', [
      task.todoSid,
      end.status === 'done' ? 'done' : 'cancelled',
      step.at,
    ]);
  await cancelTaskJobs(step.tx, [task.sid], step.at);
  await emit(step, end.status === 'done' ? 'complete' : 'delete', step.graph.nodes[task.nodeId] ?? null, finished);
  return finished;
}

/** Gives an open task to someone else (transfer, hand-over); the owner stays, so does the to-do's history. */
export async function reassignTask(
  step: StepCore,
  task: TaskRow,
  toUserSid: string,
  handedOver: boolean,
): Promise<TaskRow> {
  const rows = await step.tx.query(
    `UPDATE workflow_task SET assignee_sid = $2 WHERE sid = $1 RETURNING ${TASK_COLUMNS}`,
    [task.sid, toUserSid],
  );
  if (task.todoSid)
    await step.tx.query(
      `UPDATE todo SET assignee_sid = $2, handed_over_from = CASE WHEN $4 THEN $5 ELSE handed_over_from END,
              updated_at = $3
        WHERE sid = $1`,
      [task.todoSid, toUserSid, step.at, handedOver, task.assigneeSid],
    );
  const moved = taskFrom(rows[0]!);
  await emit(step, 'assignment', step.graph.nodes[task.nodeId] ?? null, moved);
  return moved;
}

/** Sets a task's status without ending it (pending while added signers act first, and back to open). */
export async function setTaskStatus(step: StepCore, task: TaskRow, status: 'open' | 'pending'): Promise<void> {
  await step.tx.query('UPDATE workflow_task SET status = $2 WHERE sid = $1', [task.sid, status]);
  task.status = status;
}

/** Cancels tasks by the system (a decided vote, a return, the end of the process), writing their history. */
export async function cancelTasks(
  step: StepCore,
  tasks: readonly TaskRow[],
  reason: string,
  cancelledByTaskSid: string | null = null,
): Promise<void> {
  for (const task of tasks) {
    if (task.status !== 'open' && task.status !== 'pending') continue;
    await finishTask(step, task, { status: 'cancelled', outcome: null, by: null, cancelledByTaskSid });
    await writeHistory(step, {
      action: 'cancel',
      nodeId: task.nodeId,
      taskSid: task.sid,
      actorSid: null,
      detail: { reason, assignee: task.assigneeSid },
    });
  }
}
