// Reference columns as an export writes them: the linked record's title ("CN-2026-001 一种固态电池"), so
// an exported file re-imports to the same records. Before a chunk of rows is checked, each reference
// cell's values are looked up by title (or id) among the records the importing user may see, one query
// per target per chunk: one match gives its id; none or several make the cell a problem named by row and
// column, never a guess. A target declaring nameFields (an applicant) is also matched by any of those
// names with case and spaces ignored, and a name matching none may be created by the job when the user
// confirmed it (NewNames), else the cell is refused as unmatched.
import { comparableName, isSid, joinReferenceTitle, newSid, referenceTitleFields } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { Principal } from '../../http/context.js';
import type { ModelRegistry, ResolvedField } from '../../platform/models/registry.js';
import { scopeCondition } from '../../platform/models/scope.js';
import { SqlParams } from '../../platform/models/sql-params.js';
import { titleAccess } from '../../platform/models/reference-titles.js';
import { SYSTEM_TARGETS } from '../../platform/models/system-targets.js';
import { MULTI_VALUE_SEPARATOR } from './cells.js';
import type { SheetRow } from './sheet-reader.js';

/** The whitespace comparableName drops (JavaScript's \s), as a PostgreSQL bracket expression. */
const SPACES = '[[:space:]\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+';

/**
 * Names that match no record and that the job creates, per target the user may create records of:
 * `accepts` tells a name the target's checks take (not too long, say), and `names` maps a comparable
 * name to the sid the new record gets and the name as first written. Filled while rows are checked,
 * written before the rows that point at them.
 */
export type NewNames = Map<
  string,
  { accepts: (name: string) => boolean; names: Map<string, { sid: string; name: string }> }
>;

/** Records of one target matching these texts by id, by title or by a name field: text → the sids it names. */
async function matchesOf(
  db: Queryable,
  registry: ModelRegistry,
  principal: Principal,
  targetName: string,
  texts: string[],
): Promise<Map<string, Set<string>>> {
  const byText = new Map<string, Set<string>>();
  const add = (text: string, sid: string) => {
    if (!byText.has(text)) byText.set(text, new Set());
    byText.get(text)!.add(sid);
  };
  const declared = registry.get(targetName);
  if (declared) {
    const access = titleAccess(declared, principal);
    if (!access) return byText;
    const { view, readable } = access;
    const titleFields = referenceTitleFields(declared.declaration);
    const nameFields = readable ? (declared.declaration.nameFields ?? []) : [];
    const comparable = texts.map(comparableName);
    const params = new SqlParams([texts]);
    // Parameters only where used: PostgreSQL cannot type one that no expression reads.
    const names = nameFields.length ? { list: params.add(comparable), spaces: params.add(SPACES) } : undefined;
    const scope = scopeCondition(principal, view, params);
    // The title as joinReferenceTitle builds it: the non-blank fields, trimmed, joined by a space.
    const title = `concat_ws(' ', ${titleFields.map((name) => `NULLIF(btrim(t.${name}::text), '')`).join(', ')})`;
    const conditions = [
      't.sid = ANY($1::text[])',
      ...(readable ? [`${title} = ANY($1::text[])`] : []),
      ...(names
        ? nameFields.map(
            (name) => `lower(regexp_replace(t.${name}, ${names.spaces}, '', 'g')) = ANY(${names.list}::text[])`,
          )
        : []),
    ];
    const columns = [...new Set([...titleFields, ...nameFields])];
    const found = await db.query<Record<string, unknown>>(
      `SELECT t.sid, ${columns.map((name) => `t.${name}`).join(', ')} FROM ${declared.table} t
        WHERE (${conditions.join(' OR ')}) AND ${scope}`,
      params.values as never,
    );
    const wanted = new Set(texts);
    for (const row of found) {
      const sid = String(row.sid);
      if (wanted.has(sid)) add(sid, sid);
      const rowTitle = readable ? joinReferenceTitle(titleFields.map((name) => row[name])) : '';
      if (rowTitle && wanted.has(rowTitle)) add(rowTitle, sid);
      const rowNames = new Set(nameFields.map((name) => (row[name] ? comparableName(String(row[name])) : '')));
      texts.forEach((text, i) => {
        if (comparable[i] && rowNames.has(comparable[i])) add(text, sid);
      });
    }
    return byText;
  }
  const target = SYSTEM_TARGETS[targetName];
  if (!target) return byText;
  const rows = await db.query<{ sid: string; title: string }>(
    `SELECT sid, coalesce(${target.title}, '') AS title FROM ${target.table}
      WHERE tenant_sid = $1 AND (sid = ANY($2::text[]) OR ${target.title} = ANY($2::text[]))`,
    [principal.tenantSid, texts],
  );
  const wanted = new Set(texts);
  for (const row of rows) {
    if (wanted.has(row.sid)) add(row.sid, row.sid);
    if (row.title && wanted.has(row.title)) add(row.title, row.sid);
  }
  return byText;
}

export const partsOf = (text: string, multiple: boolean): string[] =>
  (multiple ? text.split(MULTI_VALUE_SEPARATOR) : [text]).map((part) => part.trim()).filter(Boolean);

/** The reference columns of a mapped sheet: column index, field and target. */
export function referenceColumns(fieldsByColumn: ReadonlyArray<ResolvedField | undefined>) {
  return fieldsByColumn.flatMap((field, column) =>
    field?.dataType === 'ref' && field.target ? [{ column, field, target: field.target }] : [],
  );
}

/** Every text of the rows' reference cells, per target, and the matches each finds. */
export async function referenceMatches(
  db: Queryable,
  registry: ModelRegistry,
  principal: Principal,
  fieldsByColumn: ReadonlyArray<ResolvedField | undefined>,
  rows: readonly SheetRow[],
): Promise<Map<string, Map<string, Set<string>>>> {
  const textsByTarget = new Map<string, Set<string>>();
  for (const row of rows)
    for (const { column, field, target } of referenceColumns(fieldsByColumn)) {
      const cell = row.cells[column];
      if (typeof cell !== 'string' && typeof cell !== 'number') continue;
      for (const part of partsOf(String(cell), field.multiple)) {
        if (!textsByTarget.has(target)) textsByTarget.set(target, new Set());
        textsByTarget.get(target)!.add(part);
      }
    }
  const matches = new Map<string, Map<string, Set<string>>>();
  for (const [target, texts] of textsByTarget)
    matches.set(target, await matchesOf(db, registry, principal, target, [...texts]));
  return matches;
}

/**
 * The chunk's rows with every reference cell's titles replaced by the ids they name (several joined as
 * an import reads them); a value naming no visible record, or several, turns the cell into a problem.
 * An id the user cannot see is left for the model's checks to refuse as before. With `newNames`, an
 * unmatched name of a target that declares nameFields gets the sid of the record the job will create;
 * without, it is refused as unmatched.
 */
export async function resolveReferenceCells(
  db: Queryable,
  registry: ModelRegistry,
  principal: Principal,
  fieldsByColumn: ReadonlyArray<ResolvedField | undefined>,
  rows: readonly SheetRow[],
  newNames?: NewNames,
): Promise<SheetRow[]> {
  const columns = referenceColumns(fieldsByColumn);
  if (!columns.length) return [...rows];
  const matches = await referenceMatches(db, registry, principal, fieldsByColumn, rows);
  const named = (target: string) => Boolean(registry.get(target)?.declaration.nameFields);

  return rows.map((row) => {
    // slice, not spread: a row read from a sheet may have holes for empty cells, which must stay holes.
    const cells = row.cells.slice();
    for (const { column, field, target } of columns) {
      const cell = cells[column];
      if (typeof cell !== 'string' && typeof cell !== 'number') continue;
      const sids: string[] = [];
      for (const part of partsOf(String(cell), field.multiple)) {
        const found = matches.get(target)?.get(part);
        if (found?.has(part)) sids.push(part);
        else if (found && found.size > 1) {
          cells[column] = { problem: 'ambiguousReference', value: part };
          break;
        } else if (found?.size === 1) sids.push([...found][0]!);
        else if (isSid(part)) sids.push(part);
        else if (named(target) && newNames?.get(target)?.accepts(part))
          sids.push(newNameSid(newNames.get(target)!.names, part));
        else {
          cells[column] = { problem: named(target) ? 'unmatchedName' : 'unknownReference', value: part };
          break;
        }
      }
      if (typeof cells[column] === 'object' && cells[column] !== null) continue;
      cells[column] = sids.join(';');
    }
    return { ...row, cells };
  });
}

/** The sid of the record a name will become (one per name, however it is spelt in case and spaces). */
function newNameSid(names: Map<string, { sid: string; name: string }>, name: string): string {
  const key = comparableName(name);
  let entry = names.get(key);
  if (!entry) names.set(key, (entry = { sid: newSid(), name }));
  return entry.sid;
}
