// Before the server tests, once per run.
// - PGlite: migrate one database and dump its data folder to a file; every test file opens its database as a
//   copy of it (test/database.ts), which skips the engine's initdb and the migrations (~1.5 s per file).
// - PostgreSQL: create the extensions once (tests then run in their own schemas, and concurrent CREATE
//   EXTENSION calls would race) and drop schemas left by killed runs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped, migrated PGlite data folder (test/database.ts), when the tests run on PGlite. */
    pgliteTemplate: string | null;
  }
}

async function pgliteTemplate(): Promise<{ file: string; remove(): void }> {
  const db = await openPglite();
  try {
    await migrate(db);
    const dump = await db.dumpDataDir();
    const folder = mkdtempSync(path.join(tmpdir(), 'ipdesk-template-'));
    const file = path.join(folder, 'migrated.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return { file, remove: () => rmSync(folder, { recursive: true, force: true }) };
  } finally {
    await db.close();
  }
}

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = await pgliteTemplate();
    project.provide('pgliteTemplate', template.file);
    return template.remove;
  }
  project.provide('pgliteTemplate', null);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const stale = await client.query<{ nspname: string }>(
      "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'ipdesk_test_%'",
    );
    for (const { nspname } of stale.rows) await client.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`);
  } finally {
    await client.end();
  }
  return undefined;
}
