// The business record a process runs on, as flow conditions (`record.<field>`) and user-field approvers see
// it: its columns with the tenant's custom fields beside them, read in the command's transaction.
import type { Queryable } from '../../../db/database.js';
import type { ModelRegistry } from '../../../platform/models/registry.js';
import type { Step } from './step.js';

/**
 * The record's fields, or null when the model is unknown or the record is not in the tenant. `share` keeps
 * the row from being deleted until the transaction ends (a start racing a delete of its record).
 */
export async function readRecordFields(
  tx: Queryable,
  registry: ModelRegistry,
  tenantSid: string,
  model: string,
  recordSid: string,
  options: { share?: boolean } = {},
): Promise<Record<string, unknown> | null> {
  const resolved = registry.get(model);
  if (!resolved) return null;
  const rows = await tx.query<Record<string, unknown>>(
    `SELECT * FROM ${resolved.table} WHERE sid = $1 AND tenant_sid = $2${options.share ? ' FOR SHARE' : ''}`,
    [recordSid, tenantSid],
  );
  const row = rows[0];
  if (!row) return null;
  const { custom, ...columns } = row;
  const customs = custom && typeof custom === 'object' ? (custom as Record<string, unknown>) : {};
  return { ...customs, ...columns };
}

export async function stepRecord(step: Step): Promise<Record<string, unknown>> {
  step.record ??=
    (await readRecordFields(
      step.tx,
      step.deps.registry,
      step.instance.tenantSid,
      step.instance.model,
      step.instance.recordSid,
    )) ?? {};
  return step.record;
}
