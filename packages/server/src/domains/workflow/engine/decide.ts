// Opinions on a task: approve (agree) and reject, and the starter's resubmission after the process was
// returned to them or withdrawn. An approver's opinion is a vote of their step; a signer added before only
// advises (the approver acts once every such signer did); a signer added after decides with the approver.
import { AppError } from '@ipdesk/core';
import {
  requireActionable,
  requireStatus,
  resultOf,
  runCommand,
  runTaskCommand,
  instanceTarget,
  type CommandResult,
  type InstanceCommandInput,
  type Opinion,
  type TaskCommandInput,
} from './command.js';
import type { Acting } from '../../../platform/context.js';
import type { WorkflowDeps } from './context.js';
import { arrive, cancelEverything, finishInstance, leave, settleGroup } from './movement.js';
import { writeHistory, type Step } from './step.js';
import { finishTask, setTaskStatus } from './tasks.js';
import { loadTask, loadTasks, loadToken, type TaskRow } from './tables.js';

/** After an opinion was recorded: a signer-before's lets the approver act; any other counts as a vote. */
export async function afterOpinion(step: Step, task: TaskRow): Promise<void> {
  if (task.kind === 'signBefore' && task.parentTaskSid) {
    const waiting = await loadTasks(
      step.tx,
      "parent_task_sid = $1 AND kind = 'signBefore' AND status IN ('open', 'pending')",
      [task.parentTaskSid],
    );
    if (waiting.length > 0) return;
    const parent = await loadTask(step.tx, step.instance.sid, task.parentTaskSid);
    if (parent.status === 'pending') await setTaskStatus(step, parent, 'open');
    return;
  }
  await settleGroup(step, await loadToken(step.tx, task.tokenSid), task.level, task);
}

/** Restart mode 1 runs the process again from the start; mode 2 goes straight back to the returning step. */
export async function resubmitFromTask(step: Step, task: TaskRow, opinion: Opinion): Promise<void> {
  requireStatus(step, ['running', 'withdrawn']);
  const submitted = await finishTask(step, task, {
    status: 'done',
    outcome: 'submitted',
    by: step.actorSid,
    comment: opinion.comment,
    attachments: opinion.attachments,
  });
  const returnedFrom = step.instance.returnedFromNode;
  await writeHistory(step, {
    action: 'resubmit',
    nodeId: task.nodeId,
    taskSid: task.sid,
    comment: opinion.comment,
    attachments: opinion.attachments,
    detail: { returnedFrom, restartMode: step.graph.settings.restartMode },
  });
  step.instance.status = 'running';
  step.instance.returnedFromNode = null;
  await step.tx.query(
    `UPDATE workflow_token SET status = 'done', completed_by_task_sid = $2, finished_at = $3 WHERE sid = $1`,
    [task.tokenSid, task.sid, step.at],
  );
  if (step.graph.settings.restartMode === 2 && returnedFrom && step.graph.nodes[returnedFrom])
    return arrive(step, returnedFrom, [], submitted.sid);
  const start = step.graph.nodes[task.nodeId] ?? step.graph.nodes[step.graph.start]!;
  await leave(step, start, [], submitted.sid);
}

/**
 * The starter's own task after a return or a withdrawal: approving it resubmits; rejecting it gives the
 * process up (it ends, as if the starter had ended it).
 */
async function onSubmitTask(step: Step, task: TaskRow, outcome: 'approved' | 'rejected', opinion: Opinion) {
  if (outcome === 'approved') return resubmitFromTask(step, task, opinion);
  await writeHistory(step, {
    action: 'end',
    nodeId: task.nodeId,
    taskSid: task.sid,
    comment: opinion.comment,
    attachments: opinion.attachments,
  });
  await cancelEverything(step, 'ended', null);
  await finishInstance(step, 'ended');
}

function opinion(outcome: 'approved' | 'rejected') {
  return (deps: WorkflowDeps, ctx: Acting, input: TaskCommandInput): Promise<CommandResult> =>
    runTaskCommand(deps, ctx, input.taskSid, async (step, task) => {
      requireActionable(step, task, ctx.userSid);
      if (task.kind === 'submit') return onSubmitTask(step, task, outcome, input);
      const finished = await finishTask(step, task, {
        status: 'done',
        outcome,
        by: ctx.userSid,
        comment: input.comment,
        attachments: input.attachments,
      });
      await writeHistory(step, {
        action: outcome === 'approved' ? 'approve' : 'reject',
        nodeId: task.nodeId,
        taskSid: task.sid,
        comment: input.comment,
        attachments: input.attachments,
        detail: { kind: task.kind, level: task.level },
      });
      await afterOpinion(step, finished);
    });
}

/** Approve (spec "approve" / "agree"): the assignee's yes on an open task. */
export const approveTask = opinion('approved');
/** Spec "agree": the same as approve, the word signers use. */
export const agreeTask = approveTask;
/** Reject: the assignee's no; when it decides the step's vote, the process ends rejected. */
export const rejectTask = opinion('rejected');

/** The starter resubmits after a return to them (or their own withdrawal). */
export function resubmitInstance(deps: WorkflowDeps, ctx: Acting, input: InstanceCommandInput): Promise<CommandResult> {
  return runCommand(deps, instanceTarget(ctx, input.instanceSid), async (step) => {
    const [task] = await loadTasks(step.tx, "instance_sid = $1 AND kind = 'submit' AND status = 'open'", [
      step.instance.sid,
    ]);
    if (!task) throw new AppError('instanceNotRunning');
    requireActionable(step, task, ctx.userSid);
    await resubmitFromTask(step, task, input);
    return resultOf(step);
  });
}
