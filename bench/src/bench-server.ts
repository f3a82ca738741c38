// The real server for a benchmark: a fresh data folder (or DATABASE_URL), quiet logs, no sign-in rate
// limit, and one signed-up user of the demo tenant.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createUserAccount, startServer, type RunningServer } from '@ipdesk/server';

export const BENCH_PASSWORD = 'Patent#2026a';

export interface BenchServer {
  server: RunningServer;
  close(): Promise<void>;
}

/**
 * The real server in this process: a temp data folder (or the given one, kept on close), quiet logs, no
 * sign-in limit; DATABASE_URL when given.
 */
export async function startQuietServer(databaseUrl?: string, options: { dataDir?: string } = {}): Promise<BenchServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'ipdesk-bench-'));
  const server = await startServer({
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '100000',
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    },
    logStream: new Writable({ write: (_c, _e, done) => done() }),
  });
  return {
    server,
    close: async () => {
      await server.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A quiet server with one signed-up user of the demo tenant (a tenant administrator when asked, e.g. to import). */
export async function startBenchServer(account: string, options: { tenantAdmin?: boolean } = {}): Promise<BenchServer> {
  const running = await startQuietServer();
  await createUserAccount(running.server.db, {
    tenantSid: running.server.demo.tenant.sid,
    account,
    password: BENCH_PASSWORD,
    name: account,
    isTenantAdmin: options.tenantAdmin ?? false,
  });
  return running;
}
