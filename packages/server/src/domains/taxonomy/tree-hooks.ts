// The category trees' rules that read the database (domains/taxonomy in core): a category cannot be moved
// under itself or one of its descendants, and cannot be deleted while it has subcategories. The model
// layer's `parent` declaration cannot say this (a tree's parent link is optional and points at its own
// model), so these are hooks of each tree model. Every change of a tree's shape (a parent set, a delete)
// takes one transaction-scoped lock per tenant and tree first, so two moves that would close a circle
// together, or a delete and a new child under it, run one after the other and the second sees the first.
import {
  AppError,
  CATEGORY_PARENT_FIELD,
  labelIn,
  productCategory,
  techCategory,
  tableOf,
  translate,
  type ModelDeclaration,
} from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { ModelRegistry } from '../../platform/models/registry.js';

/** Serialises the tree's shape changes within the tenant, until the transaction ends. */
async function lockTree(tx: Queryable, tenantSid: string, model: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`taxonomy:${tenantSid}:${model}`]);
}

/**
 * The sids from `start` up to its root (start first), at most `limit` steps: a circle already in the data
 * (none can be made through here) ends the walk instead of running forever.
 */
async function ancestry(tx: Queryable, table: string, tenantSid: string, start: string): Promise<string[]> {
  const rows = await tx.query<{ sid: string }>(
    `WITH RECURSIVE up(sid, parent, depth) AS (
       SELECT sid, ${CATEGORY_PARENT_FIELD}, 1 FROM ${table} WHERE tenant_sid = $1 AND sid = $2
       UNION ALL
       SELECT c.sid, c.${CATEGORY_PARENT_FIELD}, up.depth + 1 FROM ${table} c JOIN up ON c.sid = up.parent
        WHERE c.tenant_sid = $1 AND up.depth < 1000
     )
     SELECT sid FROM up ORDER BY depth`,
    [tenantSid, start],
  );
  return rows.map((row) => row.sid);
}

function installTreeHooks(registry: ModelRegistry, model: ModelDeclaration & { name: string }): void {
  if (!registry.get(model.name)) return;
  const table = tableOf(model);
  registry.hooks.add(model, {
    async afterWrite(tx, { principal, before, after, changed, language }) {
      const parent = after[CATEGORY_PARENT_FIELD];
      if (typeof parent !== 'string' || !changed.includes(CATEGORY_PARENT_FIELD)) return;
      await lockTree(tx, principal.tenantSid, model.name);
      const chain = await ancestry(tx, table, principal.tenantSid, parent);
      // A new record has no descendants: only a move (an update) can close a circle.
      if (before !== undefined && chain.includes(String(after.sid)))
        throw new AppError('categoryCycle', { params: { name: String(after.name ?? after.code ?? after.sid) } });
      // The parent went (a delete that held the lock first) after the reference check read it: refused
      // as the reference check refuses a category that does not exist.
      if (chain[0] !== parent) {
        const label = model.fields[CATEGORY_PARENT_FIELD]!.label;
        throw new AppError('fieldRule', {
          fields: [
            {
              field: CATEGORY_PARENT_FIELD,
              label: labelIn(label, language),
              message: translate(language, 'validation.invalidReference'),
            },
          ],
        });
      }
    },
    async beforeDelete(tx, { principal, record }) {
      await lockTree(tx, principal.tenantSid, model.name);
      const rows = await tx.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM ${table} WHERE tenant_sid = $1 AND ${CATEGORY_PARENT_FIELD} = $2`,
        [principal.tenantSid, String(record.sid)],
      );
      const count = rows[0]?.count ?? 0;
      if (count > 0) throw new AppError('categoryHasChildren', { params: { name: String(record.name ?? ''), count } });
    },
  });
}

export function installCategoryHooks(registry: ModelRegistry): void {
  for (const model of [productCategory, techCategory]) installTreeHooks(registry, model);
}
