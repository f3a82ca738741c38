// The web app is served under a base path chosen at run time, with history-mode fallback.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';

describe('web app serving', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'ipdesk-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><base href="/ip/" /><script type="module" src="./assets/app-1a2b.js"></script></head><body></body></html>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-1a2b.js'), 'console.log("app")');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ WEB_DIST_DIR: dist, BASE_PATH: '/patents/' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at the base path with the configured <base>', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/patents/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<base href="/patents/" />');
    expect(res.body).not.toContain('/ip/');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/patents/404', '/patents/redirect/a/b?x=1', '/patents/some/deep/route'])(
    'falls back to index.html for %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<base href="/patents/" />');
    },
  );

  it('serves hashed assets with a long cache life', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/patents/assets/app-1a2b.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("app")');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('redirects / and the bare base path to the base path', async () => {
    for (const url of ['/', '/patents']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/patents/');
    }
  });

  it('does not serve files outside the dist folder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/patents/..%2f..%2fetc%2fpasswd' });
    expect(res.body).not.toContain('root:');
  });

  it('keeps API misses as JSON, not the web page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/webapi/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404001);
  });
});
