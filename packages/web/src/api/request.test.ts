// request() against a real HTTP server on 127.0.0.1: headers on the wire, result codes, notices.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESULT_CODES, SOURCE_CLIENT_WEB, errors } from '@ipdesk/core';
import {
  neverAnswer,
  sendJson,
  sendText,
  setPageUrl,
  silenceBrowserConsole,
  startLocalServer,
  type LocalServer,
} from '../testing/local-server';
import type { RequestFailure } from './failure';
import { setFailureNotifier, type ShownNotice } from './failure-notifier';
import { request } from './request';
import { updateRequestContext } from './session-context';
import { onUnauthorized, type UnauthorizedEvent } from './unauthorized';

let server: LocalServer;
let shown: { failure: RequestFailure; notice: ShownNotice }[];
let removeNotifier: () => void;

beforeAll(async () => {
  server = await startLocalServer();
});
afterAll(() => server.close());

beforeEach(() => {
  silenceBrowserConsole();
  setPageUrl(`${server.origin}/ip/patents/list?tab=mine`);
  server.received.length = 0;
  server.respond(sendJson(200, { code: 0, message: 'ok', request_id: 'r1', data: { n: 1 } }));
  updateRequestContext({ language: 'zh-CN', subCompanySid: undefined, menuResourceCode: undefined });
  shown = [];
  removeNotifier = setFailureNotifier((failure, notice) => shown.push({ failure, notice }));
});
afterEach(() => {
  removeNotifier();
  vi.restoreAllMocks();
});

describe('request headers (spec §7)', () => {
  it('sends the fixed headers, a fresh request id, the language and the page path', async () => {
    updateRequestContext({ language: 'en' });
    const first = await request<{ data: { n: number } }>({
      url: '/webapi/model/patent/do/search',
      method: 'POST',
      body: { iql: '' },
    });
    await request({ url: '/webapi/model/patent/do/count' });

    const [sent, second] = server.received;
    expect(sent?.method).toBe('POST');
    expect(sent?.url).toBe('/webapi/model/patent/do/search');
    expect(sent?.body).toBe('{"iql":""}');
    expect(sent?.headers).toMatchObject({
      'cache-control': 'no-cache',
      'x-requested-with': 'XMLHttpRequest',
      'x-source-client': SOURCE_CLIENT_WEB,
      'x-language': 'en',
      'x-event-source': '/ip/patents/list',
      'content-type': 'application/json',
    });
    expect(sent?.headers['x-request-id']).toMatch(/^[0-9A-Za-z]{16}$/);
    expect(second?.headers['x-request-id']).not.toBe(sent?.headers['x-request-id']);
    expect(sent?.headers).not.toHaveProperty('x-sub-company-sid');
    expect(sent?.headers).not.toHaveProperty('x-menu-resource-code');
    expect(first).toMatchObject({ result: RESULT_CODES.success, data: { data: { n: 1 } }, status: 200 });
    expect(first.result === RESULT_CODES.success && first.requestId).toBe(sent?.headers['x-request-id']);
  });

  it('sends the sub-company and menu resource from the session, options overriding it', async () => {
    updateRequestContext({ subCompanySid: 'SubCompany000001', menuResourceCode: 'patent_list' });
    await request({ url: '/webapi/a' });
    await request({ url: '/webapi/b', subCompanySid: 'SubCompany000002', menuResourceCode: 'fee_list' });

    expect(server.received[0]?.headers).toMatchObject({
      'x-sub-company-sid': 'SubCompany000001',
      'x-menu-resource-code': 'patent_list',
    });
    expect(server.received[1]?.headers).toMatchObject({
      'x-sub-company-sid': 'SubCompany000002',
      'x-menu-resource-code': 'fee_list',
    });
  });

  it('puts the query on the URL and uses no base path for service prefixes', async () => {
    await request({ url: '/webapi/front/search', query: { language: 'en', rows: 20, skipped: undefined } });
    expect(server.received[0]?.url).toBe('/webapi/front/search?language=en&rows=20');
  });
});

describe('request results (spec §4, §8)', () => {
  it('returns the validation failure and notifies with the first field', async () => {
    const body = {
      code: errors.validation.code,
      message: '参数校验失败',
      request_id: 'server-id',
      fields: [{ field: 'title', label: '标题', message: '必填' }],
    };
    server.respond(sendJson(400, body));
    const outcome = await request({ url: '/webapi/x', method: 'POST', body: {} });

    expect(outcome.result).toBe(RESULT_CODES.other);
    expect(shown).toHaveLength(1);
    expect(shown[0]?.notice).toEqual({
      kind: 'text',
      key: 'validation.field',
      params: { label: '标题', message: '必填' },
    });
    expect(shown[0]?.failure).toMatchObject({
      status: 400,
      method: 'POST',
      url: `${server.origin}/webapi/x`,
      body: { code: errors.validation.code, requestId: 'server-id' },
    });
  });

  it('treats a 2xx envelope with a non-zero code as a failure', async () => {
    server.respond(sendJson(200, { code: errors.forbidden.code, message: 'no', request_id: 'r' }));
    const outcome = await request({ url: '/webapi/x' });
    expect(outcome.result).toBe(RESULT_CODES.other);
    expect(shown[0]?.notice).toEqual({ kind: 'server', text: 'no' });
  });

  it('returns unknown for a body that is not JSON', async () => {
    server.respond(sendText(200, '<html>proxy</html>'));
    const outcome = await request({ url: '/webapi/x' });
    expect(outcome.result).toBe(RESULT_CODES.unknown);
    expect(shown[0]?.notice).toEqual({ kind: 'text', key: 'result.unknown' });
  });

  it('returns canceled for HTTP 499', async () => {
    server.respond(sendJson(499, { code: 499000, message: 'closed' }));
    const outcome = await request({ url: '/webapi/x' });
    expect(outcome.result).toBe(RESULT_CODES.canceled);
    expect(shown[0]?.notice).toEqual({ kind: 'text', key: 'result.canceled' });
  });

  it('times out into canceled', async () => {
    server.respond(neverAnswer);
    const outcome = await request({ url: '/webapi/slow', timeoutMs: 100 });
    expect(outcome.result).toBe(RESULT_CODES.canceled);
    expect(shown[0]?.notice).toEqual({ kind: 'text', key: 'result.canceled' });
  });

  it('maps a caller abort to canceled', async () => {
    server.respond(neverAnswer);
    const controller = new AbortController();
    const pending = request({ url: '/webapi/slow', signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect((await pending).result).toBe(RESULT_CODES.canceled);
  });

  it('returns network when nothing listens', async () => {
    const gone = await startLocalServer();
    await gone.close();
    const outcome = await request({ url: `${gone.origin}/webapi/x` });
    expect(outcome.result).toBe(RESULT_CODES.network);
    expect(shown[0]?.notice).toEqual({ kind: 'text', key: 'result.network' });
  });

  it('is silent for 401/404 and for silent calls', async () => {
    server.respond(sendJson(404, { code: errors.notFound.code, message: 'gone' }));
    await request({ url: '/webapi/x' });
    server.respond(sendJson(500, { code: errors.internal.code, message: 'boom' }));
    await request({ url: '/webapi/x', silent: true });
    expect(shown).toEqual([]);
  });

  it('announces unauthorized answers (401, 412, code 502013) to the listeners', async () => {
    const events: UnauthorizedEvent[] = [];
    const stop = onUnauthorized((event) => events.push(event));
    try {
      server.respond(sendJson(401, { code: errors.tokenExpired.code, message: 'expired' }));
      await request({ url: '/webapi/x' });
      server.respond(sendJson(412, { code: errors.clientConflict.code, message: 'conflict' }));
      await request({ url: '/webapi/x' });
      server.respond(sendJson(403, { code: errors.cloudUnauthorized.code, message: 'cloud' }));
      await request({ url: '/webapi/x' });
      server.respond(sendJson(403, { code: errors.forbidden.code, message: 'no' }));
      await request({ url: '/webapi/x' });
    } finally {
      stop();
    }
    expect(events.map(({ status, code }) => [status, code])).toEqual([
      [401, errors.tokenExpired.code],
      [412, errors.clientConflict.code],
      [403, errors.cloudUnauthorized.code],
    ]);
  });
});
