// npm run bench:reminders: the daily deadline reminder run of issue 19 on 1,000,000 patents with ~3M open
// deadlines (PostgreSQL), and the in-app unread count of a user with 10,000 notifications.
//
// Data (bulk SQL with generate_series, not the API; loaded once per database, kept for reruns): patents with
// an IP manager of 50, three open deadlines each (15 % office-action replies by rule code, offices CN 55 %,
// US 15 %, EP 10 %, JP 8 %, none 12 %), due from 200 days ago to ~10 years on, each with an assignee of 50.
// Steady state: yesterday's run is recorded as sent (the dedupe keys of every reminder and escalation due as of
// yesterday), so today's run finds what a daily run finds: the reminders whose lead time was reached today.
// Printed: the searches alone, then the whole run (searches + queueing each reminder in its own transaction),
// then the unread count: through the route the bell polls (HTTP, signed in) and the query alone.
// Timings are printed, never asserted; counts are asserted.
import assert from 'node:assert/strict';
import os from 'node:os';
import { Writable } from 'node:stream';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  buildApp,
  createUserAccount,
  findDeadlineReminders,
  loadConfig,
  migrate,
  openDatabase,
  runDeadlineReminders,
  type Database,
} from '@ipdesk/server';
import { percentile, printTable } from './table.js';
import { ApiClient } from './search/api.js';

const PATENTS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const PER_PATENT = 3;
const INBOX = Number(process.env.BENCH_INBOX ?? 10_000);
const COUNTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const TIME_ZONE = 'Asia/Shanghai';
const TENANT = 'BenchRemind00001';
const COMPANY = TENANT;
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ipdesk_bench_reminders';

async function ensureDatabase(): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!found.rowCount) await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  await admin.end();
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const load = os.loadavg()[0]!.toFixed(2);

await ensureDatabase();
// The data folder holds the key the database's sign-in keys are sealed with: kept per database for reruns.
const dataDir = path.resolve('bench/out', `reminders-${new URL(url).pathname.slice(1)}`);
mkdirSync(dataDir, { recursive: true });
const config = loadConfig({ ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', TIME_ZONE });
const db: Database = await openDatabase(config);
await migrate(db);
// The app makes the model tables from their declarations and gives the registry the run reads.
const app = await buildApp({ config, db, logStream: new Writable({ write: (_c, _e, done) => done() }) });
const registry = app.registry;
// BENCH_NOW picks the day of the run (a weekday moves every working-day distance: the heavier day).
const now = process.env.BENCH_NOW ? new Date(process.env.BENCH_NOW) : new Date();
const deps = { db, registry, timeZone: TIME_ZONE };
const one = async <T>(sql: string, params: unknown[]) => (await db.query<T>(sql, params as never))[0]!;

try {
  const setup: Array<[string, string, string]> = [];
  const { n: loaded } = await one<{ n: number }>('SELECT count(*)::int AS n FROM m_patent WHERE tenant_sid = $1', [
    TENANT,
  ]);
  const { n: deadlines } = await one<{ n: number }>(
    'SELECT count(*)::int AS n FROM m_patent_task WHERE tenant_sid = $1',
    [TENANT],
  );
  if (loaded !== PATENTS || deadlines !== PATENTS * PER_PATENT) {
    // The bulk load runs on a connection of its own: the app's pool stops a statement after 30 s.
    const loader = new pg.Client({ connectionString: url });
    await loader.connect();
    const bulk = async (sql: string, params: unknown[] = []) => (await loader.query(sql, params)).rows;
    let at = performance.now();
    await db.query(
      `INSERT INTO tenant (sid, code, name_zh, name_en) VALUES ($1, 'bench-remind', '提醒基准', 'Reminder bench')
       ON CONFLICT DO NOTHING`,
      [TENANT],
    );
    await db.query(
      `INSERT INTO company (sid, tenant_sid, parent_sid, path, company_name) VALUES ($1, $1, NULL, '/' || $1 || '/', '提醒基准')
       ON CONFLICT DO NOTHING`,
      [COMPANY],
    );
    // 50 managers, 50 assignees, 2 IP supervisors: plain users whose role reads cases, deadlines and fees.
    const role = 'BenchRemindRole1';
    await db.query(
      `INSERT INTO role (sid, tenant_sid, code, name, platform, data_scope) VALUES ($1, $2, 'bench_ip', 'Bench IP', 1, 'all')
       ON CONFLICT DO NOTHING`,
      [role, TENANT],
    );
    const supervisorRole = 'BenchRemindSupv1';
    await db.query(
      `INSERT INTO role (sid, tenant_sid, code, name, platform, data_scope) VALUES ($1, $2, 'ip_supervisor', 'IP supervisor', 1, 'all')
       ON CONFLICT DO NOTHING`,
      [supervisorRole, TENANT],
    );
    for (const r of [role, supervisorRole])
      for (const resource of ['patent', 'patent_task', 'fee'])
        await db.query('INSERT INTO role_resource (role_sid, resource_code) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
          r,
          resource,
        ]);
    for (let i = 0; i < 102; i += 1) {
      const account = `remind${String(i).padStart(3, '0')}`;
      const existing = await db.query<{ sid: string }>('SELECT sid FROM user_account WHERE account = $1', [account]);
      const sid =
        existing[0]?.sid ??
        (
          await createUserAccount(db, {
            tenantSid: TENANT,
            account,
            password: 'Patent#2026a',
            name: account,
            email: `${account}@example.com`,
          })
        ).sid;
      await db.query('INSERT INTO user_role (user_sid, role_sid) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        sid,
        i < 100 ? role : supervisorRole,
      ]);
    }
    setup.push(['tenant, company, 102 users', seconds(at), '']);

    at = performance.now();
    await bulk('DELETE FROM notification_event WHERE tenant_sid = $1', [TENANT]);
    await bulk('DELETE FROM m_patent_task WHERE tenant_sid = $1', [TENANT]);
    await bulk('DELETE FROM m_patent WHERE tenant_sid = $1', [TENANT]);
    const users = await db.query<{ sid: string }>(
      "SELECT sid FROM user_account WHERE tenant_sid = $1 AND account LIKE 'remind0%' ORDER BY account LIMIT 100",
      [TENANT],
    );
    const managers = users.slice(0, 50).map((u) => u.sid);
    const assignees = users.slice(50, 100).map((u) => u.sid);
    // Secondary indexes are dropped for the bulk insert and built again after it from their own definitions.
    const indexes = (await bulk(
      `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
        WHERE i.tablename IN ('m_patent', 'm_patent_task')
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    )) as Array<{ name: string; definition: string }>;
    for (const index of indexes) await bulk(`DROP INDEX IF EXISTS "${index.name}"`);
    await bulk(
      `INSERT INTO m_patent (sid, tenant_sid, company_sid, created_at, updated_at, version, title, sn, patent_type, country, ip_manager)
       SELECT 'BP' || lpad(g::text, 14, '0'), $1, $1, now(), now(), 1, 'Bench patent ' || g, 'RB-' || g,
              CASE WHEN g % 10 < 7 THEN 'invention' ELSE 'utility_model' END,
              CASE WHEN g % 100 < 55 THEN 'CN' WHEN g % 100 < 70 THEN 'US' WHEN g % 100 < 80 THEN 'EP' WHEN g % 100 < 88 THEN 'JP' ELSE 'KR' END,
              ($3::text[])[1 + g % 50]
         FROM generate_series(1, $2::int) g`,
      [TENANT, PATENTS, managers],
    );
    setup.push([`${PATENTS.toLocaleString('en')} patents`, seconds(at), '']);
    at = performance.now();
    const today = now.toISOString().slice(0, 10);
    await bulk(
      `INSERT INTO m_patent_task (sid, tenant_sid, company_sid, created_at, updated_at, version, patent, title, due_date,
                                  status, office, rule_code, origin, assignee)
       SELECT 'BT' || lpad(((p - 1) * $3 + k)::text, 14, '0'), $1, $1, now(), now(), 1,
              'BP' || lpad(p::text, 14, '0'),
              CASE WHEN (p + k) % 20 < 3 THEN 'Reply to an office action' ELSE 'Deadline ' || k END,
              $4::date - 200 + ((p::bigint * 7919 + k * 104729) % 3850)::int,
              'open',
              CASE WHEN p % 100 < 55 THEN 'CN' WHEN p % 100 < 70 THEN 'US' WHEN p % 100 < 80 THEN 'EP' WHEN p % 100 < 88 THEN 'JP' ELSE NULL END,
              CASE WHEN (p + k) % 20 < 3 THEN 'CN-OA-REPLY-FIRST' WHEN (p + k) % 20 < 6 THEN 'CN-EXAM-REQUEST' ELSE NULL END,
              'rule', ($5::text[])[1 + (p + k) % 50]
         FROM generate_series(1, $2::int) p, generate_series(1, $3::int) k`,
      [TENANT, PATENTS, PER_PATENT, today, assignees],
    );
    setup.push([`${(PATENTS * PER_PATENT).toLocaleString('en')} open deadlines`, seconds(at), '']);
    at = performance.now();
    for (const index of indexes) await bulk(index.definition);
    setup.push([`${indexes.length} secondary indexes rebuilt`, seconds(at), '']);
    at = performance.now();
    await bulk('VACUUM (ANALYZE) m_patent');
    await bulk('VACUUM (ANALYZE) m_patent_task');
    setup.push(['VACUUM ANALYZE', seconds(at), '']);
    await loader.end();
  }

  // Steady state: everything due as of yesterday counts as sent (yesterday's run), today's is left to find.
  const steady = performance.now();
  await db.query('DELETE FROM notification_event WHERE tenant_sid = $1', [TENANT]);
  const yesterday = new Date(now.getTime() - 86_400_000);
  const before = await findDeadlineReminders(deps, { now: yesterday, tenantSid: TENANT });
  const keys = before.flatMap((f) => [...f.reminders, ...f.escalations].map((r) => r.key));
  for (let i = 0; i < keys.length; i += 50_000)
    await db.query(
      `INSERT INTO notification_event (sid, tenant_sid, event, params, dedupe_key, created_at)
       SELECT 'BE' || lpad((k.n + $3)::text, 14, '0'), $1, 'deadline.reminder', '{}', k.key, $4
         FROM unnest($2::text[]) WITH ORDINALITY AS k(key, n)`,
      [TENANT, keys.slice(i, i + 50_000), i, yesterday],
    );
  await db.query('ANALYZE notification_event');
  setup.push([`yesterday's run recorded as sent`, seconds(steady), `${keys.length.toLocaleString('en')} dedupe keys`]);
  printTable(`Setup (PostgreSQL, ${os.cpus().length} cores, load ${load})`, ['step', 's', 'note'], setup);

  const { open } = await one<{ open: number }>(
    "SELECT count(*)::int AS open FROM m_patent_task WHERE tenant_sid = $1 AND status = 'open'",
    [TENANT],
  );

  // 1. The searches alone (what the run finds), three times.
  const findTimes: number[] = [];
  let found = { reminders: 0, escalations: 0 };
  for (let i = 0; i < 3; i += 1) {
    const started = performance.now();
    const findings = await findDeadlineReminders(deps, { now, tenantSid: TENANT });
    findTimes.push(performance.now() - started);
    found = {
      reminders: findings.reduce((sum, f) => sum + f.reminders.length, 0),
      escalations: findings.reduce((sum, f) => sum + f.escalations.length, 0),
    };
  }
  // 2. The whole run: the searches and queueing each due reminder (with its recipients' rights checked).
  const started = performance.now();
  const report = await runDeadlineReminders(deps, { now });
  const runMs = performance.now() - started;
  assert.equal(report.failed, 0);
  assert.equal(report.found.reminders, found.reminders);
  const { events, notifications } = await one<{ events: number; notifications: number }>(
    `SELECT count(DISTINCT e.sid)::int AS events, count(n.sid)::int AS notifications
       FROM notification_event e JOIN notification n ON n.event_sid = e.sid WHERE e.tenant_sid = $1`,
    [TENANT],
  );
  // 3. A second run the same day finds nothing new.
  const again = performance.now();
  const second = await runDeadlineReminders(deps, { now });
  const againMs = performance.now() - again;
  assert.equal(second.queued.reminders + second.queued.escalations, 0);

  printTable(
    `Daily reminder run: ${PATENTS.toLocaleString('en')} patents, ${open.toLocaleString('en')} open deadlines`,
    ['step', 'time', 'found / queued', 'target'],
    [
      [
        'searches only (3 runs: min / max)',
        `${(Math.min(...findTimes) / 1000).toFixed(2)} / ${(Math.max(...findTimes) / 1000).toFixed(2)} s`,
        `${found.reminders} reminders, ${found.escalations} escalations`,
        '—',
      ],
      [
        'whole run (search + queue)',
        `${(runMs / 1000).toFixed(2)} s`,
        `queued ${report.queued.reminders} reminders, ${report.queued.escalations} escalations; ${events} events, ${notifications} notifications`,
        `≤ 60 s: ${runMs <= 60_000 ? 'met' : 'NOT met'}`,
      ],
      ['second run the same day', `${(againMs / 1000).toFixed(2)} s`, 'queued 0', '—'],
    ],
  );

  // The unread count of one user with INBOX notifications (all unread: the count's worst case).
  const [reader] = await db.query<{ sid: string }>(
    "SELECT sid FROM user_account WHERE tenant_sid = $1 AND account = 'remind000'",
    [TENANT],
  );
  // One event per notification (a person is told of an event once: notification_once_idx).
  await db.query(
    `INSERT INTO notification_event (sid, tenant_sid, event, params, created_at)
     SELECT 'BI' || lpad(g::text, 14, '0'), $1, 'todo.assigned', '{}', now() FROM generate_series(1, $2::int) g
     ON CONFLICT DO NOTHING`,
    [TENANT, INBOX],
  );
  await db.query(
    `INSERT INTO notification (sid, tenant_sid, event_sid, recipient_sid, event, created_at)
     SELECT 'BN' || lpad(g::text, 14, '0'), $1, 'BI' || lpad(g::text, 14, '0'), $2, 'todo.assigned',
            now() - g * interval '1 minute'
       FROM generate_series(1, $3::int) g
     ON CONFLICT DO NOTHING`,
    [TENANT, reader!.sid, INBOX],
  );
  await db.query('ANALYZE notification');
  const sql = 'SELECT count(*)::int AS n FROM notification WHERE recipient_sid = $1 AND read_at IS NULL';
  const times: number[] = [];
  let unread = 0;
  for (let i = 0; i < COUNTS + 50; i += 1) {
    const t0 = performance.now();
    unread = (await db.query<{ n: number }>(sql, [reader!.sid]))[0]!.n;
    if (i >= 50) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  assert.ok(unread >= INBOX, `unread ${unread}`);
  const p95 = percentile(times, 95);
  printTable(
    `Unread count of one user (${unread.toLocaleString('en')} unread), the query through the app's pool, ${COUNTS} times`,
    ['p50 ms', 'p95 ms', 'max ms', 'target'],
    [
      [
        percentile(times, 50).toFixed(2),
        p95.toFixed(2),
        times.at(-1)!.toFixed(2),
        `p95 ≤ 20 ms: ${p95 <= 20 ? 'met' : 'NOT met'}`,
      ],
    ],
  );
  // The same through the route the bell polls: HTTP on this machine, signed in as the reader.
  await db.query('UPDATE user_account SET must_change_password = false WHERE sid = $1', [reader!.sid]);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const api = new ApiClient(`http://127.0.0.1:${port}`, 'remind000', 'Patent#2026a');
  const routeTimes: number[] = [];
  let answered = 0;
  for (let i = 0; i < COUNTS + 50; i += 1) {
    const answer = await api.call<{ data: { unread: number } }>('GET', '/webapi/notifications/unread-count');
    answered = answer.body.data.unread;
    if (i >= 50) routeTimes.push(answer.ms);
  }
  routeTimes.sort((a, b) => a - b);
  assert.equal(answered, unread);
  const routeP95 = percentile(routeTimes, 95);
  printTable(
    `Unread count through GET /webapi/notifications/unread-count (HTTP, signed in), ${COUNTS} times`,
    ['p50 ms', 'p95 ms', 'max ms', 'target'],
    [
      [
        percentile(routeTimes, 50).toFixed(2),
        routeP95.toFixed(2),
        routeTimes.at(-1)!.toFixed(2),
        `p95 ≤ 20 ms: ${routeP95 <= 20 ? 'met' : 'NOT met'}`,
      ],
    ],
  );
  const plan = await db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, BUFFERS) ${sql.replace('$1', `'${reader!.sid}'`)}`,
  );
  console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
} finally {
  await app.close();
  await db.close();
}
