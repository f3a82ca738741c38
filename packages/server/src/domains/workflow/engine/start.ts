// Starting a process on a business record: on the definition's published version, for a record of its
// model in the caller's tenant, at most one open process per record. Saved as a draft first when asked,
// submitted later; submitting runs the start step and moves on to the first approvers.
import { AppError, newSid, type ProcessSettings } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import { violatedIndex } from '../../../db/unique-violation.js';
import {
  requireStatus,
  resultOf,
  runCommand,
  instanceTarget,
  type CommandResult,
  type InstanceCommandInput,
  type Opinion,
} from './command.js';
import type { Acting } from '../../../platform/context.js';
import type { EngineDeps, WorkflowDeps } from './context.js';
import { insertToken, leave } from './movement.js';
import { readRecordFields } from './record.js';
import { emit, writeHistory, type Step } from './step.js';
import { createTask } from './tasks.js';
import { instanceFrom, INSTANCE_COLUMNS, loadDefinition, OPEN_INSTANCE_STATUSES, saveInstance } from './tables.js';

export interface StartInput extends Opinion {
  /** The process's key: the published version of it is started. */
  definitionKey: string;
  recordSid: string;
  /** Save as a draft (not submitted yet). */
  draft?: boolean;
  variables?: Record<string, unknown>;
}

/** Spec §3 "approve user / role / user field": who may start it; none set means anyone who may edit. */
export async function mayStart(
  tx: Queryable,
  tenantSid: string,
  settings: ProcessSettings,
  userSid: string,
  record: Record<string, unknown>,
): Promise<boolean> {
  const users = settings.approveUsers ?? [];
  const roles = settings.approveRoles ?? [];
  const field = settings.approveUserField ?? null;
  if (users.length === 0 && roles.length === 0 && !field) return true;
  if (users.includes(userSid)) return true;
  if (field) {
    const value = record[field];
    if (value === userSid || (Array.isArray(value) && value.includes(userSid))) return true;
  }
  if (roles.length === 0) return false;
  const held = await tx.query(
    `SELECT 1 FROM user_role ur JOIN role r ON r.sid = ur.role_sid
      WHERE ur.user_sid = $1 AND r.tenant_sid = $2 AND r.status = 1 AND lower(r.code) = ANY($3::text[]) LIMIT 1`,
    [userSid, tenantSid, roles.map((r) => r.toLowerCase())],
  );
  return held.length > 0;
}

/** The starter's company when the record has none: the one they signed in to last, else their first. */
async function starterCompany(tx: Queryable, userSid: string): Promise<string | null> {
  const rows = await tx.query<{ company_sid: string }>(
    'SELECT company_sid FROM user_company WHERE user_sid = $1 ORDER BY last_login_flag DESC, sort_by, company_sid LIMIT 1',
    [userSid],
  );
  return rows[0]?.company_sid ?? null;
}

/** Submission: the start step is done by the starter's submit task, and the token moves on. */
export async function submitStep(step: Step, opinion: Opinion): Promise<void> {
  const starter = step.instance.starterSid;
  step.instance.status = 'running';
  step.instance.submittedAt = step.at;
  await emit(step, 'start', null);
  const start = step.graph.nodes[step.graph.start];
  if (!start) throw new AppError('noBranch', { params: { node: step.graph.start } });
  await emit(step, 'start', start);
  const token = await insertToken(step, start.id, [], null);
  const submit = await createTask(step, token, {
    assigneeSid: starter,
    kind: 'submit',
    finished: { outcome: 'submitted', by: starter, comment: opinion.comment, attachments: opinion.attachments },
  });
  await writeHistory(step, {
    action: 'submit',
    nodeId: start.id,
    taskSid: submit.sid,
    comment: opinion.comment,
    attachments: opinion.attachments,
  });
  await step.tx.query(
    `UPDATE workflow_token SET status = 'done', completed_by_task_sid = $2, finished_at = $3 WHERE sid = $1`,
    [token.sid, submit.sid, step.at],
  );
  await leave(step, start, [], submit.sid);
}

export async function startProcess(deps: WorkflowDeps, ctx: Acting, input: StartInput): Promise<CommandResult> {
  try {
    return await deps.db.transaction((tx) => startProcessIn(tx, deps, ctx, input));
  } catch (error) {
    throw startError(error);
  }
}

/** Two starts racing for one record: the second meets the one-open-process index. */
export function startError(error: unknown): unknown {
  return violatedIndex(error, ['workflow_instance_open_idx']) ? new AppError('instanceAlreadyOpen') : error;
}

/**
 * startProcess in the caller's transaction (a lifecycle action checks its record and starts its approval
 * in one): the caller passes what it throws through `startError`.
 */
export async function startProcessIn(
  tx: Queryable,
  deps: EngineDeps,
  ctx: Acting,
  input: StartInput,
): Promise<CommandResult> {
  const published = await tx.query<{ sid: string }>(
    "SELECT sid FROM workflow_definition WHERE tenant_sid = $1 AND key = $2 AND status = 'published'",
    [ctx.tenantSid, input.definitionKey],
  );
  if (!published[0]) throw new AppError('workflowNotPublished');
  const definition = await loadDefinition(tx, published[0].sid);
  const record = await readRecordFields(tx, deps.registry, ctx.tenantSid, definition.model, input.recordSid, {
    share: true,
  });
  if (!record) throw new AppError('recordNotFound');
  const open = await tx.query(
    'SELECT 1 FROM workflow_instance WHERE tenant_sid = $1 AND model = $2 AND record_sid = $3 AND status = ANY($4::text[])',
    [ctx.tenantSid, definition.model, input.recordSid, OPEN_INSTANCE_STATUSES],
  );
  if (open.length > 0) throw new AppError('instanceAlreadyOpen');
  if (!(await mayStart(tx, ctx.tenantSid, definition.graph.settings, ctx.userSid, record)))
    throw new AppError('startNotAllowed');
  const at = deps.now();
  const companySid =
    typeof record.company_sid === 'string' ? record.company_sid : await starterCompany(tx, ctx.userSid);
  const rows = await tx.query(
    `INSERT INTO workflow_instance (sid, tenant_sid, company_sid, definition_sid, definition_key, model, record_sid,
       status, starter_sid, variables, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'draft', $8, $9, $10, $10)
     RETURNING ${INSTANCE_COLUMNS}`,
    [
      newSid(),
      ctx.tenantSid,
      companySid,
      definition.sid,
      definition.key,
      definition.model,
      input.recordSid,
      ctx.userSid,
      JSON.stringify(input.variables ?? {}),
      at,
    ],
  );
  const instance = instanceFrom(rows[0]!);
  const step: Step = {
    tx,
    deps,
    at,
    actorSid: ctx.userSid,
    instance,
    definition,
    graph: definition.graph,
    moves: 0,
    record,
  };
  if (input.draft) await writeHistory(step, { action: 'saveDraft', comment: input.comment });
  else await submitStep(step, input);
  await saveInstance(tx, instance, at);
  return resultOf(step);
}

/** A draft is submitted by its starter (optionally with changed variables). */
export async function submitDraft(
  deps: WorkflowDeps,
  ctx: Acting,
  input: InstanceCommandInput & { variables?: Record<string, unknown> },
): Promise<CommandResult> {
  return runCommand(deps, instanceTarget(ctx, input.instanceSid), async (step) => {
    requireStatus(step, ['draft']);
    if (step.instance.starterSid !== ctx.userSid) throw new AppError('notStarter');
    if (input.variables) step.instance.variables = { ...step.instance.variables, ...input.variables };
    await submitStep(step, input);
    return resultOf(step);
  });
}
