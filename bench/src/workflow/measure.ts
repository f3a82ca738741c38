// The approve command measured as the engine runs it (approveTask: one transaction on a pooled connection),
// on random open tasks of distinct instances, one at a time or from several workers at once. A timed
// Database beside it says where a command's time goes: checking out a connection and BEGIN, each
// statement (by its text), COMMIT (the WAL flush), and the rest, which is the engine's own code in Node.
import os from 'node:os';
import type { Database, Queryable } from '@ipdesk/server';
import type pg from 'pg';
import { approveTask, type WorkflowDeps } from '../../../packages/server/dist/domains/workflow/engine/index.js';
import { percentile, printTable } from '../table.js';
import { DEFINITION_KEY } from './definition.js';
import { inParallel } from './setup.js';

export interface Target {
  taskSid: string;
  assigneeSid: string;
  instanceSid: string;
  nodeId: string;
  level: number;
}

/** `count` open tasks of the benchmark's running instances, one per instance, in random order. */
export async function pickTargets(client: pg.Client, tenantSid: string, count: number): Promise<Target[]> {
  const { rows } = await client.query<Target>(
    `SELECT sid AS "taskSid", assignee_sid AS "assigneeSid", instance_sid AS "instanceSid", node_id AS "nodeId", level
       FROM (SELECT DISTINCT ON (t.instance_sid) t.sid, t.assignee_sid, t.instance_sid, t.node_id, t.level,
                    random() AS r
               FROM workflow_task t JOIN workflow_instance i ON i.sid = t.instance_sid
              WHERE t.tenant_sid = $1 AND t.status = 'open' AND i.definition_key = $2 AND i.status = 'running'
              ORDER BY t.instance_sid, random()) AS picked
      ORDER BY r LIMIT $3`,
    [tenantSid, DEFINITION_KEY, count],
  );
  if (rows.length < count) throw new Error(`Only ${rows.length} open tasks to approve, ${count} wanted`);
  return rows;
}

export interface StatementStat {
  key: string;
  sql: string;
  calls: number;
  ms: number;
  rows: number;
  /** The parameters of its last call, for EXPLAIN. */
  params: readonly unknown[];
}

export interface CommandProfile {
  commands: number;
  beginMs: number;
  commitMs: number;
  statements: StatementStat[];
}

/** A statement's text with long select and returning lists shortened, whitespace collapsed. */
export function statementKey(sql: string): string {
  return sql
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^SELECT (.{60,}?) FROM /, 'SELECT … FROM ')
    .replace(/ RETURNING .*$/, ' RETURNING …')
    .replace(/^(INSERT INTO \w+) \(.*?\) VALUES .*?( RETURNING …)?$/, '$1 (…) VALUES (…)$2');
}

export function profiledDatabase(db: Database): {
  db: Database;
  reset(): void;
  profile(): CommandProfile;
} {
  let stats = new Map<string, StatementStat>();
  let beginMs = 0;
  let commitMs = 0;
  let commands = 0;
  const timed = (target: Queryable): Queryable => ({
    async query<Row>(sql: string, params?: Parameters<Queryable['query']>[1]) {
      const started = performance.now();
      const rows = await target.query<Row>(sql, params);
      const ms = performance.now() - started;
      const key = statementKey(sql);
      const stat = stats.get(key) ?? { key, sql, calls: 0, ms: 0, rows: 0, params: [] };
      stat.calls += 1;
      stat.ms += ms;
      stat.rows += rows.length;
      stat.params = params ?? [];
      stats.set(key, stat);
      return rows;
    },
    exec: (sql) => target.exec(sql),
  });
  const wrapped: Database = {
    ...timed(db),
    engine: db.engine,
    onNotify: (channel, handler) => db.onNotify(channel, handler),
    async transaction(fn) {
      const called = performance.now();
      let bodyEnded = 0;
      const result = await db.transaction(async (tx) => {
        beginMs += performance.now() - called;
        const value = await fn(timed(tx));
        bodyEnded = performance.now();
        return value;
      });
      commitMs += performance.now() - bodyEnded;
      commands += 1;
      return result;
    },
    close: () => db.close(),
  };
  return {
    db: wrapped,
    reset() {
      stats = new Map();
      beginMs = 0;
      commitMs = 0;
      commands = 0;
    },
    /** A copy: later commands do not change it. */
    profile: () => ({ commands, beginMs, commitMs, statements: [...stats.values()].map((s) => ({ ...s })) }),
  };
}

export interface RunResult {
  name: string;
  concurrency: number;
  latencies: number[];
  /** Latencies by the step of the approved task. */
  byNode: Map<string, number[]>;
  wallMs: number;
  errors: Map<string, number>;
  load: number;
}

const errorName = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 80);

/** Approves each target once, `concurrency` at a time; times each command. */
export async function approveRun(
  deps: WorkflowDeps,
  tenantSid: string,
  name: string,
  targets: readonly Target[],
  concurrency: number,
): Promise<RunResult> {
  const latencies: number[] = [];
  const byNode = new Map<string, number[]>();
  const errors = new Map<string, number>();
  const started = performance.now();
  await inParallel(targets, concurrency, async (t) => {
    const began = performance.now();
    try {
      await approveTask(deps, { tenantSid, userSid: t.assigneeSid }, { taskSid: t.taskSid, comment: '同意' });
      const ms = performance.now() - began;
      latencies.push(ms);
      const node = t.nodeId === 'leaders' ? `leaders, level ${t.level}` : t.nodeId;
      const list = byNode.get(node) ?? [];
      list.push(ms);
      byNode.set(node, list);
    } catch (error) {
      errors.set(errorName(error), (errors.get(errorName(error)) ?? 0) + 1);
    }
  });
  return {
    name,
    concurrency,
    latencies: latencies.sort((a, b) => a - b),
    byNode,
    wallMs: performance.now() - started,
    errors,
    load: os.loadavg()[0] ?? Number.NaN,
  };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');

export function printRuns(title: string, runs: readonly RunResult[], targetMs: number): void {
  printTable(
    title,
    [
      'run',
      'approvals',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'max ms',
      'mean ms',
      'approvals/s',
      'errors',
      'load avg',
      'p95 ≤ 30?',
    ],
    runs.map((r) => {
      const p95 = percentile(r.latencies, 95);
      const mean = r.latencies.reduce((a, b) => a + b, 0) / Math.max(1, r.latencies.length);
      const errors = [...r.errors].map(([name, n]) => `${n}× ${name}`).join('; ') || '0';
      return [
        r.name,
        r.latencies.length.toLocaleString('en'),
        ms(percentile(r.latencies, 50)),
        ms(p95),
        ms(percentile(r.latencies, 99)),
        ms(r.latencies[r.latencies.length - 1] ?? Number.NaN),
        ms(mean),
        ((1000 * r.latencies.length) / r.wallMs).toFixed(0),
        errors,
        r.load.toFixed(2),
        p95 <= targetMs ? 'yes' : 'NO',
      ];
    }),
  );
}

export function printByNode(title: string, run: RunResult): void {
  const order = ['submit', 'leaders, level 1', 'leaders, level 2', 'ip_review', 'tech_review'];
  printTable(
    title,
    ['step of the approved task', 'approvals', 'p50 ms', 'p95 ms', 'max ms'],
    [...run.byNode]
      .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
      .map(([node, values]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return [
          node,
          sorted.length,
          ms(percentile(sorted, 50)),
          ms(percentile(sorted, 95)),
          ms(sorted[sorted.length - 1] ?? Number.NaN),
        ];
      }),
  );
}

/** Where the time of the run's commands went, per command on average; statements by total time. */
export function printProfile(title: string, profile: CommandProfile, run: RunResult, top = 14): void {
  const n = Math.max(1, profile.commands);
  const total = run.latencies.reduce((a, b) => a + b, 0);
  const statementMs = profile.statements.reduce((a, s) => a + s.ms, 0);
  const calls = profile.statements.reduce((a, s) => a + s.calls, 0);
  const node = total - statementMs - profile.beginMs - profile.commitMs;
  const share = (part: number) => `${((100 * part) / total).toFixed(0)} %`;
  const rows: Array<Array<string | number>> = [
    ['connection checkout + BEGIN', '1', ms(profile.beginMs / n), share(profile.beginMs)],
    [`statements (${calls} in all)`, (calls / n).toFixed(1), ms(statementMs / n), share(statementMs)],
    ['COMMIT (WAL flush)', '1', ms(profile.commitMs / n), share(profile.commitMs)],
    ['engine code in Node between statements', '—', ms(node / n), share(node)],
  ];
  printTable(title, ['part of a command', 'per command', 'ms per command', 'share'], rows);
  const sorted = [...profile.statements].sort((a, b) => b.ms - a.ms).slice(0, top);
  printTable(
    `The ${sorted.length} statements with most time in the same run (per approve command; rows returned per call)`,
    ['statement', 'calls', 'ms', 'ms per call', 'rows per call'],
    sorted.map((s) => [
      s.key.length > 110 ? `${s.key.slice(0, 109)}…` : s.key,
      (s.calls / n).toFixed(2),
      (s.ms / n).toFixed(2),
      (s.ms / s.calls).toFixed(3),
      (s.rows / s.calls).toFixed(1),
    ]),
  );
}

/** Sequential scans and index scans on the engine's tables (pg_stat_user_tables), to diff around a run. */
export async function scanCounters(
  client: pg.Client,
): Promise<Map<string, { seq: number; seqRows: number; idx: number }>> {
  const { rows } = await client.query<{ relname: string; seq: string; seq_rows: string; idx: string | null }>(
    `SELECT relname, seq_scan::text AS seq, seq_tup_read::text AS seq_rows, idx_scan::text AS idx
       FROM pg_stat_user_tables
      WHERE relname IN ('workflow_instance', 'workflow_token', 'workflow_task', 'workflow_history', 'workflow_job',
                        'workflow_outbox', 'workflow_definition', 'todo', 'm_patent', 'm_person', 'department',
                        'user_account')`,
  );
  return new Map(
    rows.map((r) => [r.relname, { seq: Number(r.seq), seqRows: Number(r.seq_rows), idx: Number(r.idx ?? 0) }]),
  );
}

export function printScans(
  title: string,
  before: Map<string, { seq: number; seqRows: number; idx: number }>,
  after: Map<string, { seq: number; seqRows: number; idx: number }>,
  commands: number,
): void {
  const rows = [...after]
    .map(([table, a]) => {
      const b = before.get(table) ?? { seq: 0, seqRows: 0, idx: 0 };
      return { table, seq: a.seq - b.seq, seqRows: a.seqRows - b.seqRows, idx: a.idx - b.idx };
    })
    .filter((r) => r.seq > 0 || r.idx > 0)
    .sort((x, y) => y.seqRows - x.seqRows);
  printTable(
    title,
    ['table', 'seq scans', 'rows read by seq scans', 'per command', 'index scans'],
    rows.map((r) => [
      r.table,
      r.seq,
      r.seqRows.toLocaleString('en'),
      Math.round(r.seqRows / Math.max(1, commands)).toLocaleString('en'),
      r.idx,
    ]),
  );
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of statements with the parameters of their last call, in a transaction that
 * is rolled back (writes included); a statement that fails so (a key taken by then) is explained without
 * ANALYZE.
 */
export async function explainStatements(client: pg.Client, statements: readonly StatementStat[]): Promise<string[]> {
  const plans: string[] = [];
  for (const s of statements) {
    let text: string;
    await client.query('BEGIN');
    try {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`,
        s.params as unknown[],
      );
      text = rows.map((r) => r['QUERY PLAN']).join('\n');
    } catch {
      await client.query('ROLLBACK');
      await client.query('BEGIN');
      try {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${s.sql}`, s.params as unknown[]);
        text = `(without ANALYZE)\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`;
      } catch (error) {
        text = `(EXPLAIN failed: ${error instanceof Error ? error.message : String(error)})`;
      }
    } finally {
      await client.query('ROLLBACK');
    }
    plans.push(`-- ${s.key}\n-- ${s.calls} calls, ${(s.ms / s.calls).toFixed(3)} ms per call\n${text}\n`);
  }
  return plans;
}
