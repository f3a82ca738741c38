// How often a delivery is tried and how long it waits between tries. A mail server or a chat tool that is
// down for a while (a restart, an outage of an hour) still gets the notification; one that stays down is
// given up on after about two hours and the delivery shows as failed in the administrator's log.
import type { DeliveryFailureReason } from '@ipdesk/core';

/** Attempts before a delivery is marked failed: waits of 1, 2, 4 … 64 minutes between them (~2 h in all). */
export const DELIVERY_MAX_ATTEMPTS = 8;
const FIRST_WAIT_SECONDS = 60;

/**
 * SQL for a failed row's next try, from its attempts before this one (SET sees the old value): 1 minute
 * after the first failure, doubling after each. `$now` is the parameter holding the clock's now.
 */
export function nextAttemptSql(now: string): string {
  return `${now}::timestamptz + make_interval(secs => ${FIRST_WAIT_SECONDS} * power(2, attempts))`;
}

/** How long a server holds a delivery it is sending: longer than the slowest send (SMTP's timeouts, 40 s). */
export const DELIVERY_LEASE_MS = 2 * 60_000;

/**
 * A send that failed: `reason` is one of DELIVERY_FAILURE_REASONS, `detail` says more (an SMTP answer, an
 * HTTP status); `final` when retrying cannot help (the account is disabled, it has no address).
 */
export class DeliveryFailure extends Error {
  override name = 'DeliveryFailure';
  constructor(
    readonly reason: DeliveryFailureReason,
    readonly detail = '',
    readonly final = false,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}

/** What last_error keeps: `<reason>` or `<reason>: <detail>`, bounded. */
export function failureText(error: unknown): string {
  if (error instanceof DeliveryFailure) return error.message.slice(0, 2000);
  const message = error instanceof Error ? error.message : String(error);
  return `internal: ${message}`.slice(0, 2000);
}
