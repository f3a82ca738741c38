// Renewing the access token (SECURITY.md "Tokens & sessions"): when a call answers 401 with code 30405
// the request layer asks for a new token once. Refresh tokens rotate on every use and a replayed one
// revokes the whole session, so a page never sends the same refresh token twice: concurrent calls
// share one refresh, and a call whose token has already been replaced (by this page or another tab)
// just uses the newer one. Where the browser has Web Locks, tabs also take turns: a tab waiting for the
// lock finds the pair the other tab stored and uses it instead of replaying the old refresh token.
import { RESULT_CODES } from '@ipdesk/core';
import { setTokenRefresher } from '../api/call';
import { postRefreshToken } from '../api/passport';
import { currentSession, loadSession, replaceTokens } from './store';

let pending: Promise<boolean> | undefined;

async function renew(refreshToken: string): Promise<boolean> {
  const outcome = await postRefreshToken(refreshToken);
  if (outcome.result !== RESULT_CODES.success) return false;
  const { authorization, refresh_token } = outcome.data;
  if (!authorization) return false;
  replaceTokens({ authorization, refresh_token });
  return true;
}

const LOCK_NAME = 'ipdesk.token-refresh';

/** Runs `task` holding the tabs' shared lock when the browser has Web Locks (secure contexts). */
async function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  const locks = (navigator as { locks?: LockManager }).locks;
  return locks ? await locks.request(LOCK_NAME, task) : task();
}

async function refreshOnce(expired: string): Promise<boolean> {
  // Another tab may have renewed already; its storage event can still be on its way.
  const session = loadSession() ?? currentSession();
  if (!session) return false;
  if (session.authorization !== expired) return true;
  if (!session.refreshToken) return false;
  return renew(session.refreshToken);
}

/** True when a token newer than `expired` is in place afterwards. */
export function refreshAuthorization(expired: string): Promise<boolean> {
  pending ??= acrossTabs(() => refreshOnce(expired)).finally(() => {
    pending = undefined;
  });
  return pending;
}

/** Lets the request layer renew tokens; returns the function that stops it. */
export function installTokenRefresh(): () => void {
  return setTokenRefresher(refreshAuthorization);
}
