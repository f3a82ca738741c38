// The real server for a benchmark: a fresh data folder (or DATABASE_URL), quiet logs, no sign-in rate
// limit, and one signed-up user of the demo tenant.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createUserAccount, startServer, type RunningServer } from '@ipdesk/server';

export const BENCH_PASSWORD = 'Patent#2026a';

export async function startBenchServer(account: string): Promise<{ server: RunningServer; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ipdesk-bench-'));
  const server = await startServer({
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '100000',
    },
    logStream: new Writable({ write: (_c, _e, done) => done() }),
  });
  await createUserAccount(server.db, {
    tenantSid: server.demo.tenant.sid,
    account,
    password: BENCH_PASSWORD,
    name: account,
  });
  return {
    server,
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
