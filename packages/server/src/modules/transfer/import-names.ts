// The import's preview of names (docs/models.md "Reference kinds"): before a file is imported, the
// reference columns whose target is named in free text (an applicant) are read, and each distinct name is
// matched as the job will match it (reference-cells.ts: by title, id, or any of the target's nameFields
// with case and spaces ignored, among the records the user may see). The user sees which names match
// which record and which match none, and confirms creating those (do/import?create_names=true) or not,
// in which case the rows naming them fail with a message saying so.
import { AppError, comparableName, isSid, labelIn, modelResourceCode } from '@ipdesk/core';
import type { AccountsContext } from '../accounts/context.js';
import type { RequestContext } from '../../platform/context.js';
import type { ModelRegistry, ResolvedModel } from '../../platform/models/registry.js';
import { lookupTitles } from '../../platform/models/reference-titles.js';
import { importableFields } from './import.js';
import { MAX_IMPORT_ROWS } from './import-run.js';
import { isBlankRow, mapHeader } from './import-rows.js';
import { partsOf, referenceColumns, referenceMatches } from './reference-cells.js';
import { mergedRanges, readSheetRows, type SheetRow } from './sheet-reader.js';
import { inspectZip } from './zip-guard.js';

/** Names listed per column at most (a file naming more shows the first ones and the counts). */
const LISTED = 1000;

export interface NamePreview {
  field: string;
  label: string;
  target: string;
  target_label: string;
  /** Whether the user may create records of the target (else unmatched names can only fail). */
  can_create: boolean;
  matched: Array<{ name: string; sid: string; title: string }>;
  unmatched: string[];
  /** Names matching several records: their rows fail unless the cell gives one record's ID. */
  ambiguous: string[];
  matched_count: number;
  unmatched_count: number;
}

export async function previewImportNames(
  deps: Pick<AccountsContext, 'db'> & { registry: ModelRegistry },
  ctx: RequestContext,
  input: { model: ResolvedModel; bytes: Buffer },
): Promise<{ names: NamePreview[] }> {
  if (inspectZip(input.bytes)) throw new AppError('fileType', { params: { allowed: 'xlsx' } });
  const { model, bytes } = input;
  const { principal, language } = ctx;
  const fields = importableFields(model);
  const otherFields = [...model.fields.values()].filter((f) => !fields.includes(f));
  const merged = await mergedRanges(bytes);

  let columnFields: ReturnType<typeof referenceColumns> = [];
  let mapped: Parameters<typeof referenceMatches>[3] = [];
  const texts = new Map<number, Set<string>>();
  let rows = 0;
  for await (const row of readSheetRows(bytes)) {
    if (row.number === 1) {
      const header = mapHeader(row, fields, otherFields, merged, language);
      // A header the job would refuse: nothing to preview; the job names the problem.
      if ('errors' in header) return { names: [] };
      mapped = header.map.fields;
      columnFields = referenceColumns(mapped).filter(
        ({ target }) => deps.registry.get(target)?.declaration.nameFields !== undefined,
      );
      if (!columnFields.length) return { names: [] };
      continue;
    }
    if (isBlankRow(row)) continue;
    if (++rows > MAX_IMPORT_ROWS) throw new AppError('importTooManyRows', { params: { max: MAX_IMPORT_ROWS } });
    for (const { column, field } of columnFields) {
      const cell = row.cells[column];
      if (typeof cell !== 'string' && typeof cell !== 'number') continue;
      if (!texts.has(column)) texts.set(column, new Set());
      for (const part of partsOf(String(cell), field.multiple)) texts.get(column)!.add(part);
    }
  }

  const names: NamePreview[] = [];
  for (const { column, field, target } of columnFields) {
    const declared = deps.registry.get(target)!;
    const all = [...(texts.get(column) ?? [])].filter((text) => !isSid(text));
    const found = new Map<string, Set<string>>();
    // The same lookup the job makes, 500 names at a time, over one column's cells.
    for (let i = 0; i < all.length; i += 500) {
      const chunk: SheetRow[] = all.slice(i, i + 500).map((text, k) => {
        const cells: SheetRow['cells'] = [];
        cells[column] = text;
        return { number: i + k + 2, cells };
      });
      const matches = await referenceMatches(deps.db, deps.registry, principal, mapped, chunk);
      for (const [text, sids] of matches.get(target) ?? []) found.set(text, sids);
    }
    const single = all.filter((text) => found.get(text)?.size === 1);
    const titles = await lookupTitles(
      deps.db,
      deps.registry,
      principal,
      language,
      new Map([[target, new Set(single.map((text) => [...found.get(text)!][0]!))]]),
    );
    // One unmatched name per comparable spelling, as the job creates one record for them.
    const unmatched = new Map<string, string>();
    for (const text of all)
      if (!found.has(text) && !unmatched.has(comparableName(text))) unmatched.set(comparableName(text), text);
    names.push({
      field: field.name,
      label: labelIn(field.label, language),
      target,
      target_label: labelIn(declared.declaration.label, language),
      can_create: principal.access.resources.has(modelResourceCode(target, 'create')),
      matched: single.slice(0, LISTED).map((name) => {
        const sid = [...found.get(name)!][0]!;
        return { name, sid, title: titles[target]?.[sid] ?? name };
      }),
      unmatched: [...unmatched.values()].slice(0, LISTED),
      ambiguous: all.filter((text) => (found.get(text)?.size ?? 0) > 1).slice(0, LISTED),
      matched_count: single.length,
      unmatched_count: unmatched.size,
    });
  }
  return { names };
}
