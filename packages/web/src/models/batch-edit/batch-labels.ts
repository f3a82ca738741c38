// How the history names a batch's model and fields without reading every model's schema: the declared
// labels in the reader's language (a tenant's custom field, not declared, reads as its identifier).
import { MODEL_CATALOG, labelIn, type Language } from '@ipdesk/core';

const declarationOf = (model: string) => MODEL_CATALOG.find((declared) => declared.name === model);

export function modelLabel(model: string, language: Language): string {
  const declared = declarationOf(model);
  return declared ? labelIn(declared.label, language) : model;
}

export function fieldLabels(model: string, fields: readonly string[], language: Language): string[] {
  const declared = declarationOf(model);
  return fields.map((name) => {
    const field = declared?.fields[name];
    return field ? labelIn(field.label, language) : name;
  });
}

/** The models the history may be narrowed to, by label. */
export function modelOptions(language: Language): Array<{ value: string; label: string }> {
  return MODEL_CATALOG.map((declared) => ({ value: declared.name, label: labelIn(declared.label, language) }));
}
