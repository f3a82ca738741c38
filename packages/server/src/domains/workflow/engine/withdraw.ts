// Withdraw (spec §4): the last actor takes their approval (or the starter their submission) back while
// nobody has acted on what it caused. What it caused is found by origin: the tokens and tasks it created,
// and the tasks its decision cancelled. Withdrawing cancels the former, restores the latter and reopens the
// actor's task; it may not cross a parallel gateway (the new tokens must be in the actor's region).
import { AppError } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import { instanceTarget, resultOf, runCommand, type CommandResult, type InstanceCommandInput } from './command.js';
import type { Acting } from '../../../platform/context.js';
import type { WorkflowDeps } from './context.js';
import { notifyStep } from './notices.js';
import { sameScope } from './scopes.js';
import { writeHistory, type HistoryAction, type Step } from './step.js';
import { cancelTasks, createTask, finishTask } from './tasks.js';
import { loadTask, loadTasks, loadToken, loadTokens, type InstanceRow, type TaskRow, type TokenRow } from './tables.js';

export interface Withdrawable {
  task: TaskRow;
  token: TokenRow;
  effectTokens: TokenRow[];
  effectTasks: TaskRow[];
}

const WITHDRAWABLE_KINDS = new Set(['approve', 'signParallel', 'submit']);
const TASK_ACTIONS: HistoryAction[] = [
  'submit',
  'resubmit',
  'approve',
  'reject',
  'return',
  'jump',
  'transfer',
  'addSignBefore',
  'addSignAfter',
  'addSignParallel',
];

/** What the actor may withdraw now, or null: used by the command and by the approval panel. */
export async function findWithdrawable(
  q: Queryable,
  instance: InstanceRow,
  actorSid: string,
): Promise<Withdrawable | null> {
  if (instance.status !== 'running') return null;
  // The actor's last action on a task decides: only an approval or a submission can be taken back.
  const last = await q.query<{ task_sid: string }>(
    `SELECT task_sid FROM workflow_history
      WHERE instance_sid = $1 AND actor_sid = $2 AND task_sid IS NOT NULL AND action = ANY($3::text[])
      ORDER BY id DESC LIMIT 1`,
    [instance.sid, actorSid, TASK_ACTIONS],
  );
  if (!last[0]) return null;
  const task = await loadTask(q, instance.sid, last[0].task_sid);
  const acted = task.outcome === 'approved' || task.outcome === 'submitted';
  if (task.status !== 'done' || !acted || !WITHDRAWABLE_KINDS.has(task.kind)) return null;
  const token = await loadToken(q, task.tokenSid);
  if (token.status === 'cancelled' || token.status === 'waiting') return null;
  if (token.status === 'done' && token.completedByTaskSid !== task.sid) return null;
  const effectTokens = await loadTokens(q, 'origin_task_sid = $1', [task.sid]);
  const untouched = (t: TokenRow) =>
    (t.status === 'active' || t.status === 'waiting') && sameScope(t.scope, token.scope);
  if (!effectTokens.every(untouched)) return null;
  const effectTasks = await loadTasks(q, 'origin_task_sid = $1 OR token_sid = ANY($2::text[])', [
    task.sid,
    effectTokens.map((t) => t.sid),
  ]);
  if (!effectTasks.every((t) => t.status === 'open' && t.originTaskSid === task.sid)) return null;
  return { task, token, effectTokens, effectTasks };
}

/** The tasks the withdrawn decision cancelled come back as they were (signers under their approver). */
async function restoreCancelled(step: Step, by: TaskRow): Promise<void> {
  const cancelled = await loadTasks(step.tx, 'cancelled_by_task_sid = $1', [by.sid]);
  const renamed = new Map<string, string>();
  const tokens = new Map<string, TokenRow>();
  for (const old of cancelled) {
    const token = tokens.get(old.tokenSid) ?? (await loadToken(step.tx, old.tokenSid));
    tokens.set(token.sid, token);
    const waitsForSigners = cancelled.some((c) => c.parentTaskSid === old.sid && c.kind === 'signBefore');
    const copy = await createTask(step, token, {
      assigneeSid: old.assigneeSid,
      ownerSid: old.ownerSid,
      kind: old.kind,
      level: old.level,
      parentTaskSid: old.parentTaskSid ? (renamed.get(old.parentTaskSid) ?? old.parentTaskSid) : null,
      originTaskSid: old.originTaskSid,
      status: waitsForSigners ? 'pending' : 'open',
    });
    renamed.set(old.sid, copy.sid);
  }
}

export function withdrawInstance(deps: WorkflowDeps, ctx: Acting, input: InstanceCommandInput): Promise<CommandResult> {
  return runCommand(deps, instanceTarget(ctx, input.instanceSid), async (step) => {
    const found = await findWithdrawable(step.tx, step.instance, ctx.userSid);
    if (!found) {
      if (step.instance.status !== 'running') throw new AppError('instanceNotRunning');
      throw new AppError('withdrawNotAllowed');
    }
    const { task, token, effectTokens, effectTasks } = found;
    // The withdraw is written first, then what it undoes: the timeline reads "withdrawn", then the
    // cancellations it caused (as a return or jump does).
    await finishTask(step, task, { status: 'cancelled', outcome: 'withdrawn', by: ctx.userSid });
    if (token.status === 'done') {
      await step.tx.query(
        `UPDATE workflow_token SET status = 'active', completed_by_task_sid = NULL, finished_at = NULL WHERE sid = $1`,
        [token.sid],
      );
      const node = step.graph.nodes[token.nodeId];
      if (node?.kind === 'userTask' && node.variable) {
        const { [node.variable]: _dropped, ...rest } = step.instance.variables;
        step.instance.variables = rest;
      }
    }
    const reopened = await createTask(step, token, {
      assigneeSid: task.assigneeSid,
      ownerSid: task.ownerSid,
      kind: task.kind,
      level: task.level,
      parentTaskSid: task.parentTaskSid,
      originTaskSid: task.originTaskSid,
    });
    if (task.kind === 'submit') {
      // The starter took the submission back: it waits for them, and a resubmit after a return goes back
      // where the return came from, as before.
      const submitted = await step.tx.query<{ detail: { returnedFrom?: string | null } | null }>(
        `SELECT detail FROM workflow_history WHERE instance_sid = $1 AND task_sid = $2 AND action = 'resubmit'
          ORDER BY id DESC LIMIT 1`,
        [step.instance.sid, task.sid],
      );
      step.instance.status = 'withdrawn';
      step.instance.returnedFromNode = submitted[0]?.detail?.returnedFrom ?? null;
    }
    await writeHistory(step, {
      action: 'withdraw',
      nodeId: task.nodeId,
      taskSid: reopened.sid,
      comment: input.comment,
      detail: { withdrawnTask: task.sid, cancelledTasks: effectTasks.map((t) => t.sid) },
    });
    await cancelTasks(step, effectTasks, 'withdrawn', null);
    if (effectTokens.length > 0)
      await step.tx.query(
        `UPDATE workflow_token SET status = 'cancelled', finished_at = $2 WHERE sid = ANY($1::text[])`,
        [effectTokens.map((t) => t.sid), step.at],
      );
    await restoreCancelled(step, task);
    // The starter, and whoever had a to-do the withdrawal took away.
    await notifyStep(step, {
      event: 'process.withdrawn',
      to: [...new Set([step.instance.starterSid, ...effectTasks.map((t) => t.assigneeSid)])],
      nodeId: task.nodeId,
      comment: input.comment,
    });
    return resultOf(step);
  });
}
