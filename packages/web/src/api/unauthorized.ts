// Hook point for sign-in handling (spec §8 "Unauthorized handling"): the request layer announces
// unauthorized answers here and the session layer decides what to do (logout tip, redirect to sign-in).
import { errors } from '@ipdesk/core';

export interface UnauthorizedEvent {
  status: number;
  code: number | undefined;
  requestId: string;
}

export type UnauthorizedListener = (event: UnauthorizedEvent) => void;

const listeners = new Set<UnauthorizedListener>();

/** Spec §8: HTTP 401, 412, or code 502013 (bound cloud users) mean the session is not valid. */
export function isUnauthorized(status: number, code: number | undefined): boolean {
  return status === 401 || status === 412 || code === errors.cloudUnauthorized.code;
}

/** Registers a listener; returns the function that removes it. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function announceUnauthorized(event: UnauthorizedEvent): void {
  for (const listener of listeners) listener(event);
}
