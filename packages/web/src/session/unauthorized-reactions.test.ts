// The reactions to a session that is no longer usable (spec §8): 30409 with the logout tip and 2 s,
// other unauthorized answers with 0.8 s and ?redirect=, 412 to its page, 403101 to the password change.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGOUT_TIP_DELAY_MS, UNAUTHORIZED_REDIRECT_DELAY_MS, errors } from '@ipdesk/core';
import { request } from '../api/request';
import type { UnauthorizedEvent } from '../api/unauthorized';
import {
  sendJson,
  setPageUrl,
  silenceBrowserConsole,
  startLocalServer,
  type LocalServer,
} from '../testing/local-server';
import { SESSION_KEYS } from './storage';
import { currentSession, endSession, loadSession } from './store';
import {
  createUnauthorizedHandler,
  installUnauthorizedReactions,
  reactionFor,
  type ReactionDeps,
  type ShownTip,
} from './unauthorized-reactions';

interface Recorded {
  deps: ReactionDeps;
  tips: ShownTip[];
  navigations: string[];
  ended: number;
}

function recorder(path = '/patents/list?tab=mine'): Recorded {
  const recorded: Recorded = {
    tips: [],
    navigations: [],
    ended: 0,
    deps: {
      showTip: (tip) => recorded.tips.push(tip),
      endSession: () => {
        recorded.ended += 1;
      },
      currentPath: () => path,
      navigate: (to) => recorded.navigations.push(to),
    },
  };
  return recorded;
}

const event = (status: number, code: number | undefined, message?: string): UnauthorizedEvent => ({
  status,
  code,
  message,
  requestId: 'r',
});

describe('reactionFor', () => {
  it.each([
    [event(401, errors.loggedOut.code, '已在别处退出'), 'loggedOutElsewhere'],
    [event(412, errors.clientConflict.code), 'clientConflict'],
    [event(403, errors.passwordChangeRequired.code), 'changePassword'],
    [event(401, errors.tokenExpired.code), 'signIn'],
    [event(401, errors.tokenIllegal.code), 'signIn'],
    [event(403, errors.accountDisabled.code), 'signIn'],
    [event(403, errors.accountLocked.code), 'signIn'],
    [event(403, errors.emailLoginOnly.code), 'signIn'],
    [event(401, errors.unauthorized.code), 'signIn'],
    [event(401, errors.cloudUnauthorized.code), 'signIn'],
  ])('%o → %s', (input, kind) => {
    expect(reactionFor(input).kind).toBe(kind);
  });

  it('shows the server text of 401 answers; 403 answers were shown as failed calls already', () => {
    expect(reactionFor(event(401, errors.tokenIllegal.code, '凭证无效'))).toEqual({
      kind: 'signIn',
      tip: { kind: 'server', text: '凭证无效' },
    });
    expect(reactionFor(event(401, errors.unauthorized.code, 'no auth'))).toEqual({
      kind: 'signIn',
      tip: { kind: 'text', key: 'request.loginTimeout' },
    });
    expect(reactionFor(event(403, errors.accountDisabled.code, '账号已停用'))).toEqual({
      kind: 'signIn',
      tip: undefined,
    });
    expect(reactionFor(event(401, errors.loggedOut.code))).toEqual({
      kind: 'loggedOutElsewhere',
      tip: { kind: 'text', key: 'error.loggedOut' },
    });
  });
});

describe('unauthorized handler (timers faked)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('30409: tip and logout at once, sign-in after 2 s', () => {
    const recorded = recorder();
    const handle = createUnauthorizedHandler(recorded.deps);
    handle(event(401, errors.loggedOut.code, '您的账号已在别处退出'));
    expect(recorded.tips).toEqual([{ kind: 'server', text: '您的账号已在别处退出' }]);
    expect(recorded.ended).toBe(1);
    vi.advanceTimersByTime(LOGOUT_TIP_DELAY_MS - 1);
    expect(recorded.navigations).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(recorded.navigations).toEqual(['/login']);
  });

  it('other unauthorized: logout, sign-in with ?redirect= after 0.8 s', () => {
    const recorded = recorder();
    const handle = createUnauthorizedHandler(recorded.deps);
    handle(event(401, errors.unauthorized.code));
    expect(recorded.ended).toBe(1);
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_DELAY_MS - 1);
    expect(recorded.navigations).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(recorded.navigations).toEqual([`/login?redirect=${encodeURIComponent('/patents/list?tab=mine')}`]);
  });

  it('provider codes log out with their message', () => {
    const recorded = recorder('/');
    const handle = createUnauthorizedHandler(recorded.deps);
    handle(event(401, errors.tokenExpired.code, '登录凭证已过期'));
    expect(recorded.tips).toEqual([{ kind: 'server', text: '登录凭证已过期' }]);
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_DELAY_MS);
    expect(recorded.navigations).toEqual(['/login']);
  });

  it('412 goes to its page and keeps the session', () => {
    const recorded = recorder();
    const handle = createUnauthorizedHandler(recorded.deps);
    handle(event(412, errors.clientConflict.code, 'conflict'));
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_DELAY_MS);
    expect(recorded.navigations).toEqual(['/412']);
    expect(recorded.ended).toBe(0);
    expect(recorded.tips).toEqual([]);
  });

  it('403101 opens the forced password change, coming back here afterwards', () => {
    const recorded = recorder('/profile');
    const handle = createUnauthorizedHandler(recorded.deps);
    handle(event(403, errors.passwordChangeRequired.code));
    expect(recorded.navigations).toEqual(['/change-password?forced=1&redirect=%2Fprofile']);
    const there = recorder('/change-password?forced=1');
    createUnauthorizedHandler(there.deps)(event(403, errors.passwordChangeRequired.code));
    expect(there.navigations).toEqual([]);
  });

  it('reacts once to a burst of failing calls, and again after the redirect', () => {
    const recorded = recorder();
    const handle = createUnauthorizedHandler(recorded.deps);
    handle(event(401, errors.loggedOut.code, 'a'));
    handle(event(401, errors.loggedOut.code, 'b'));
    handle(event(401, errors.unauthorized.code));
    vi.advanceTimersByTime(LOGOUT_TIP_DELAY_MS);
    expect(recorded.tips).toHaveLength(1);
    expect(recorded.navigations).toEqual(['/login']);
    handle(event(401, errors.unauthorized.code));
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_DELAY_MS);
    expect(recorded.navigations).toHaveLength(2);
  });
});

describe('unauthorized reactions through the request layer', () => {
  let server: LocalServer;
  let uninstall: (() => void) | undefined;
  beforeAll(async () => {
    server = await startLocalServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    silenceBrowserConsole();
    setPageUrl(`${server.origin}/ip/patents`);
    localStorage.clear();
    localStorage.setItem(SESSION_KEYS.authorization, 'token-1');
    loadSession();
  });
  afterEach(() => {
    uninstall?.();
    endSession();
    vi.restoreAllMocks();
  });

  it('a revoked session (30409) ends here too, then sign-in after the delay', async () => {
    const recorded = recorder();
    uninstall = installUnauthorizedReactions({ ...recorded.deps, endSession });
    server.respond(sendJson(401, { code: errors.loggedOut.code, message: '您已在别处退出', request_id: 'x' }));
    const started = Date.now();
    await request({ url: '/webapi/a' });
    expect(recorded.tips).toEqual([{ kind: 'server', text: '您已在别处退出' }]);
    expect(currentSession()).toBeUndefined();
    expect(localStorage.getItem(SESSION_KEYS.authorization)).toBeNull();
    await vi.waitFor(() => expect(recorded.navigations).toEqual(['/login']), { timeout: 4000, interval: 50 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOGOUT_TIP_DELAY_MS - 50);
  });

  it('calls outside the session never trigger the reactions', async () => {
    const recorded = recorder();
    uninstall = installUnauthorizedReactions(recorded.deps);
    server.respond(sendJson(403, { code: errors.accountLocked.code, message: 'locked', request_id: 'x' }));
    await request({ url: '/passport/login', method: 'POST', body: {}, anonymous: true, silent: true });
    expect(recorded.ended).toBe(0);
    expect(recorded.tips).toEqual([]);
  });
});
