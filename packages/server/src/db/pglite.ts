// Embedded PostgreSQL (PGlite). Data lives in a folder and survives restarts; without a folder it is
// in memory (tests). Extensions the migrations need are loaded here, since PGlite ships them as modules.
import { mkdir } from 'node:fs/promises';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NOTIFY_CHANNELS, Notifications, type Database, type Queryable, type SqlValue } from './database.js';

// int8 and numeric as JS numbers, dates as 'YYYY-MM-DD' text: the postgres driver is set up alike.
const parsers = {
  [types.INT8]: (value: string) => Number(value),
  [types.NUMERIC]: (value: string) => Number(value),
  [types.DATE]: (value: string) => value,
};

function queryable(target: PGlite | Transaction): Queryable {
  return {
    async query<Row>(sql: string, params: readonly SqlValue[] = []) {
      const result = await target.query<Row>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/**
 * The embedded engine's settings (written to its postgresql.conf at each start). Its memory is one WebAssembly
 * heap that grows and never shrinks, so the default 128 MB of shared buffers stay resident once touched; the
 * data files sit in the operating system's page cache anyway. It runs in single-user mode with no checkpointer:
 * a checkpoint happens only when the WAL reaches max_wal_size (1 GB by default, which left 1.1–1.3 GB of WAL
 * after a 100,000-row import), so that bound is what keeps the data folder near the size of the data.
 */
export const EMBEDDED_SETTINGS = ['shared_buffers = 32MB', 'max_wal_size = 128MB', 'min_wal_size = 32MB'];

export interface PgliteDatabase extends Database {
  /** The whole data folder as one archive, to open copies of this database from (test templates). */
  dumpDataDir(): Promise<Blob>;
}

/**
 * Opens the database in `dataDir`, or in memory without one. `from` starts an in-memory database as a copy
 * of a dumped data folder, which skips the engine's initdb (about a second): the tests open one migrated
 * template per run this way instead of migrating a fresh database per test file.
 */
export async function openPglite(dataDir?: string, from?: Blob): Promise<PgliteDatabase> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    parsers,
    postgresqlconf: EMBEDDED_SETTINGS,
    ...(from ? { loadDataDir: from } : {}),
  });
  const base = queryable(pg);
  // PGlite hands a statement's notifications to its listeners before the statement resolves.
  const notifications = new Notifications();
  for (const channel of NOTIFY_CHANNELS) await pg.listen(channel, () => notifications.emit(channel));
  return {
    engine: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(queryable(tx))),
    onNotify: (channel, handler) => notifications.on(channel, handler),
    close: () => pg.close(),
    dumpDataDir: () => pg.dumpDataDir('none'),
  };
}
