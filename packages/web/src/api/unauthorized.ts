// Hook point for sign-in handling (spec §8 "Unauthorized handling"): the request layer announces answers
// that concern the session itself here, and the session layer (session/unauthorized-reactions.ts)
// decides what to do: logout tip, sign-in redirect, the 412 page, the forced password change.
import { errors } from '@ipdesk/core';

export interface UnauthorizedEvent {
  status: number;
  code: number | undefined;
  /** The server's text, already in the request's language. */
  message?: string | undefined;
  requestId: string;
}

export type UnauthorizedListener = (event: UnauthorizedEvent) => void;

const listeners = new Set<UnauthorizedListener>();

/** Spec §8: HTTP 401, 412, or code 502013 (bound cloud users) mean the session is not valid. */
export function isUnauthorized(status: number, code: number | undefined): boolean {
  return status === 401 || status === 412 || code === errors.cloudUnauthorized.code;
}

/**
 * Sign-in provider codes (spec §8): each shows its own message and the user is then logged out. 10001
 * (incorrect parameters) is left out: it is also an ordinary validation answer.
 */
export const SIGN_OUT_CODES: ReadonlySet<number> = new Set([
  errors.tokenExpired.code,
  errors.tokenIllegal.code,
  errors.accountDisabled.code,
  errors.emailLoginOnly.code,
  errors.accountLocked.code,
  errors.ssoOnlyAny.code,
  errors.ssoOnlyDingtalk.code,
  errors.ssoOnlyWechat.code,
  errors.ssoOnlyFeishu.code,
  errors.ssoOnlyThirdParty.code,
]);

/** Answers the session layer reacts to: unauthorized, a sign-in provider code, or 403101. */
export function needsSessionReaction(status: number, code: number | undefined): boolean {
  if (isUnauthorized(status, code)) return true;
  return code !== undefined && (SIGN_OUT_CODES.has(code) || code === errors.passwordChangeRequired.code);
}

/** Registers a listener; returns the function that removes it. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceSessionProblem(event: UnauthorizedEvent): void {
  for (const listener of listeners) listener(event);
}
