// npm run bench:patent-rules: deadlines and fees of 1,000,000 patents on PostgreSQL — the first full
// computation, recomputing every case after a rule-pack change (and back), and the portfolio lists
// "fees due in the next 90 days" and "deadlines within 30 days" through the API beside their raw SQL.
// Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ipdesk_bench_rules), BENCH_ROWS,
// BENCH_REQUESTS (sequential requests per list), BENCH_BATCH (cases per recompute batch),
// BENCH_CONCURRENCY (batches at once), BENCH_PARTS (default 'recompute,lists'; the load and the first
// computation always run when not done yet).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createUserAccount, startServer } from '@ipdesk/server';
import { untilPacksRecorded } from '../pack-state.js';
import { ApiClient } from '../search/api.js';
import { connect, ensureDatabase } from '../search/database.js';
import { printTable } from '../table.js';
import { LIST_CASES, measureList, printLists, type ListResult } from './lists.js';
import { ensurePortfolio, printPortfolio } from './load.js';
import { printRuns, recomputeRuns } from './runs.js';

const intEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
};
const optionalIntEnv = (name: string) => (process.env[name] ? intEnv(name, 1) : undefined);
const ROWS = intEnv('BENCH_ROWS', 1_000_000);
const REQUESTS = intEnv('BENCH_REQUESTS', 300);
const BATCH = optionalIntEnv('BENCH_BATCH');
const CONCURRENCY = optionalIntEnv('BENCH_CONCURRENCY');
const PARTS = new Set((process.env.BENCH_PARTS ?? 'recompute,lists').split(','));
const WARM_UP = 30;
const ACCOUNT = 'bench_rules';
const PASSWORD = 'Patent#2026a';
const PLANS_FILE = 'bench/out/patent-rules-plans.txt';
const TARGET_LIST_MS = 50;
const TARGET_RECOMPUTE_S = 60;

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ipdesk_bench_rules';
if (await ensureDatabase(databaseUrl)) console.log(`Created database ${new URL(databaseUrl).pathname.slice(1)}`);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ipdesk-bench-rules-'));
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
const client = await connect(databaseUrl);
const api = new ApiClient(server.url, ACCOUNT, PASSWORD);

try {
  const tenantSid = server.demo.tenant.sid;
  const waitedMs = await untilPacksRecorded(async (sql, params) => (await client.query(sql, params)).rows, tenantSid);
  if (waitedMs > 1000) console.log(`Waited ${(waitedMs / 1000).toFixed(1)} s for the server's start-up pack check.`);
  const existing = await server.db.query<{ sid: string }>(
    'SELECT sid FROM user_account WHERE tenant_sid = $1 AND account = $2',
    [tenantSid, ACCOUNT],
  );
  const userSid =
    existing[0]?.sid ??
    (
      await createUserAccount(server.db, {
        tenantSid,
        account: ACCOUNT,
        password: PASSWORD,
        name: 'Bench rules',
        isTenantAdmin: true,
      })
    ).sid;
  const now = () => server.app.accounts.now();
  const timeZone = server.config.timeZone;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(now());

  const load = await ensurePortfolio(
    client,
    { url: databaseUrl, tenantSid, companySid: tenantSid, userSid, rows: ROWS, today },
    connect,
  );
  const pgVersion = (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v;
  const load1 = os.loadavg()[0]?.toFixed(1);
  await printPortfolio(
    client,
    tenantSid,
    load,
    `Portfolio: ${ROWS.toLocaleString('en')} patents of one tenant (PostgreSQL ${pgVersion}, Node ${process.version}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB; load average ${load1} at start)`,
  );

  const settings = await client.query<{ name: string; setting: string; unit: string | null }>(
    `SELECT name, setting, unit FROM pg_settings
      WHERE name IN ('shared_buffers', 'work_mem', 'max_wal_size', 'synchronous_commit', 'autovacuum', 'jit')
      ORDER BY name`,
  );
  console.log(
    `PostgreSQL settings: ${settings.rows.map((r) => `${r.name}=${r.setting}${r.unit ? ` ${r.unit}` : ''}`).join(', ')}`,
  );

  const { runs, restored, vacuumSeconds, pendingMergeSeconds } = await recomputeRuns(
    {
      db: server.db,
      client,
      tenantSid,
      actorSid: userSid,
      now,
      timeZone,
      ...(BATCH ? { batchSize: BATCH } : {}),
      ...(CONCURRENCY ? { concurrency: CONCURRENCY } : {}),
    },
    { changeRuns: PARTS.has('recompute') },
  );
  printRuns(
    runs,
    TARGET_RECOMPUTE_S,
    `batches of ${BATCH ?? 'the default size'}, ${CONCURRENCY ?? 'the default number'} at once`,
  );
  if (pendingMergeSeconds !== undefined)
    console.log(
      `\nMerging the keyword indexes' pending lists after the rule-pack change (vacuum's work, not in the run): ${pendingMergeSeconds.toFixed(1)} s`,
    );
  if (vacuumSeconds !== undefined)
    console.log(
      `\nVACUUM (ANALYZE) of the deadline, fee and basis tables after the runs: ${vacuumSeconds.toFixed(1)} s`,
    );
  if (restored !== undefined)
    console.log(
      `\nStored deadlines, fees, bases and expiry dates after the way back equal those before the change: ${restored ? 'yes' : 'NO'}`,
    );
  const stored = await client.query<{ what: string; status: string; rows: number }>(
    `SELECT 'deadlines' AS what, status, count(*)::int AS rows FROM m_patent_task WHERE tenant_sid = $1 GROUP BY status
     UNION ALL SELECT 'fees', status, count(*)::int FROM m_fee WHERE tenant_sid = $1 GROUP BY status
     UNION ALL SELECT 'deadline bases', '—', count(*)::int FROM deadline_basis WHERE tenant_sid = $1
     ORDER BY 1, 2`,
    [tenantSid],
  );
  printTable(
    'Stored rows',
    ['table', 'status', 'rows'],
    stored.rows.map((r) => [r.what, r.status, r.rows.toLocaleString('en')]),
  );

  if (PARTS.has('lists')) {
    await api.signIn();
    const lists: ListResult[] = [];
    for (const c of LIST_CASES) {
      lists.push(await measureList(api, server.db, client, c, { requests: REQUESTS, warmUp: WARM_UP }));
      console.log(`measured: ${c.name}`);
    }
    printLists(
      lists,
      `Portfolio lists through the API: ${REQUESTS} sequential requests after ${WARM_UP} warm-up, rows 20, as the tenant administrator; raw = the server's statements replayed through pg, ${REQUESTS} times (ms); target API p95 ≤ ${TARGET_LIST_MS}`,
      TARGET_LIST_MS,
      PLANS_FILE,
    );
  }
} finally {
  api.close();
  await client.end();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
