// Builds the HTTP app on a test database, with logs captured in memory so tests can read them.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.js';
import { buildApp } from '../src/http/app.js';
import { openTestDatabase, type TestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  logs: string[];
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const config = loadConfig({ WEB_DIST_DIR: '/nonexistent-web-dist', LOG_LEVEL: 'info', ...env });
  const app = await buildApp({ config, db: database.db, logStream });
  return {
    app,
    database,
    logs,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
