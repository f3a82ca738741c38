// The HTTP contract every route shares: envelope, language, request ids, error codes for bad input,
// security headers, 404/405, and that internal faults never leak.
import { errorByCode, messages, translate } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { labelled } from './labels.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { onPostgres } from '../../test/database.js';

describe(`HTTP app (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // A route that fails inside, to see what a caller gets from our own faults.
    t.app.get('/webapi/test-boom', { config: { access: 'public' } }, async () => {
      throw new Error('secret detail: connection string postgres://user:pw@db');
    });
    // A route with a body schema, to see what callers get for each kind of bad body.
    t.app.post(
      '/webapi/test-echo',
      {
        config: { access: 'public' },
        schema: {
          body: z
            .object({
              language: labelled(z.string().min(2).max(5), 'field.language'),
              tags: z.array(z.string()).max(2).optional(),
              nested: z.object({ count: z.number().int().min(1) }).optional(),
            })
            .strict(),
        },
      },
      async (request) => ({ code: 0, echo: request.body }),
    );
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('answers health with the engine and environment', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 0,
      data: { status: 'ok', environment: 'ci', database: onPostgres ? 'postgres' : 'pglite' },
    });
  });

  describe('language pack', () => {
    it.each(['zh-CN', 'en'] as const)('serves the whole %s pack as a flat map with a version', async (language) => {
      const res = await t.app.inject({ method: 'GET', url: `/webapi/front/search?language=${language}` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.code).toBe(0);
      expect(body.record).toEqual(messages[language]);
      expect(body.version).toMatch(/^[0-9a-f]{16}$/);
    });

    it('gives each language its own version, stable between calls', async () => {
      const get = async (language: string) =>
        (await t.app.inject({ method: 'GET', url: `/webapi/front/search?language=${language}` })).json().version;
      expect(await get('zh-CN')).toBe(await get('zh-CN'));
      expect(await get('zh-CN')).not.toBe(await get('en'));
    });

    it('refuses an unknown language with 500001 naming the field in the caller language', async () => {
      const en = await t.app.inject({
        method: 'GET',
        url: '/webapi/front/search?language=fr',
        headers: { 'x-language': 'en' },
      });
      expect(en.statusCode).toBe(400);
      expect(en.json()).toMatchObject({
        code: 500001,
        message: 'Language: must be one of: zh-CN, en',
        fields: [{ field: 'language', label: 'Language', message: 'must be one of: zh-CN, en' }],
      });
      const zh = await t.app.inject({ method: 'GET', url: '/webapi/front/search?language=fr' });
      expect(zh.json().message).toBe('语言：取值不在允许范围内：zh-CN, en');
    });

    it('says a missing parameter is required', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/webapi/front/search', headers: { 'x-language': 'en' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Language: is required');
    });

    it('refuses unknown query parameters', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/webapi/front/search?language=en&admin=1',
        headers: { 'x-language': 'en' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(500001);
      expect(res.json().message).toContain('admin');
    });
  });

  describe('language of messages', () => {
    const notFoundIn = async (headers: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: '/webapi/nowhere', headers })).json().message;

    it('defaults to zh-CN', async () => {
      expect(await notFoundIn({})).toBe(
        translate('zh-CN', 'error.routeNotFound', { method: 'GET', url: '/webapi/nowhere' }),
      );
    });
    it('follows x-language, then Accept-Language', async () => {
      expect(await notFoundIn({ 'x-language': 'en' })).toMatch(/^No such endpoint/);
      expect(await notFoundIn({ 'accept-language': 'fr-FR,en-GB;q=0.8,zh;q=0.5' })).toMatch(/^No such endpoint/);
      expect(await notFoundIn({ 'x-language': 'zh-CN', 'accept-language': 'en' })).toMatch(/^接口不存在/);
    });
  });

  describe('bad requests get catalogue errors, never 500', () => {
    const post = (payload: string | object, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/webapi/test-echo',
        headers: { 'content-type': 'application/json', 'x-language': 'en', ...headers },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });

    it('accepts a good body', async () => {
      const res = await post({ language: 'en', tags: ['a'] });
      expect(res.statusCode).toBe(200);
      expect(res.json().echo).toEqual({ language: 'en', tags: ['a'] });
    });

    it.each([
      ['malformed JSON', '{"broken": ', 400, 400001],
      ['empty JSON body', '', 400, 400002],
      ['__proto__ key', '{"language":"en","__proto__":{"admin":true}}', 400, 400001],
      ['constructor.prototype key', '{"language":"en","constructor":{"prototype":{"admin":true}}}', 400, 400001],
      ['a JSON array', '[1,2]', 400, 500001],
      ['a JSON string', '"en"', 400, 500001],
    ])('%s → %i %i', async (_name, payload, status, code) => {
      const res = await post(payload);
      expect(res.statusCode).toBe(status);
      expect(res.json().code).toBe(code);
      expect(res.json().message).toBe(res.json().message.trim());
    });

    it('wrong content type → 415000', async () => {
      const res = await post('language=en', { 'content-type': 'text/xml' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 415000, message: 'Unsupported content type: text/xml' });
    });

    it('a body over 1 MiB → 413000', async () => {
      const res = await post({ language: 'x'.repeat(1024 * 1024 + 10) });
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe(413000);
    });

    it.each([
      [{}, 'Language: is required'],
      [{ language: 5 }, 'Language: must be of type text'],
      [{ language: 'x' }, 'Language: must be at least 2 characters'],
      [{ language: 'toolong' }, 'Language: must be at most 5 characters'],
      [{ language: 'en', tags: ['a', 'b', 'c'] }, 'tags: allows at most 2 items'],
      [{ language: 'en', nested: { count: 0 } }, 'nested.count: must not be less than 1'],
      [{ language: 'en', nested: { count: 1.5 } }, 'nested.count: must be of type whole number'],
      [{ language: 'en', tenant_id: 'other' }, 'Request body: contains fields that are not allowed: tenant_id'],
    ])('validation of %j → 500001 "%s"', async (body, message) => {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(500001);
      expect(res.json().message).toBe(message);
      expect(res.json().fields[0].message).toBe(message.split(': ').slice(1).join(': '));
    });

    it('validation messages follow the language', async () => {
      const res = await post({ language: 'x' }, { 'x-language': 'zh-CN' });
      expect(res.json().message).toBe('语言：长度不能少于 2 个字符');
    });

    it('a method the path does not take → 405000 with Allow', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/webapi/front/search?language=en' });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.json().code).toBe(405000);
    });

    it('unknown path → 404001 in the envelope', async () => {
      const res = await t.app.inject({ method: 'DELETE', url: '/passport/nothing-here' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404001 });
    });
  });

  describe('request ids', () => {
    it('echoes a well-formed x-request-id in header and body', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'web-1234abcd' } });
      expect(res.headers['x-request-id']).toBe('web-1234abcd');
      expect(res.json().request_id).toBe('web-1234abcd');
    });
    it('replaces an unsafe one with a generated id', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'x\n{"level":60}' } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
    it('logs the request id with every request line', async () => {
      await t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'trace-log-check-1' } });
      const lines = t.logs.filter((line) => line.includes('trace-log-check-1')).map((line) => JSON.parse(line));
      expect(lines.length).toBeGreaterThanOrEqual(2);
      expect(lines.every((line) => line.request_id === 'trace-log-check-1')).toBe(true);
    });
  });

  describe('internal faults', () => {
    it('answer 500000 with a generic message and the request id, without internals, and are logged', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/webapi/test-boom',
        headers: { 'x-request-id': 'boom-request-1', 'x-language': 'en' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        code: 500000,
        message: 'Service error, please try again later (request id boom-request-1)',
        request_id: 'boom-request-1',
      });
      expect(res.body).not.toContain('secret detail');
      const logged = t.logs.find((line) => line.includes('boom-request-1') && line.includes('"level":50'));
      expect(logged).toContain('secret detail');
    });
  });

  describe('cross-site requests', () => {
    it('refuses a state-changing call from another site, and allows the same site and API clients', async () => {
      const call = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/webapi/test-echo',
          headers: { 'content-type': 'application/json', ...headers },
          payload: { language: 'en' },
        });
      const evil = await call({ origin: 'https://evil.example', 'x-language': 'en' });
      expect(evil.statusCode).toBe(403);
      expect(evil.json()).toMatchObject({ code: 403000 });
      expect((await call({ origin: 'http://localhost:80' })).statusCode).toBe(200);
      expect((await call({})).statusCode).toBe(200);
      // Safe methods are not checked: a cross-site GET changes nothing.
      expect(
        (await t.app.inject({ method: 'GET', url: '/health', headers: { origin: 'https://evil.example' } })).statusCode,
      ).toBe(200);
    });
  });

  describe('security headers', () => {
    it('sets them on API answers, with no-store', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/webapi/front/search?language=en' });
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'x-frame-options': 'DENY',
        'cache-control': 'no-store',
      });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers.server).toBeUndefined();
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });
    it('sets them on errors too', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/account/missing' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });

  describe('logs keep secrets out', () => {
    it('masks query tokens and drops authorization and cookies', async () => {
      const canary = 'CANARY-7f3a9b1c';
      await t.app.inject({
        method: 'GET',
        url: `/passport/refresh_token?token=${canary}&emailKey=${canary}&x=1`,
        headers: { authorization: `Bearer ${canary}`, cookie: `sid=${canary}` },
      });
      const all = t.logs.join('\n');
      expect(all).toContain('/passport/refresh_token?token=[REDACTED]&emailKey=[REDACTED]&x=1');
      expect(all).not.toContain(canary);
    });
  });

  describe('API documentation', () => {
    it('serves OpenAPI 3 with the routes and their schemas', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
      expect(res.statusCode).toBe(200);
      const spec = res.json();
      expect(spec.openapi).toMatch(/^3\./);
      expect(spec.paths['/webapi/front/search'].get.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'language', in: 'query', required: true })]),
      );
      expect(spec.paths['/health']).toBeDefined();
    });
    it('serves the browsable page at /docs', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/docs/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    });
    it('serves neither when the operator turns them off (API_DOCS=off, the prod default)', async () => {
      const off = await createTestApp({ API_DOCS: 'off' });
      try {
        for (const url of ['/docs', '/docs/', '/docs/json', '/docs/static/index.html']) {
          const res = await off.app.inject({ method: 'GET', url });
          expect(res.statusCode, url).toBe(404);
          expect(res.body, url).not.toContain('openapi');
        }
        // The API itself still answers.
        expect((await off.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      } finally {
        await off.close();
      }
    });
  });

  it('every catalogue code it answers with exists in the catalogue', async () => {
    for (const url of ['/webapi/nowhere', '/webapi/front/search', '/health']) {
      const code = (await t.app.inject({ method: 'GET', url })).json().code;
      expect(code === 0 || errorByCode(code) !== undefined).toBe(true);
    }
  });
});
