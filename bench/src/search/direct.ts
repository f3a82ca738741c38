// The server's own statements run directly through pg (unnamed statements with bound values, as the
// server sends them), and their EXPLAIN ANALYZE plans: the floor the API is compared against.
import type pg from 'pg';
import type { TracedQuery } from './trace.js';

/** Up to `runs` timed runs after a warm-up; a slow statement stops after `budgetMs` and `minRuns`. */
export async function timeDirect(
  client: pg.Client,
  query: TracedQuery,
  runs: number,
  budget: { ms: number; minRuns: number },
): Promise<number[]> {
  const values = [...query.params];
  for (let i = 0; i < Math.min(10, runs); i++) await client.query(query.sql, values);
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < runs && (i < budget.minRuns || performance.now() - started < budget.ms); i++) {
    const started = performance.now();
    await client.query(query.sql, values);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Sort Method'?: string;
  'Scan Direction'?: string;
  Strategy?: string;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

interface ExplainJson {
  Plan: PlanNode;
  'Execution Time': number;
  JIT?: { Timing?: { Total?: number } };
}

export interface PlanSummary {
  /** The plan as one line: each node down to the scans, with index names. */
  path: string;
  executionMs: number;
  jitMs: number | undefined;
  /** The full EXPLAIN (ANALYZE, BUFFERS) text. */
  text: string;
}

function describe(node: PlanNode): string {
  const backward = node['Scan Direction'] === 'Backward' ? ' Backward' : '';
  let label = `${node['Node Type']}${backward}`;
  if (node['Index Name']) label += ` ${node['Index Name']}`;
  else if (node['Relation Name']) label += ` ${node['Relation Name']}`;
  if (node['Sort Method']) label += ` [${node['Sort Method']}]`;
  const removed = node['Rows Removed by Filter'];
  label += ` (rows ${node['Actual Rows'] ?? '?'}${removed ? `, filtered out ${removed}` : ''})`;
  const children = node.Plans ?? [];
  if (children.length === 0) return label;
  if (children.length === 1) return `${label} → ${describe(children[0]!)}`;
  return `${label} → [${children.map(describe).join(' ; ')}]`;
}

export async function explain(client: pg.Client, query: TracedQuery): Promise<PlanSummary> {
  const values = [...query.params];
  const json = await client.query<{ 'QUERY PLAN': ExplainJson[] }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query.sql}`,
    values,
  );
  const text = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, values);
  const plan = json.rows[0]!['QUERY PLAN'][0]!;
  return {
    path: describe(plan.Plan),
    executionMs: plan['Execution Time'],
    jitMs: plan.JIT?.Timing?.Total,
    text: text.rows.map((r) => r['QUERY PLAN']).join('\n'),
  };
}

/** The statement as it could be pasted into psql: $n replaced by its value as a literal. */
export function inlined(query: TracedQuery): string {
  return query.sql.replace(/\$(\d+)/g, (_m, n: string) => {
    const value = query.params[Number(n) - 1];
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    const text = Array.isArray(value) ? `{${value.map((v) => `"${String(v)}"`).join(',')}}` : String(value);
    return `'${text.replace(/'/g, "''")}'`;
  });
}
