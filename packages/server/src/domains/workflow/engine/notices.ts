// Telling people what a process did to them (issue 19, docs/notifications.md "Events"): each notice is
// queued through queueNotification in the transaction of the command or timer that caused it, about the
// process's business record, so a rolled-back command tells nobody, nobody is told of a record they may not
// read, and the actor is never told of their own action. The process and step names are kept as they are
// stored in the definition (plain text, not bilingual).
import type { NotificationEvent } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import { queueNotification } from '../../../platform/notifications/notify.js';
import type { ModelRegistry } from '../../../platform/models/registry.js';
import type { Step } from './step.js';

export interface WorkflowNotice {
  event: NotificationEvent;
  /** The people told (the visibility filter and the actor's exclusion still apply). */
  to: readonly string[];
  /** The step the notice is about (its name is the `task` parameter). */
  nodeId?: string | null;
  comment?: string | null;
  /** Once per tenant (a timer's notice, so a retried timer tells once). */
  dedupeKey?: string;
}

export interface NoticeSource {
  tx: Queryable;
  registry: ModelRegistry;
  tenantSid: string;
  model: string;
  recordSid: string;
  definitionName: string;
  /** The step's name as the definition stores it, or null when the notice is about no step. */
  nodeName: string | null;
  actorSid: string | null;
  at: Date;
}

async function userName(tx: Queryable, tenantSid: string, sid: string | null): Promise<string | null> {
  if (!sid) return null;
  const rows = await tx.query<{ name: string }>('SELECT name FROM user_account WHERE sid = $1 AND tenant_sid = $2', [
    sid,
    tenantSid,
  ]);
  return rows[0]?.name ?? null;
}

/** Queues one notice; the lower level, for a timer that has no command step. */
export async function queueWorkflowNotice(source: NoticeSource, notice: WorkflowNotice): Promise<void> {
  if (notice.to.length === 0) return;
  // A process always runs on a declared model; should its model be gone, nobody is told rather than
  // someone told of a record whose rights cannot be checked.
  if (!source.registry.get(source.model)) return;
  await queueNotification(
    source.tx,
    { registry: source.registry },
    {
      tenantSid: source.tenantSid,
      event: notice.event,
      record: { model: source.model, sid: source.recordSid },
      to: notice.to,
      actorSid: source.actorSid,
      params: {
        process: source.definitionName,
        task: source.nodeName ?? '',
        actor: await userName(source.tx, source.tenantSid, source.actorSid),
        comment: notice.comment ?? '',
      },
      dedupeKey: notice.dedupeKey,
      now: source.at,
    },
  );
}

/** Queues one notice in a command's step: about its instance's record, by its actor. */
export async function notifyStep(step: Step, notice: WorkflowNotice): Promise<void> {
  const node = notice.nodeId ? step.graph.nodes[notice.nodeId] : undefined;
  await queueWorkflowNotice(
    {
      tx: step.tx,
      registry: step.deps.registry,
      tenantSid: step.instance.tenantSid,
      model: step.instance.model,
      recordSid: step.instance.recordSid,
      definitionName: step.definition.name,
      nodeName: notice.nodeId ? (node?.name ?? notice.nodeId) : null,
      actorSid: step.actorSid,
      at: step.at,
    },
    notice,
  );
}
