// Unverified deadlines (dual docketing): how many a user may see (the home page's card), and, for the
// reminders' escalation job, the tenant's open unverified deadlines due by a day, escalated like open ones.
import type { Queryable } from '../../../db/database.js';
import type { RequestContext } from '../../context.js';
import type { ModelRegistry } from '../../models/registry.js';
import { countRecords } from '../../models/search.js';
import { viewableStores, type DeadlineReadDeps } from '../deadlines.js';
import { verificationRequired } from './settings.js';

/** The iql of the flagged deadlines, in every store (the list's link from the home page uses the same). */
export const UNVERIFIED_IQL = "status = 'open' AND verification = 'unverified'";

export interface UnverifiedCount {
  /** Whether the tenant asks for verification (off: nothing is counted). */
  required: boolean;
  total: number;
  /** Per store the caller may view, those with any. */
  stores: Array<{ model: string; total: number }>;
}

/** The open unverified deadlines the caller may see, through each store's view right, scope and field rules. */
export async function countUnverified(deps: DeadlineReadDeps, ctx: RequestContext): Promise<UnverifiedCount> {
  if (!(await verificationRequired(deps.accounts.db, ctx.tenantSid))) return { required: false, total: 0, stores: [] };
  const viewable = await viewableStores(deps, ctx);
  // Someone who may see no deadline store has nothing to verify: answered as "not asked", so the home page
  // shows them no card (the route is open to every signed-in user; the count reads only what they may see).
  if (!viewable.length) return { required: false, total: 0, stores: [] };
  const stores: UnverifiedCount['stores'] = [];
  for (const store of viewable) {
    // A caller who may not read the verification field counts nothing there (the iql refuses the field).
    if (!store.fields.has('verification') || store.hidden?.has('verification')) continue;
    const { total } = await countRecords(deps, ctx, { model: store, iql: UNVERIFIED_IQL });
    if (total > 0) stores.push({ model: store.name, total: Number(total) });
  }
  return { required: true, total: stores.reduce((sum, s) => sum + s.total, 0), stores };
}

export interface UnverifiedDeadline {
  model: string;
  sid: string;
  /** The store's parent model and the record's sid (the case, the trademark). */
  record: { model: string; sid: string };
  title: string;
  due_date: string;
  entered_by: string | null;
  assignee: string | null;
}

/**
 * For the escalation job (no caller: it tells people through queueNotification, which checks each reader's
 * rights): the tenant's open unverified deadlines due on or before `dueBy`, earliest first, at most `limit`
 * per store. Empty while the tenant does not ask for verification.
 */
export async function unverifiedDeadlines(
  db: Queryable,
  registry: ModelRegistry,
  input: { tenantSid: string; dueBy: string; limit: number },
): Promise<UnverifiedDeadline[]> {
  if (!(await verificationRequired(db, input.tenantSid))) return [];
  const all: UnverifiedDeadline[] = [];
  for (const store of registry.deadlineStores()) {
    const parent = store.declaration.parent!;
    const rows = await db.query<Omit<UnverifiedDeadline, 'model' | 'record'> & { parent_sid: string }>(
      `SELECT t.sid, t.title, t.due_date::text AS due_date, t.entered_by, t.assignee, t.${parent.field} AS parent_sid
         FROM ${store.table} t
        WHERE t.tenant_sid = $1 AND t.verification = 'unverified' AND t.status = 'open' AND t.due_date <= $2::date
        ORDER BY t.due_date, t.sid LIMIT $3`,
      [input.tenantSid, input.dueBy, input.limit],
    );
    for (const { parent_sid, ...row } of rows)
      all.push({ model: store.name, record: { model: parent.model, sid: parent_sid }, ...row });
  }
  return all.sort((a, b) => a.due_date.localeCompare(b.due_date) || a.sid.localeCompare(b.sid));
}
