// Embedded PostgreSQL (PGlite). Data lives in a folder and survives restarts; without a folder it is
// in memory (tests). Extensions the migrations need are loaded here, since PGlite ships them as modules.
import { mkdir } from 'node:fs/promises';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NOTIFY_CHANNELS, Notifications, type Database, type Queryable, type SqlValue } from './database.js';
import { startMaintenance, type MaintenancePass } from './pglite-maintenance.js';

// int8 and numeric as JS numbers, dates as 'YYYY-MM-DD' text: the postgres driver is set up alike.
// bytea goes through Node's native hex codec: the engine's own converts byte by byte in JavaScript, which
// held the event loop ~2 s to store a 4.5 MB import file and ~1 s to read it back.
const parsers = {
  [types.INT8]: (value: string) => Number(value),
  [types.NUMERIC]: (value: string) => Number(value),
  [types.DATE]: (value: string) => value,
  [types.BYTEA]: (value: string) => Buffer.from(value.slice(2), 'hex'),
};
const serializers = {
  [types.BYTEA]: (value: unknown) => {
    if (!(value instanceof Uint8Array)) throw new TypeError('bytea parameters must be bytes');
    return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  },
};

/** The application's statements, each noting when it ran (maintenance waits for idle time to VACUUM). */
function queryable(target: PGlite | Transaction, ran: () => void): Queryable {
  return {
    async query<Row>(sql: string, params: readonly SqlValue[] = []) {
      ran();
      const result = await target.query<Row>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      ran();
      await target.exec(sql);
    },
  };
}

/**
 * The embedded engine's settings (written to its postgresql.conf at each start). Its memory is one WebAssembly
 * heap that grows and never shrinks, so the default 128 MB of shared buffers stay resident once touched; the
 * data files sit in the operating system's page cache anyway. The WAL sizes bound the segments kept for reuse
 * after a checkpoint (pglite-maintenance.ts checkpoints). A trigram (GIN) index collects new entries in a
 * pending list and merges it into the index in one go when it passes gin_pending_list_limit (4 MB by
 * default): on this engine that merge runs on the event loop, so a small limit trades one long stall for many
 * short ones (a 20,000-row import: /health p99 197 -> 164 ms and 46 -> 40 s, no event-loop stall over 300 ms).
 * ANALYZE (which the maintenance passes run, pglite-maintenance.ts) samples 300 × the statistics target rows:
 * at the default 100, 1.7–2.8 s on the patents table; at 10, ~0.27 s.
 * Full-page writes are off: after each checkpoint they log every page an insert touches in full (the trigram
 * indexes touch many): 12 GB of WAL in the first five minutes of a 3 × 100,000-row import. They guard against
 * pages torn by an operating-system crash or power loss, which this engine does not survive anyway: it runs
 * with fsync off (PGlite's own setting), so such a crash can lose committed data regardless. A killed server
 * process tears nothing (its writes are in the OS's cache).
 */
export const EMBEDDED_SETTINGS = [
  'shared_buffers = 32MB',
  'max_wal_size = 64MB',
  'min_wal_size = 32MB',
  'gin_pending_list_limit = 256kB',
  'default_statistics_target = 10',
  'full_page_writes = off',
];

export interface PgliteDatabase extends Database {
  /** The whole data folder as one archive, to open copies of this database from (test templates). */
  dumpDataDir(): Promise<Blob>;
  /** Runs the maintenance pass now (on disk it also runs on its own every 5 s): pglite-maintenance.ts. */
  maintain(idle?: boolean): Promise<MaintenancePass | null>;
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
    serializers,
    postgresqlconf: EMBEDDED_SETTINGS,
    ...(from ? { loadDataDir: from } : {}),
  });
  let lastActivity = Date.now();
  const ran = () => {
    lastActivity = Date.now();
  };
  const base = queryable(pg, ran);
  // PGlite hands a statement's notifications to its listeners before the statement resolves.
  const notifications = new Notifications();
  for (const channel of NOTIFY_CHANNELS) await pg.listen(channel, () => notifications.emit(channel));
  const maintenance = startMaintenance(pg, Boolean(dataDir), () => lastActivity);
  return {
    engine: 'pglite',
    ...base,
    transaction: (fn) => pg.transaction((tx) => fn(queryable(tx, ran))),
    onNotify: (channel, handler) => notifications.on(channel, handler),
    close: () => {
      maintenance.stop();
      return pg.close();
    },
    dumpDataDir: () => pg.dumpDataDir('none'),
    maintain: maintenance.runNow,
  };
}
