// The deadlines of every store the caller may view (patent_task and each docketed model's store), for the
// deadlines calendar, its list and the iCalendar feed: each store searched through the model's normal path
// (the caller's view right on it, data scope, field rules), walked by keyset pages, merged by due date, each
// entry naming its model and record (the record's title through the parent model's own scope, in the
// reader's language). The iql is run on each store, so it may name the fields every store has (status,
// due_date, title, rule_code, origin, assignee, …).
import { labelIn, modelResourceCode } from '@ipdesk/core';
import type { RequestContext } from '../context.js';
import { viewFor } from '../../modules/rbac/model-view.js';
import type { TenantModels } from '../../modules/custom-fields/service.js';
import { localizeRows } from '../models/localize.js';
import { lookupTitles } from '../models/reference-titles.js';
import type { ResolvedModel } from '../models/registry.js';
import { searchRecords, type SearchDeps } from '../models/search.js';

export interface DeadlineReadDeps extends SearchDeps {
  models: TenantModels;
}

/** The record a deadline belongs to: its model, sid and title ("—" to the clients when not visible: null). */
export interface DeadlineRecord {
  model: string;
  sid: string;
  title: string | null;
}

/** A deadline as its store answers it, plus the store's name and its record. */
export type DeadlineEntry = Record<string, unknown> & {
  sid: string;
  due_date: string;
  /** The store's name and label in the reader's language. */
  model: string;
  model_label: string;
  record: DeadlineRecord;
};

export interface DeadlineSpan {
  rows: DeadlineEntry[];
  /** More matched than the cap. */
  truncated: boolean;
}

const PAGE = 100;

/** The deadline stores the caller may view, as they see them (custom fields, field rules). */
export async function viewableStores(
  deps: DeadlineReadDeps,
  ctx: Pick<RequestContext, 'principal'>,
): Promise<ResolvedModel[]> {
  const { principal } = ctx;
  const stores: ResolvedModel[] = [];
  for (const store of deps.registry.deadlineStores()) {
    if (!principal.access.resources.has(modelResourceCode(store.name, 'view'))) continue;
    const resolved = await deps.models.resolve(principal.tenantSid, store.name);
    if (resolved) stores.push(viewFor(resolved, principal.access));
  }
  return stores;
}

/** The sids of the records the rows belong to, through the store's parent field. */
function parentOf(store: ResolvedModel): { model: string; field: string } | undefined {
  const parent = store.declaration.parent;
  return parent && store.fields.has(parent.field) ? { model: parent.model, field: parent.field } : undefined;
}

/** Each entry's record, titled through the parent model's scope in the reader's language. */
export async function withRecords(
  deps: DeadlineReadDeps,
  ctx: Pick<RequestContext, 'principal' | 'language'>,
  store: ResolvedModel,
  rows: ReadonlyArray<Record<string, unknown>>,
): Promise<DeadlineEntry[]> {
  const parent = parentOf(store);
  const sids = new Set(parent ? rows.map((r) => String(r[parent.field] ?? '')).filter(Boolean) : []);
  const titles =
    parent && sids.size
      ? await lookupTitles(
          deps.accounts.db,
          deps.registry,
          ctx.principal,
          ctx.language,
          new Map([[parent.model, sids]]),
        )
      : {};
  return localizeRows(store, [...rows], ctx.language).map((row) => {
    const sid = parent ? String(row[parent.field] ?? '') : '';
    return {
      ...row,
      sid: String(row.sid),
      due_date: String(row.due_date),
      model: store.name,
      model_label: labelIn(store.declaration.label, ctx.language),
      record: { model: parent?.model ?? store.name, sid, title: parent ? (titles[parent.model]?.[sid] ?? null) : null },
    };
  });
}

/**
 * Up to `max` deadlines an iql finds across the stores the caller may view, earliest due first; with
 * `stores`, only those of them (a name that is no store, or one the caller may not view, adds nothing).
 */
export async function spanDeadlines(
  deps: DeadlineReadDeps,
  ctx: RequestContext,
  input: { iql: string; max: number; stores?: readonly string[] | undefined },
): Promise<DeadlineSpan> {
  const all: DeadlineEntry[] = [];
  let truncated = false;
  const only = input.stores && new Set(input.stores);
  const stores = (await viewableStores(deps, ctx)).filter((store) => !only || only.has(store.name));
  for (const store of stores) {
    const rows: Array<Record<string, unknown>> = [];
    let cursor: string | undefined;
    do {
      const page = await searchRecords(deps, ctx, {
        model: store,
        iql: input.iql,
        start: 0,
        rows: PAGE,
        cursor,
        total: false,
      });
      rows.push(...page.rows);
      cursor = page.next_cursor;
    } while (cursor && rows.length < input.max);
    if (cursor || rows.length > input.max) truncated = true;
    all.push(...(await withRecords(deps, ctx, store, rows.slice(0, input.max))));
  }
  all.sort(
    (a, b) => a.due_date.localeCompare(b.due_date) || a.model.localeCompare(b.model) || a.sid.localeCompare(b.sid),
  );
  if (all.length > input.max) truncated = true;
  return { rows: all.slice(0, input.max), truncated };
}

/** An entry's title in the reader's language with its record ("Renew by expiry — CERT-1"). */
export function entrySummary(entry: DeadlineEntry): string {
  const title = String(entry.title ?? '');
  return entry.record.title ? `${title} — ${entry.record.title}` : title;
}
