// Deleting many records of one model at once (the list's batch delete): all or nothing, in one
// transaction, so a failure or a crash never leaves a half-done batch. Each record goes exactly as a
// single delete takes it (scope, version check, hooks taking its dependents, one audit entry each).
import { AppError, type FieldIssue } from '@ipdesk/core';
import {
  afterDeletes,
  removeLockedRecord,
  type RemovedRecord,
  selectList,
  whole,
  type RecordDeps,
  type RecordRow,
} from './records.js';
import type { RequestContext } from '../context.js';
import type { ResolvedModel } from './registry.js';
import { scopeCondition } from './scope.js';
import { SqlParams } from './sql-params.js';

/** At most this many records per call (the list selects a page at a time; 1,000 fits any page size). */
export const MAX_BATCH_DELETE = 1000;

export interface BatchDeleteItem {
  sid: string;
  /** The version the caller read; a record changed since refuses the whole batch (409000). */
  version?: number;
}

const issue = (index: number, messageKey: FieldIssue['messageKey']): FieldIssue => ({
  field: `records.${index}.sid`,
  labelKey: 'field.records',
  messageKey,
});

export async function deleteRecords(
  deps: RecordDeps,
  ctx: RequestContext,
  input: { model: ResolvedModel; records: readonly BatchDeleteItem[] },
): Promise<{ deleted: number }> {
  const { model, records: items } = input;
  const removed = await deps.accounts.db.transaction(async (tx) => {
    // Locked in sid order, as single deletes and commands lock, so concurrent batches cannot deadlock.
    const params = new SqlParams([items.map((i) => i.sid)]);
    const rows = await tx.query<RecordRow>(
      `SELECT ${selectList(whole(model))} FROM ${model.table} t
        WHERE t.sid = ANY($1::text[]) AND ${scopeCondition(ctx.principal, model, params)}
        ORDER BY t.sid FOR UPDATE`,
      params.values as never,
    );
    const locked = new Map(rows.map((r) => [String(r.sid), r]));
    // Every record that is gone, out of scope or changed is named; none is deleted then.
    const missing = items.flatMap((item, i) => (locked.has(item.sid) ? [] : [issue(i, 'error.recordNotFound')]));
    if (missing.length) throw new AppError('recordNotFound', { issues: missing });
    const stale = items.flatMap((item, i) =>
      item.version !== undefined && locked.get(item.sid)!.version !== item.version ? [issue(i, 'error.conflict')] : [],
    );
    if (stale.length) throw new AppError('conflict', { issues: stale });
    const done: RemovedRecord[] = [];
    for (const row of rows) done.push(...(await removeLockedRecord(tx, deps, ctx, { model, before: row })));
    return done;
  });
  // Files and the like leave only once every row is gone for good.
  await afterDeletes(deps, removed);
  // The records asked for, not the child records they took along.
  return { deleted: removed.filter((r) => r.model === model.name).length };
}
