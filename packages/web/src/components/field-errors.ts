// The server's verdict on a form's fields (500005 `fields[]`), placed where the user looks: each message
// beside its own item, and the first failing item — first in the form's order, not the server's —
// scrolled into view with the focus in it (spec §5; issue 14: on a long form the notice at the top was
// out of sight after clicking Save at the bottom). Errors for fields the form does not show stay in
// the notice above the form.
import type { FormInstance } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { FieldError } from '@ipdesk/core';
import type { RequestFailure } from '../api/failure';

/** The server's field errors that belong to the form's items, in the form's order, one entry per item. */
export function fieldErrorsInFormOrder(
  failure: RequestFailure | readonly FieldError[],
  itemsInOrder: readonly string[],
): Array<{ name: string; errors: string[] }> {
  const byItem = new Map<string, string[]>();
  // The form's own verdict (the model's rules across fields, checked before sending) reads the same.
  const fields = isFieldList(failure) ? failure : (failure.body?.fields ?? []);
  for (const error of fields) {
    if (!itemsInOrder.includes(error.field)) continue;
    byItem.set(error.field, [...(byItem.get(error.field) ?? []), error.message]);
  }
  return itemsInOrder.flatMap((name) => {
    const errors = byItem.get(name);
    return errors ? [{ name, errors }] : [];
  });
}

function isFieldList(failure: RequestFailure | readonly FieldError[]): failure is readonly FieldError[] {
  return Array.isArray(failure);
}

/**
 * Returns `place(failure, itemsInOrder)`: sets the field errors on the form and, once the form has
 * rendered again (a form disabled while saving cannot take the focus before), scrolls to the first
 * failing item and focuses it. Answers the names it placed.
 */
export function useServerFieldErrors<Values>(
  form: FormInstance<Values>,
): (failure: RequestFailure | readonly FieldError[], itemsInOrder: readonly string[]) => string[] {
  // An object, so the same field failing twice in a row still scrolls again.
  const [first, setFirst] = useState<{ name: string }>();
  useEffect(() => {
    if (first) form.scrollToField(first.name, { block: 'center', focus: true });
  }, [first, form]);
  return useCallback(
    (failure, itemsInOrder) => {
      const placed = fieldErrorsInFormOrder(failure, itemsInOrder);
      form.setFields(placed as Parameters<FormInstance<Values>['setFields']>[0]);
      const name = placed[0]?.name;
      if (name !== undefined) setFirst({ name });
      return placed.map((entry) => entry.name);
    },
    [form],
  );
}
