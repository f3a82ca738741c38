// Add-sign and transfer. Before: the added signers act first, the approver's task waits (pending) until
// they all did. After: the approver approves now and the added signers act next at the same step, their
// approval needed for the approver's vote to count. Parallel: an extra vote in the same round. Transfer
// gives the task to someone else; its owner stays the one it was first given to.
import { AppError, type UserTaskNode } from '@ipdesk/core';
import { activeUsers } from './approvers.js';
import { requireActionable, runTaskCommand, type CommandResult, type TaskCommandInput } from './command.js';
import type { Acting } from '../../../platform/context.js';
import type { WorkflowDeps } from './context.js';
import { settleGroup } from './movement.js';
import { notifyStep } from './notices.js';
import { writeHistory, type Step } from './step.js';
import { createTask, finishTask, reassignTask, setTaskStatus } from './tasks.js';
import { loadTasks, loadToken, type TaskRow } from './tables.js';

export const ADD_SIGN_MODES = ['before', 'after', 'parallel'] as const;
export type AddSignMode = (typeof ADD_SIGN_MODES)[number];

export interface AddSignInput extends TaskCommandInput {
  mode: AddSignMode;
  signerSids: string[];
}

/** New people for a step must be active accounts of the tenant, not the actor, and not already at it. */
async function newPeopleForStep(step: Step, task: TaskRow, sids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(sids)];
  if (wanted.length === 0 || wanted.includes(task.assigneeSid)) throw new AppError('assigneeInvalid');
  const active = await activeUsers(step.tx, step.instance.tenantSid, wanted);
  if (active.length !== wanted.length) throw new AppError('assigneeInvalid');
  const busy = await loadTasks(
    step.tx,
    "token_sid = $1 AND level = $2 AND status IN ('open', 'pending') AND assignee_sid = ANY($3::text[])",
    [task.tokenSid, task.level, wanted],
  );
  if (busy.length > 0) throw new AppError('assigneeInvalid');
  return wanted;
}

const SIGN_KIND = { before: 'signBefore', after: 'signAfter', parallel: 'signParallel' } as const;
const SIGN_ACTION = { before: 'addSignBefore', after: 'addSignAfter', parallel: 'addSignParallel' } as const;

export function addSign(deps: WorkflowDeps, ctx: Acting, input: AddSignInput): Promise<CommandResult> {
  return runTaskCommand(deps, ctx, input.taskSid, async (step, task) => {
    requireActionable(step, task, ctx.userSid);
    const node = step.graph.nodes[task.nodeId] as UserTaskNode | undefined;
    const votes = task.kind === 'approve' || task.kind === 'signParallel';
    if (!votes || node?.kind !== 'userTask' || !node.addSign) throw new AppError('addSignNotAllowed');
    const signers = await newPeopleForStep(step, task, input.signerSids);
    const token = await loadToken(step.tx, task.tokenSid);
    let approved: TaskRow | null = null;
    if (input.mode === 'before') await setTaskStatus(step, task, 'pending');
    if (input.mode === 'after')
      approved = await finishTask(step, task, {
        status: 'done',
        outcome: 'approved',
        by: ctx.userSid,
        comment: input.comment,
        attachments: input.attachments,
      });
    for (const signer of signers)
      await createTask(step, token, {
        assigneeSid: signer,
        kind: SIGN_KIND[input.mode],
        level: task.level,
        parentTaskSid: task.sid,
        originTaskSid: task.sid,
      });
    await writeHistory(step, {
      action: SIGN_ACTION[input.mode],
      nodeId: task.nodeId,
      taskSid: task.sid,
      comment: input.comment,
      attachments: input.attachments,
      detail: { signers },
    });
    // An approval followed by signers is not a vote yet; other votes may still decide the step.
    if (approved) await settleGroup(step, token, task.level, approved);
  });
}

export interface TransferInput extends TaskCommandInput {
  toUserSid: string;
}

export function transferTask(deps: WorkflowDeps, ctx: Acting, input: TransferInput): Promise<CommandResult> {
  return runTaskCommand(deps, ctx, input.taskSid, async (step, task) => {
    requireActionable(step, task, ctx.userSid);
    const [to] = await newPeopleForStep(step, task, [input.toUserSid]);
    await reassignTask(step, task, to!, false);
    await writeHistory(step, {
      action: 'transfer',
      nodeId: task.nodeId,
      taskSid: task.sid,
      comment: input.comment,
      attachments: input.attachments,
      detail: { from: task.assigneeSid, to },
    });
    await notifyStep(step, { event: 'todo.transferred', to: [to!], nodeId: task.nodeId, comment: input.comment });
  });
}
