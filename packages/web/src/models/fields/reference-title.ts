// How a record reads where another one points at it, on the web's side too: the fields its declaration
// names for that (a case: case number and title), joined as the server joins them for list titles, so
// a picker shows a chosen case as the list shows it.
import { MODEL_CATALOG, joinReferenceTitle, referenceTitleFields } from '@ipdesk/core';

/** The fields that name a record of the model (its title field, for a model core does not declare). */
export function titleFieldsOf(model: string, titleField: string): readonly string[] {
  const declared = MODEL_CATALOG.find((candidate) => candidate.name === model);
  return declared ? referenceTitleFields(declared) : [titleField];
}

/** The record's title from those fields; undefined when they are all empty. */
export function recordTitle(row: Readonly<Record<string, unknown>> | undefined, fields: readonly string[]) {
  if (!row) return undefined;
  const title = joinReferenceTitle(fields.map((name) => row[name]));
  return title === '' ? undefined : title;
}
