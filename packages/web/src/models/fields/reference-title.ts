// How a record reads where another one points at it, on the web's side too: the fields its declaration
// names for that (a case: case number and title; an applicant: its name, or its English name for en
// readers), joined as the server joins them for list titles, so a picker shows a chosen record as the
// list shows it. Pickers offer only records that may be referenced: not those the declaration's
// validity rule calls invalid (the server refuses them too).
import {
  MODEL_CATALOG,
  allReferenceTitleFields,
  joinReferenceTitle,
  referenceTitleIn,
  type Language,
  type ModelDeclaration,
} from '@ipdesk/core';

const declared = (model: string): ModelDeclaration | undefined =>
  MODEL_CATALOG.find((candidate) => candidate.name === model);

/** The fields a record's title is read from in any language (its title field, for a model core does not declare). */
export function titleFieldsOf(model: string, titleField: string): readonly string[] {
  const declaration = declared(model);
  return declaration ? allReferenceTitleFields(declaration) : [titleField];
}

/** The record's title in the reader's language; undefined when its title fields are all empty. */
export function recordTitle(
  row: Readonly<Record<string, unknown>> | undefined,
  fields: readonly string[],
  model?: string,
  language: Language = 'zh-CN',
) {
  if (!row) return undefined;
  const declaration = model ? declared(model) : undefined;
  const title = declaration
    ? referenceTitleIn(declaration, row, language)
    : joinReferenceTitle(fields.map((name) => row[name]));
  return title === '' ? undefined : title;
}

/** The iql that leaves out records a reference may not point at (status invalid), or undefined. */
export function referableIql(model: string): string | undefined {
  const validity = declared(model)?.validity;
  if (!validity) return undefined;
  const invalid = validity.invalid.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return `(${validity.field} IS NULL OR ${validity.field} NOT IN (${invalid}))`;
}
