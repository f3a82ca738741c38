// A case as the deadline and fee rules read it (core's CaseFacts): from the patent row and its items.
// Items of one event type are numbered by date, so "first office action" rules can tell them apart.
import {
  ENTITY_SIZES,
  FILING_ROUTES,
  PATENT_TYPES,
  type CaseEvent,
  type CaseFacts,
  type EntitySize,
  type FilingRoute,
  type PatentType,
  patentItemModel,
  patentModel,
  tableOf,
  type ColumnOf,
  type RowOf,
} from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';

/** The patent columns the rules read. */
export const FACT_COLUMNS = [
  'sid',
  'company_sid',
  'created_by',
  'country',
  'patent_type',
  'filing_route',
  'filing_date',
  'priority_date',
  'international_filing_date',
  'publication_date',
  'grant_date',
  'ended_date',
  'entity_size',
  'fee_reduction',
  'claim_count',
  'status',
  'expiry_date',
] as const satisfies ReadonlyArray<ColumnOf<typeof patentModel>>;

export type FactRow = Pick<RowOf<typeof patentModel>, (typeof FACT_COLUMNS)[number]>;

const ITEM_COLUMNS = ['sid', 'patent', 'event', 'event_date'] as const satisfies ReadonlyArray<
  ColumnOf<typeof patentItemModel>
>;

export type ItemRow = Pick<RowOf<typeof patentItemModel>, (typeof ITEM_COLUMNS)[number]>;

const REDUCTION: Record<string, number | undefined> = { r85: 0.85, r70: 0.7 };

/** Dates read as 'YYYY-MM-DD' strings on both engines (db/pglite.ts, db/postgres.ts parsers). */
export function isoDate(value: unknown): string | undefined {
  return value === null || value === undefined ? undefined : String(value).slice(0, 10);
}

function oneOf<T extends string>(list: readonly T[], value: unknown): T | undefined {
  return list.includes(value as T) ? (value as T) : undefined;
}

export function caseFacts(row: FactRow, items: readonly ItemRow[]): CaseFacts | undefined {
  const patentType = oneOf<PatentType>(PATENT_TYPES, row.patent_type);
  const office = typeof row.country === 'string' ? row.country : undefined;
  if (!patentType || !office) return undefined;
  const sorted = [...items].sort(
    (a, b) => (isoDate(a.event_date) ?? '').localeCompare(isoDate(b.event_date) ?? '') || a.sid.localeCompare(b.sid),
  );
  const seen = new Map<string, number>();
  const events: CaseEvent[] = [];
  for (const item of sorted) {
    const date = isoDate(item.event_date);
    if (!date) continue;
    const sequence = (seen.get(item.event) ?? 0) + 1;
    seen.set(item.event, sequence);
    events.push({ code: item.event, date, sequence, itemSid: item.sid });
  }
  const ended = row.status === 'abandoned' || row.status === 'rejected' || row.status === 'expired';
  return {
    office,
    patentType,
    route: oneOf<FilingRoute>(FILING_ROUTES, row.filing_route) ?? 'direct',
    filingDate: isoDate(row.filing_date),
    priorityDate: isoDate(row.priority_date),
    internationalFilingDate: isoDate(row.international_filing_date),
    publicationDate: isoDate(row.publication_date),
    grantDate: isoDate(row.grant_date),
    // An ended case without its date stops at once: nothing new falls due after today's computation.
    endedDate: isoDate(row.ended_date) ?? (ended ? '0001-01-01' : undefined),
    entitySize: oneOf<EntitySize>(ENTITY_SIZES, row.entity_size),
    feeReduction: typeof row.fee_reduction === 'string' ? REDUCTION[row.fee_reduction] : undefined,
    events,
  };
}

export interface LoadedCase {
  row: FactRow;
  items: ItemRow[];
}

/** The cases with these sids and their items, for one batch of recomputation. */
export async function loadFacts(db: Queryable, tenantSid: string, sids: readonly string[]): Promise<LoadedCase[]> {
  return withItems(db, tenantSid, await loadRows(db, tenantSid, sids));
}

/** The cases' own rows (the fact columns), without their items. */
export async function loadRows(db: Queryable, tenantSid: string, sids: readonly string[]): Promise<FactRow[]> {
  if (sids.length === 0) return [];
  return db.query<FactRow>(
    `SELECT ${FACT_COLUMNS.join(', ')} FROM ${tableOf(patentModel)} WHERE tenant_sid = $1 AND sid = ANY($2::text[])`,
    [tenantSid, sids],
  );
}

/** The cases' items beside their rows. */
export async function withItems(db: Queryable, tenantSid: string, rows: readonly FactRow[]): Promise<LoadedCase[]> {
  if (rows.length === 0) return [];
  const items = await db.query<ItemRow>(
    `SELECT ${ITEM_COLUMNS.join(', ')} FROM ${tableOf(patentItemModel)} WHERE tenant_sid = $1 AND patent = ANY($2::text[])`,
    [tenantSid, rows.map((r) => r.sid)],
  );
  const byPatent = new Map<string, ItemRow[]>();
  for (const item of items) {
    const list = byPatent.get(item.patent);
    if (list) list.push(item);
    else byPatent.set(item.patent, [item]);
  }
  return rows.map((row) => ({ row, items: byPatent.get(row.sid) ?? [] }));
}
