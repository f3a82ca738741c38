// The portfolio lists through the real API (sequential requests of a signed-in tenant administrator) and
// the exact statements the server ran, replayed through pg: the floor the API is compared against.
// With and without `total`, since the generic search counts every match unless told not to.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '@ipdesk/server';
import type pg from 'pg';
import { percentile, printTable } from '../table.js';
import type { ApiClient } from '../search/api.js';
import { explain, inlined, timeDirect, type PlanSummary } from '../search/direct.js';
import { traceQueries, type TracedQuery } from '../search/trace.js';

export interface ListCase {
  name: string;
  model: 'fee' | 'patent_task';
  iql: string;
  total: boolean;
}

export const FEES_DUE = "status = 'unpaid' AND due_date WITHIN NEXT 90 DAYS ORDER BY due_date ASC";
export const DEADLINES_DUE = "status = 'open' AND due_date WITHIN NEXT 30 DAYS ORDER BY due_date ASC";

export const LIST_CASES: readonly ListCase[] = [
  { name: 'fees due in 90 days, total: false', model: 'fee', iql: FEES_DUE, total: false },
  { name: 'fees due in 90 days, with total', model: 'fee', iql: FEES_DUE, total: true },
  { name: 'deadlines within 30 days, total: false', model: 'patent_task', iql: DEADLINES_DUE, total: false },
  { name: 'deadlines within 30 days, with total', model: 'patent_task', iql: DEADLINES_DUE, total: true },
];

export interface Statement {
  query: TracedQuery;
  kind: 'page' | 'count';
  rawP50: number;
  rawP95: number;
  plan: PlanSummary;
}

export interface ListResult {
  c: ListCase;
  requests: number;
  apiP50: number;
  apiP95: number;
  apiMax: number;
  /** p50 of the time in the list's own statements per request (page + count). */
  sqlP50: number;
  total: number | undefined;
  statements: Statement[];
}

/** Warm-up, then `requests` sequential requests; then each list statement `requests` times through pg. */
export async function measureList(
  api: ApiClient,
  db: Database,
  client: pg.Client,
  c: ListCase,
  options: { requests: number; warmUp: number },
): Promise<ListResult> {
  const table = c.model === 'fee' ? 'm_fee' : 'm_patent_task';
  const own = (sql: string) => new RegExp(`\\b${table}\\b`).test(sql);
  const send = () =>
    api.call<{ data: { rows: unknown[]; total?: number } }>('POST', `/webapi/model/${c.model}/do/search`, {
      iql: c.iql,
      rows: 20,
      total: c.total,
    });
  for (let i = 0; i < options.warmUp; i++) await send();
  const tracer = traceQueries(db);
  const apiTimes: number[] = [];
  const sqlTimes: number[] = [];
  let statements: TracedQuery[] = [];
  let total: number | undefined;
  try {
    for (let i = 0; i < options.requests; i++) {
      const { result, queries } = await tracer.during(send);
      const mine = queries.filter((q) => own(q.sql));
      if (statements.length === 0) statements = mine;
      total = result.body.data.total;
      apiTimes.push(result.ms);
      sqlTimes.push(mine.reduce((sum, q) => sum + q.ms, 0));
    }
  } finally {
    tracer.restore();
  }
  if (statements.length === 0) throw new Error(`${c.name}: no statement on ${table} was seen`);
  apiTimes.sort((a, b) => a - b);
  sqlTimes.sort((a, b) => a - b);
  const measured: Statement[] = [];
  for (const query of statements) {
    const raw = await timeDirect(client, query, options.requests, { ms: 60_000, minRuns: options.requests });
    measured.push({
      query,
      kind: /^\s*SELECT count\(\*\)/i.test(query.sql) ? 'count' : 'page',
      rawP50: percentile(raw, 50),
      rawP95: percentile(raw, 95),
      plan: await explain(client, query),
    });
  }
  return {
    c,
    requests: apiTimes.length,
    apiP50: percentile(apiTimes, 50),
    apiP95: percentile(apiTimes, 95),
    apiMax: apiTimes.at(-1) ?? Number.NaN,
    sqlP50: percentile(sqlTimes, 50),
    total,
    statements: measured,
  };
}

const ms = (value: number) => value.toFixed(2);

export function printLists(lists: readonly ListResult[], header: string, targetMs: number, plansFile: string): void {
  const raw = (l: ListResult, kind: Statement['kind']) => {
    const s = l.statements.find((x) => x.kind === kind);
    return s ? `${ms(s.rawP50)} / ${ms(s.rawP95)}` : '—';
  };
  printTable(
    header,
    [
      'list',
      'matches',
      'API p50',
      'API p95',
      'API max',
      'its SQL in the API, p50',
      'raw page p50 / p95',
      'raw count p50 / p95',
      'met?',
    ],
    lists.map((l) => [
      l.c.name,
      l.total === undefined ? '—' : l.total.toLocaleString('en'),
      ms(l.apiP50),
      ms(l.apiP95),
      ms(l.apiMax),
      ms(l.sqlP50),
      raw(l, 'page'),
      raw(l, 'count'),
      l.apiP95 <= targetMs ? 'yes' : 'NO',
    ]),
  );
  const plans = lists
    .filter((l) => l.c.total)
    .flatMap((l) => l.statements.map((s) => ({ name: `${l.c.model} ${s.kind}`, s })));
  printTable(
    `Plans of the raw statements (EXPLAIN ANALYZE; full text in ${plansFile})`,
    ['statement', 'execution ms', 'plan'],
    plans.map(({ name, s }) => [name, ms(s.plan.executionMs), s.plan.path]),
  );
  mkdirSync(path.dirname(plansFile), { recursive: true });
  writeFileSync(
    plansFile,
    plans.map(({ name, s }) => `=== ${name}\n\n${inlined(s.query)};\n\n${s.plan.text}\n`).join('\n'),
  );
}
