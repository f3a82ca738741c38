// What the administration pages say when a silent write fails: the server's own words whatever the
// status ("role in use by 3 users", "company not empty", "changed by someone else"), the first failing
// field for validation codes, else the general rules' text. Shared by the role and organisation pages.
import type { TFunction } from 'i18next';
import { errors } from '@ipdesk/core';
import { inlineNotice, type RequestFailure } from '../../api/failure';
import { noticeText } from '../../components/notice-text';

export function failureText(t: TFunction, failure: RequestFailure): string {
  return noticeText(t, inlineNotice(failure));
}

/** The record was changed by someone else since it was read (stale version, 409000). */
export function isConflict(failure: RequestFailure): boolean {
  return failure.body?.code === errors.conflict.code;
}

/** Every field message of a validation answer ("label: message"), or the one text when there are none. */
export function failureLines(t: TFunction, failure: RequestFailure): string[] {
  const fields = failure.body?.fields ?? [];
  if (fields.length > 0)
    return fields.map((field) => t('validation.field', { label: field.label, message: field.message }));
  return [failureText(t, failure)];
}
