// A fresh, migrated database for one test file: PGlite in memory by default, or — when DATABASE_URL
// is set — an own schema on that PostgreSQL server, dropped again on close.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { newSid } from '@ipdesk/core';
import pg from 'pg';
import { inject } from 'vitest';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';

export const onPostgres = Boolean(process.env.DATABASE_URL);

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  db: Database;
  /** PostgreSQL only: a second pool on the same schema, as another server process would have. */
  openAnother?(): Promise<Database>;
  close(): Promise<void>;
}

/** An empty database (no migrations) for one test file. */
export async function openEmptyDatabase(): Promise<TestDatabase> {
  if (!onPostgres) {
    const db = await openPglite();
    return { db, close: () => db.close() };
  }
  const schema = `ipdesk_test_${newSid().toLowerCase()}`;
  await withAdmin((client) => client.query(`CREATE SCHEMA "${schema}"`));
  const searchPath = `${schema},public`;
  const open = () => openPostgres({ connectionString: process.env.DATABASE_URL ?? '', searchPath, max: 4 });
  const db = await open();
  const others: Database[] = [];
  return {
    db,
    openAnother: async () => {
      const other = await open();
      others.push(other);
      return other;
    },
    close: async () => {
      for (const other of others) await other.close();
      await db.close();
      await withAdmin((client) => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
    },
  };
}

// The migrated template the global setup dumped, read once per test file.
let template: Blob | undefined;
function migratedTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  template ??= new Blob([readFileSync(file)]);
  return template;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const from = onPostgres ? undefined : migratedTemplate();
  if (from) {
    const db = await openPglite(undefined, from);
    return { db, close: () => db.close() };
  }
  const test = await openEmptyDatabase();
  await migrate(test.db);
  return test;
}

export interface ServerDatabaseEnv {
  /** Environment that points startServer at an own, empty database. */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/** For tests that start the whole server: a temp DATA_DIR (PGlite) or an own schema (PostgreSQL). */
export async function serverDatabaseEnv(): Promise<ServerDatabaseEnv> {
  if (!onPostgres) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ipdesk-server-'));
    return { env: { DATA_DIR: dataDir }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const schema = `ipdesk_test_${newSid().toLowerCase()}`;
  await withAdmin((client) => client.query(`CREATE SCHEMA "${schema}"`));
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.searchParams.set('options', `-c search_path=${schema},public`);
  return {
    env: { DATABASE_URL: url.toString() },
    cleanup: () =>
      withAdmin((client) => client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)).then(() => undefined),
  };
}
