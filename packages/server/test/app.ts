// Builds the HTTP app on a test database, with logs captured in memory so tests can read them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import type { ServerDomain } from '../src/domains/index.js';
import type { ModelRegistry } from '../src/platform/models/registry.js';
import { openTestDatabase, type TestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  logs: string[];
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  now?: () => Date,
  registry?: ModelRegistry,
  domains?: readonly ServerDomain[],
): Promise<TestApp> {
  const database = await openTestDatabase();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ipdesk-app-'));
  const config = loadConfig({ WEB_DIST_DIR: '/nonexistent-web-dist', LOG_LEVEL: 'info', DATA_DIR: dataDir, ...env });
  const app = await buildApp({ config, db: database.db, logStream, now, registry, domains });
  return {
    app,
    database,
    logs,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
