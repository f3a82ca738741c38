// What the app does when a call in the session answers that the session is not (or no longer) usable
// (spec §8 "Unauthorized handling", "Sign-in provider codes"):
// - 30409 (signed out elsewhere, session revoked): the logout tip, logout, 2 s, then sign-in.
// - 412 (the other side is signed in in this browser): the 412 page.
// - 403101: the forced password change.
// - sign-in provider codes (30405 after a failed refresh, 30404, 30102, 30116, 30145, SSO only) and any
//   other unauthorized answer: logout, 0.8 s, then sign-in with ?redirect= back to where the user was.
//   The server's message is shown; 403 answers have shown it already as a failed-call notice.
// A burst of failing calls (a page loads several at once) leads to one reaction.
import { LOGOUT_TIP_DELAY_MS, UNAUTHORIZED_REDIRECT_DELAY_MS, errors } from '@ipdesk/core';
import type { VisibleNotice } from '../api/failure';
import { SIGN_OUT_CODES, onUnauthorized, type UnauthorizedEvent } from '../api/unauthorized';
import { CHANGE_PASSWORD_PATH, LOGIN_PATH, changePasswordPathFor, loginPathFor } from './redirect';

export type ShownTip = VisibleNotice;

export type Reaction =
  | { kind: 'loggedOutElsewhere'; tip: ShownTip }
  | { kind: 'clientConflict' }
  | { kind: 'changePassword' }
  | { kind: 'signIn'; tip: ShownTip | undefined };

function serverTip(event: UnauthorizedEvent, fallback: ShownTip): ShownTip {
  return event.message ? { kind: 'server', text: event.message } : fallback;
}

export function reactionFor(event: UnauthorizedEvent): Reaction {
  if (event.code === errors.loggedOut.code) {
    return { kind: 'loggedOutElsewhere', tip: serverTip(event, { kind: 'text', key: 'error.loggedOut' }) };
  }
  if (event.status === 412) return { kind: 'clientConflict' };
  if (event.code === errors.passwordChangeRequired.code) return { kind: 'changePassword' };
  // 401 answers are silent as failed calls (spec §8), so the reason is shown here; others showed it.
  if (event.status !== 401) return { kind: 'signIn', tip: undefined };
  const fallback: ShownTip = { kind: 'text', key: 'request.loginTimeout' };
  const known = event.code !== undefined && SIGN_OUT_CODES.has(event.code);
  return { kind: 'signIn', tip: known ? serverTip(event, fallback) : fallback };
}

export interface ReactionDeps {
  showTip(tip: ShownTip): void;
  /** Forgets the session in this browser. */
  endSession(): void;
  /** App-relative path with query, e.g. "/patents?tab=2". */
  currentPath(): string;
  navigate(to: string, options?: { replace?: boolean }): void;
}

function pathnameOf(path: string): string {
  return path.split(/[?#]/)[0] ?? path;
}

/** The listener for onUnauthorized; one reaction at a time. */
export function createUnauthorizedHandler(deps: ReactionDeps): (event: UnauthorizedEvent) => void {
  let busy = false;
  const later = (delay: number, action: () => void): void => {
    busy = true;
    setTimeout(() => {
      busy = false;
      action();
    }, delay);
  };
  return (event) => {
    if (busy) return;
    const reaction = reactionFor(event);
    const here = deps.currentPath();
    switch (reaction.kind) {
      case 'loggedOutElsewhere':
        deps.showTip(reaction.tip);
        deps.endSession();
        later(LOGOUT_TIP_DELAY_MS, () => deps.navigate(LOGIN_PATH, { replace: true }));
        return;
      case 'clientConflict':
        later(UNAUTHORIZED_REDIRECT_DELAY_MS, () => deps.navigate('/412', { replace: true }));
        return;
      case 'changePassword':
        if (pathnameOf(here) !== CHANGE_PASSWORD_PATH) {
          deps.navigate(changePasswordPathFor({ forced: true, next: here }), { replace: true });
        }
        return;
      case 'signIn':
        if (reaction.tip) deps.showTip(reaction.tip);
        deps.endSession();
        if (pathnameOf(here) === LOGIN_PATH) return;
        later(UNAUTHORIZED_REDIRECT_DELAY_MS, () => deps.navigate(loginPathFor(here), { replace: true }));
        return;
    }
  };
}

/** Registers the reactions; returns the function that removes them. */
export function installUnauthorizedReactions(deps: ReactionDeps): () => void {
  return onUnauthorized(createUnauthorizedHandler(deps));
}
