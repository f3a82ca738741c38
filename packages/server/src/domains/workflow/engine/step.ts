// One command's unit of work: the locked instance, its definition, the transaction and the app clock's
// moment, plus the three things every change leaves behind: a history entry, listener events (run now or
// put in the outbox) and outbox rows for after-commit work.
import type { ListenerEvent, ProcessGraph, ProcessNode } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import type { EngineDeps } from './context.js';
import { listenersFor, type WorkflowEvent } from './listeners.js';
import type { Attachment, DefinitionRow, InstanceRow, TaskRow } from './tables.js';

/** What any change to an instance needs: the transaction, the moment, the actor and the locked instance. */
export interface StepCore {
  tx: Queryable;
  at: Date;
  /** Who acts; null when the system does (timers). */
  actorSid: string | null;
  instance: InstanceRow;
  definition: DefinitionRow;
  graph: ProcessGraph;
}

/** A command that may move tokens: it also evaluates conditions and resolves approvers. */
export interface Step extends StepCore {
  deps: EngineDeps;
  /** Steps entered in this command: a guard against a design that loops without anyone acting. */
  moves: number;
  /** The business record as flow conditions and user fields read it, loaded once per command. */
  record?: Record<string, unknown>;
}

export const HISTORY_ACTIONS = [
  'saveDraft',
  'submit',
  'resubmit',
  'approve',
  'reject',
  'return',
  'withdraw',
  'jump',
  'urge',
  'transfer',
  'addSignBefore',
  'addSignAfter',
  'addSignParallel',
  'end',
  'cancel',
  'autoApprove',
  'skip',
  'toAdmin',
  'handOver',
  'due',
  'remind',
  'finish',
  'cc',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export interface HistoryEntry {
  action: HistoryAction;
  nodeId?: string | null;
  taskSid?: string | null;
  comment?: string | null;
  attachments?: Attachment[];
  detail?: Record<string, unknown>;
  /** Default: the step's actor. */
  actorSid?: string | null;
}

export async function writeHistory(step: StepCore, entry: HistoryEntry): Promise<void> {
  await insertHistory(step.tx, step.instance.tenantSid, step.instance.sid, step.at, {
    ...entry,
    actorSid: entry.actorSid === undefined ? step.actorSid : entry.actorSid,
  });
}

export async function insertHistory(
  tx: Queryable,
  tenantSid: string,
  instanceSid: string,
  at: Date,
  entry: HistoryEntry,
): Promise<void> {
  await tx.query(
    `INSERT INTO workflow_history (tenant_sid, instance_sid, at, actor_sid, action, node_id, task_sid, comment, attachments, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      tenantSid,
      instanceSid,
      at,
      entry.actorSid ?? null,
      entry.action,
      entry.nodeId ?? null,
      entry.taskSid ?? null,
      entry.comment ?? null,
      JSON.stringify(entry.attachments ?? []),
      entry.detail ? JSON.stringify(entry.detail) : null,
    ],
  );
}

export async function enqueueOutbox(
  tx: Queryable,
  row: { tenantSid: string; instanceSid: string | null; event: string; payload: object; at: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO workflow_outbox (tenant_sid, instance_sid, event, payload, created_at, available_at)
     VALUES ($1, $2, $3, $4, $5, $5)`,
    [row.tenantSid, row.instanceSid, row.event, JSON.stringify(row.payload), row.at],
  );
}

/**
 * Tells the listeners of an event: inTransaction ones run now (their refusal propagates and rolls the
 * command back), afterCommit ones are queued in the outbox of this same transaction.
 */
export async function emit(
  step: StepCore,
  event: ListenerEvent,
  node: ProcessNode | null,
  task?: Pick<TaskRow, 'sid' | 'assigneeSid' | 'outcome'> | null,
  /** The process's own end: how it finished (approved, rejected, ended), for want of a task's outcome. */
  processOutcome?: string,
): Promise<void> {
  const specs = node ? node.listeners : (step.graph.settings.listeners ?? []);
  const targets = listenersFor(event, specs);
  if (targets.length === 0) return;
  const payload: WorkflowEvent = {
    event,
    tenantSid: step.instance.tenantSid,
    instanceSid: step.instance.sid,
    definitionKey: step.definition.key,
    model: step.instance.model,
    recordSid: step.instance.recordSid,
    nodeId: node?.id ?? null,
    taskSid: task?.sid ?? null,
    assigneeSid: task?.assigneeSid ?? null,
    actorSid: step.actorSid,
    outcome: task?.outcome ?? processOutcome ?? null,
    at: step.at.toISOString(),
  };
  for (const { name, listener } of targets) {
    if (listener.phase === 'inTransaction') await listener.handle(payload, step.tx);
    else
      await enqueueOutbox(step.tx, {
        tenantSid: step.instance.tenantSid,
        instanceSid: step.instance.sid,
        event: 'listener',
        payload: { listener: name, event: payload },
        at: step.at,
      });
  }
}

/** The page of the record the process runs on (the web's route of a record's detail page). */
export function recordLink(model: string, recordSid: string): string {
  return `/model/${encodeURIComponent(model)}/${encodeURIComponent(recordSid)}`;
}

/** A to-do's title: the process and the step, as named in the definition. */
export function taskTitle(definitionName: string, nodeName: string): string {
  const title = nodeName ? `${definitionName} · ${nodeName}` : definitionName;
  return title.length > 255 ? `${title.slice(0, 254)}…` : title;
}
