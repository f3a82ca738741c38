// The search benchmark's PostgreSQL database: DATABASE_URL, or a local ipdesk_bench database created
// on first use through the server's `postgres` database; the server started on it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { startServer, type RunningServer } from '@ipdesk/server';
import pg from 'pg';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/ipdesk_bench';

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Creates the URL's database when it does not exist yet; returns whether it did. */
export async function ensureDatabase(url: string): Promise<boolean> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new Error(`No database name in ${url}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
    return true;
  } finally {
    await client.end();
  }
}

export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** The real server in this process on the benchmark's database: quiet logs, no sign-in limit, a temp data folder. */
export async function startSearchServer(
  databaseUrl: string,
): Promise<{ server: RunningServer; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ipdesk-bench-search-'));
  const server = await startServer({
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '100000',
      DATABASE_URL: databaseUrl,
    },
    logStream: new Writable({ write: (_c, _e, done) => done() }),
  });
  return {
    server,
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
