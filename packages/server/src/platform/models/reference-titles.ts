// Linked records read as their titles, never their ids (ARCHITECTURE.md "references"): for a page of
// rows, the sids each reference field holds are gathered per target model and read in one query per
// target, through the same scope as any read of that model — tenant, the caller's view right on it, their
// data scope and chosen sub-company, and their field rules on its title fields. A sid the caller may not
// see (another tenant's, out of scope, no right, deleted) answers null, which the clients show as "—".
// Titles are in the reader's language where the target declares titleByLanguage (an applicant's English name).
import { allReferenceTitleFields, modelResourceCode, referenceTitleIn, type Language } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { Principal } from '../../http/context.js';
import { viewFor } from '../../modules/rbac/model-view.js';
import type { ModelRegistry, ResolvedField, ResolvedModel } from './registry.js';
import { scopeCondition } from './scope.js';
import { SqlParams } from './sql-params.js';
import { SYSTEM_TARGETS } from './system-targets.js';

/** Title by sid, per target model: `titles.patent.<sid>` is "CN-2026-001 锂电池", or null when not visible. */
export type ReferenceTitles = Record<string, Record<string, string | null>>;

/** The sids a value of a reference field holds (one, or a list for multiple fields). */
function sidsOf(value: unknown): string[] {
  return [value].flat().filter((sid): sid is string => typeof sid === 'string' && sid !== '');
}

/** The model's visible reference fields with their targets. */
export function referenceFields(model: ResolvedModel): Array<ResolvedField & { target: string }> {
  return [...model.fields.values()].filter(
    (f): f is ResolvedField & { target: string } => f.dataType === 'ref' && typeof f.target === 'string',
  );
}

/**
 * The sids wanted per target, from the values of the model's reference fields in these rows — of the
 * fields asked for when a field list is given (rows always carry the system columns; a list that does
 * not show who created a row need not have the accounts read).
 */
export function wantedTitles(
  model: ResolvedModel,
  rows: Iterable<Readonly<Record<string, unknown>>>,
  fieldList?: readonly string[],
): Map<string, Set<string>> {
  const fields = referenceFields(model).filter((f) => !fieldList?.length || fieldList.includes(f.name));
  const wanted = new Map<string, Set<string>>();
  for (const row of rows) {
    for (const field of fields) {
      const sids = sidsOf(row[field.name]);
      if (sids.length === 0) continue;
      let set = wanted.get(field.target);
      if (!set) wanted.set(field.target, (set = new Set()));
      for (const sid of sids) set.add(sid);
    }
  }
  return wanted;
}

/**
 * How the caller may read a declared target's titles: undefined without the view right on it; `readable`
 * false when a title field is hidden or masked for them (then no title is shown at all).
 */
export function titleAccess(
  target: ResolvedModel,
  principal: Principal,
): { view: ResolvedModel; titleFields: readonly string[]; readable: boolean } | undefined {
  if (!principal.access.resources.has(modelResourceCode(target.name, 'view'))) return undefined;
  const view = viewFor(target, principal.access);
  // Every field a title is read from in any language: the caller must see them all.
  const titleFields = allReferenceTitleFields(target.declaration);
  const readable = titleFields.every((name) => view.fields.has(name) && !view.fields.get(name)?.masked);
  return { view, titleFields, readable };
}

/** The titles of one declared target's records among these sids, as the caller may see them. */
async function declaredTitles(
  db: Queryable,
  target: ResolvedModel,
  principal: Principal,
  language: Language,
  sids: string[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const access = titleAccess(target, principal);
  if (!access?.readable) return found;
  const { view, titleFields } = access;
  const params = new SqlParams([sids]);
  const scope = scopeCondition(principal, view, params);
  const rows = await db.query<Record<string, unknown>>(
    `SELECT t.sid, ${titleFields.map((name) => `t.${name}`).join(', ')} FROM ${target.table} t
      WHERE t.sid = ANY($1::text[]) AND ${scope}`,
    params.values as never,
  );
  for (const row of rows) found.set(String(row.sid), referenceTitleIn(target.declaration, row, language));
  return found;
}

/** Accounts, companies and departments: any of the caller's tenant is named (pickers name them too). */
async function systemTitles(
  db: Queryable,
  targetName: string,
  principal: Principal,
  sids: string[],
): Promise<Map<string, string>> {
  const target = SYSTEM_TARGETS[targetName];
  if (!target) return new Map();
  const rows = await db.query<{ sid: string; title: string | null }>(
    `SELECT sid, ${target.title} AS title FROM ${target.table} WHERE tenant_sid = $1 AND sid = ANY($2::text[])`,
    [principal.tenantSid, sids],
  );
  return new Map(rows.map((row) => [row.sid, row.title ?? '']));
}

/** Titles of the wanted sids: one query per target model; every sid asked for is answered (null if unseen). */
export async function lookupTitles(
  db: Queryable,
  registry: ModelRegistry,
  principal: Principal,
  language: Language,
  wanted: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<ReferenceTitles> {
  const titles: ReferenceTitles = {};
  for (const [targetName, set] of wanted) {
    const sids = [...set];
    const declared = registry.get(targetName);
    const found = declared
      ? await declaredTitles(db, declared, principal, language, sids)
      : await systemTitles(db, targetName, principal, sids);
    const answer: Record<string, string | null> = Object.create(null) as Record<string, string | null>;
    for (const sid of sids) answer[sid] = found.get(sid) ?? null;
    titles[targetName] = answer;
  }
  return titles;
}

/** The titles of every record the rows' reference fields point at (search pages, a record, exports). */
export function titlesForRows(
  db: Queryable,
  registry: ModelRegistry,
  principal: Principal,
  language: Language,
  model: ResolvedModel,
  rows: Iterable<Readonly<Record<string, unknown>>>,
  fieldList?: readonly string[],
): Promise<ReferenceTitles> {
  return lookupTitles(db, registry, principal, language, wantedTitles(model, rows, fieldList));
}

/** The titles of the records a history's changes pointed at, before and after each change. */
export function historyTitles(
  db: Queryable,
  registry: ModelRegistry,
  principal: Principal,
  language: Language,
  model: ResolvedModel,
  entries: ReadonlyArray<{ changes: Readonly<Record<string, { before: unknown; after: unknown }>> }>,
): Promise<ReferenceTitles> {
  const states = entries.flatMap((entry) => {
    const changed = Object.entries(entry.changes);
    return [
      Object.fromEntries(changed.map(([name, change]) => [name, change.before])),
      Object.fromEntries(changed.map(([name, change]) => [name, change.after])),
    ];
  });
  return titlesForRows(db, registry, principal, language, model, states);
}

/** A reference value as text: each sid's title, "—" for one the caller may not see (exports). */
export function referenceText(titles: ReferenceTitles, target: string, value: unknown): string | null {
  const sids = sidsOf(value);
  if (sids.length === 0) return null;
  return sids.map((sid) => titles[target]?.[sid] ?? NOT_VISIBLE).join('; ');
}

/** How a linked record the caller may not see reads (the clients show the same). */
export const NOT_VISIBLE = '—';
