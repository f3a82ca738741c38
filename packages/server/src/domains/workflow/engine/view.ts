// The approval panel's read of one instance: its status, where it stands, every task, the history timeline,
// and what the viewer may do now (so the UI offers only what the commands would accept).
import { AppError } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import { jumpTargets, returnTargets } from './back.js';
import { markCcRead } from './cc.js';
import { isTenantAdmin } from './command.js';
import type { Acting } from '../../../platform/context.js';
import type { WorkflowDeps } from './context.js';
import { URGE_INTERVAL_MINUTES } from './manage.js';
import type { HistoryAction } from './step.js';
import {
  instanceFrom,
  INSTANCE_COLUMNS,
  loadDefinition,
  loadTasks,
  OPEN_INSTANCE_STATUSES,
  type Attachment,
  type InstanceStatus,
  type TaskKind,
  type TaskOutcome,
  type TaskStatus,
} from './tables.js';
import { findWithdrawable } from './withdraw.js';

export type TaskAction =
  | 'approve'
  | 'reject'
  | 'return'
  | 'jump'
  | 'transfer'
  | 'addSignBefore'
  | 'addSignAfter'
  | 'addSignParallel'
  | 'resubmit';

export interface NodeRef {
  id: string;
  name: string;
}

export interface TaskView {
  sid: string;
  nodeId: string;
  nodeName: string;
  kind: TaskKind;
  level: number;
  round: number;
  status: TaskStatus;
  outcome: TaskOutcome | null;
  assigneeSid: string;
  assigneeName: string | null;
  ownerSid: string;
  parentTaskSid: string | null;
  comment: string | null;
  attachments: Attachment[];
  dueAt: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface HistoryView {
  id: number;
  at: string;
  actorSid: string | null;
  actorName: string | null;
  action: HistoryAction;
  nodeId: string | null;
  nodeName: string | null;
  taskSid: string | null;
  /** Whose task the entry is about when the system acted on it (cancelled, approved automatically). */
  assigneeSid: string | null;
  assigneeName: string | null;
  comment: string | null;
  attachments: Attachment[];
  detail: Record<string, unknown> | null;
}

export interface InstanceView {
  sid: string;
  status: InstanceStatus;
  model: string;
  recordSid: string;
  definition: { sid: string; key: string; version: number; name: string };
  starterSid: string;
  variables: Record<string, unknown>;
  createdAt: string;
  submittedAt: string | null;
  finishedAt: string | null;
  currentNodes: NodeRef[];
  tasks: TaskView[];
  history: HistoryView[];
  actions: {
    tasks: Array<{
      taskSid: string;
      nodeId: string;
      actions: TaskAction[];
      returnTargets: NodeRef[];
      jumpTargets: NodeRef[];
    }>;
    submit: boolean;
    withdraw: boolean;
    urge: boolean;
    end: boolean;
  };
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

async function userNames(db: Queryable, sids: Iterable<string | null>): Promise<Map<string, string>> {
  const wanted = [...new Set([...sids].filter((s): s is string => Boolean(s)))];
  if (wanted.length === 0) return new Map();
  const rows = await db.query<{ sid: string; name: string }>(
    'SELECT sid, name FROM user_account WHERE sid = ANY($1::text[])',
    [wanted],
  );
  return new Map(rows.map((r) => [r.sid, r.name]));
}

export async function openInstanceView(
  deps: Pick<WorkflowDeps, 'db' | 'now'>,
  ctx: Acting,
  input: { instanceSid: string },
): Promise<InstanceView> {
  const db = deps.db;
  const now = deps.now();
  const rows = await db.query(`SELECT ${INSTANCE_COLUMNS} FROM workflow_instance WHERE sid = $1 AND tenant_sid = $2`, [
    input.instanceSid,
    ctx.tenantSid,
  ]);
  if (!rows[0]) throw new AppError('instanceNotFound');
  const instance = instanceFrom(rows[0]);
  await markCcRead(db, { tenantSid: ctx.tenantSid, instanceSid: instance.sid, userSid: ctx.userSid, at: now });
  const definition = await loadDefinition(db, instance.definitionSid);
  const graph = definition.graph;
  const nodeName = (id: string | null) => (id ? (graph.nodes[id]?.name ?? id) : null);
  const ref = (id: string): NodeRef => ({ id, name: nodeName(id) ?? id });

  const resting = await db.query<{ node_id: string }>(
    `SELECT DISTINCT node_id FROM workflow_token WHERE instance_sid = $1 AND status IN ('active', 'waiting') ORDER BY node_id`,
    [instance.sid],
  );
  const tasks = await loadTasks(db, 'instance_sid = $1', [instance.sid]);
  const history = await db.query<Record<string, unknown>>(
    `SELECT id, at, actor_sid, action, node_id, task_sid, comment, attachments, detail
       FROM workflow_history WHERE instance_sid = $1 ORDER BY id`,
    [instance.sid],
  );
  const assigneeOf = (h: Record<string, unknown>): string | null => {
    const assignee = (h.detail as { assignee?: unknown } | null)?.assignee;
    return typeof assignee === 'string' ? assignee : null;
  };
  const names = await userNames(db, [
    ...tasks.map((t) => t.assigneeSid),
    ...history.map((h) => h.actor_sid as string),
    ...history.map(assigneeOf).filter((sid): sid is string => sid !== null),
  ]);

  const isStarter = instance.starterSid === ctx.userSid;
  const mayManage = isStarter || (await isTenantAdmin(db, ctx.tenantSid, ctx.userSid));
  const running = instance.status === 'running';
  const lastUrge = history.filter((h) => h.action === 'urge' && h.actor_sid === ctx.userSid).at(-1);
  const urgeFree =
    !lastUrge || new Date(lastUrge.at as Date).getTime() + URGE_INTERVAL_MINUTES * 60_000 <= now.getTime();
  const context = { tx: db, graph, instance };

  const taskActions: InstanceView['actions']['tasks'] = [];
  for (const task of tasks) {
    if (task.assigneeSid !== ctx.userSid || (task.status !== 'open' && task.status !== 'pending')) continue;
    if (task.kind === 'submit') {
      taskActions.push({
        taskSid: task.sid,
        nodeId: task.nodeId,
        actions: ['resubmit'],
        returnTargets: [],
        jumpTargets: [],
      });
      continue;
    }
    if (!running || task.status === 'pending') {
      taskActions.push({ taskSid: task.sid, nodeId: task.nodeId, actions: [], returnTargets: [], jumpTargets: [] });
      continue;
    }
    const node = graph.nodes[task.nodeId];
    const back = await returnTargets(context, task);
    const jumps = jumpTargets(context, task);
    const signs: TaskAction[] =
      node?.kind === 'userTask' && node.addSign && (task.kind === 'approve' || task.kind === 'signParallel')
        ? ['addSignBefore', 'addSignAfter', 'addSignParallel']
        : [];
    const actions: TaskAction[] = ['approve', 'reject', 'transfer', ...signs];
    if (back.length > 0) actions.push('return');
    if (jumps.length > 0) actions.push('jump');
    taskActions.push({
      taskSid: task.sid,
      nodeId: task.nodeId,
      actions,
      returnTargets: back.map(ref),
      jumpTargets: jumps.map(ref),
    });
  }

  return {
    sid: instance.sid,
    status: instance.status,
    model: instance.model,
    recordSid: instance.recordSid,
    definition: { sid: definition.sid, key: definition.key, version: definition.version, name: definition.name },
    starterSid: instance.starterSid,
    variables: instance.variables,
    createdAt: instance.createdAt.toISOString(),
    submittedAt: iso(instance.submittedAt),
    finishedAt: iso(instance.finishedAt),
    currentNodes: resting.map((r) => ref(r.node_id)),
    tasks: tasks.map((t) => ({
      sid: t.sid,
      nodeId: t.nodeId,
      nodeName: nodeName(t.nodeId) ?? t.nodeId,
      kind: t.kind,
      level: t.level,
      round: t.round,
      status: t.status,
      outcome: t.outcome,
      assigneeSid: t.assigneeSid,
      assigneeName: names.get(t.assigneeSid) ?? null,
      ownerSid: t.ownerSid,
      parentTaskSid: t.parentTaskSid,
      comment: t.comment,
      attachments: t.attachments,
      dueAt: iso(t.dueAt),
      createdAt: t.createdAt.toISOString(),
      finishedAt: iso(t.finishedAt),
    })),
    history: history.map((h) => ({
      id: Number(h.id),
      at: new Date(h.at as Date).toISOString(),
      actorSid: (h.actor_sid as string | null) ?? null,
      actorName: h.actor_sid ? (names.get(h.actor_sid as string) ?? null) : null,
      action: h.action as HistoryAction,
      nodeId: (h.node_id as string | null) ?? null,
      nodeName: nodeName((h.node_id as string | null) ?? null),
      taskSid: (h.task_sid as string | null) ?? null,
      assigneeSid: assigneeOf(h),
      assigneeName: assigneeOf(h) ? (names.get(assigneeOf(h)!) ?? null) : null,
      comment: (h.comment as string | null) ?? null,
      attachments: (h.attachments as Attachment[] | null) ?? [],
      detail: (h.detail as Record<string, unknown> | null) ?? null,
    })),
    actions: {
      tasks: taskActions,
      submit: instance.status === 'draft' && isStarter,
      withdraw: running && (await findWithdrawable(db, instance, ctx.userSid)) !== null,
      urge:
        running &&
        mayManage &&
        urgeFree &&
        tasks.some((t) => t.kind !== 'submit' && (t.status === 'open' || t.status === 'pending')),
      end: OPEN_INSTANCE_STATUSES.includes(instance.status) && mayManage,
    },
  };
}
