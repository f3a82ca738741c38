// The patent domain hooked into the generic record pipeline: saving a case or one of its items
// recomputes the case's deadlines, fees and expiry in the same transaction; deleting an item takes its
// deadlines along; deleting a case takes everything of it along (case-delete.ts).
import type { Principal } from '../../http/context.js';
import type { HookWriteContext } from '../../platform/models/hook-writes.js';
import type { ModelHooks, RecordRow } from '../../platform/models/hooks.js';
import type { ModelRegistry } from '../../platform/models/registry.js';
import type { Queryable } from '../../db/database.js';
import type { FileStorage } from '../../platform/files/storage.js';
import { applicationNumberWarningHooks } from './application-number-warnings.js';
import { caseDeletionHooks } from './case-delete.js';
import { feeModel, patentItemModel, patentModel, tableOf, termEnd, type RowOf } from '@ipdesk/core';
import { FACT_COLUMNS, caseFacts, type FactRow } from './facts.js';
import { feeRecordHooks } from './fee-hooks.js';
import { tenantCalendars } from './calendars.js';
import { recomputeCases, type RecomputeOptions } from './recompute.js';

/** Fields of an item the rules read. */
const ITEM_FACTS = ['patent', 'event', 'event_date'] as const;

function changed<Row extends RecordRow>(
  before: Row | undefined,
  after: Row,
  fields: ReadonlyArray<keyof Row>,
): boolean {
  return !before || fields.some((f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null));
}

/** An import's cases, a few thousand at a time (the statements bind one array per column). */
async function recomputeInBatches(tx: Queryable, sids: readonly string[], options: RecomputeOptions): Promise<void> {
  const calendars = await tenantCalendars(tx, options.tenantSid);
  for (let i = 0; i < sids.length; i += IMPORT_BATCH)
    await recomputeCases(tx, sids.slice(i, i + IMPORT_BATCH), { ...options, calendars });
}

const IMPORT_BATCH = 2000;

/** The hook writes of a recompute a write ran are that write's: its user, its request, its moment. */
function hookWriteContext(principal: Principal, now: Date, requestId: string): HookWriteContext {
  return { tenantSid: principal.tenantSid, userSid: principal.userSid, requestId, now };
}

export function patentRuleHooks(timeZone: string): {
  patent: ModelHooks<RowOf<typeof patentModel>>;
  patentItem: ModelHooks<RowOf<typeof patentItemModel>>;
} {
  return {
    patent: {
      async afterWrite(tx, { principal, before, after, now, requestId }) {
        if (!changed(before, after, FACT_COLUMNS)) return;
        const sid = after.sid;
        const { expiry } = await recomputeCases(tx, [sid], {
          tenantSid: principal.tenantSid,
          now,
          timeZone,
          actorSid: principal.userSid,
          audit: { ctx: hookWriteContext(principal, now, requestId), writing: sid },
        });
        return { ...after, expiry_date: expiry.get(sid) ?? null };
      },
      // A new case has no items yet, so its term end follows from its own fields: written with the row, the
      // recompute after the insert finds it right and does not update every imported row a second time
      // (on the embedded engine that update cost a third of an import's time, docs/benchmarks.md).
      async beforeImport(_tx, { records }) {
        for (const values of records) {
          const facts = caseFacts(Object.fromEntries(values) as FactRow, []);
          values.set('expiry_date', (facts && termEnd(facts)) ?? null);
        }
      },
      async afterImport(tx, { principal, sids, now }) {
        // The imported cases were inserted just now: no item, deadline or fee of theirs exists to compare.
        await recomputeInBatches(tx, sids, {
          tenantSid: principal.tenantSid,
          now,
          timeZone,
          actorSid: principal.userSid,
          newCases: true,
        });
      },
    },
    patentItem: {
      async afterWrite(tx, { principal, before, after, now, requestId }) {
        if (!changed(before, after, ITEM_FACTS)) return;
        const cases = new Set([after.patent, ...(before ? [before.patent] : [])]);
        await recomputeCases(tx, [...cases], {
          tenantSid: principal.tenantSid,
          now,
          timeZone,
          actorSid: principal.userSid,
          audit: { ctx: hookWriteContext(principal, now, requestId) },
        });
      },
      async afterImport(tx, { principal, sids, now }) {
        const rows = await tx.query<{ patent: string }>(
          `SELECT DISTINCT patent FROM ${tableOf(patentItemModel)} WHERE tenant_sid = $1 AND sid = ANY($2::text[]) AND patent IS NOT NULL`,
          [principal.tenantSid, sids],
        );
        await recomputeInBatches(
          tx,
          rows.map((r) => r.patent),
          { tenantSid: principal.tenantSid, now, timeZone, actorSid: principal.userSid },
        );
      },
      async beforeDelete(tx, { principal, record, now, requestId, parent }) {
        // Going with its case: the case's deadlines and fees go too, there is nothing left to recompute.
        if (parent?.model === patentModel.name) return;
        await recomputeCases(tx, [record.patent], {
          tenantSid: principal.tenantSid,
          now,
          timeZone,
          actorSid: principal.userSid,
          audit: { ctx: hookWriteContext(principal, now, requestId) },
          excludeItemSids: [record.sid],
        });
      },
    },
  };
}

/** The models the patent rules read and write; a registry without them (some tests) gets no hooks. */
export const PATENT_RULE_MODELS = ['patent', 'patent_item', 'patent_task', 'fee'] as const;

export function installPatentHooks(
  registry: ModelRegistry,
  options: { timeZone: string; storage: FileStorage; db: Queryable },
): void {
  if (!PATENT_RULE_MODELS.every((name) => registry.get(name))) return;
  const rules = patentRuleHooks(options.timeZone);
  registry.hooks.add(patentModel, rules.patent);
  registry.hooks.add(patentItemModel, rules.patentItem);
  registry.hooks.add(patentModel, caseDeletionHooks(options.storage, options.db));
  registry.hooks.add(patentModel, applicationNumberWarningHooks);
  registry.hooks.add(feeModel, feeRecordHooks);
}
