// Token movement: entering a step, leaving it by its flows (exclusive gateways choose by condition, parallel
// forks split, joins wait for every incoming branch), creating a step's tasks (level by level, empty
// approvers, repeated approvers approved automatically), deciding a step's vote, and finishing the instance.
import { AppError, newSid, type ProcessNode, type SequenceFlow, type UserTaskNode } from '@ipdesk/core';
import { levelLeaders, resolveApprovers, tenantAdmins } from './approvers.js';
import { copyStep } from './cc.js';
import { stepRecord } from './record.js';
import { branchOf } from './scopes.js';
import { emit, writeHistory, type Step } from './step.js';
import { notifyStep } from './notices.js';
import { cancelTasks, createTask, finishTask } from './tasks.js';
import { loadTasks, tokenFrom, TOKEN_COLUMNS, type InstanceStatus, type TaskRow, type TokenRow } from './tables.js';
import { groupDecision } from './votes.js';

/** More steps entered by one command than any sane process has: the design loops without a person. */
const MAX_MOVES = 1000;

export async function insertToken(
  step: Step,
  nodeId: string,
  scope: readonly string[],
  originTaskSid: string | null,
  status: 'active' | 'waiting' | 'done' = 'active',
): Promise<TokenRow> {
  const rows = await step.tx.query(
    `INSERT INTO workflow_token (sid, tenant_sid, instance_sid, node_id, status, scope, round, origin_task_sid, created_at,
       finished_at)
     VALUES ($1, $2, $3, $4, $5, $6::text[],
       (SELECT count(*) + 1 FROM workflow_token WHERE instance_sid = $3 AND node_id = $4), $7, $8,
       CASE WHEN $5 = 'done' THEN $8::timestamptz END)
     RETURNING ${TOKEN_COLUMNS}`,
    [newSid(), step.instance.tenantSid, step.instance.sid, nodeId, status, [...scope], originTaskSid, step.at],
  );
  return tokenFrom(rows[0]!);
}

function nodeOf(step: Step, nodeId: string): ProcessNode {
  const node = step.graph.nodes[nodeId];
  if (!node) throw new AppError('noBranch', { params: { node: nodeId } });
  return node;
}

/** The flow a token leaves a step by: the only one, else the first whose condition holds, else the default. */
export async function chooseFlow(step: Step, node: ProcessNode): Promise<SequenceFlow> {
  const outgoing = node.outgoing.map((id) => step.graph.flows[id]).filter((f): f is SequenceFlow => Boolean(f));
  if (outgoing.length === 1 && !outgoing[0]!.condition) return outgoing[0]!;
  const defaultFlow = node.kind === 'exclusive' ? node.defaultFlow : null;
  const scope = { record: await stepRecord(step), var: step.instance.variables };
  for (const flow of outgoing) {
    if (flow.id === defaultFlow) continue;
    if (!flow.condition || step.deps.evaluate(flow.condition, scope)) return flow;
  }
  const fallback = defaultFlow ? step.graph.flows[defaultFlow] : undefined;
  if (fallback) return fallback;
  throw new AppError('noBranch', { params: { node: node.name || node.id } });
}

/** A token leaves a step (its work done) and moves on. */
export async function leave(
  step: Step,
  node: ProcessNode,
  scope: readonly string[],
  origin: string | null,
): Promise<void> {
  await emit(step, 'end', node);
  const flow = await chooseFlow(step, node);
  await arrive(step, flow.target, scope, origin);
}

/** A token enters a step: gateways are passed at once, a user task waits for its approvers, an end ends. */
export async function arrive(
  step: Step,
  nodeId: string,
  scope: readonly string[],
  origin: string | null,
): Promise<void> {
  step.moves += 1;
  if (step.moves > MAX_MOVES) throw new AppError('processLoop');
  const node = nodeOf(step, nodeId);
  await emit(step, 'start', node);
  switch (node.kind) {
    case 'userTask':
      return enterUserTask(step, node, scope, origin);
    case 'end':
      await insertToken(step, node.id, scope, origin, 'done');
      await emit(step, 'end', node);
      return completeIfIdle(step);
    case 'exclusive':
    case 'start':
      return leave(step, node, scope, origin);
    case 'parallel': {
      let outer = scope;
      if (node.incoming.length > 1) {
        // A join: the branches of one fork wait here until all have arrived (same scope but the last entry).
        await insertToken(step, node.id, scope, origin, 'waiting');
        outer = scope.slice(0, -1);
        const sameFork = `node_id = $2 AND status = 'waiting' AND scope[1:cardinality(scope) - 1] = $3::text[]`;
        const arrived = await step.tx.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM workflow_token WHERE instance_sid = $1 AND ${sameFork}`,
          [step.instance.sid, node.id, [...outer]],
        );
        if ((arrived[0]?.n ?? 0) < node.incoming.length) return;
        await step.tx.query(
          `UPDATE workflow_token SET status = 'done', completed_by_task_sid = $4, finished_at = $5
            WHERE instance_sid = $1 AND ${sameFork}`,
          [step.instance.sid, node.id, [...outer], origin, step.at],
        );
      }
      await emit(step, 'end', node);
      const flows = node.outgoing.map((id) => step.graph.flows[id]).filter((f): f is SequenceFlow => Boolean(f));
      for (const flow of flows)
        await arrive(step, flow.target, flows.length > 1 ? [...outer, branchOf(node.id, flow.id)] : outer, origin);
      return;
    }
  }
}

async function enterUserTask(
  step: Step,
  node: UserTaskNode,
  scope: readonly string[],
  origin: string | null,
): Promise<void> {
  const token = await insertToken(step, node.id, scope, origin);
  if (node.levelApprove !== 0) {
    const leaders = await levelLeaders(step, node.levelApprove);
    if (leaders.length > 0) {
      await step.tx.query('UPDATE workflow_token SET plan = $2 WHERE sid = $1', [token.sid, JSON.stringify(leaders)]);
      token.plan = leaders;
      const first = await createTask(step, token, {
        assigneeSid: leaders[0]!,
        kind: 'approve',
        level: 1,
        originTaskSid: origin,
      });
      return approveRepeated(step, token, [first]);
    }
  } else {
    const approvers = await resolveApprovers(step, node);
    if (approvers.length > 0) return createGroup(step, token, approvers, origin);
  }
  await nobodyToApprove(step, node, token, origin);
}

async function createGroup(step: Step, token: TokenRow, approvers: readonly string[], origin: string | null) {
  const tasks: TaskRow[] = [];
  for (const assigneeSid of approvers)
    tasks.push(await createTask(step, token, { assigneeSid, kind: 'approve', originTaskSid: origin }));
  await approveRepeated(step, token, tasks);
}

/** Spec: a step whose approvers resolve to nobody never leaves a process stuck. */
async function nobodyToApprove(step: Step, node: UserTaskNode, token: TokenRow, origin: string | null) {
  const noApprovers = () => new AppError('noApprovers', { params: { node: node.name || node.id } });
  if (node.emptyApprovers === 'error') throw noApprovers();
  if (node.emptyApprovers === 'toAdmin') {
    const admins = await tenantAdmins(step.tx, step.instance.tenantSid);
    if (admins.length === 0) throw noApprovers();
    await writeHistory(step, { action: 'toAdmin', nodeId: node.id, actorSid: null, detail: { assignees: admins } });
    return createGroup(step, token, admins, origin);
  }
  await writeHistory(step, { action: 'skip', nodeId: node.id, actorSid: null });
  await completeToken(step, token, null, origin);
}

/** Did this approver already approve where the step's repeatedMode counts it (spec: repeated approvers)? */
async function approvedBefore(step: Step, node: UserTaskNode, token: TokenRow, userSid: string): Promise<boolean> {
  if (node.repeatedMode === 'autoApproveAll') {
    const rows = await step.tx.query(
      `SELECT 1 FROM workflow_task
        WHERE instance_sid = $1 AND finished_by = $2 AND status = 'done' AND outcome = 'approved'
          AND node_id <> $3 AND kind <> 'submit'
        LIMIT 1`,
      [step.instance.sid, userSid, node.id],
    );
    return rows.length > 0;
  }
  if (node.repeatedMode !== 'autoApproveConsecutive' || !token.originTaskSid) return false;
  // The immediately preceding step is the one whose completion brought the token here.
  const rows = await step.tx.query(
    `SELECT 1 FROM workflow_task origin
       JOIN workflow_task t ON t.token_sid = origin.token_sid
      WHERE origin.sid = $1 AND origin.kind <> 'submit' AND t.finished_by = $2 AND t.status = 'done'
        AND t.outcome = 'approved' AND t.kind <> 'submit'
      LIMIT 1`,
    [token.originTaskSid, userSid],
  );
  return rows.length > 0;
}

async function approveRepeated(step: Step, token: TokenRow, tasks: readonly TaskRow[]): Promise<void> {
  const node = step.graph.nodes[token.nodeId] as UserTaskNode;
  if (node.repeatedMode === 'none') return;
  let last: TaskRow | null = null;
  for (const task of tasks) {
    if (task.status !== 'open' || !(await approvedBefore(step, node, token, task.assigneeSid))) continue;
    last = await finishTask(step, task, { status: 'done', outcome: 'approved', by: task.assigneeSid });
    await writeHistory(step, {
      action: 'autoApprove',
      nodeId: node.id,
      taskSid: task.sid,
      actorSid: null,
      detail: { assignee: task.assigneeSid, repeatedMode: node.repeatedMode },
    });
  }
  if (last) await settleGroup(step, token, last.level, last);
}

/**
 * After an opinion: decides the step's (or the level's) vote when it can be decided. Then the remaining
 * tasks are cancelled by the system, and the process moves on, to the next level, or ends rejected.
 */
export async function settleGroup(step: Step, token: TokenRow, level: number, cause: TaskRow): Promise<void> {
  const node = step.graph.nodes[token.nodeId] as UserTaskNode;
  const group = await loadTasks(step.tx, 'token_sid = $1 AND level = $2', [token.sid, level]);
  const decision = groupDecision(node.voteMode, group);
  if (!decision) return;
  await cancelTasks(step, group, 'decided', cause.sid);
  if (decision === 'rejected') return rejectInstance(step, token, cause);
  if (level > 0 && token.plan && level < token.plan.length) {
    const next = await createTask(step, token, {
      assigneeSid: token.plan[level]!,
      kind: 'approve',
      level: level + 1,
      originTaskSid: cause.sid,
    });
    return approveRepeated(step, token, [next]);
  }
  await copyStep(step, node);
  await completeToken(step, token, cause, cause.sid);
}

function setNodeVariable(step: Step, nodeId: string, value: 'approved' | 'rejected'): void {
  const node = step.graph.nodes[nodeId];
  if (node?.kind === 'userTask' && node.variable)
    step.instance.variables = { ...step.instance.variables, [node.variable]: value };
}

/** A step is done: the token rests there no more and moves on by the step's flows. */
export async function completeToken(
  step: Step,
  token: TokenRow,
  cause: TaskRow | null,
  origin: string | null,
): Promise<void> {
  await step.tx.query(
    `UPDATE workflow_token SET status = 'done', completed_by_task_sid = $2, finished_at = $3 WHERE sid = $1`,
    [token.sid, cause?.sid ?? null, step.at],
  );
  token.status = 'done';
  setNodeVariable(step, token.nodeId, 'approved');
  await leave(step, nodeOf(step, token.nodeId), token.scope, origin);
}

/** Cancels every open task and resting token of the instance (rejection, end, a return to the starter). */
export async function cancelEverything(step: Step, reason: string, cause: string | null): Promise<void> {
  const open = await loadTasks(step.tx, "instance_sid = $1 AND status IN ('open', 'pending')", [step.instance.sid]);
  await cancelTasks(step, open, reason, cause);
  await step.tx.query(
    `UPDATE workflow_token SET status = 'cancelled', finished_at = $2
      WHERE instance_sid = $1 AND status IN ('active', 'waiting')`,
    [step.instance.sid, step.at],
  );
}

async function rejectInstance(step: Step, token: TokenRow, cause: TaskRow): Promise<void> {
  setNodeVariable(step, token.nodeId, 'rejected');
  await step.tx.query(
    `UPDATE workflow_token SET status = 'done', completed_by_task_sid = $2, finished_at = $3 WHERE sid = $1`,
    [token.sid, cause.sid, step.at],
  );
  await cancelEverything(step, 'rejected', cause.sid);
  await finishInstance(step, 'rejected');
}

export async function finishInstance(step: Step, status: Extract<InstanceStatus, 'approved' | 'rejected' | 'ended'>) {
  step.instance.status = status;
  step.instance.finishedAt = step.at;
  await writeHistory(step, { action: 'finish', actorSid: null, detail: { status } });
  // Written before the end listeners run: what they do to the record (a lifecycle's status moving on the
  // outcome) finds no open process holding its fields. The command saves the rest of the instance after.
  await step.tx.query('UPDATE workflow_instance SET status = $2, finished_at = $3 WHERE sid = $1', [
    step.instance.sid,
    status,
    step.at,
  ]);
  await emit(step, 'end', null, null, status);
  // The starter learns the outcome (an ending by the starter or an administrator is their own doing).
  if (status !== 'ended')
    await notifyStep(step, {
      event: status === 'approved' ? 'process.approved' : 'process.rejected',
      to: [step.instance.starterSid],
    });
}

async function completeIfIdle(step: Step): Promise<void> {
  const resting = await step.tx.query(
    `SELECT 1 FROM workflow_token WHERE instance_sid = $1 AND status IN ('active', 'waiting') LIMIT 1`,
    [step.instance.sid],
  );
  if (resting.length === 0 && step.instance.status === 'running') await finishInstance(step, 'approved');
}
