// A fresh, migrated database for one test file: PGlite in memory by default, or — when DATABASE_URL
// is set — an own database on that PostgreSQL server, copied from the run's migrated template
// (test/postgres-databases.ts) and dropped again on close.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { newSid } from '@ipdesk/core';
import { inject } from 'vitest';
import type { Database } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';
import { createRunDatabase, dropRunDatabase, runDatabaseUrl, TEST_DATABASE_PREFIX } from './postgres-databases.js';

export const onPostgres = Boolean(process.env.DATABASE_URL);

/** The DATABASE_URL the tests were started with: the server they make their databases on. */
function serverUrl(): string {
  return process.env.DATABASE_URL ?? '';
}

export interface TestDatabase {
  db: Database;
  /**
   * PostgreSQL only: a second pool on the same database, as another server process would have
   * (`max` connections, 4 unless given); closed with the test database.
   */
  openAnother?(options?: { max?: number }): Promise<Database>;
  close(): Promise<void>;
}

/** An own PostgreSQL database for one test file, made from `template` (the server's default when absent). */
async function openOwnPostgres(template: string | undefined): Promise<TestDatabase> {
  const name = await createRunDatabase(serverUrl(), `${TEST_DATABASE_PREFIX}${newSid().toLowerCase()}`, template);
  const url = runDatabaseUrl(serverUrl(), name);
  const open = (max = 4) => openPostgres({ connectionString: url, max });
  const others: Database[] = [];
  try {
    const db = await open();
    return {
      db,
      openAnother: async (options) => {
        const other = await open(options?.max);
        others.push(other);
        return other;
      },
      close: async () => {
        for (const other of others) await other.close();
        await db.close();
        await dropRunDatabase(serverUrl(), name);
      },
    };
  } catch (error) {
    await dropRunDatabase(serverUrl(), name);
    throw error;
  }
}

/** An empty database (no migrations) for one test file. */
export async function openEmptyDatabase(): Promise<TestDatabase> {
  if (!onPostgres) {
    const db = await openPglite();
    return { db, close: () => db.close() };
  }
  return openOwnPostgres(undefined);
}

// The migrated PGlite template the global setup dumped, read once per test file.
let pgliteTemplate: Blob | undefined;
function migratedPgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  pgliteTemplate ??= new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

/** A migrated database for one test file: a copy of the run's template on either engine. */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (onPostgres) {
    const template = inject('postgresTemplate');
    if (template) return openOwnPostgres(template);
  } else {
    const from = migratedPgliteTemplate();
    if (from) {
      const db = await openPglite(undefined, from);
      return { db, close: () => db.close() };
    }
  }
  // No template (a test run without the global setup): migrate here.
  const test = await openEmptyDatabase();
  await migrate(test.db);
  return test;
}

export interface ServerDatabaseEnv {
  /** Environment that points startServer at an own, empty database. */
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

/**
 * For tests that start the whole server: a temp DATA_DIR (PGlite) or an own empty database
 * (PostgreSQL) — empty, because starting the server is what migrates and seeds it.
 */
export async function serverDatabaseEnv(): Promise<ServerDatabaseEnv> {
  if (!onPostgres) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ipdesk-server-'));
    return { env: { DATA_DIR: dataDir }, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = await createRunDatabase(serverUrl(), `${TEST_DATABASE_PREFIX}${newSid().toLowerCase()}`, undefined);
  return {
    env: { DATABASE_URL: runDatabaseUrl(serverUrl(), name) },
    cleanup: () => dropRunDatabase(serverUrl(), name),
  };
}
