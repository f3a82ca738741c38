// The person, agent and agency rows the people actions work on: found through the caller's view and
// data scope first (another tenant's or an out-of-scope sid answers 404), then locked by tenant in the
// action's transaction, and answered through the caller's view (hidden fields left out, masked).
import { AppError } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { Principal } from '../../http/context.js';
import type { AccountsContext } from '../../modules/accounts/context.js';
import type { TenantModels } from '../../modules/custom-fields/service.js';
import { fieldChanges, readRecord, selectList, type RecordRow } from '../../platform/models/records.js';
import type { ResolvedModel } from '../../platform/models/registry.js';
import { maskRows, viewFor } from '../../modules/rbac/model-view.js';

/** What every people action needs: the account services and the tenant's models. */
export interface PeopleContext {
  accounts: AccountsContext;
  models: TenantModels;
}

export type PeopleModel = 'person' | 'agent' | 'agency';

/** The model as the caller sees it, after checking the record is one they may see. */
export async function visibleRecord(
  deps: PeopleContext,
  principal: Principal,
  name: PeopleModel,
  sid: string,
): Promise<ResolvedModel> {
  const model = await deps.models.resolve(principal.tenantSid, name);
  if (!model) throw new AppError('modelNotFound', { params: { model: name } });
  const view = viewFor(model, principal.access);
  await readRecord(deps, { principal }, { model: view, sid });
  return view;
}

/** Locks a row of the tenant for the action's transaction; the columns are the model's own names. */
export async function lockRow<T>(
  tx: Queryable,
  model: ResolvedModel,
  tenantSid: string,
  sid: string,
  columns: readonly string[],
  mode: 'UPDATE' | 'SHARE' = 'UPDATE',
): Promise<T> {
  const rows = await tx.query<T>(
    `SELECT ${columns.join(', ')} FROM ${model.table} WHERE sid = $1 AND tenant_sid = $2 FOR ${mode}`,
    [sid, tenantSid],
  );
  if (!rows[0]) throw new AppError('recordNotFound');
  return rows[0];
}

/** The row as the caller's view answers it. */
export async function viewRow(tx: Queryable, view: ResolvedModel, tenantSid: string, sid: string): Promise<RecordRow> {
  const rows = await tx.query<RecordRow>(
    `SELECT ${selectList(view)} FROM ${view.table} t WHERE t.sid = $1 AND t.tenant_sid = $2`,
    [sid, tenantSid],
  );
  if (!rows[0]) throw new AppError('recordNotFound');
  return maskRows(view, rows)[0]!;
}

/** Field changes of the fields `after` sets, in the shape record history reads. */
export function changesOf(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { before: unknown; after: unknown }> {
  return fieldChanges(before, after, Object.keys(after));
}
