// Before a batch edit runs: how many of the selected records it will change — those in the caller's data
// scope whose values differ from the new ones. Nothing is written. (A workflow's field lock or a rule
// across fields may still refuse a record when it runs; those refusals are listed per record then.)
import { BATCH_EDIT_MAX_RECORDS } from '@ipdesk/core';
import type { RequestContext } from '../context.js';
import { selectList, whole, type RecordRow } from '../models/records.js';
import type { ResolvedModel } from '../models/registry.js';
import { scopeCondition } from '../models/scope.js';
import type { SearchDeps } from '../models/search.js';
import { SqlParams } from '../models/sql-params.js';
import { checkBatchValues, sameValue } from './fields.js';
import { selectedSids, type Selection } from './selection.js';

export interface BatchEditInput {
  /** The model as the caller sees it (their view). */
  model: ResolvedModel;
  selection: Selection;
  values: Readonly<Record<string, unknown>>;
}

export interface BatchEditPreview {
  /** Records selected (the list's selection, or what the search found). */
  selected: number;
  /** Of those, in the caller's data scope. */
  in_scope: number;
  /** Of those, holding other values than the new ones: the records the batch will change. */
  will_change: number;
}

/** The selection and values checked, as a batch edit's start checks them. */
export async function checkBatchEdit(
  deps: SearchDeps,
  ctx: RequestContext,
  input: BatchEditInput,
): Promise<{ sids: string[]; values: Map<string, unknown> }> {
  const values = await checkBatchValues(deps.accounts.db, ctx, input.model, input.values);
  const sids = await selectedSids(deps, ctx, {
    model: input.model,
    selection: input.selection,
    max: BATCH_EDIT_MAX_RECORDS,
  });
  return { sids, values };
}

export async function previewBatchEdit(
  deps: SearchDeps,
  ctx: RequestContext,
  input: BatchEditInput,
): Promise<BatchEditPreview> {
  const { model } = input;
  const { sids, values } = await checkBatchEdit(deps, ctx, input);
  const params = new SqlParams([sids]);
  const rows = await deps.accounts.db.query<RecordRow>(
    `SELECT ${selectList(whole(model), [...values.keys()])} FROM ${model.table} t
      WHERE t.sid = ANY($1::text[]) AND ${scopeCondition(ctx.principal, model, params)}`,
    params.values as never,
  );
  const changing = rows.filter((row) => [...values].some(([name, value]) => !sameValue(row[name], value)));
  return { selected: sids.length, in_scope: rows.length, will_change: changing.length };
}
