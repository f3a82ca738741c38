// Before the server tests, once per run: migrate one database, which every test file then copies
// (test/database.ts) instead of running the migrations and model DDL itself.
// - PGlite: the migrated database's data folder is dumped to a file; a copy also skips the engine's
//   initdb (~1.5 s per file).
// - PostgreSQL: the migrated database ipdesk_tdb_tpl_<run> is the template of each file's
//   CREATE DATABASE (test/postgres-databases.ts); databases killed runs left behind are dropped first.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { newSid } from '@ipdesk/core';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';
import {
  createRunDatabase,
  dropRunDatabase,
  dropStaleRunDatabases,
  runDatabaseUrl,
  sealTemplate,
  TEMPLATE_DATABASE_PREFIX,
} from './postgres-databases.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumped, migrated PGlite data folder (test/database.ts), when the tests run on PGlite. */
    pgliteTemplate: string | null;
    /** The migrated template database's name, when the tests run on PostgreSQL. */
    postgresTemplate: string | null;
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

async function postgresTemplate(serverUrl: string): Promise<{ name: string; remove(): Promise<void> }> {
  await dropStaleRunDatabases(serverUrl);
  const name = await createRunDatabase(serverUrl, `${TEMPLATE_DATABASE_PREFIX}${newSid().toLowerCase()}`, undefined);
  const remove = () => dropRunDatabase(serverUrl, name);
  try {
    // The migrations create the extensions (pg_trgm), so the copies have them too.
    const db = await openPostgres({ connectionString: runDatabaseUrl(serverUrl, name), max: 1 });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    await sealTemplate(serverUrl, name);
  } catch (error) {
    await remove();
    throw error;
  }
  return { name, remove };
}

export default async function setup(project: TestProject): Promise<() => Promise<void> | void> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = await pgliteTemplate();
    project.provide('pgliteTemplate', template.file);
    project.provide('postgresTemplate', null);
    return template.remove;
  }
  const template = await postgresTemplate(url);
  project.provide('pgliteTemplate', null);
  project.provide('postgresTemplate', template.name);
  return template.remove;
}
