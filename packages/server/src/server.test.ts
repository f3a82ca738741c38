// Starting the real server: engine choice, migrations and demo seed at start, data surviving a
// restart, and a graceful stop that lets running requests finish.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { onPostgres, serverDatabaseEnv, type ServerDatabaseEnv } from '../test/database.js';
import { startServer, type RunningServer } from './server.js';
import { Writable } from 'node:stream';

const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });

describe(`server start and stop (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: ServerDatabaseEnv | undefined;
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close();
    await database?.cleanup();
    server = undefined;
    database = undefined;
  });

  const start = (env: Record<string, string>) =>
    startServer({ env: { PORT: '0', HOST: '127.0.0.1', WEB_DIST_DIR: '/nonexistent', ...env }, logStream: quiet });

  it('uses the configured engine, migrates, seeds the demo tenant once, and keeps data across restarts', async () => {
    database = await serverDatabaseEnv();
    server = await start(database.env);
    expect(server.db.engine).toBe(onPostgres ? 'postgres' : 'pglite');
    expect(server.demo.created).toBe(true);
    const firstSid = server.demo.tenant.sid;
    // The demo tenant starts with the default roles and their resources.
    const roles = await server.db.query<{ code: string; resources: number }>(
      `SELECT r.code, count(rr.resource_code)::int AS resources FROM role r
         LEFT JOIN role_resource rr ON rr.role_sid = r.sid WHERE r.tenant_sid = $1 GROUP BY r.code ORDER BY r.code`,
      [firstSid],
    );
    expect(roles.map((r) => r.code)).toEqual(['agency_agent', 'department_lead', 'inventor', 'ip_specialist']);
    expect(roles.every((r) => r.resources > 0)).toBe(true);
    await server.db.query(
      "INSERT INTO tenant (sid, code, name_zh, name_en) VALUES ('RestartCheck0001', 'restart-check', '重启', 'Restart')",
    );
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    await server.close();

    server = await start(database.env);
    expect(server.demo).toMatchObject({ created: false, tenant: { sid: firstSid } });
    const rows = await server.db.query<{ code: string }>('SELECT code FROM tenant ORDER BY code');
    expect(rows.map((r) => r.code)).toEqual(['demo', 'restart-check']);
  });

  it.skipIf(onPostgres)('keeps PGlite data under DATA_DIR/pglite', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ipdesk-data-'));
    try {
      server = await start({ DATA_DIR: dataDir });
      expect(server.config.dataDir).toBe(dataDir);
      await server.close();
      server = await start({ DATA_DIR: dataDir });
      expect(server.demo.created).toBe(false);
    } finally {
      await server?.close();
      server = undefined;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('finishes a running request when stopped, then refuses connections', async () => {
    database = await serverDatabaseEnv();
    server = await start(database.env);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Hold /health's database call on a gate, so the request is still running when close() starts.
    const originalQuery = server.db.query.bind(server.db);
    server.db.query = (async (sql: string, params?: never) => {
      await gate;
      return originalQuery(sql, params);
    }) as typeof server.db.query;
    const inFlight = fetch(`${server.url}/health`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = server.close();
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    await closing;
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
  });

  it('fails to start with a clear error on bad configuration', async () => {
    await expect(start({ PORT: 'nope' })).rejects.toThrow(/PORT/);
  });
});
