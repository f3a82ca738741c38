// A refused settings write on a form: each failing field's message beside that field, and whatever names
// no field of the form (or a failure without fields) as lines for the page's alert.
import type { FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import type { RequestFailure } from '../api/failure';
import { failureText } from './roles/feedback';

export function showFailureOnForm(
  t: TFunction,
  form: FormInstance,
  fieldNames: readonly string[],
  failure: RequestFailure,
): string[] {
  const fields = failure.body?.fields ?? [];
  if (fields.length === 0) return [failureText(t, failure)];
  const onForm = fields.filter((f) => fieldNames.includes(f.field));
  form.setFields(onForm.map((f) => ({ name: f.field, errors: [f.message] })));
  return fields
    .filter((f) => !fieldNames.includes(f.field))
    .map((f) => t('validation.field', { label: f.label, message: f.message }));
}
