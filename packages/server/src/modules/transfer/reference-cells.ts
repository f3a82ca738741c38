// Reference columns as an export writes them: the linked record's title ("CN-2026-001 一种固态电池"), so
// an exported file re-imports to the same records. Before a chunk of rows is checked, each reference
// cell's values are looked up by title (or id) among the records the importing user may see, one query
// per target per chunk: one match gives its id; none or several make the cell a problem named by row and
// column, never a guess.
import { joinReferenceTitle, isSid } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { Principal } from '../../http/context.js';
import type { ModelRegistry, ResolvedField } from '../../platform/models/registry.js';
import { scopeCondition } from '../../platform/models/scope.js';
import { SqlParams } from '../../platform/models/sql-params.js';
import { titleAccess } from '../../platform/models/reference-titles.js';
import { SYSTEM_TARGETS } from '../../platform/models/system-targets.js';
import { MULTI_VALUE_SEPARATOR } from './cells.js';
import type { SheetRow } from './sheet-reader.js';

/** Records of one target matching these texts by id or by title: text → the sids it names. */
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
  let rows: Array<{ sid: string; title: string }> = [];
  if (declared) {
    const access = titleAccess(declared, principal);
    if (!access) return byText;
    const { view, titleFields, readable } = access;
    const params = new SqlParams([texts]);
    const scope = scopeCondition(principal, view, params);
    // The title as joinReferenceTitle builds it: the non-blank fields, trimmed, joined by a space.
    const title = `concat_ws(' ', ${titleFields.map((name) => `NULLIF(btrim(t.${name}::text), '')`).join(', ')})`;
    const found = await db.query<Record<string, unknown>>(
      `SELECT t.sid, ${titleFields.map((name) => `t.${name}`).join(', ')} FROM ${declared.table} t
        WHERE (t.sid = ANY($1::text[])${readable ? ` OR ${title} = ANY($1::text[])` : ''}) AND ${scope}`,
      params.values as never,
    );
    rows = found.map((row) => ({
      sid: String(row.sid),
      title: readable ? joinReferenceTitle(titleFields.map((name) => row[name])) : '',
    }));
  } else {
    const target = SYSTEM_TARGETS[targetName];
    if (!target) return byText;
    rows = await db.query<{ sid: string; title: string }>(
      `SELECT sid, coalesce(${target.title}, '') AS title FROM ${target.table}
        WHERE tenant_sid = $1 AND (sid = ANY($2::text[]) OR ${target.title} = ANY($2::text[]))`,
      [principal.tenantSid, texts],
    );
  }
  const wanted = new Set(texts);
  for (const row of rows) {
    if (wanted.has(row.sid)) add(row.sid, row.sid);
    if (row.title && wanted.has(row.title)) add(row.title, row.sid);
  }
  return byText;
}

const partsOf = (text: string, multiple: boolean): string[] =>
  (multiple ? text.split(MULTI_VALUE_SEPARATOR) : [text]).map((part) => part.trim()).filter(Boolean);

/**
 * The chunk's rows with every reference cell's titles replaced by the ids they name (several joined as
 * an import reads them); a value naming no visible record, or several, turns the cell into a problem.
 * An id the user cannot see is left for the model's checks to refuse as before.
 */
export async function resolveReferenceCells(
  db: Queryable,
  registry: ModelRegistry,
  principal: Principal,
  fieldsByColumn: ReadonlyArray<ResolvedField | undefined>,
  rows: readonly SheetRow[],
): Promise<SheetRow[]> {
  const columns = fieldsByColumn.flatMap((field, column) =>
    field?.dataType === 'ref' && field.target ? [{ column, field, target: field.target }] : [],
  );
  if (!columns.length) return [...rows];
  const textsByTarget = new Map<string, Set<string>>();
  for (const row of rows)
    for (const { column, field, target } of columns) {
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
        else {
          cells[column] = { problem: 'unknownReference', value: part };
          break;
        }
      }
      if (typeof cells[column] === 'object' && cells[column] !== null) continue;
      cells[column] = sids.join(';');
    }
    return { ...row, cells };
  });
}
