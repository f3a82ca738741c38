// Commands on a whole process and its people: urge the current approvers (a notice with the urger's comment,
// at most once per 10 minutes per person and instance, by the app clock), end a process (its starter or a tenant administrator; the
// remaining tasks are cancelled by the system), and hand a resigning user's open tasks over.
import { AppError } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import type { Acting, RequestContext } from '../../../platform/context.js';
import type { WorkflowDeps } from './context.js';
import {
  requireStarterOrAdmin,
  requireStatus,
  resultOf,
  runCommand,
  instanceTarget,
  type CommandResult,
  type InstanceCommandInput,
} from './command.js';
import { cancelEverything, finishInstance } from './movement.js';
import { notifyStep } from './notices.js';
import { writeHistory, type StepCore } from './step.js';
import { reassignTask } from './tasks.js';
import { loadDefinition, loadTasks, lockInstance, OPEN_INSTANCE_STATUSES } from './tables.js';

export const URGE_INTERVAL_MINUTES = 10;

export function urgeInstance(deps: WorkflowDeps, ctx: Acting, input: InstanceCommandInput): Promise<CommandResult> {
  return runCommand(deps, instanceTarget(ctx, input.instanceSid), async (step) => {
    requireStatus(step, ['running']);
    await requireStarterOrAdmin(step, ctx.userSid);
    const last = await step.tx.query<{ at: Date }>(
      `SELECT at FROM workflow_history WHERE instance_sid = $1 AND actor_sid = $2 AND action = 'urge'
        ORDER BY id DESC LIMIT 1`,
      [step.instance.sid, ctx.userSid],
    );
    const waitMs = last[0] ? new Date(last[0].at).getTime() + URGE_INTERVAL_MINUTES * 60_000 - step.at.getTime() : 0;
    if (waitMs > 0) throw new AppError('urgeTooSoon', { params: { minutes: Math.ceil(waitMs / 60_000) } });
    const open = await loadTasks(step.tx, "instance_sid = $1 AND status IN ('open', 'pending') AND kind <> 'submit'", [
      step.instance.sid,
    ]);
    if (open.length === 0) throw new AppError('instanceNotRunning');
    const recipients = [...new Set(open.map((t) => t.assigneeSid))];
    await notifyStep(step, { event: 'todo.urged', to: recipients, nodeId: open[0]!.nodeId, comment: input.comment });
    await writeHistory(step, { action: 'urge', comment: input.comment, detail: { recipients } });
    return resultOf(step);
  });
}

/** Spec "end process": the process stops where it is; nothing further is approved or rejected. */
export function endInstance(deps: WorkflowDeps, ctx: Acting, input: InstanceCommandInput): Promise<CommandResult> {
  return runCommand(deps, instanceTarget(ctx, input.instanceSid), async (step) => {
    requireStatus(step, OPEN_INSTANCE_STATUSES);
    await requireStarterOrAdmin(step, ctx.userSid);
    await writeHistory(step, { action: 'end', comment: input.comment, attachments: input.attachments });
    await cancelEverything(step, 'ended', null);
    await finishInstance(step, 'ended');
    return resultOf(step);
  });
}

export interface HandOverInput {
  fromUserSid: string;
  toUserSid: string;
}

/**
 * In the caller's transaction (resignation): the user's open and pending tasks go to the handover person,
 * owner kept, each with a 'handOver' history entry, the to-do rows moving along. Instances are locked in
 * sid order, as a command would, so a concurrent approval waits or finds the task moved. Who hands over
 * (`ctx.userSid`, the administrator recording the resignation) and when (`ctx.now`) are the resignation's.
 */
export async function handOverTasks(
  tx: Queryable,
  ctx: Pick<RequestContext, 'tenantSid' | 'userSid' | 'now'>,
  input: HandOverInput,
): Promise<number> {
  const instances = await tx.query<{ instance_sid: string }>(
    `SELECT DISTINCT instance_sid FROM workflow_task
      WHERE tenant_sid = $1 AND assignee_sid = $2 AND status IN ('open', 'pending')
      ORDER BY instance_sid`,
    [ctx.tenantSid, input.fromUserSid],
  );
  let moved = 0;
  for (const { instance_sid } of instances) {
    const instance = await lockInstance(tx, ctx.tenantSid, instance_sid);
    const definition = await loadDefinition(tx, instance.definitionSid);
    const step: StepCore = {
      tx,
      at: ctx.now,
      actorSid: ctx.userSid,
      instance,
      definition,
      graph: definition.graph,
    };
    const tasks = await loadTasks(tx, "instance_sid = $1 AND assignee_sid = $2 AND status IN ('open', 'pending')", [
      instance_sid,
      input.fromUserSid,
    ]);
    for (const task of tasks) {
      await reassignTask(step, task, input.toUserSid, true);
      await writeHistory(step, {
        action: 'handOver',
        nodeId: task.nodeId,
        taskSid: task.sid,
        detail: { from: input.fromUserSid, to: input.toUserSid },
      });
      moved += 1;
    }
  }
  return moved;
}
