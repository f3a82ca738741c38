// Compressed answers (issue 16): the web app's files as the build precompressed them, index.html
// compressed at start, JSON answers over the threshold compressed per request; brotli preferred, gzip
// next, identity when neither is accepted; Vary always, immutable caching for hashed files only, HEAD
// and ETag/304 still right, and downloads that are already compressed (xlsx) sent as they are.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  grantRole,
  signIn,
  type SignedIn,
} from '../../test/accounts.js';
import type { TestApp } from '../../test/app.js';
import { JSON_COMPRESSION_THRESHOLD_BYTES, chooseEncoding } from './compression.js';

const precompressScript = fileURLToPath(new URL('../../../../scripts/precompress.mjs', import.meta.url));
const IMMUTABLE = 'public, max-age=31536000, immutable';

// A script large enough to be worth compressing, like the build's chunks.
const APP_SCRIPT = Array.from({ length: 200 }, (_, i) => `export const patentField${i} = "申请号 ${i}";`).join('\n');
const INDEX_HTML =
  '<!doctype html><html><head><base href="/ip/" /><script type="module" src="./assets/app-1a2b.js"></script>' +
  `<title>IPDesk</title></head><body>${'<!-- padding -->'.repeat(80)}<div id="root"></div></body></html>`;

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.body;
}

describe('choosing the encoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.4', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['deflate', undefined],
    ['', undefined],
    [undefined, undefined],
  ] as const)('%s → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('compressed answers', () => {
  let dist: string;
  let t: TestApp;
  let session: SignedIn;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'ipdesk-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(path.join(dist, 'assets', 'app-1a2b.js'), APP_SCRIPT);
    writeFileSync(
      path.join(dist, 'favicon.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(200)}</svg>`,
    );
    // The build's own step, on this folder.
    execFileSync(process.execPath, [precompressScript, dist]);
    t = await createAccountsTestApp({ WEB_DIST_DIR: dist, BASE_PATH: '/patents/' });
    const tenant = await createTenant(t);
    const user = await createUser(t, tenant);
    await grantRole(t, tenant, [user.sid]);
    session = await signIn(t.app, user.account, user.password);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('precompresses the files at build time, but not index.html', () => {
    for (const file of ['assets/app-1a2b.js', 'favicon.svg']) {
      expect(existsSync(path.join(dist, `${file}.br`))).toBe(true);
      expect(existsSync(path.join(dist, `${file}.gz`))).toBe(true);
    }
    expect(existsSync(path.join(dist, 'index.html.br'))).toBe(false);
  });

  describe('a hashed asset', () => {
    const url = '/patents/assets/app-1a2b.js';

    it.each([
      ['gzip, deflate, br', 'br'],
      ['gzip, deflate', 'gzip'],
    ])('with Accept-Encoding "%s" is sent as %s, cached for a year', async (acceptEncoding, encoding) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(APP_SCRIPT) / 4);
      expect(decoded(res)).toBe(APP_SCRIPT);
    });

    it.each([{ 'accept-encoding': 'identity' }, {}])(
      'is sent as it is when no encoding is accepted (%o)',
      async (headers) => {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control']).toBe(IMMUTABLE);
        expect(res.body).toBe(APP_SCRIPT);
      },
    );

    it('answers HEAD with the headers of GET and no body', async () => {
      const headers = { 'accept-encoding': 'br, gzip' };
      const get = await t.app.inject({ method: 'GET', url, headers });
      const head = await t.app.inject({ method: 'HEAD', url, headers });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-encoding']).toBe('br');
      expect(head.headers['content-length']).toBe(get.headers['content-length']);
      expect(head.headers.etag).toBe(get.headers.etag);
      expect(head.rawPayload.length).toBe(0);
    });

    it('answers 304 to its ETag, one per encoding', async () => {
      const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(br.headers.etag).toBeTruthy();
      expect(br.headers.etag).not.toBe(gzip.headers.etag);
      const again = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    });
  });

  it('compresses files outside assets/ too, without the long cache life', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/patents/favicon.svg',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  describe('index.html', () => {
    it.each([
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ])('with Accept-Encoding "%s": the rewritten page, not cached long', async (acceptEncoding, encoding) => {
      for (const url of ['/patents/', '/patents/model/patent']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        const html = decoded(res);
        expect(html).toContain('<base href="/patents/" />');
        expect(html).not.toContain('/ip/');
      }
    });

    it('answers 304 to its ETag and HEAD without a body', async () => {
      const headers = { 'accept-encoding': 'gzip' };
      const first = await t.app.inject({ method: 'GET', url: '/patents/', headers });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^".+"$/);
      const again = await t.app.inject({
        method: 'GET',
        url: '/patents/',
        headers: { ...headers, 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      // Another encoding is another representation: no 304 for it.
      const other = await t.app.inject({ method: 'GET', url: '/patents/', headers: { 'if-none-match': etag } });
      expect(other.statusCode).toBe(200);
      const head = await t.app.inject({ method: 'HEAD', url: '/patents/', headers });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-encoding']).toBe('gzip');
      expect(head.rawPayload.length).toBe(0);
    });
  });

  describe('JSON answers', () => {
    const packUrl = '/webapi/front/search?language=en';

    it.each([
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ])('over the threshold, with Accept-Encoding "%s", are sent as %s', async (acceptEncoding, encoding) => {
      const plain = await t.app.inject({ method: 'GET', url: packUrl });
      const res = await t.app.inject({ method: 'GET', url: packUrl, headers: { 'accept-encoding': acceptEncoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decoded(res)).record).toEqual(plain.json().record);
    });

    it('are sent as they are when no encoding is accepted, still varying on it', async () => {
      for (const headers of [{ 'accept-encoding': 'identity' }, {}]) {
        const res = await t.app.inject({ method: 'GET', url: packUrl, headers });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.rawPayload.length).toBeGreaterThan(JSON_COMPRESSION_THRESHOLD_BYTES);
        expect(res.json().record['login.title']).toBe('Sign in');
      }
    });

    it('under the threshold are sent as they are', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/health', headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeLessThan(JSON_COMPRESSION_THRESHOLD_BYTES);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json()).toBeTypeOf('object');
    });

    it("of a signed-in call (a model's schema) are compressed too", async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/webapi/model/patent/do/schema',
        headers: authed(session, { 'accept-encoding': 'br' }),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(JSON.parse(decoded(res)).code).toBe(0);
    });

    it('answer HEAD with the encoding of GET and no body', async () => {
      const res = await t.app.inject({ method: 'HEAD', url: packUrl, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.rawPayload.length).toBe(0);
    });
  });

  it('sends an already compressed download (xlsx template) as it is', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/webapi/model/patent/do/import_template',
      headers: authed(session, { 'accept-encoding': 'br, gzip' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-encoding']).toBeUndefined();
    // A zip container: xlsx files start with "PK".
    expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
