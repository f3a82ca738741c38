// A batch's selection: the sids a list had selected, or every record an iql search finds in the caller's
// scope, never more than the batch's limit (refused whole with the count, never cut) and never empty.
import { AppError } from '@ipdesk/core';
import type { RequestContext } from '../context.js';
import type { ResolvedModel } from '../models/registry.js';
import { matchingSids, type SearchDeps } from '../models/search.js';

export interface Selection {
  sids?: readonly string[];
  query?: string;
}

export async function selectedSids(
  deps: SearchDeps,
  ctx: Pick<RequestContext, 'principal' | 'now'>,
  input: { model: ResolvedModel; selection: Selection; max: number },
): Promise<string[]> {
  const { sids, query } = input.selection;
  if (sids !== undefined && query !== undefined) throw new AppError('batchSelectionInvalid');
  // Neither: the body lacks its selection, a malformed body like any missing required field (500001).
  if (sids === undefined && query === undefined)
    throw new AppError('validation', {
      issues: [{ field: 'sids', labelKey: 'field.records', messageKey: 'validation.required' }],
    });
  const max = input.max;
  let chosen: string[];
  if (sids) {
    chosen = [...new Set(sids)];
    if (chosen.length > max) throw new AppError('batchTooMany', { params: { max, count: chosen.length } });
  } else {
    const found = await matchingSids(deps, ctx, { model: input.model, iql: query ?? '', limit: max });
    if (found.total > max) throw new AppError('batchTooMany', { params: { max, count: found.total } });
    chosen = found.sids;
  }
  if (!chosen.length) throw new AppError('batchSelectionEmpty');
  return chosen;
}
