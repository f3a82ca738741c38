// Issue 18 "approval-bound actions": a published process may be bound to a lifecycle action of its model
// (process setting `action`). Running the action then starts that process on the record (the record's
// pipeline asks through ApprovalHooks), and the process's end moves the status as the action declares:
// approved → the action's status and values, rejected → `approval.rejected` when declared, ended → nothing.
// The first production listeners of the engine: in-transaction, so the status moves with the decision.
import { CLIENT_SIDES, LANGUAGES, type LifecycleAction, type ModelDeclaration } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import type { ApprovalHooks } from '../../../platform/models/hooks.js';
import {
  checkLifecycleAction,
  lockLifecycleRecord,
  writeLifecycleStatus,
  type LifecycleActionInput,
  type RecordRow,
} from '../../../platform/models/records.js';
import type { ModelRegistry, ResolvedModel } from '../../../platform/models/registry.js';
import { loadAccess } from '../../../modules/rbac/access.js';
import { contextOf, type RequestContext } from '../../../platform/context.js';
import type { EngineDeps } from '../engine/context.js';
import { registerWorkflowListener, type WorkflowEvent } from '../engine/listeners.js';
import { startError, startProcessIn } from '../engine/start.js';
import { OPEN_INSTANCE_STATUSES } from '../engine/tables.js';

/** The instance variable the action is kept in, for its outcome (and for conditions: `var.lifecycle_action`). */
export const ACTION_VARIABLE = 'lifecycle_action';

/** What the action was asked with, kept in the instance's variables. */
export interface KeptAction {
  name: string;
  comment: string | null;
  values: Record<string, unknown>;
}

/**
 * The models with a lifecycle: any of them may have a process open on a record (a definition names its
 * model), during which its actions are not offered; those with an action declared with `approval` also
 * start and end processes through them.
 */
export function modelsWithLifecycles(registry: ModelRegistry): ResolvedModel[] {
  return registry.all().filter((model) => model.declaration.lifecycle !== undefined);
}

export function approvalHooks(deps: EngineDeps, model: string): ApprovalHooks {
  return {
    async boundProcess(db, input) {
      const rows = await db.query<{ key: string }>(
        `SELECT key FROM workflow_definition
          WHERE tenant_sid = $1 AND model = $2 AND status = 'published' AND graph->'settings'->>'action' = $3
          ORDER BY key LIMIT 1`,
        [input.tenantSid, input.model, input.action],
      );
      return rows[0]?.key ?? null;
    },
    async start(tx, ctx, input) {
      const kept: KeptAction = { name: input.action, comment: input.comment ?? null, values: { ...input.values } };
      try {
        const started = await startProcessIn(tx, deps, ctx, {
          definitionKey: input.definitionKey,
          recordSid: input.recordSid,
          comment: input.comment ?? null,
          variables: { [ACTION_VARIABLE]: kept },
        });
        return started.instanceSid;
      } catch (error) {
        // The transaction is lost either way; the caller rolls it back.
        throw startError(error);
      }
    },
    async openProcesses(db, input) {
      const rows = await db.query<{ record_sid: string }>(
        `SELECT record_sid FROM workflow_instance
          WHERE tenant_sid = $1 AND model = $2 AND record_sid = ANY($3::text[]) AND status = ANY($4::text[])`,
        [input.tenantSid, model, [...input.sids], OPEN_INSTANCE_STATUSES],
      );
      return new Set(rows.map((row) => row.record_sid));
    },
  };
}

/**
 * Puts the approval hooks into the pipeline of every model with an approval action and registers the
 * listener of its processes' ends. Answers what removes the listeners again (an app closing).
 */
export function installApprovalActions(registry: ModelRegistry, deps: EngineDeps): () => void {
  const removers = modelsWithLifecycles(registry).map((model) => {
    registry.hooks.add(model.declaration, { approval: approvalHooks(deps, model.name) });
    return registerWorkflowListener(`lifecycle.${model.name}`, {
      phase: 'inTransaction',
      events: ['end'],
      handle: (event, tx) => onProcessEnd(registry, model.declaration, event, tx),
    });
  });
  return () => removers.forEach((remove) => remove());
}

/** The end of a process on a record of this model: the outcome moves the status when the process is an action's. */
async function onProcessEnd(
  registry: ModelRegistry,
  declaration: ModelDeclaration,
  event: WorkflowEvent,
  tx: Queryable,
): Promise<void> {
  const lifecycle = declaration.lifecycle;
  if (event.model !== declaration.name || !lifecycle) return;
  const [instance] = await tx.query<{
    variables: Record<string, unknown> | null;
    starter_sid: string;
    bound: string | null;
  }>(
    `SELECT i.variables, i.starter_sid, d.graph->'settings'->>'action' AS bound
       FROM workflow_instance i JOIN workflow_definition d ON d.sid = i.definition_sid
      WHERE i.sid = $1`,
    [event.instanceSid],
  );
  // Only a process bound to the action, started by it: variables given to another start move nothing.
  const kept = keptAction(instance?.variables?.[ACTION_VARIABLE]);
  const action = kept ? lifecycle.actions[kept.name] : undefined;
  if (!instance || !kept || instance.bound !== kept.name || !action?.approval) return;
  const to = outcomeStatus(action, event.outcome);
  if (to === null) return;
  const model = registry.get(declaration.name)!;
  // The one who ran the action acts: their rights as they are now, in the process's moment.
  const ctx = await starterContext(tx, registry, event, instance.starter_sid);
  const input: LifecycleActionInput = {
    model,
    lifecycle,
    action: kept.name,
    sid: event.recordSid,
    comment: kept.comment ?? undefined,
    values: new Map(event.outcome === 'approved' ? Object.entries(kept.values) : []),
  };
  const before = await lockedForOutcome(tx, ctx, input, event.outcome === 'approved');
  await writeLifecycleStatus(tx, { registry }, ctx, { ...input, before, to, instanceSid: event.instanceSid });
}

/** Approved: the action's own status; rejected: the one it names for a rejection; otherwise none. */
export function outcomeStatus(action: LifecycleAction, outcome: string | null): string | null {
  if (outcome === 'approved') return action.to;
  if (outcome === 'rejected') return action.approval?.rejected ?? null;
  return null;
}

/**
 * The record, locked: on approval the action's checks run again as when it ran (a refusal rolls the
 * approval back: the approver sees why); a rejection only moves the status back.
 */
async function lockedForOutcome(
  tx: Queryable,
  ctx: RequestContext,
  input: LifecycleActionInput,
  approved: boolean,
): Promise<RecordRow> {
  if (approved) return checkLifecycleAction(tx, ctx, input);
  return lockLifecycleRecord(tx, ctx, input);
}

function keptAction(value: unknown): KeptAction | null {
  if (typeof value !== 'object' || value === null) return null;
  const { name, comment, values } = value as Partial<KeptAction>;
  if (typeof name !== 'string') return null;
  return {
    name,
    comment: typeof comment === 'string' ? comment : null,
    values: typeof values === 'object' && values !== null ? values : {},
  };
}

/**
 * The starter's context for the outcome: no request carries it (an approver's command, a timer), so the
 * request id is empty, the language the product's first and the moment the engine's.
 */
async function starterContext(
  tx: Queryable,
  registry: ModelRegistry,
  event: WorkflowEvent,
  userSid: string,
): Promise<RequestContext> {
  const [user] = await tx.query<{ is_tenant_admin: boolean }>(
    'SELECT is_tenant_admin FROM user_account WHERE sid = $1',
    [userSid],
  );
  const subject = {
    userSid,
    tenantSid: event.tenantSid,
    side: CLIENT_SIDES.enterprise,
    isTenantAdmin: user?.is_tenant_admin ?? false,
  };
  const access = await loadAccess(tx, registry.resources, subject);
  const principal = { ...subject, sessionSid: '', companySid: undefined, passwordChangeRequired: false, access };
  return contextOf(principal, { language: LANGUAGES[0], requestId: '', now: new Date(event.at) });
}
