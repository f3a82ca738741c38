// A unique-index violation from either engine, turned into the catalogue's duplicate error (409201)
// that names the field, so forms can show the message on it.
import { AppError, translate, type Language } from '@ipdesk/core';

/** Which of these unique indexes the database error violated; undefined for any other error. */
export function violatedIndex(error: unknown, indexes: readonly string[]): string | undefined {
  const pgError = error as { code?: string; constraint?: string; message?: string } | null;
  if (pgError?.code !== '23505') return undefined;
  const text = `${pgError.constraint ?? ''} ${pgError.message ?? ''}`;
  return indexes.find((index) => text.includes(index));
}

/** 409201 with the field's label and the value, in the caller's language. */
export function duplicateValueError(language: Language, field: string, label: string, value: string): AppError {
  const params = { label, value };
  return new AppError('duplicateValue', {
    params,
    fields: [{ field, label, message: translate(language, 'error.duplicateValue', params) }],
  });
}
