// Processes are bound to their record through the generic pipeline, for every model (any model can have
// processes: a definition names its model): deleting a record deletes its processes with their history and
// to-dos (spec §5, "deleting a case also deletes its … processes") and the confirmation counts them; an
// update while a process is open is limited to what the current step grants (field-lock.ts).
import type { Queryable } from '../../../db/database.js';
import { audit } from '../../../modules/accounts/context.js';
import type { DeleteDependent, ModelHooks } from '../../../platform/models/hooks.js';
import type { ModelRegistry } from '../../../platform/models/registry.js';
import { checkFieldLock, refuseActionInProcess } from './field-lock.js';

const PROCESSES_LABEL = { zh: '流程', en: 'Processes' } as const;

async function countProcesses(db: Queryable, tenantSid: string, model: string, recordSid: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM workflow_instance WHERE tenant_sid = $1 AND model = $2 AND record_sid = $3',
    [tenantSid, model, recordSid],
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Deletes the record's instances in the caller's transaction: tokens, tasks, history and timers go with them
 * (ON DELETE CASCADE, migration 0012), then the tasks' to-dos (which tasks reference, so they go last). The
 * instances are locked first, in sid order as commands lock them, so a command running now finishes before
 * and none starts after. Answers how many instances and to-dos went.
 */
export async function deleteRecordProcesses(
  tx: Queryable,
  input: { tenantSid: string; model: string; recordSid: string },
): Promise<{ instances: number; todos: number }> {
  const instances = await tx.query<{ sid: string }>(
    `SELECT sid FROM workflow_instance WHERE tenant_sid = $1 AND model = $2 AND record_sid = $3
      ORDER BY sid FOR UPDATE`,
    [input.tenantSid, input.model, input.recordSid],
  );
  if (instances.length === 0) return { instances: 0, todos: 0 };
  const sids = instances.map((i) => i.sid);
  const todos = await tx.query<{ todo_sid: string }>(
    'SELECT todo_sid FROM workflow_task WHERE instance_sid = ANY($1::text[]) AND todo_sid IS NOT NULL',
    [sids],
  );
  await tx.query('DELETE FROM workflow_instance WHERE sid = ANY($1::text[])', [sids]);
  if (todos.length > 0)
    await tx.query('DELETE FROM todo WHERE tenant_sid = $1 AND sid = ANY($2::text[])', [
      input.tenantSid,
      todos.map((t) => t.todo_sid),
    ]);
  return { instances: sids.length, todos: todos.length };
}

export function workflowRecordHooks(model: string): ModelHooks {
  return {
    afterWrite: async (tx, event) => {
      await checkFieldLock(tx, event);
    },
    async beforeAction(tx, event) {
      // Only the open process's outcome moves the status (approval-actions.ts); a starter the process is back
      // with may edit the fields, not run another action meanwhile.
      if (!event.instanceSid) await refuseActionInProcess(tx, event);
    },
    async beforeDelete(tx, { principal, record, now, requestId }) {
      const recordSid = String(record.sid);
      const deleted = await deleteRecordProcesses(tx, { tenantSid: principal.tenantSid, model, recordSid });
      if (deleted.instances === 0) return;
      await audit(tx, {
        tenantSid: principal.tenantSid,
        actorSid: principal.userSid,
        action: 'workflow_instance.deleted',
        target: `${model}:${recordSid}`,
        detail: deleted,
        requestId,
        at: now,
      });
    },
    async deletePreview(db, { principal, record }): Promise<DeleteDependent[]> {
      const count = await countProcesses(db, principal.tenantSid, model, String(record.sid));
      return [{ key: 'processes', label: PROCESSES_LABEL, count }];
    },
  };
}

/**
 * For every model of the registry. The set of models is fixed at start (the catalogue; tenants add fields,
 * not models), so hooks per model are as complete as a wildcard would be. Installed before the domain
 * modules' hooks, so a refused update is refused before they recompute anything.
 */
export function installWorkflowRecordHooks(registry: ModelRegistry): void {
  for (const model of registry.all()) registry.hooks.add(model.declaration, workflowRecordHooks(model.name));
}
