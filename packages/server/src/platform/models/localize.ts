// Rows as a reader sees them: the model's localize (a rule deadline's title in the reader's language,
// from its rule code) over the stored values. Masked fields are left masked; a row without the fields
// the localize reads (a search's narrow field list) keeps its stored values.
import type { Language } from '@ipdesk/core';
import type { ResolvedModel } from './registry.js';

export function localizeRows<Row extends Record<string, unknown>>(
  model: ResolvedModel,
  rows: Row[],
  language: Language,
): Row[] {
  const localize = model.declaration.localize;
  if (!localize) return rows;
  return rows.map((row) => {
    const patch = localize.apply(row, language);
    const shown = Object.entries(patch).filter(([name]) => name in row && !model.fields.get(name)?.masked);
    return shown.length ? { ...row, ...Object.fromEntries(shown) } : row;
  });
}

/** A narrowed field list with the fields the model's localize reads (undefined: every field). */
export function withLocalizeReads(model: ResolvedModel, fields: readonly string[] | undefined): string[] | undefined {
  const reads = model.declaration.localize?.reads;
  if (!fields?.length || !reads) return fields ? [...fields] : undefined;
  return [...new Set([...fields, ...reads.filter((name) => model.fields.has(name))])];
}
