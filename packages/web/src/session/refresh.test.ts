// Token renewal through the real request layer against a real HTTP server: an expired access token
// (401, code 30405) is renewed once — one refresh for any number of concurrent calls — and each call
// is sent again once with the new token.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESULT_CODES, errors } from '@ipdesk/core';
import { request } from '../api/request';
import { onUnauthorized, type UnauthorizedEvent } from '../api/unauthorized';
import {
  sendJson,
  setPageUrl,
  silenceBrowserConsole,
  startLocalServer,
  type LocalServer,
  type ReceivedRequest,
  type Responder,
} from '../testing/local-server';
import { installTokenRefresh } from './refresh';
import { SESSION_KEYS } from './storage';
import { currentSession, loadSession } from './store';

let server: LocalServer;
let events: UnauthorizedEvent[];
let stopListening: () => void;
let uninstall: () => void;

const expired = sendJson(401, { code: errors.tokenExpired.code, message: '登录凭证已过期', request_id: 'e' });

/** Data calls succeed with the token `valid` only; the refresh call trades refresh-1 for a new pair. */
function api(valid: string, refresh: Responder): Responder {
  return (request, response) => {
    if (request.url === '/passport/refresh_token') {
      refresh(request, response);
      return;
    }
    if (request.headers.authorization === `Bearer ${valid}`) {
      sendJson(200, { code: 0, message: 'ok', request_id: 'r', data: request.url })(request, response);
      return;
    }
    expired(request, response);
  };
}

const renewed: Responder = (_request, response) => {
  // A little later, so concurrent calls all arrive while the refresh is under way.
  setTimeout(() => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        code: 0,
        message: 'ok',
        request_id: 'f',
        authorization: 'token-2',
        refresh_token: 'refresh-2',
        expires_in: 900,
      }),
    );
  }, 50);
};

const refreshCalls = (): ReceivedRequest[] => server.received.filter((call) => call.url === '/passport/refresh_token');
const dataCalls = (): ReceivedRequest[] => server.received.filter((call) => call.url !== '/passport/refresh_token');

beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());
beforeEach(() => {
  silenceBrowserConsole();
  setPageUrl(`${server.origin}/ip/patents`);
  server.received.length = 0;
  localStorage.clear();
  localStorage.setItem(SESSION_KEYS.authorization, 'token-1');
  localStorage.setItem(SESSION_KEYS.refreshToken, 'refresh-1');
  loadSession();
  uninstall = installTokenRefresh();
  events = [];
  stopListening = onUnauthorized((event) => events.push(event));
});
afterEach(() => {
  stopListening();
  uninstall();
  vi.restoreAllMocks();
});

describe('token refresh (SECURITY.md, spec §8)', () => {
  it('sends the access token as a bearer token', async () => {
    server.respond(api('token-1', renewed));
    const outcome = await request({ url: '/webapi/a' });
    expect(outcome.result).toBe(RESULT_CODES.success);
    expect(server.received[0]?.headers.authorization).toBe('Bearer token-1');
  });

  it('renews once for concurrent calls and sends each call again once', async () => {
    server.respond(api('token-2', renewed));
    const outcomes = await Promise.all([
      request<{ data: string }>({ url: '/webapi/a' }),
      request<{ data: string }>({ url: '/webapi/b' }),
      request<{ data: string }>({ url: '/webapi/c', method: 'POST', body: { x: 1 } }),
    ]);

    expect(outcomes.map((outcome) => outcome.result === RESULT_CODES.success && outcome.data.data)).toEqual([
      '/webapi/a',
      '/webapi/b',
      '/webapi/c',
    ]);
    expect(refreshCalls()).toHaveLength(1);
    expect(JSON.parse(refreshCalls()[0]?.body ?? '')).toEqual({ token: 'refresh-1' });
    expect(refreshCalls()[0]?.headers).not.toHaveProperty('authorization');
    const sent = dataCalls().map((call) => `${call.url} ${call.headers.authorization}`);
    expect(sent.sort()).toEqual([
      '/webapi/a Bearer token-1',
      '/webapi/a Bearer token-2',
      '/webapi/b Bearer token-1',
      '/webapi/b Bearer token-2',
      '/webapi/c Bearer token-1',
      '/webapi/c Bearer token-2',
    ]);
    expect(
      dataCalls().find((call) => call.url === '/webapi/c' && call.headers.authorization === 'Bearer token-2')?.body,
    ).toBe('{"x":1}');
    expect(localStorage.getItem(SESSION_KEYS.authorization)).toBe('token-2');
    expect(localStorage.getItem(SESSION_KEYS.refreshToken)).toBe('refresh-2');
    expect(currentSession()?.authorization).toBe('token-2');
    expect(events).toEqual([]);
  });

  it('sends the refresh token to the refresh call only', async () => {
    server.respond(api('token-2', renewed));
    await request({ url: '/webapi/a', query: { q: 1 } });
    const elsewhere = dataCalls().filter((call) => JSON.stringify(call).includes('refresh-'));
    expect(elsewhere).toEqual([]);
  });

  it('uses a token another tab has renewed already instead of refreshing again', async () => {
    server.respond(api('token-9', renewed));
    localStorage.setItem(SESSION_KEYS.authorization, 'token-9');
    localStorage.setItem(SESSION_KEYS.refreshToken, 'refresh-9');
    const outcome = await request({ url: '/webapi/a' });
    expect(outcome.result).toBe(RESULT_CODES.success);
    expect(refreshCalls()).toEqual([]);
    expect(dataCalls().map((call) => call.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-9']);
  });

  it('sends a call at most twice: a second 30405 is final and announced', async () => {
    server.respond(api('never', renewed));
    const outcome = await request({ url: '/webapi/a' });
    expect(outcome.result).toBe(RESULT_CODES.other);
    expect(dataCalls()).toHaveLength(2);
    expect(refreshCalls()).toHaveLength(1);
    expect(events.map((event) => [event.status, event.code])).toEqual([[401, errors.tokenExpired.code]]);
  });

  it('gives up when the refresh is refused, keeping the stored pair for the reactions to clear', async () => {
    server.respond(api('token-2', sendJson(401, { code: errors.tokenIllegal.code, message: 'bad', request_id: 'x' })));
    const outcome = await request({ url: '/webapi/a' });
    expect(outcome.result === RESULT_CODES.success ? undefined : outcome.error.body?.code).toBe(
      errors.tokenExpired.code,
    );
    expect(dataCalls()).toHaveLength(1);
    expect(events).toMatchObject([{ status: 401, code: errors.tokenExpired.code, message: '登录凭证已过期' }]);
    // The refresh call itself is outside the session: it is not announced.
    expect(events).toHaveLength(1);
  });

  it('does not refresh for other unauthorized codes, nor without a refresh token', async () => {
    server.respond(sendJson(401, { code: errors.tokenIllegal.code, message: 'illegal', request_id: 'x' }));
    await request({ url: '/webapi/a' });
    localStorage.removeItem(SESSION_KEYS.refreshToken);
    loadSession();
    server.respond(expired);
    await request({ url: '/webapi/b' });
    expect(refreshCalls()).toEqual([]);
    expect(events.map((event) => event.code)).toEqual([errors.tokenIllegal.code, errors.tokenExpired.code]);
  });

  it('keeps the token to itself: anonymous calls and other origins get no Authorization', async () => {
    const other = await startLocalServer();
    try {
      server.respond(sendJson(200, { code: 0 }));
      await request({ url: '/passport/login', method: 'POST', body: {}, anonymous: true });
      await request({ url: `${other.origin}/webapi/elsewhere` });
      expect(server.received[0]?.headers).not.toHaveProperty('authorization');
      expect(other.received[0]?.headers).not.toHaveProperty('authorization');
    } finally {
      await other.close();
    }
  });

  it('sends the chosen company as x-sub-company-sid', async () => {
    localStorage.setItem(SESSION_KEYS.companyId, 'Company000000002');
    loadSession();
    server.respond(sendJson(200, { code: 0 }));
    await request({ url: '/webapi/a' });
    expect(server.received[0]?.headers['x-sub-company-sid']).toBe('Company000000002');
  });
});
