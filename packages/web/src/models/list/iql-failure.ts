// The server's refusal of a query itself, told apart from other failures so the list shows it beside
// the search instead of as a global notice.
import { VALIDATION_CODES } from '@ipdesk/core';
import type { RequestFailure } from '../../api/failure';

/** The server's message when it refused the query itself (400 with fields[0].field 'iql'). */
export function iqlFailureMessage(failure: RequestFailure | undefined): string | undefined {
  const body = failure?.body;
  const first = body?.fields?.[0];
  if (!body || body.code === undefined || !VALIDATION_CODES.includes(body.code) || first?.field !== 'iql')
    return undefined;
  return first.message;
}
