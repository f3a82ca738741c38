// npm run bench:workflow: the workflow engine on PostgreSQL with 10,000 open instances of a process shaped
// like the real ones (submit → level-by-level approval over 2 levels → parallel countersign of two tasks,
// vote mode 4 → join → end) on 10,000 patents of one tenant with 200 users. Measures the approve command
// as the engine runs it (one transaction each, real pg pool) one at a time and from 8 and 20 workers, the
// same through HTTP when the server has the route, and 1000 races of two approvals of one task, then checks
// that no task, to-do, timer or history entry was lost or written twice.
// Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ipdesk_bench_workflow),
// BENCH_INSTANCES (open instances kept, default 10000; also the number of patents), BENCH_REQUESTS
// (approvals per run, default 1000), BENCH_HTTP_REQUESTS (default 300), BENCH_RACES (default 1000),
// BENCH_PARTS (default 'engine,http,races').
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { startServer } from '@ipdesk/server';
import { openPostgres } from '../../../packages/server/dist/db/postgres.js';
import type { WorkflowDeps } from '../../../packages/server/dist/domains/workflow/engine/index.js';
import { untilPacksRecorded } from '../pack-state.js';
import { ApiClient } from '../search/api.js';
import { connect, ensureDatabase } from '../search/database.js';
import { percentile, printTable } from '../table.js';
import { DEFINITION_KEY } from './definition.js';
import { approveRouteExists, httpApproveRun } from './http.js';
import {
  approveRun,
  explainStatements,
  pickTargets,
  printByNode,
  printProfile,
  printRuns,
  printScans,
  profiledDatabase,
  scanCounters,
  type RunResult,
} from './measure.js';
import { checkConsistency, printConsistency, printRaces, runRaces } from './races.js';
import {
  ensureApproverRole,
  ensureDefinition,
  ensureOrg,
  ensurePatents,
  PASSWORD,
  topUpInstances,
  USER_PREFIX,
} from './setup.js';

const intEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
};
const OPEN = intEnv('BENCH_INSTANCES', 10_000);
const REQUESTS = intEnv('BENCH_REQUESTS', 1000);
const HTTP_REQUESTS = intEnv('BENCH_HTTP_REQUESTS', 300);
const RACES = intEnv('BENCH_RACES', 1000);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'engine,http,races').split(','));
const CONCURRENCY = [8, 20];
const HTTP_CONCURRENCY = 8;
const RACES_AT_ONCE = 10;
const SETUP_CONCURRENCY = 8;
const WARM_UP = 30;
const TARGET_MS = 30;
const PLANS_FILE = 'bench/out/workflow-plans.txt';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ipdesk_bench_workflow';
if (await ensureDatabase(databaseUrl)) console.log(`Created database ${new URL(databaseUrl).pathname.slice(1)}`);
const loadAtStart = os.loadavg();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ipdesk-bench-workflow-'));
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
// The engine's own pool: room for 20 workers, and for 10 races of two approvals at once.
const pool = await openPostgres({ connectionString: databaseUrl, max: 2 * RACES_AT_ONCE + 4 });
const timed = profiledDatabase(pool);
const deps: WorkflowDeps = { ...server.app.workflow, db: timed.db };
let seed = Date.now() % 1_000_000;

const loadNow = () => (os.loadavg()[0] ?? Number.NaN).toFixed(2);

try {
  const tenantSid = server.demo.tenant.sid;
  await untilPacksRecorded(async (sql, params) => (await client.query(sql, params)).rows, tenantSid);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: server.config.timeZone }).format(
    server.app.accounts.now(),
  );
  const setupStarted = performance.now();
  const org = await ensureOrg(server.db, client, tenantSid);
  await ensureApproverRole(client, tenantSid, org);
  await ensureDefinition(client, tenantSid, org.adminSid);
  const patents = await ensurePatents(client, tenantSid, org, OPEN, today);
  const topUp = async () => topUpInstances(deps, client, tenantSid, org, OPEN, SETUP_CONCURRENCY, seed++);
  const filled = await topUp();
  await client.query(
    'VACUUM (ANALYZE) workflow_instance, workflow_token, workflow_task, workflow_history, workflow_job, todo',
  );
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const pgVersion = (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v;
  console.log(
    `Workflow engine benchmark: PostgreSQL ${pgVersion}, Node ${process.version}, ${os.cpus().length} cores, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GB; load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' / ')} (1 / 5 / 15 min)`,
  );
  const settings = await client.query<{ name: string; setting: string; unit: string | null }>(
    `SELECT name, setting, unit FROM pg_settings
      WHERE name IN ('shared_buffers', 'work_mem', 'synchronous_commit', 'fsync', 'wal_sync_method', 'max_connections')
      ORDER BY name`,
  );
  console.log(
    `PostgreSQL settings: ${settings.rows.map((r) => `${r.name}=${r.setting}${r.unit ? ` ${r.unit}` : ''}`).join(', ')}`,
  );
  printTable(
    'Setup (kept between runs; instances are started and moved on through the engine)',
    [
      'users',
      'departments (with leaders)',
      'patents',
      'patent load s',
      'instances started now',
      'approvals to spread them',
      'setup s',
    ],
    [
      [
        org.users.length,
        `${org.departments} (${org.leaders} leaders)`,
        patents.patents.toLocaleString('en'),
        patents.skipped ? 'skipped (loaded before)' : patents.seconds.toFixed(1),
        filled.started.toLocaleString('en'),
        filled.approvals.toLocaleString('en'),
        setupSeconds.toFixed(1),
      ],
    ],
  );
  const sizes = await client.query<{ name: string; rows: string; size: string }>(
    `SELECT c.relname AS name, c.reltuples::bigint::text AS rows, pg_size_pretty(pg_total_relation_size(c.oid)) AS size
       FROM pg_class c WHERE c.relname IN ('workflow_instance', 'workflow_token', 'workflow_task', 'workflow_history',
            'workflow_job', 'workflow_outbox', 'todo', 'm_patent') ORDER BY c.relname`,
  );
  printTable(
    'Tables at the start of the measurement (rows as estimated by ANALYZE; size with indexes)',
    ['table', 'rows', 'size'],
    sizes.rows.map((r) => [r.name, Number(r.rows).toLocaleString('en'), r.size]),
  );

  /** Warm-up, then REQUESTS approvals one at a time (timed by statement) and from 8 and 20 workers. */
  const engineRuns = async (label: string) => {
    await approveRun(deps, tenantSid, 'warm-up', await pickTargets(client, tenantSid, WARM_UP), 1);
    await topUp();
    const runs: RunResult[] = [];
    const scansBefore = await scanCounters(client);
    timed.reset();
    const sequential = await approveRun(
      deps,
      tenantSid,
      `${label}one at a time`,
      await pickTargets(client, tenantSid, REQUESTS),
      1,
    );
    const profile = timed.profile();
    const scansAfter = await scanCounters(client);
    runs.push(sequential);
    console.log(`measured: ${label}${REQUESTS} approvals one at a time (load ${loadNow()})`);
    await topUp();
    for (const concurrency of CONCURRENCY) {
      runs.push(
        await approveRun(
          deps,
          tenantSid,
          `${label}${concurrency} at once`,
          await pickTargets(client, tenantSid, REQUESTS),
          concurrency,
        ),
      );
      console.log(`measured: ${label}${REQUESTS} approvals, ${concurrency} at once (load ${loadNow()})`);
      await topUp();
    }
    return { runs, sequential, profile, scansBefore, scansAfter };
  };
  const runsTitle = (what: string) =>
    `Approve command (approveTask: one transaction on a pooled pg connection)${what}, random open tasks of distinct instances, ${OPEN.toLocaleString('en')} instances kept open (finished ones replaced between runs); after ${WARM_UP} warm-up; target p95 ≤ ${TARGET_MS} ms`;

  if (PARTS.has('engine')) {
    const { runs, sequential, profile, scansBefore, scansAfter } = await engineRuns('');
    printRuns(runsTitle(''), runs, TARGET_MS);
    printByNode('One at a time, by the step of the approved task', sequential);
    printProfile('Where an approve command spends its time (one at a time)', profile, sequential);
    printScans(
      'Table scans by PostgreSQL during the one-at-a-time run (pg_stat_user_tables; other work on the database counts too)',
      scansBefore,
      scansAfter,
      profile.commands,
    );
    const hottest = [...profile.statements].sort((a, b) => b.ms - a.ms).slice(0, 6);
    const plans = await explainStatements(client, hottest);
    mkdirSync(path.dirname(PLANS_FILE), { recursive: true });
    writeFileSync(PLANS_FILE, plans.join('\n'));
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the ${hottest.length} statements with most time: ${PLANS_FILE}`);
    if (percentile(sequential.latencies, 95) > TARGET_MS)
      for (const plan of plans.slice(0, 2)) console.log(`\n${plan}`);
  }

  if (PARTS.has('http')) {
    const accountOf = new Map(org.users.map((sid, i) => [sid, `${USER_PREFIX}${String(i).padStart(3, '0')}`]));
    const admin = new ApiClient(server.url, accountOf.get(org.adminSid)!, PASSWORD);
    try {
      await admin.signIn();
      const probe = await approveRouteExists(admin);
      if (!probe.exists) {
        printTable(
          'Approve through HTTP (POST /webapi/workflow/tasks/:sid/approve)',
          ['run', 'result'],
          [['—', `pending: the server has no such route yet (${probe.answer})`]],
        );
      } else {
        const runs: RunResult[] = [];
        const signIns: string[] = [];
        for (const concurrency of [1, HTTP_CONCURRENCY]) {
          const run = await httpApproveRun(
            server.url,
            accountOf,
            PASSWORD,
            concurrency === 1 ? 'HTTP, one at a time' : `HTTP, ${concurrency} at once`,
            await pickTargets(client, tenantSid, HTTP_REQUESTS),
            concurrency,
          );
          runs.push(run);
          signIns.push(`${run.signIns} sign-ins in ${run.signInSeconds.toFixed(1)} s`);
          console.log(`measured: ${HTTP_REQUESTS} approvals through HTTP, ${concurrency} at once (load ${loadNow()})`);
          await topUp();
        }
        printRuns(
          `Approve through HTTP (POST /webapi/workflow/tasks/:sid/approve, each task by its signed-in assignee, keep-alive; server pool of 10; ${signIns.join(', ')} before the clock started); target p95 ≤ ${TARGET_MS} ms`,
          runs,
          TARGET_MS,
        );
      }
    } finally {
      admin.close();
    }
  }

  if (PARTS.has('races')) {
    const targets = await pickTargets(client, tenantSid, RACES);
    const races = await runRaces(deps, tenantSid, targets, RACES_AT_ONCE);
    printRaces(
      `${RACES} races: two approvals of the same task by its assignee fired at once on two pooled connections (${RACES_AT_ONCE} races at a time; load ${loadNow()})`,
      races,
    );
    const consistency = await checkConsistency(
      client,
      tenantSid,
      targets.map((t) => t.taskSid),
    );
    printConsistency(consistency);
    const failed =
      races.oneWinner !== races.races ||
      races.loserHandled !== races.races ||
      consistency.checks.some((c) => c.found !== c.expected) ||
      [...consistency.waiting.keys()].some((k) => k.startsWith('UNEXPECTED'));
    if (failed) {
      console.log('\nRACES OR CONSISTENCY FAILED');
      process.exitCode = 1;
    }
    await topUp();
  }
  const { rows: open } = await client.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM workflow_instance WHERE tenant_sid = $1 AND definition_key = $2 AND status = 'running'",
    [tenantSid, DEFINITION_KEY],
  );
  console.log(
    `\nOpen instances at the end: ${open[0]?.n.toLocaleString('en')}; load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}`,
  );
} finally {
  await pool.close();
  await client.end();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
