// Every documented route, hit with malformed input in both languages, answers a catalogue error in
// that language and never a 5xx. New routes are covered automatically through the OpenAPI document.
import { errorByCode, translate, type Language } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

interface Operation {
  method: string;
  url: string;
}

describe('every route refuses malformed input with a catalogue error', () => {
  let t: TestApp;
  let operations: Operation[];
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
    const spec = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    operations = Object.entries(spec.paths).flatMap(([url, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), url: url.replace(/\{(\w+)\}/g, 'x') })),
    );
  });
  afterAll(() => t.close());

  // Every route not listed here must refuse an anonymous caller: a new route is private unless it is
  // added to this list on purpose.
  const PUBLIC = new Set([
    'GET /health',
    'GET /webapi/front/search',
    'GET /passport/get_public_key',
    'GET /passport/public/request_public_key',
    'POST /passport/login',
    'GET /passport/refresh_token',
    'POST /passport/refresh_token',
    'POST /webapi/model/user_info/do/sendLinkByEmail',
    'GET /webapi/model/user_info/do/emailLinkCheck',
    'POST /webapi/model/user_info/do/reset',
    // The export token in the path is the permission (a browser download sends no headers).
    'GET /webapi/file/export/x',
    // Guarded by the operator token, not a session: 404 while OPERATOR_TOKEN is unset, 401 for a wrong one
    // (modules/tenants/create-tenant.test.ts).
    'POST /operator/tenant/do/create',
  ]);

  it('refuses anonymous callers on every route that is not public (401000)', async () => {
    const private_ = operations.filter((op) => !PUBLIC.has(`${op.method} ${op.url}`));
    expect(private_.length).toBeGreaterThan(10);
    for (const op of private_) {
      const res = await t.app.inject({ method: op.method as 'GET', url: op.url, headers: { 'x-language': 'en' } });
      expect(res.statusCode, `${op.method} ${op.url}`).toBe(401);
      expect(res.json().code, `${op.method} ${op.url}`).toBe(401000);
    }
  });

  it('finds the documented routes', () => {
    expect(operations.map((o) => `${o.method} ${o.url}`)).toEqual(
      expect.arrayContaining(['GET /health', 'GET /webapi/front/search']),
    );
  });

  const malformed: Array<
    [string, (op: Operation) => { url: string; headers?: Record<string, string>; payload?: string }]
  > = [
    ['an unknown query parameter', (op) => ({ url: `${op.url}?__proto__[x]=1&unexpected=%00` })],
    [
      'a broken JSON body',
      (op) => ({ url: op.url, headers: { 'content-type': 'application/json' }, payload: '{"a":' }),
    ],
    [
      'an unsupported content type',
      (op) => ({ url: op.url, headers: { 'content-type': 'application/x-evil' }, payload: 'x' }),
    ],
    ['a bad query value', (op) => ({ url: `${op.url}?language=${'x'.repeat(5000)}` })],
  ];

  for (const language of ['zh-CN', 'en'] as Language[]) {
    for (const [name, make] of malformed) {
      it(`${name} (${language})`, async () => {
        for (const op of operations) {
          const request = make(op);
          const res = await t.app.inject({
            method: op.method as 'GET',
            url: request.url,
            headers: { 'x-language': language, ...request.headers },
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
          const where = `${op.method} ${request.url.slice(0, 80)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          if (res.statusCode < 400) continue; // a route that takes no input may ignore it
          const body = res.json();
          const definition = errorByCode(body.code);
          expect(definition, where).toBeDefined();
          expect(definition?.status, where).toBe(res.statusCode);
          if (!body.fields) {
            const text = translate(language, definition!.messageKey, { type: 'application/x-evil' });
            expect(body.message, where).toBe(text);
          } else {
            expect(body.message, where).toBe(
              translate(language, 'validation.field', { label: body.fields[0].label, message: body.fields[0].message }),
            );
          }
        }
      });
    }
  }
});
