// Counting the statements a request sends, through the Database wrapper the app is built on (not by
// timing): tests that a page costs a bounded number of queries, whatever its number of rows.
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig } from '../src/config.js';
import type { Database, Queryable } from '../src/db/database.js';
import { buildApp } from '../src/http/app.js';
import type { ModelRegistry } from '../src/platform/models/registry.js';
import type { TestApp } from './app.js';
import { openTestDatabase } from './database.js';

export interface QueryCounter {
  /** Statements sent since the last reset (in and out of transactions). */
  readonly statements: string[];
  /** Their bound parameters, by the same index (none for exec). */
  readonly params: Array<readonly unknown[] | undefined>;
  reset(): void;
  /**
   * The statements `work` itself sends (its async context), leaving out what the app's background pollers
   * (workflow timers, import and configuration-pack queues) send meanwhile: on a busy machine a poll can
   * fall inside the window, and a count of the window would then differ from run to run.
   */
  within(work: () => Promise<unknown>): Promise<string[]>;
}

const own = new AsyncLocalStorage<string[]>();

function counted(inner: Queryable, log: string[], params: QueryCounter['params']): Queryable {
  return {
    query: (sql, values) => {
      log.push(sql);
      own.getStore()?.push(sql);
      params.push(values);
      return inner.query(sql, values);
    },
    exec: (sql) => {
      log.push(sql);
      own.getStore()?.push(sql);
      params.push(undefined);
      return inner.exec(sql);
    },
  };
}

/** The database with every statement recorded; transactions hand out a recording handle too. */
export function countingDatabase(db: Database): { db: Database; counter: QueryCounter } {
  const log: string[] = [];
  const params: QueryCounter['params'] = [];
  const wrapped: Database = {
    ...counted(db, log, params),
    engine: db.engine,
    transaction: (fn) => db.transaction((tx) => fn(counted(tx, log, params))),
    onNotify: (channel, handler) => db.onNotify(channel, handler),
    close: () => db.close(),
  };
  return {
    db: wrapped,
    counter: {
      statements: log,
      params,
      reset: () => {
        log.length = 0;
        params.length = 0;
      },
      within: async (work) => {
        const sent: string[] = [];
        await own.run(sent, work);
        return sent;
      },
    },
  };
}

/** A test app (as createTestApp) whose database counts statements; fixtures may use `database.db` directly. */
export async function createCountedTestApp(registry?: ModelRegistry): Promise<TestApp & { counter: QueryCounter }> {
  const database = await openTestDatabase();
  const { db, counter } = countingDatabase(database.db);
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ipdesk-app-'));
  const config = loadConfig({
    WEB_DIST_DIR: '/nonexistent-web-dist',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    LOGIN_RATE_LIMIT: '10000',
  });
  const app = await buildApp({ config, db, logStream, registry });
  return {
    app,
    database,
    logs,
    counter,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
