// npm run bench:search: the model layer's search over 1,000,000 patents of one tenant on PostgreSQL,
// through the real API (in-process server, signed-in user) beside the same SQL run directly.
// Prints latency, throughput and plans; writes the full plans to bench/out/search-plans.txt.
// Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/ipdesk_bench), BENCH_ROWS,
// BENCH_REQUESTS (sequential requests per query), BENCH_SECONDS (per throughput run), BENCH_CASES (only
// the cases whose names contain one of these comma-separated parts).
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createUserAccount } from '@ipdesk/server';
import { percentile, printTable } from '../table.js';
import { ApiClient } from './api.js';
import { BROAD_FILTER, CUSTOM_FIELD, searchCases, type Figures, type SearchCase } from './cases.js';
import { connect, DEFAULT_DATABASE_URL, ensureDatabase } from './database.js';
import { startQuietServer } from '../bench-server.js';
import { explain, inlined, timeDirect, type PlanSummary } from './direct.js';
import { ensurePatents } from './load.js';
import { throughput, type ThroughputResult } from './throughput.js';
import { traceQueries, type TracedQuery } from './trace.js';

const intEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
};
const ROWS = intEnv('BENCH_ROWS', 1_000_000);
const REQUESTS = intEnv('BENCH_REQUESTS', 200);
const SECONDS = intEnv('BENCH_SECONDS', 10);
const WARM_UP = 20;
/** A series far slower than its target stops after `ms`, once it has at least `minRuns` samples. */
const BUDGET = { ms: 10_000, minRuns: 20 };
const CONNECTIONS = 20;
const ACCOUNT = 'bench_search';
const PASSWORD = 'Patent#2026a';
const PLANS_FILE = 'bench/out/search-plans.txt';

const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
if (await ensureDatabase(databaseUrl)) console.log(`Created database ${new URL(databaseUrl).pathname.slice(1)}`);
const running = await startQuietServer(databaseUrl);
const server = running.server;
const client = await connect(databaseUrl);
const api = new ApiClient(server.url, ACCOUNT, PASSWORD);
const ms = (value: number) => value.toFixed(2);
/** Waits until the server's connections are idle: requests left over from a load run finish first. */
async function untilIdle(): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 200) {
    const { rows } = await client.query<{ busy: number }>(
      `SELECT count(*)::int AS busy FROM pg_stat_activity
        WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
    );
    if (rows[0]?.busy === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
const sum = (queries: TracedQuery[], test: (sql: string) => boolean) =>
  queries.filter((q) => test(q.sql)).reduce((total, q) => total + q.ms, 0);

try {
  const tenantSid = server.demo.tenant.sid;
  const existing = await server.db.query<{ sid: string }>(
    'SELECT sid FROM user_account WHERE tenant_sid = $1 AND account = $2',
    [tenantSid, ACCOUNT],
  );
  // A tenant administrator, so it can also publish the custom field the JSONB query uses.
  const userSid =
    existing[0]?.sid ??
    (
      await createUserAccount(server.db, {
        tenantSid,
        account: ACCOUNT,
        password: PASSWORD,
        name: 'Bench search',
        isTenantAdmin: true,
      })
    ).sid;
  const sub = await server.db.query<{ sid: string }>(
    'SELECT sid FROM company WHERE tenant_sid = $1 AND sid <> $1 ORDER BY path LIMIT 1',
    [tenantSid],
  );

  const load = await ensurePatents(
    client,
    {
      url: databaseUrl,
      tenantSid,
      rootCompanySid: tenantSid,
      subCompanySid: sub[0]?.sid ?? tenantSid,
      userSid,
      rows: ROWS,
    },
    connect,
  );
  const analyzeStarted = performance.now();
  if (load.skipped) await client.query('ANALYZE m_patent');
  const analyzeSeconds = (performance.now() - analyzeStarted) / 1000;
  const pgVersion = (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v;
  const settings = await client.query<{ name: string; setting: string; unit: string | null }>(
    `SELECT name, setting, unit FROM pg_settings
      WHERE name IN ('shared_buffers', 'work_mem', 'effective_cache_size', 'random_page_cost', 'jit',
                     'max_parallel_workers_per_gather') ORDER BY name`,
  );
  printTable(
    `Patent data (${ROWS.toLocaleString('en')} rows, one tenant; PostgreSQL ${pgVersion}, Node ${process.version}, ${os.cpus().length} cores)`,
    ['load', 'rows', 'COPY s', 'rows/s', 'index rebuild s', 'VACUUM ANALYZE s'],
    [
      load.skipped
        ? ['skipped: already loaded', ROWS, '—', '—', '—', `ANALYZE ${analyzeSeconds.toFixed(1)}`]
        : [
            'COPY FROM STDIN',
            load.rows,
            load.copySeconds.toFixed(1),
            Math.round(load.rows / load.copySeconds),
            `${load.indexSeconds.toFixed(1)} (${load.indexes} indexes)`,
            load.vacuumSeconds.toFixed(1),
          ],
    ],
  );

  console.log(
    `PostgreSQL settings: ${settings.rows.map((r) => `${r.name}=${r.setting}${r.unit ? ` ${r.unit}` : ''}`).join(', ')}`,
  );
  await api.signIn();
  // The custom field the JSONB equality query filters on, published through the API once.
  const fields = await api.call<{ data: Array<{ code: string; published: unknown }> }>(
    'POST',
    '/webapi/model/custom_field/do/search',
    { model: 'patent' },
  );
  const field = fields.body.data.find((f) => f.code === CUSTOM_FIELD);
  if (!field?.published) {
    if (!field)
      await api.call('POST', '/webapi/model/custom_field/do/create', {
        model: 'patent',
        code: CUSTOM_FIELD,
        definition: { name_zh: '优先级', name_en: 'Priority level', kind: 'text', flags: { search_filter: true } },
      });
    await api.call('POST', '/webapi/model/custom_field/do/publish', { model: 'patent' });
  }

  // Page 251 by keyset: follow next_cursor 250 times once, then time fetching the page it points to.
  let cursor: string | undefined;
  const walkStarted = performance.now();
  for (let page = 1; page <= 250; page++) {
    const answer = await api.call<{ data: { next_cursor?: string } }>('POST', '/webapi/model/patent/do/search', {
      iql: BROAD_FILTER,
      rows: 20,
      total: false,
      ...(cursor ? { cursor } : {}),
    });
    cursor = answer.body.data.next_cursor;
    if (!cursor) throw new Error(`No next_cursor after page ${page}`);
  }
  const walkSeconds = (performance.now() - walkStarted) / 1000;
  const sample = await client.query<{ sid: string }>(
    'SELECT sid FROM m_patent TABLESAMPLE SYSTEM (1) WHERE tenant_sid = $1 LIMIT 1000',
    [tenantSid],
  );
  // BENCH_CASES: comma-separated parts of case names, to measure only those (e.g. "filter,sid").
  const only = process.env.BENCH_CASES?.split(',').map((part) => part.trim().toLowerCase());
  const cases = searchCases({ page251Cursor: cursor!, sids: sample.rows.map((r) => r.sid) }).filter(
    (c) => !only || only.some((part) => c.name.toLowerCase().includes(part)),
  );

  const tracer = traceQueries(server.db);
  const results: Array<{
    c: SearchCase;
    figures: Figures;
    plan: PlanSummary;
    statement: TracedQuery;
    load: ThroughputResult;
    inRequest: { sql: number; session: number; other: number; queries: number; samples: string };
  }> = [];
  for (const c of cases) {
    const { method, body, paths } = c.request;
    const send = (i: number) => api.call(method, paths ? paths[i % paths.length]! : c.request.path, body);
    const warmUpStarted = performance.now();
    for (let i = 0; i < WARM_UP && performance.now() - warmUpStarted < 3000; i++) await send(i);
    const apiTimes: number[] = [];
    const sqlTimes: number[] = [];
    const sessionTimes: number[] = [];
    const otherTimes: number[] = [];
    let queryCount = 0;
    let statement: TracedQuery | undefined;
    const seriesStarted = performance.now();
    for (let i = 0; i < REQUESTS && (i < BUDGET.minRuns || performance.now() - seriesStarted < BUDGET.ms); i++) {
      const { result, queries } = await tracer.during(() => send(i));
      statement ??= queries.filter((q) => /\bm_patent\b/.test(q.sql)).at(-1);
      apiTimes.push(result.ms);
      sqlTimes.push(sum(queries, (sql) => /\bm_patent\b/.test(sql)));
      sessionTimes.push(sum(queries, (sql) => sql.includes('FROM auth_session s')));
      otherTimes.push(result.ms - sum(queries, () => true));
      queryCount += queries.length;
    }
    if (!statement) throw new Error(`${c.name}: no statement on m_patent was seen`);
    for (const list of [apiTimes, sqlTimes, sessionTimes, otherTimes]) list.sort((a, b) => a - b);
    const direct = await timeDirect(client, statement, REQUESTS, BUDGET);
    const plan = await explain(client, statement);
    const load = await throughput({
      url: `${server.url}${c.request.path}`,
      connections: CONNECTIONS,
      seconds: SECONDS,
      method,
      headers: {
        authorization: await api.authorization(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(paths ? { paths } : {}),
    });
    await untilIdle();
    const figures: Figures = {
      directP50: percentile(direct, 50),
      directP95: percentile(direct, 95),
      apiP50: percentile(apiTimes, 50),
      apiP95: percentile(apiTimes, 95),
      requestsPerSecond: load.requestsPerSecond,
    };
    results.push({
      c,
      figures,
      plan,
      statement,
      load,
      inRequest: {
        sql: percentile(sqlTimes, 50),
        session: percentile(sessionTimes, 50),
        other: percentile(otherTimes, 50),
        queries: queryCount / apiTimes.length,
        samples: `${apiTimes.length}/${direct.length}`,
      },
    });
    console.log(`measured: ${c.name}`);
  }
  tracer.restore();

  printTable(
    `Search over ${ROWS.toLocaleString('en')} patents: ${REQUESTS} sequential requests after ${WARM_UP} warm-up (fewer, at least ${BUDGET.minRuns}, where a series passes ${BUDGET.ms / 1000} s); req/s with ${CONNECTIONS} connections for ${SECONDS} s (ms)`,
    ['query', 'raw SQL p50', 'API p50', 'API p95', `req/s@${CONNECTIONS}`, 'target', 'met?'],
    results.map(({ c, figures: f }) => [
      c.name,
      ms(f.directP50),
      ms(f.apiP50),
      ms(f.apiP95),
      Math.round(f.requestsPerSecond),
      c.target,
      c.met ? (c.met(f) ? 'yes' : 'NO') : '—',
    ]),
  );
  printTable(
    'Where the API time goes (p50 of each part over the sequential requests, ms)',
    [
      'query',
      'API',
      'search SQL',
      'session lookup',
      'outside SQL',
      'SQL/request',
      'raw SQL p95',
      'n API/raw',
      'errors@20',
    ],
    results.map(({ c, figures: f, inRequest: r, load: l }) => [
      c.name,
      ms(f.apiP50),
      ms(r.sql),
      ms(r.session),
      ms(r.other),
      r.queries.toFixed(2),
      ms(f.directP95),
      r.samples,
      String(l.non2xx + l.errors),
    ]),
  );
  printTable(
    'Plans of the raw statements (EXPLAIN ANALYZE; full text in bench/out/search-plans.txt)',
    ['query', 'execution ms', 'JIT ms', 'plan'],
    results.map(({ c, plan }) => [
      c.name,
      ms(plan.executionMs),
      plan.jitMs === undefined ? '—' : ms(plan.jitMs),
      plan.path,
    ]),
  );
  console.log(`\nFollowing next_cursor 250 times took ${walkSeconds.toFixed(2)} s.`);
  mkdirSync(path.dirname(PLANS_FILE), { recursive: true });
  writeFileSync(
    PLANS_FILE,
    results.map(({ c, plan, statement }) => `=== ${c.name}\n\n${inlined(statement)};\n\n${plan.text}\n`).join('\n'),
  );
} finally {
  api.close();
  await client.end();
  await running.close();
}
