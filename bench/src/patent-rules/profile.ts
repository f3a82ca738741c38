// Where a recompute's time goes, without changing what it runs: a Database whose statements (inside
// transactions too) are timed by kind — paging, loading facts, reading stored rows, each write — and
// the Node process's CPU time, which is the rule computation plus the driver's encoding and parsing.
import type { Database, Queryable } from '@ipdesk/server';
import type pg from 'pg';

export interface Phase {
  name: string;
  ms: number;
  statements: number;
  rows: number;
}

/** Server-wide counters (every database of the server, so other work on it counts too). */
export interface ServerCounters {
  walBytes: number;
  /** Checkpoints started, by time or because max_wal_size was reached. */
  checkpoints: number;
  /** Buffers a backend had to write itself to find a free one (shared_buffers too small for the work). */
  backendWrites: number;
}

export interface Profile {
  wallMs: number;
  /** CPU time of this process (user + system) during the run. */
  nodeCpuMs: number;
  phases: Phase[];
  server?: ServerCounters;
}

export async function serverCounters(client: pg.Client): Promise<ServerCounters> {
  const { rows } = await client.query<{ wal: string; checkpoints: string; backend: string }>(
    `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS wal,
            (checkpoints_timed + checkpoints_req)::text AS checkpoints, buffers_backend::text AS backend
       FROM pg_stat_bgwriter`,
  );
  const row = rows[0];
  return { walBytes: Number(row?.wal), checkpoints: Number(row?.checkpoints), backendWrites: Number(row?.backend) };
}

const KINDS: ReadonlyArray<readonly [string, RegExp]> = [
  // The recompute pages through the cases reading their facts (recompute.ts); single cases by sid.
  ['page through cases (facts)', /FROM m_patent\s+WHERE tenant_sid = \$1 AND sid > \$2/],
  ['load facts: patents', /^\s*SELECT [^]*? FROM m_patent WHERE/],
  ['load facts: items', /FROM m_patent_item\b/],
  ['calendars', /FROM office_calendar_day\b/],
  ['read stored deadlines', /^\s*SELECT [^]*? FROM m_patent_task\b/],
  ['read stored fees', /^\s*SELECT [^]*? FROM m_fee\b/],
  ['insert deadlines', /^\s*INSERT INTO m_patent_task\b/],
  ['update deadlines', /^\s*UPDATE m_patent_task\b/],
  ['delete deadlines', /^\s*DELETE FROM (m_patent_task|deadline_basis)\b/],
  ['upsert deadline bases', /^\s*INSERT INTO deadline_basis\b/],
  ['insert fees', /^\s*INSERT INTO m_fee\b/],
  ['update fees', /^\s*UPDATE m_fee\b/],
  ['delete fees', /^\s*DELETE FROM m_fee\b/],
  ['update expiry', /^\s*UPDATE m_patent\b/],
];

export function profiledDatabase(
  db: Database,
  client: pg.Client,
): {
  db: Database;
  run<T>(work: () => Promise<T>): Promise<[T, Profile]>;
} {
  const phases = new Map<string, Phase>();
  const timed = (target: Queryable): Queryable => ({
    async query<Row>(sql: string, params?: Parameters<Queryable['query']>[1]) {
      const started = performance.now();
      const rows = await target.query<Row>(sql, params);
      const name = KINDS.find(([, pattern]) => pattern.test(sql))?.[0] ?? 'other';
      const phase = phases.get(name) ?? { name, ms: 0, statements: 0, rows: 0 };
      phase.ms += performance.now() - started;
      phase.statements += 1;
      phase.rows += rows.length;
      phases.set(name, phase);
      return rows;
    },
    exec: (sql) => target.exec(sql),
  });
  const wrapped: Database = {
    ...timed(db),
    engine: db.engine,
    onNotify: (channel, handler) => db.onNotify(channel, handler),
    transaction: (fn) => db.transaction((tx) => fn(timed(tx))),
    close: () => db.close(),
  };
  return {
    db: wrapped,
    async run(work) {
      phases.clear();
      const counters = await serverCounters(client);
      const cpu = process.cpuUsage();
      const started = performance.now();
      const result = await work();
      const wallMs = performance.now() - started;
      const used = process.cpuUsage(cpu);
      const after = await serverCounters(client);
      const order = KINDS.map(([name]) => name);
      return [
        result,
        {
          wallMs,
          nodeCpuMs: (used.user + used.system) / 1000,
          phases: [...phases.values()].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name)),
          server: {
            walBytes: after.walBytes - counters.walBytes,
            checkpoints: after.checkpoints - counters.checkpoints,
            backendWrites: after.backendWrites - counters.backendWrites,
          },
        },
      ];
    },
  };
}
