// The engine's rows as TypeScript sees them: one mapping from the snake_case columns of migration 0012, the
// select lists that go with it, and the loaders every command shares (the definition graph is cached: a
// published version never changes, and instances run only on published or retired versions).
import { AppError, type ProcessGraph } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';

export const INSTANCE_STATUSES = ['draft', 'running', 'withdrawn', 'approved', 'rejected', 'ended'] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];
/** The statuses of an instance that is not finished (at most one per record). */
export const OPEN_INSTANCE_STATUSES: readonly InstanceStatus[] = ['draft', 'running', 'withdrawn'];

export type TokenStatus = 'active' | 'waiting' | 'done' | 'cancelled';
export const TASK_KINDS = ['submit', 'approve', 'signBefore', 'signAfter', 'signParallel'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];
export type TaskStatus = 'open' | 'pending' | 'done' | 'cancelled';
export const TASK_OUTCOMES = ['submitted', 'approved', 'rejected', 'returned', 'jumped', 'withdrawn'] as const;
export type TaskOutcome = (typeof TASK_OUTCOMES)[number];

/** A file attached to an opinion: a stored file's sid and its name as shown. */
export interface Attachment {
  fileSid: string;
  name: string;
}

export interface InstanceRow {
  sid: string;
  tenantSid: string;
  companySid: string | null;
  definitionSid: string;
  definitionKey: string;
  model: string;
  recordSid: string;
  status: InstanceStatus;
  starterSid: string;
  variables: Record<string, unknown>;
  returnedFromNode: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  submittedAt: Date | null;
  finishedAt: Date | null;
}

export interface TokenRow {
  sid: string;
  instanceSid: string;
  nodeId: string;
  status: TokenStatus;
  scope: string[];
  round: number;
  /** Level-by-level approval: the leader of each level, in order. */
  plan: string[] | null;
  originTaskSid: string | null;
  completedByTaskSid: string | null;
}

export interface TaskRow {
  sid: string;
  tenantSid: string;
  instanceSid: string;
  tokenSid: string;
  nodeId: string;
  assigneeSid: string;
  ownerSid: string;
  kind: TaskKind;
  level: number;
  round: number;
  parentTaskSid: string | null;
  originTaskSid: string | null;
  status: TaskStatus;
  outcome: TaskOutcome | null;
  comment: string | null;
  attachments: Attachment[];
  finishedBy: string | null;
  cancelledByTaskSid: string | null;
  todoSid: string | null;
  dueAt: Date | null;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface DefinitionRow {
  sid: string;
  key: string;
  version: number;
  name: string;
  model: string;
  graph: ProcessGraph;
}

type Raw = Record<string, unknown>;
const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const date = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as Date));
// jsonb comes back parsed from both drivers; a text value (never written by us) is parsed here.
const json = <T>(value: unknown, fallback: T): T =>
  value === null || value === undefined ? fallback : ((typeof value === 'string' ? JSON.parse(value) : value) as T);

export const INSTANCE_COLUMNS = `sid, tenant_sid, company_sid, definition_sid, definition_key, model, record_sid, status,
  starter_sid, variables, returned_from_node, version, created_at, updated_at, submitted_at, finished_at`;

export function instanceFrom(row: Raw): InstanceRow {
  return {
    sid: String(row.sid),
    tenantSid: String(row.tenant_sid),
    companySid: text(row.company_sid),
    definitionSid: String(row.definition_sid),
    definitionKey: String(row.definition_key),
    model: String(row.model),
    recordSid: String(row.record_sid),
    status: row.status as InstanceStatus,
    starterSid: String(row.starter_sid),
    variables: json<Record<string, unknown>>(row.variables, {}),
    returnedFromNode: text(row.returned_from_node),
    version: Number(row.version),
    createdAt: new Date(row.created_at as Date),
    updatedAt: new Date(row.updated_at as Date),
    submittedAt: date(row.submitted_at),
    finishedAt: date(row.finished_at),
  };
}

export const TOKEN_COLUMNS = `sid, instance_sid, node_id, status, scope, round, plan, origin_task_sid, completed_by_task_sid`;

export function tokenFrom(row: Raw): TokenRow {
  return {
    sid: String(row.sid),
    instanceSid: String(row.instance_sid),
    nodeId: String(row.node_id),
    status: row.status as TokenStatus,
    scope: (row.scope as string[] | null) ?? [],
    round: Number(row.round),
    plan: json<string[] | null>(row.plan, null),
    originTaskSid: text(row.origin_task_sid),
    completedByTaskSid: text(row.completed_by_task_sid),
  };
}

export const TASK_COLUMNS = `sid, tenant_sid, instance_sid, token_sid, node_id, assignee_sid, owner_sid, kind, level, round,
  parent_task_sid, origin_task_sid, status, outcome, comment, attachments, finished_by, cancelled_by_task_sid, todo_sid,
  due_at, created_at, finished_at`;

export function taskFrom(row: Raw): TaskRow {
  return {
    sid: String(row.sid),
    tenantSid: String(row.tenant_sid),
    instanceSid: String(row.instance_sid),
    tokenSid: String(row.token_sid),
    nodeId: String(row.node_id),
    assigneeSid: String(row.assignee_sid),
    ownerSid: String(row.owner_sid),
    kind: row.kind as TaskKind,
    level: Number(row.level),
    round: Number(row.round),
    parentTaskSid: text(row.parent_task_sid),
    originTaskSid: text(row.origin_task_sid),
    status: row.status as TaskStatus,
    outcome: (row.outcome as TaskOutcome | null) ?? null,
    comment: text(row.comment),
    attachments: json<Attachment[]>(row.attachments, []),
    finishedBy: text(row.finished_by),
    cancelledByTaskSid: text(row.cancelled_by_task_sid),
    todoSid: text(row.todo_sid),
    dueAt: date(row.due_at),
    createdAt: new Date(row.created_at as Date),
    finishedAt: date(row.finished_at),
  };
}

/** The instance, locked for the rest of the transaction: every command starts here. */
export async function lockInstance(tx: Queryable, tenantSid: string, instanceSid: string): Promise<InstanceRow> {
  const rows = await tx.query(
    `SELECT ${INSTANCE_COLUMNS} FROM workflow_instance WHERE sid = $1 AND tenant_sid = $2 FOR UPDATE`,
    [instanceSid, tenantSid],
  );
  if (!rows[0]) throw new AppError('instanceNotFound');
  return instanceFrom(rows[0]);
}

export async function saveInstance(tx: Queryable, instance: InstanceRow, at: Date): Promise<void> {
  await tx.query(
    `UPDATE workflow_instance SET status = $2, variables = $3, returned_from_node = $4, submitted_at = $5,
            finished_at = $6, updated_at = $7, version = version + 1
      WHERE sid = $1`,
    [
      instance.sid,
      instance.status,
      JSON.stringify(instance.variables),
      instance.returnedFromNode,
      instance.submittedAt,
      instance.finishedAt,
      at,
    ],
  );
  instance.version += 1;
  instance.updatedAt = at;
}

/** The instance a task belongs to (read without a lock: the command locks the instance next). */
export async function instanceOfTask(db: Queryable, tenantSid: string, taskSid: string): Promise<string> {
  const rows = await db.query<{ instance_sid: string }>(
    'SELECT instance_sid FROM workflow_task WHERE sid = $1 AND tenant_sid = $2',
    [taskSid, tenantSid],
  );
  if (!rows[0]) throw new AppError('taskNotFound');
  return rows[0].instance_sid;
}

export async function loadTask(tx: Queryable, instanceSid: string, taskSid: string): Promise<TaskRow> {
  const rows = await tx.query(`SELECT ${TASK_COLUMNS} FROM workflow_task WHERE sid = $1 AND instance_sid = $2`, [
    taskSid,
    instanceSid,
  ]);
  if (!rows[0]) throw new AppError('taskNotFound');
  return taskFrom(rows[0]);
}

export async function loadTasks(tx: Queryable, where: string, params: readonly unknown[]): Promise<TaskRow[]> {
  const rows = await tx.query(`SELECT ${TASK_COLUMNS} FROM workflow_task WHERE ${where} ORDER BY seq`, params as never);
  return rows.map(taskFrom);
}

export async function loadTokens(tx: Queryable, where: string, params: readonly unknown[]): Promise<TokenRow[]> {
  const rows = await tx.query(
    `SELECT ${TOKEN_COLUMNS} FROM workflow_token WHERE ${where} ORDER BY seq`,
    params as never,
  );
  return rows.map(tokenFrom);
}

export async function loadToken(tx: Queryable, tokenSid: string): Promise<TokenRow> {
  const [token] = await loadTokens(tx, 'sid = $1', [tokenSid]);
  if (!token) throw new AppError('instanceNotFound');
  return token;
}

const graphCache = new Map<string, DefinitionRow>();
const GRAPH_CACHE_LIMIT = 500;

/** A definition with its graph; published and retired versions are immutable, so they are cached. */
export async function loadDefinition(db: Queryable, definitionSid: string): Promise<DefinitionRow> {
  const cached = graphCache.get(definitionSid);
  if (cached) return cached;
  const rows = await db.query<Raw>(
    'SELECT sid, key, version, name, model, status, graph FROM workflow_definition WHERE sid = $1',
    [definitionSid],
  );
  const row = rows[0];
  if (!row) throw new AppError('workflowNotPublished');
  const definition: DefinitionRow = {
    sid: String(row.sid),
    key: String(row.key),
    version: Number(row.version),
    name: String(row.name),
    model: String(row.model),
    graph: (typeof row.graph === 'string' ? JSON.parse(row.graph) : row.graph) as ProcessGraph,
  };
  if (row.status !== 'draft') {
    if (graphCache.size >= GRAPH_CACHE_LIMIT) graphCache.delete(graphCache.keys().next().value as string);
    graphCache.set(definitionSid, definition);
  }
  return definition;
}
