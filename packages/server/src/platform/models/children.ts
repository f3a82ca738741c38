// Child records (ModelDeclaration.parent): what a parent's delete counts and takes along. The children of
// a record are found through the parent field, in the whole tenant: a child belongs to its parent whoever
// may see it, so a delete never leaves orphans behind a data scope (the parent's delete right decides).
// Grandchildren are counted and deleted through their own parent, one level at a time.
import { AppError, labelIn, type ChildModel, type Language } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { DeleteDependent } from './hooks.js';
import type { ModelRegistry, ResolvedModel } from './registry.js';

/**
 * The sids of a model's records under one parent record, as SQL over the parent's own sid set: `$2` for the
 * record itself, nested for grandchildren (children of any of those children).
 */
function childSids(child: ResolvedModel, field: string, parentSids: string): string {
  return `SELECT c.sid FROM ${child.table} c WHERE c.tenant_sid = $1 AND c.${field} IN (${parentSids})`;
}

interface Level {
  model: ResolvedModel;
  child: ChildModel;
  /** SQL of the sids of this level's records under the deleted record. */
  sids: string;
}

/**
 * Every child model a delete of a record of this model takes along, depth first, with the SQL that finds its
 * records under one record. Children that refuse the delete are not among them: the delete would not go.
 */
function levelsBelow(registry: ModelRegistry, model: string, parentSids = '$2', depth = 0): Level[] {
  // Parents cannot go round in a circle (the registry refuses that), so this ends; the depth is a second wall.
  if (depth > 8) return [];
  return registry.children(model).flatMap((child) => {
    const resolved = child.onParentDelete === 'delete' ? registry.get(child.model) : undefined;
    if (!resolved) return [];
    const sids = childSids(resolved, child.field, parentSids);
    return [{ model: resolved, child, sids }, ...levelsBelow(registry, child.model, sids, depth + 1)];
  });
}

/** How many records of each child model (and grandchild model) deleting this record would take along. */
export async function countChildren(
  db: Queryable,
  registry: ModelRegistry,
  input: { tenantSid: string; model: string; sid: string },
): Promise<DeleteDependent[]> {
  const levels = levelsBelow(registry, input.model);
  if (levels.length === 0) return [];
  const [row] = await db.query<Record<string, number>>(
    `SELECT ${levels.map((level, i) => `(SELECT count(*) FROM (${level.sids}) s)::int AS n${i}`).join(', ')}`,
    [input.tenantSid, input.sid],
  );
  return levels.map((level, i) => ({
    key: level.model.name,
    label: level.model.declaration.label,
    count: row?.[`n${i}`] ?? 0,
  }));
}

/**
 * Refuses the delete when a child model that must not go with its parent (`onParentDelete: 'refuse'`) has
 * records under this one: a stable code naming the child model and the count in the caller's language.
 */
export async function refuseKeptChildren(
  db: Queryable,
  registry: ModelRegistry,
  input: { tenantSid: string; model: ResolvedModel; sid: string; language: Language },
): Promise<void> {
  for (const child of registry.children(input.model.name)) {
    if (child.onParentDelete !== 'refuse') continue;
    const resolved = registry.get(child.model);
    if (!resolved) continue;
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${resolved.table} WHERE tenant_sid = $1 AND ${child.field} = $2`,
      [input.tenantSid, input.sid],
    );
    const count = row?.n ?? 0;
    if (count > 0)
      throw new AppError('childRecordsExist', {
        params: {
          parent: labelIn(input.model.declaration.label, input.language),
          model: labelIn(resolved.declaration.label, input.language),
          count,
        },
      });
  }
}
