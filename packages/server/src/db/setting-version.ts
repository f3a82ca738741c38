// Optimistic concurrency for a tenant's settings rows (one row per tenant, no version column): the
// caller sends back the `updated_at` it read, to the millisecond as answers carry it (null when nothing
// was saved yet), and the upsert's ON CONFLICT ... DO UPDATE only runs over that row. No row returned
// means someone saved in between: the caller answers 409000 (the records' conflict).

/**
 * The WHERE of `ON CONFLICT DO UPDATE`: the stored row (alias `row`) was last saved when the caller read it;
 * `column` names the stamp where one row holds several settings each saved on its own.
 */
export function unchangedSince(row: string, readAt: string, column = 'updated_at'): string {
  return `date_trunc('milliseconds', ${row}.${column}) IS NOT DISTINCT FROM ${readAt}::timestamptz`;
}
