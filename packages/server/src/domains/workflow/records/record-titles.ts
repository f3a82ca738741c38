// The titles of the records a page of to-dos or processes points at (a case's title, say), so a list says
// what each entry is about. Only records the caller may see get one, read through their view of the model
// (a hidden title stays hidden, a masked one masked): one query per model on the page.
import { modelResourceCode } from '@ipdesk/core';
import type { Principal } from '../../../http/context.js';
import { scopeCondition } from '../../../platform/models/scope.js';
import { SqlParams } from '../../../platform/models/sql-params.js';
import { maskRows, viewFor } from '../../../modules/rbac/model-view.js';
import { holds } from '../../../modules/rbac/authorize.js';
import type { RecordAccessDeps } from './record-access.js';

/** "model:sid" → title, for the records of the list the caller may see. */
export async function recordTitles(
  deps: RecordAccessDeps,
  principal: Principal,
  items: ReadonlyArray<{ model: string; recordSid: string }>,
): Promise<Map<string, string>> {
  const byModel = new Map<string, string[]>();
  for (const item of items) byModel.set(item.model, [...(byModel.get(item.model) ?? []), item.recordSid]);
  const titles = new Map<string, string>();
  for (const [name, sids] of byModel) {
    const base = deps.registry.get(name);
    const titleField = base?.declaration.titleField;
    if (!base || !titleField) continue;
    const view = viewFor(base, principal.access);
    const field = view.fields.get(titleField);
    if (!field || field.custom) continue;
    if (!holds(principal.access, modelResourceCode(name, 'view'))) continue;
    const params = new SqlParams([[...new Set(sids)]]);
    const rows = await deps.db.query<Record<string, unknown>>(
      `SELECT t.sid, ${field.column} AS "${titleField}" FROM ${view.table} t
        WHERE t.sid = ANY($1::text[]) AND ${scopeCondition(principal, view, params)}`,
      params.values as never,
    );
    for (const row of maskRows(view, rows))
      if (row[titleField] !== null && row[titleField] !== undefined)
        titles.set(`${name}:${String(row.sid)}`, String(row[titleField]));
  }
  return titles;
}
