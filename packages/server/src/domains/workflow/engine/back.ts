// Moving a process somewhere else than forward: returning it to an earlier step that was handled (by
// default to its starter, who resubmits), and jumping freely where a step allows it. Neither may cross a
// parallel gateway (spec §5): the two steps must be inside the same parallel region.
import { AppError } from '@ipdesk/core';
import { requireActionable, runTaskCommand, type CommandResult, type TaskCommandInput } from './command.js';
import type { Acting } from '../../../platform/context.js';
import type { WorkflowDeps } from './context.js';
import { arrive, insertToken } from './movement.js';
import { notifyStep } from './notices.js';
import { withinOneRegion } from './scopes.js';
import { writeHistory, type Step } from './step.js';
import { cancelTasks, createTask, finishTask } from './tasks.js';
import { loadTasks, loadToken, type TaskOutcome, type TaskRow, type TokenRow } from './tables.js';

/**
 * Ends the acting task with its outcome and writes its history, then cancels the step's other tasks and
 * takes its token away: the return (or jump) comes before the cancellations it causes in the timeline.
 */
async function leaveStepAside(
  step: Step,
  task: TaskRow,
  outcome: TaskOutcome,
  input: TaskCommandInput,
  history: { action: 'return' | 'jump'; target: string },
): Promise<TokenRow> {
  await finishTask(step, task, {
    status: 'done',
    outcome,
    by: step.actorSid,
    comment: input.comment,
    attachments: input.attachments,
  });
  await writeHistory(step, {
    action: history.action,
    nodeId: task.nodeId,
    taskSid: task.sid,
    comment: input.comment,
    attachments: input.attachments,
    detail: { target: history.target },
  });
  const token = await loadToken(step.tx, task.tokenSid);
  const others = await loadTasks(step.tx, "token_sid = $1 AND status IN ('open', 'pending')", [token.sid]);
  await cancelTasks(step, others, outcome, task.sid);
  await step.tx.query(`UPDATE workflow_token SET status = 'cancelled', finished_at = $2 WHERE sid = $1`, [
    token.sid,
    step.at,
  ]);
  return token;
}

/** The steps a task may be returned to: the start, and user tasks of this instance handled before. */
export async function returnTargets(step: Pick<Step, 'tx' | 'graph' | 'instance'>, task: TaskRow): Promise<string[]> {
  const rows = await step.tx.query<{ node_id: string }>(
    `SELECT DISTINCT node_id FROM workflow_token WHERE instance_sid = $1 AND status = 'done' AND node_id <> $2`,
    [step.instance.sid, task.nodeId],
  );
  const handled = rows
    .map((r) => r.node_id)
    .filter((id) => step.graph.nodes[id]?.kind === 'userTask' && withinOneRegion(step.graph, task.nodeId, id));
  return withinOneRegion(step.graph, task.nodeId, step.graph.start) ? [step.graph.start, ...handled] : handled;
}

export interface ReturnInput extends TaskCommandInput {
  /** The step to return to; default the start (the starter resubmits). */
  targetNodeId?: string;
}

export function returnTask(deps: WorkflowDeps, ctx: Acting, input: ReturnInput): Promise<CommandResult> {
  return runTaskCommand(deps, ctx, input.taskSid, async (step, task) => {
    requireActionable(step, task, ctx.userSid);
    const { graph } = step;
    const target = input.targetNodeId ?? graph.start;
    if (task.kind === 'submit' || target === task.nodeId) throw new AppError('returnTargetInvalid');
    const targetNode = graph.nodes[target];
    if (!targetNode || (targetNode.kind !== 'start' && targetNode.kind !== 'userTask'))
      throw new AppError('returnTargetInvalid');
    if (!withinOneRegion(graph, task.nodeId, target)) throw new AppError('returnAcrossParallel');
    if (targetNode.kind === 'userTask') {
      const handled = await step.tx.query(
        `SELECT 1 FROM workflow_token WHERE instance_sid = $1 AND node_id = $2 AND status = 'done' LIMIT 1`,
        [step.instance.sid, target],
      );
      if (handled.length === 0) throw new AppError('returnTargetInvalid');
    }
    const token = await leaveStepAside(step, task, 'returned', input, { action: 'return', target });
    await notifyStep(step, {
      event: 'process.returned',
      to: [step.instance.starterSid],
      nodeId: task.nodeId,
      comment: input.comment,
    });
    if (targetNode.kind === 'userTask') return arrive(step, target, token.scope, task.sid);
    // Back to the starter: their submit task is their to-do; restart mode 2 remembers where to come back.
    step.instance.returnedFromNode = task.nodeId;
    const start = await insertToken(step, target, [], task.sid);
    await createTask(step, start, {
      assigneeSid: step.instance.starterSid,
      kind: 'submit',
      originTaskSid: task.sid,
    });
  });
}

export interface JumpInput extends TaskCommandInput {
  targetNodeId: string;
}

/** Free jump (spec §4), where the step allows it: to another approval step or an end, same region only. */
export function jumpTask(deps: WorkflowDeps, ctx: Acting, input: JumpInput): Promise<CommandResult> {
  return runTaskCommand(deps, ctx, input.taskSid, async (step, task) => {
    requireActionable(step, task, ctx.userSid);
    const node = step.graph.nodes[task.nodeId];
    if (task.kind === 'submit' || node?.kind !== 'userTask' || !node.freeJump) throw new AppError('freeJumpNotAllowed');
    const target = step.graph.nodes[input.targetNodeId];
    if (!target || (target.kind !== 'userTask' && target.kind !== 'end') || target.id === task.nodeId)
      throw new AppError('jumpTargetInvalid');
    if (!withinOneRegion(step.graph, task.nodeId, target.id)) throw new AppError('returnAcrossParallel');
    const token = await leaveStepAside(step, task, 'jumped', input, { action: 'jump', target: target.id });
    await arrive(step, target.id, token.scope, task.sid);
  });
}

/** The steps a task may jump to (for the approval panel). */
export function jumpTargets(step: Pick<Step, 'graph'>, task: TaskRow): string[] {
  const node = step.graph.nodes[task.nodeId];
  if (task.kind === 'submit' || node?.kind !== 'userTask' || !node.freeJump) return [];
  return Object.values(step.graph.nodes)
    .filter((n) => (n.kind === 'userTask' || n.kind === 'end') && n.id !== task.nodeId)
    .filter((n) => withinOneRegion(step.graph, task.nodeId, n.id))
    .map((n) => n.id);
}
