// One deadline of any store with how it was computed, in the reader's language: the record read through the
// store's normal path (view right, data scope: 404 out of reach), its record named, and for a rule deadline
// the explanation, citation and dates from its stored basis (patent_task's deadline_basis, a docketed
// model's docket_basis).
import { AppError, explainDeadline, labelIn, type DeadlineBasis } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { RequestContext } from '../context.js';
import { viewFor } from '../../modules/rbac/model-view.js';
import { readRecord } from '../models/records.js';
import type { ResolvedModel } from '../models/registry.js';
import { withRecords, type DeadlineEntry, type DeadlineReadDeps } from './deadlines.js';

/** The basis a rule deadline of this store was computed from, or null (hand-made, or none stored). */
async function storedBasis(
  db: Queryable,
  tenantSid: string,
  store: ResolvedModel,
  sid: string,
): Promise<DeadlineBasis | null> {
  // The patents keep theirs in their own table (domains/patents/sync.ts); every docketed store in docket_basis.
  const [row] =
    store.name === 'patent_task'
      ? await db.query<{ basis: DeadlineBasis }>(
          'SELECT basis FROM deadline_basis WHERE tenant_sid = $1 AND task_sid = $2',
          [tenantSid, sid],
        )
      : await db.query<{ basis: DeadlineBasis }>(
          'SELECT basis FROM docket_basis WHERE tenant_sid = $1 AND model = $2 AND deadline_sid = $3',
          [tenantSid, store.name, sid],
        );
  return row?.basis ?? null;
}

export interface ExplainedDeadline extends DeadlineEntry {
  explanation: string | null;
  citation: string | null;
  /** The rule's version: a patent pack's version, or a docketed model's rules print. */
  rules_version: string | null;
  skipped: Array<{ date: string; reason: string; name: string | null }>;
}

export async function explainStoredDeadline(
  deps: DeadlineReadDeps,
  ctx: RequestContext,
  input: { model: string; sid: string },
): Promise<ExplainedDeadline> {
  const { principal, language } = ctx;
  const declared = deps.registry.get(input.model);
  // Only deadline stores, and only with the right to view that store: else as if it did not exist.
  if (!declared?.declaration.deadlineStore || !principal.access.resources.has(input.model))
    throw new AppError('modelNotFound', { params: { model: input.model } });
  const resolved = await deps.models.resolve(principal.tenantSid, input.model);
  if (!resolved) throw new AppError('modelNotFound', { params: { model: input.model } });
  const store = viewFor(resolved, principal.access);
  const row = await readRecord(deps, ctx, { model: store, sid: input.sid });
  const [entry] = await withRecords(deps, ctx, store, [row]);
  const basis =
    row.origin === 'rule' ? await storedBasis(deps.accounts.db, principal.tenantSid, store, input.sid) : null;
  return {
    ...entry!,
    explanation: basis ? explainDeadline(basis, language) : null,
    citation: basis ? labelIn(basis.citation, language) : null,
    rules_version: basis?.packVersion ?? null,
    skipped: (basis?.skipped ?? []).map((day) => ({
      date: day.date,
      reason: day.reason,
      name: day.name ? labelIn(day.name, language) : null,
    })),
  };
}
