// PostgreSQL server through a connection pool. Each transaction holds one pooled client.
import pg from 'pg';
import { parseTimestamptz } from './timestamptz.js';
import { NOTIFY_CHANNELS, Notifications, type Database, type Queryable, type SqlValue } from './database.js';

// The same value shapes as PGlite: int8 and numeric as JS numbers (counts, money up to 15 digits),
// dates as 'YYYY-MM-DD' text (a Date would shift with the server's time zone).
const PARSERS: Record<number, (value: string) => unknown> = {
  20: (value) => Number(value), // int8
  1700: (value) => Number(value), // numeric
  1082: (value) => value, // date
  1184: parseTimestamptz, // timestamptz
};
const typeParsers = {
  getTypeParser: ((oid: number, format?: string) =>
    PARSERS[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

function queryable(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<Row>(sql: string, params: readonly SqlValue[] = []) {
      const result = await client.query(sql, params as unknown[]);
      return result.rows as Row[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

export interface PostgresOptions {
  connectionString: string;
  /** search_path for every connection, e.g. an isolated schema per test file. */
  searchPath?: string;
  max?: number;
}

// Short OLTP queries: JIT compilation (50–70 ms) and parallel workers (10–25 ms) cost more than they
// save on a page of 20 rows (bench/src/search, docs/benchmarks.md). Options given in the URL
// (?options=-c …) are kept, after ours, since pg would otherwise let one replace the other.
function sessionOptions(options: PostgresOptions): string {
  const fromUrl = new URL(options.connectionString).searchParams.get('options');
  return [
    '-c jit=off',
    '-c max_parallel_workers_per_gather=0',
    ...(options.searchPath ? [`-c search_path=${options.searchPath}`] : []),
    ...(fromUrl ? [fromUrl] : []),
  ].join(' ');
}

function withoutOptions(connectionString: string): string {
  const url = new URL(connectionString);
  url.searchParams.delete('options');
  return url.toString();
}

export async function openPostgres(options: PostgresOptions): Promise<Database> {
  const notifications = new Notifications();
  const pool = new pg.Pool({
    connectionString: withoutOptions(options.connectionString),
    max: options.max ?? 10,
    types: typeParsers,
    // Statements over 30 s are cut: a runaway query must not hold a connection forever.
    statement_timeout: 30_000,
    options: sessionOptions(options),
    // Every connection listens, so a write of this server reaches its handlers on the connection that
    // made it, before the COMMIT resolves; other servers' writes arrive on whichever connection is open.
    onConnect: async (client: pg.ClientBase) => {
      client.on('notification', (message) => notifications.emit(message.channel));
      for (const channel of NOTIFY_CHANNELS) await client.query(`LISTEN ${channel}`);
    },
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Fail at start, with the server's own message, when the database cannot be reached.
  await pool.query('SELECT 1');
  const base = queryable(pool);
  return {
    engine: 'postgres',
    ...base,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    onNotify: (channel, handler) => notifications.on(channel, handler),
    close: () => pool.end(),
  };
}
