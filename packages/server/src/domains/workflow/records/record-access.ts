// Whether a caller may see or change the business record a process runs on, decided as the generic model
// API decides it: the model's resource, then the caller's tenant, sub-company and data scope. Instances and
// tasks are reached through their record, so a process on a record out of reach is "not found", never
// "forbidden": its ids leak nothing.
import { AppError, modelResourceCode, type ErrorName } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import type { Principal } from '../../../http/context.js';
import type { ModelRegistry } from '../../../platform/models/registry.js';
import { scopeCondition } from '../../../platform/models/scope.js';
import { SqlParams } from '../../../platform/models/sql-params.js';
import { holds } from '../../../modules/rbac/authorize.js';

export interface RecordAccessDeps {
  db: Queryable;
  registry: ModelRegistry;
}

export type RecordAction = 'view' | 'update';

/** Of these records of one model, the ones the caller may see (the model's view resource and data scope). */
export async function reachableRecords(
  deps: RecordAccessDeps,
  principal: Principal,
  model: string,
  recordSids: readonly string[],
  action: RecordAction = 'view',
): Promise<Set<string>> {
  const resolved = deps.registry.get(model);
  if (!resolved || recordSids.length === 0 || !holds(principal.access, modelResourceCode(model, action)))
    return new Set();
  const params = new SqlParams([[...new Set(recordSids)]]);
  const rows = await deps.db.query<{ sid: string }>(
    `SELECT t.sid FROM ${resolved.table} t WHERE t.sid = ANY($1::text[]) AND ${scopeCondition(principal, resolved, params)}`,
    params.values as never,
  );
  return new Set(rows.map((r) => r.sid));
}

export async function mayViewRecord(
  deps: RecordAccessDeps,
  principal: Principal,
  model: string,
  recordSid: string,
): Promise<boolean> {
  return (await reachableRecords(deps, principal, model, [recordSid])).has(recordSid);
}

/**
 * Starting a process changes the record's life, so it takes what editing it takes: the model's update
 * resource (else 403) and the record within the caller's scope (else 404).
 */
export async function requireUpdatableRecord(
  deps: RecordAccessDeps,
  principal: Principal,
  model: string,
  recordSid: string,
): Promise<void> {
  if (!deps.registry.get(model)) throw new AppError('modelNotFound', { params: { model: model.slice(0, 48) } });
  if (!holds(principal.access, modelResourceCode(model, 'update'))) throw new AppError('permissionDenied');
  if (!(await reachableRecords(deps, principal, model, [recordSid], 'update')).has(recordSid))
    throw new AppError('recordNotFound');
}

interface Bound {
  instanceSid: string;
  model: string;
  recordSid: string;
}

async function requireVisible(
  deps: RecordAccessDeps,
  principal: Principal,
  row: Bound | undefined,
  missing: ErrorName,
): Promise<Bound> {
  if (!row || !(await mayViewRecord(deps, principal, row.model, row.recordSid))) throw new AppError(missing);
  return row;
}

/** The instance, when it is of the caller's tenant and its record is one they may see; else 404. */
export async function visibleInstance(
  deps: RecordAccessDeps,
  principal: Principal,
  instanceSid: string,
): Promise<Bound> {
  const rows = await deps.db.query<Bound>(
    `SELECT sid AS "instanceSid", model, record_sid AS "recordSid" FROM workflow_instance
      WHERE sid = $1 AND tenant_sid = $2`,
    [instanceSid, principal.tenantSid],
  );
  return requireVisible(deps, principal, rows[0], 'instanceNotFound');
}

/** The task's instance, when the task is of the caller's tenant and its record one they may see; else 404. */
export async function visibleTask(deps: RecordAccessDeps, principal: Principal, taskSid: string): Promise<Bound> {
  const rows = await deps.db.query<Bound>(
    `SELECT i.sid AS "instanceSid", i.model, i.record_sid AS "recordSid"
       FROM workflow_task t JOIN workflow_instance i ON i.sid = t.instance_sid
      WHERE t.sid = $1 AND t.tenant_sid = $2`,
    [taskSid, principal.tenantSid],
  );
  return requireVisible(deps, principal, rows[0], 'taskNotFound');
}
