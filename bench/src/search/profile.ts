// npm run bench:search-profile: where the server's main thread spends its time under load. Starts the
// real server in process on the search benchmark's database (load it first with `npm run bench:search`),
// runs one search case at 20 connections (autocannon in a child process) while the V8 profiler samples
// this process, and prints the functions and packages with the most self time. Writes the raw profile
// to bench/out/search-<case>.cpuprofile (open it in Chrome DevTools for the call tree).
// Environment: DATABASE_URL, BENCH_CASE (part of a case name, default "filter + sort"), BENCH_SECONDS.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { printTable } from '../table.js';
import { ApiClient } from './api.js';
import { searchCases } from './cases.js';
import { DEFAULT_DATABASE_URL } from './database.js';
import { startQuietServer } from '../bench-server.js';
import { throughput } from './throughput.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const wanted = process.env.BENCH_CASE ?? 'filter + sort';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const running = await startQuietServer(databaseUrl);
const server = running.server;

/** CPU seconds so far: the whole machine (busy, all) from /proc/stat and given processes from /proc/<pid>/stat. */
function machineCpu(): { busy: number; all: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const all = fields.reduce((a, b) => a + b, 0);
  const idle = fields[3]! + fields[4]!;
  return { busy: (all - idle) / 100, all: all / 100 };
}
function processCpu(pids: number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      seconds.set(pid, (Number(after[11]) + Number(after[12])) / 100);
    } catch {
      // the process ended
    }
  }
  return seconds;
}
/** The database's client backends (the pool opens more under load). */
async function backends(db: { query<R>(sql: string): Promise<R[]> }): Promise<number[]> {
  const rows = await db.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'",
  );
  return rows.map((r) => r.pid);
}

/** The package a script belongs to (node_modules/<pkg>), our own workspace, or Node itself. */
function owner(url: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1]!;
  if (url.includes('/packages/')) return `ipdesk/${/packages\/([^/]+)/.exec(url)![1]}`;
  if (url.startsWith('node:') || url === '') return url === '' ? '(native / GC / idle)' : 'node';
  return url;
}

try {
  const api = new ApiClient(server.url, 'bench_search', 'Patent#2026a');
  await api.signIn();
  const sids = await server.db.query<{ sid: string }>(
    'SELECT sid FROM m_patent WHERE tenant_sid = $1 ORDER BY sid LIMIT 1000',
    [server.demo.tenant.sid],
  );
  const chosen = searchCases({ page251Cursor: '', sids: sids.map((r) => r.sid) }).find((c) => c.name.includes(wanted));
  if (!chosen) throw new Error(`No case matches "${wanted}"`);
  const { method, body, paths } = chosen.request;
  for (let i = 0; i < 50; i++) await api.call(method, paths ? paths[i % paths.length]! : chosen.request.path, body);

  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  const before = { machine: machineCpu(), server: process.cpuUsage(), pg: processCpu(await backends(server.db)) };
  await session.post('Profiler.start');
  const load = await throughput({
    url: `${server.url}${chosen.request.path}`,
    connections: 20,
    seconds,
    method,
    headers: { authorization: await api.authorization(), 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(paths ? { paths } : {}),
  });
  const { profile } = await session.post('Profiler.stop');
  const machine = machineCpu();
  const serverCpu = process.cpuUsage(before.server);
  const pgAfter = processCpu(await backends(server.db));
  const cpu = {
    server: (serverCpu.user + serverCpu.system) / 1e6,
    pg: [...pgAfter].reduce((sum, [pid, seconds]) => sum + seconds - (before.pg.get(pid) ?? 0), 0),
    busy: machine.busy - before.machine.busy,
    all: machine.all - before.machine.all,
  };
  session.disconnect();

  mkdirSync('bench/out', { recursive: true });
  const file = `bench/out/search-${chosen.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.cpuprofile`;
  writeFileSync(file, JSON.stringify(profile));

  const nodes = profile.nodes as ProfileNode[];
  const total = nodes.reduce((sum, n) => sum + (n.hitCount ?? 0), 0);
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  for (const n of nodes) {
    const hits = n.hitCount ?? 0;
    if (!hits) continue;
    const { functionName, url, lineNumber } = n.callFrame;
    const name = `${functionName || '(anonymous)'} ${url ? `${url.split('/').slice(-2).join('/')}:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
    byOwner.set(owner(url), (byOwner.get(owner(url)) ?? 0) + hits);
  }
  const share = (hits: number) => ((100 * hits) / total).toFixed(1);
  const perRequest = (cpuSeconds: number) => ((1000 * cpuSeconds) / load.total).toFixed(3);
  printTable(
    `CPU per request over the run (ms; ${os.cpus().length} cores, machine busy ${((100 * cpu.busy) / cpu.all).toFixed(0)} %)`,
    ['server process', `PostgreSQL (${pgAfter.size} connections)`, 'everything else (load generator, OS)'],
    [[perRequest(cpu.server), perRequest(cpu.pg), perRequest(cpu.busy - cpu.server - cpu.pg)]],
  );
  console.log(
    `${chosen.name}: ${Math.round(load.requestsPerSecond)} req/s at 20 connections (p50 ${load.latencyP50} ms, non-2xx ${load.non2xx})`,
  );
  printTable(
    'Self time by package (% of samples)',
    ['package', '%'],
    [...byOwner].sort((a, b) => b[1] - a[1]).map(([name, hits]) => [name, share(hits)]),
  );
  printTable(
    'Top 40 functions by self time',
    ['function', '%'],
    [...byFunction]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 40)
      .map(([name, hits]) => [name, share(hits)]),
  );
  console.log(`Profile written to ${file}`);
} finally {
  await running.close();
}
