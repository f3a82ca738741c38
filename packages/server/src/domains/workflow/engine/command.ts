// The frame of every command: one transaction that first locks the instance row (so two commands on one
// instance run one after the other, and the second sees what the first did), then checks, changes, writes
// history and outbox, and saves the instance. Also the checks commands share and the plain data they answer.
import { AppError } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import type { Acting } from '../../../platform/context.js';
import type { WorkflowDeps } from './context.js';
import type { Step } from './step.js';
import {
  instanceOfTask,
  loadDefinition,
  loadTask,
  loadTasks,
  lockInstance,
  saveInstance,
  type Attachment,
  type InstanceStatus,
  type TaskKind,
  type TaskRow,
} from './tables.js';

export interface Opinion {
  comment?: string | null;
  attachments?: Attachment[];
}

export interface InstanceCommandInput extends Opinion {
  instanceSid: string;
}

export interface TaskCommandInput extends Opinion {
  taskSid: string;
}

/** What a command answers: the instance's status and who must act now. */
export interface CommandResult {
  instanceSid: string;
  status: InstanceStatus;
  openTasks: Array<{ sid: string; nodeId: string; assigneeSid: string; kind: TaskKind; level: number }>;
}

export async function runCommand<T>(
  deps: WorkflowDeps,
  target: { tenantSid: string; instanceSid: string; actorSid: string | null },
  fn: (step: Step) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const instance = await lockInstance(tx, target.tenantSid, target.instanceSid);
    const definition = await loadDefinition(tx, instance.definitionSid);
    const step: Step = {
      tx,
      deps,
      at: deps.now(),
      actorSid: target.actorSid,
      instance,
      definition,
      graph: definition.graph,
      moves: 0,
    };
    const result = await fn(step);
    await saveInstance(tx, instance, step.at);
    return result;
  });
}

export async function resultOf(step: Step): Promise<CommandResult> {
  const open = await loadTasks(step.tx, "instance_sid = $1 AND status IN ('open', 'pending')", [step.instance.sid]);
  return {
    instanceSid: step.instance.sid,
    status: step.instance.status,
    openTasks: open.map((t) => ({
      sid: t.sid,
      nodeId: t.nodeId,
      assigneeSid: t.assigneeSid,
      kind: t.kind,
      level: t.level,
    })),
  };
}

/** What runCommand locks for a command on a whole instance, and who acts. */
export function instanceTarget(ctx: Acting, instanceSid: string) {
  return { tenantSid: ctx.tenantSid, instanceSid, actorSid: ctx.userSid };
}

/** A command on one task: the task is read again under the instance's lock. */
export async function runTaskCommand(
  deps: WorkflowDeps,
  ctx: Acting,
  taskSid: string,
  fn: (step: Step, task: TaskRow) => Promise<void>,
): Promise<CommandResult> {
  const instanceSid = await instanceOfTask(deps.db, ctx.tenantSid, taskSid);
  return runCommand(deps, instanceTarget(ctx, instanceSid), async (step) => {
    const task = await loadTask(step.tx, instanceSid, taskSid);
    await fn(step, task);
    return resultOf(step);
  });
}

/**
 * The actor may act on the task now. The task's own state is checked first: of two approvals racing for one
 * task, the second finds it handled (even when the first one finished the whole process).
 */
export function requireActionable(step: Step, task: TaskRow, actorSid: string): void {
  if (task.status === 'done' || task.status === 'cancelled') throw new AppError('taskAlreadyHandled');
  if (task.assigneeSid !== actorSid) throw new AppError('notAssignee');
  if (task.status === 'pending') throw new AppError('taskWaitingForSigners');
  const runningFor = task.kind === 'submit' ? ['running', 'withdrawn'] : ['running'];
  if (!runningFor.includes(step.instance.status)) throw new AppError('instanceNotRunning');
}

export function requireStatus(step: Step, statuses: readonly InstanceStatus[]): void {
  if (!statuses.includes(step.instance.status)) throw new AppError('instanceNotRunning');
}

export async function isTenantAdmin(tx: Queryable, tenantSid: string, userSid: string): Promise<boolean> {
  const rows = await tx.query(
    'SELECT 1 FROM user_account WHERE sid = $1 AND tenant_sid = $2 AND is_tenant_admin AND status = 1',
    [userSid, tenantSid],
  );
  return rows.length > 0;
}

/** Ending and urging a process are for its starter and the tenant's administrators. */
export async function requireStarterOrAdmin(step: Step, actorSid: string): Promise<void> {
  if (step.instance.starterSid === actorSid) return;
  if (await isTenantAdmin(step.tx, step.instance.tenantSid, actorSid)) return;
  throw new AppError('notStarter');
}
