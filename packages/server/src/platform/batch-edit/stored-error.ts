// A record's refusal kept with its batch item: the catalogue entry with the message key and parameters,
// so the history tells it in the reader's language, not the language of whoever ran the batch. Field
// details a check already worded (a rule across fields) keep the words they were given.
import { AppError, type FieldError, type FieldIssue, type TranslateParams } from '@ipdesk/core';

export interface StoredError {
  code: number;
  status: number;
  key: string;
  params?: TranslateParams;
  issues?: FieldIssue[];
  fields?: FieldError[];
}

export function storeError(error: AppError): StoredError {
  return {
    code: error.code,
    status: error.status,
    key: error.definition.messageKey,
    ...(error.params && { params: error.params }),
    ...(error.issues && { issues: error.issues }),
    ...(error.fields && { fields: error.fields }),
  };
}

export function restoreError(stored: StoredError): AppError {
  return new AppError(
    { code: stored.code, status: stored.status, messageKey: stored.key },
    { params: stored.params, issues: stored.issues, fields: stored.fields },
  );
}
