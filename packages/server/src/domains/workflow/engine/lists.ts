// A user's workflow lists, newest first, a page at a time: my to-dos (open and pending tasks), the processes
// I started, the tasks I handled, the processes copied to me; and the counts for badges (cc: unread
// copies). Each list walks its own index.
import type { Queryable } from '../../../db/database.js';
import type { Acting } from '../../../platform/context.js';
import type { InstanceStatus, TaskKind, TaskOutcome, TaskStatus } from './tables.js';

/** Which page: the user whose lists they are is the one acting. */
export interface ListInput {
  /** Default 20 (spec §9 page size), at most 100. */
  limit?: number;
  offset?: number;
}

export interface TaskListItem {
  taskSid: string;
  instanceSid: string;
  nodeId: string;
  nodeName: string;
  kind: TaskKind;
  status: TaskStatus;
  outcome: TaskOutcome | null;
  processName: string;
  model: string;
  recordSid: string;
  starterSid: string;
  instanceStatus: InstanceStatus;
  dueAt: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface InstanceListItem {
  instanceSid: string;
  processName: string;
  model: string;
  recordSid: string;
  status: InstanceStatus;
  createdAt: string;
  submittedAt: string | null;
  finishedAt: string | null;
}

/** A process copied to me: the instance, the step that copied it, and whether I have opened it since. */
export interface CcListItem extends InstanceListItem {
  nodeId: string;
  nodeName: string;
  copiedAt: string;
  readAt: string | null;
}

/** Badge counts; cc counts only the copies not opened yet. */
export interface MyCounts {
  todo: number;
  started: number;
  handled: number;
  cc: number;
}

export interface Page<T> {
  total: number;
  rows: T[];
}

const pageOf = (input: ListInput) => ({
  limit: Math.min(Math.max(Math.trunc(input.limit ?? 20), 1), 100),
  offset: Math.max(Math.trunc(input.offset ?? 0), 0),
});
const iso = (value: unknown) => (value ? new Date(value as Date).toISOString() : null);

const TASK_SELECT = `SELECT t.sid, t.instance_sid, t.node_id, coalesce(d.graph->'nodes'->t.node_id->>'name', t.node_id) AS node_name,
       t.kind, t.status, t.outcome, d.name AS process_name, i.model, i.record_sid, i.starter_sid, i.status AS instance_status,
       t.due_at, t.created_at, t.finished_at
  FROM workflow_task t
  JOIN workflow_instance i ON i.sid = t.instance_sid
  JOIN workflow_definition d ON d.sid = i.definition_sid`;

function taskItem(r: Record<string, unknown>): TaskListItem {
  return {
    taskSid: String(r.sid),
    instanceSid: String(r.instance_sid),
    nodeId: String(r.node_id),
    nodeName: String(r.node_name),
    kind: r.kind as TaskKind,
    status: r.status as TaskStatus,
    outcome: (r.outcome as TaskOutcome | null) ?? null,
    processName: String(r.process_name),
    model: String(r.model),
    recordSid: String(r.record_sid),
    starterSid: String(r.starter_sid),
    instanceStatus: r.instance_status as InstanceStatus,
    dueAt: iso(r.due_at),
    createdAt: iso(r.created_at)!,
    finishedAt: iso(r.finished_at),
  };
}

const TODO_WHERE = "t.tenant_sid = $1 AND t.assignee_sid = $2 AND t.status IN ('open', 'pending')";
// Withdrawn opinions are not work done; system-approved repeats are (they count as the person's approval).
const HANDLED_WHERE = "t.tenant_sid = $1 AND t.finished_by = $2 AND t.status = 'done' AND t.kind <> 'submit'";
const STARTED_WHERE = 'i.tenant_sid = $1 AND i.starter_sid = $2';
const CC_WHERE = 'c.tenant_sid = $1 AND c.user_sid = $2';

async function count(db: Queryable, sql: string, ctx: Acting): Promise<number> {
  const rows = await db.query<{ n: number }>(sql, [ctx.tenantSid, ctx.userSid]);
  return Number(rows[0]?.n ?? 0);
}

export async function listMyTodoTasks(db: Queryable, ctx: Acting, page: ListInput = {}): Promise<Page<TaskListItem>> {
  const { limit, offset } = pageOf(page);
  const rows = await db.query(
    `${TASK_SELECT} WHERE ${TODO_WHERE} ORDER BY t.created_at DESC, t.sid DESC LIMIT ${limit} OFFSET ${offset}`,
    [ctx.tenantSid, ctx.userSid],
  );
  return {
    total: await count(db, `SELECT count(*) AS n FROM workflow_task t WHERE ${TODO_WHERE}`, ctx),
    rows: rows.map(taskItem),
  };
}

export async function listMyHandledTasks(
  db: Queryable,
  ctx: Acting,
  page: ListInput = {},
): Promise<Page<TaskListItem>> {
  const { limit, offset } = pageOf(page);
  const rows = await db.query(
    `${TASK_SELECT} WHERE ${HANDLED_WHERE} ORDER BY t.finished_at DESC, t.sid DESC LIMIT ${limit} OFFSET ${offset}`,
    [ctx.tenantSid, ctx.userSid],
  );
  return {
    total: await count(db, `SELECT count(*) AS n FROM workflow_task t WHERE ${HANDLED_WHERE}`, ctx),
    rows: rows.map(taskItem),
  };
}

export async function listMyStartedInstances(
  db: Queryable,
  ctx: Acting,
  page: ListInput = {},
): Promise<Page<InstanceListItem>> {
  const { limit, offset } = pageOf(page);
  const rows = await db.query<Record<string, unknown>>(
    `SELECT i.sid, d.name AS process_name, i.model, i.record_sid, i.status, i.created_at, i.submitted_at, i.finished_at
       FROM workflow_instance i JOIN workflow_definition d ON d.sid = i.definition_sid
      WHERE ${STARTED_WHERE}
      ORDER BY i.created_at DESC, i.sid DESC LIMIT ${limit} OFFSET ${offset}`,
    [ctx.tenantSid, ctx.userSid],
  );
  return {
    total: await count(db, `SELECT count(*) AS n FROM workflow_instance i WHERE ${STARTED_WHERE}`, ctx),
    rows: rows.map(instanceItem),
  };
}

export async function listMyCcInstances(db: Queryable, ctx: Acting, page: ListInput = {}): Promise<Page<CcListItem>> {
  const { limit, offset } = pageOf(page);
  const rows = await db.query<Record<string, unknown>>(
    `SELECT i.sid, d.name AS process_name, i.model, i.record_sid, i.status, i.created_at, i.submitted_at, i.finished_at,
            c.node_id, coalesce(d.graph->'nodes'->c.node_id->>'name', c.node_id) AS node_name, c.created_at AS copied_at,
            c.read_at
       FROM workflow_cc c
       JOIN workflow_instance i ON i.sid = c.instance_sid
       JOIN workflow_definition d ON d.sid = i.definition_sid
      WHERE ${CC_WHERE}
      ORDER BY c.created_at DESC, c.sid DESC LIMIT ${limit} OFFSET ${offset}`,
    [ctx.tenantSid, ctx.userSid],
  );
  return {
    total: await count(db, `SELECT count(*) AS n FROM workflow_cc c WHERE ${CC_WHERE}`, ctx),
    rows: rows.map((r) => ({
      ...instanceItem(r),
      nodeId: String(r.node_id),
      nodeName: String(r.node_name),
      copiedAt: iso(r.copied_at)!,
      readAt: iso(r.read_at),
    })),
  };
}

function instanceItem(r: Record<string, unknown>): InstanceListItem {
  return {
    instanceSid: String(r.sid),
    processName: String(r.process_name),
    model: String(r.model),
    recordSid: String(r.record_sid),
    status: r.status as InstanceStatus,
    createdAt: iso(r.created_at)!,
    submittedAt: iso(r.submitted_at),
    finishedAt: iso(r.finished_at),
  };
}

export async function countMyWorkflow(db: Queryable, ctx: Acting): Promise<MyCounts> {
  const rows = await db.query<MyCounts>(
    `SELECT (SELECT count(*) FROM workflow_task t WHERE ${TODO_WHERE}) AS todo,
            (SELECT count(*) FROM workflow_instance i WHERE ${STARTED_WHERE}) AS started,
            (SELECT count(*) FROM workflow_task t WHERE ${HANDLED_WHERE}) AS handled,
            (SELECT count(*) FROM workflow_cc c WHERE ${CC_WHERE} AND c.read_at IS NULL) AS cc`,
    [ctx.tenantSid, ctx.userSid],
  );
  const row = rows[0];
  return {
    todo: Number(row?.todo ?? 0),
    started: Number(row?.started ?? 0),
    handled: Number(row?.handled ?? 0),
    cc: Number(row?.cc ?? 0),
  };
}
