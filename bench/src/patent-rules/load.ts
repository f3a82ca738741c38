// Loads the benchmark portfolio (portfolio.ts) into m_patent and m_patent_item once: a rerun finds the
// finished load recorded in bench_rules_state and skips it. Secondary indexes of the two tables are
// dropped for the insert and rebuilt after it from their own definitions, two at a time.
import type pg from 'pg';
import { printTable } from '../table.js';
import { INSERT_ITEMS, INSERT_PATENTS } from './portfolio.js';

export interface PortfolioTarget {
  url: string;
  tenantSid: string;
  companySid: string;
  userSid: string;
  rows: number;
  /** YYYY-MM-DD: nothing is filed, granted or served on or after it. */
  today: string;
}

export interface LoadReport {
  skipped: boolean;
  patents: number;
  items: number;
  patentSeconds: number;
  itemSeconds: number;
  indexSeconds: number;
  indexes: number;
  vacuumSeconds: number;
}

/** The benchmark's own bookkeeping: which steps are done, with what result (kept between runs). */
const STATE_TABLE = `CREATE TABLE IF NOT EXISTS bench_rules_state (
  step text PRIMARY KEY,
  done_at timestamptz NOT NULL DEFAULT now(),
  report jsonb NOT NULL
)`;

const TABLES = { m_patent: 'patent', m_patent_item: 'patent_item' } as const;
/** Rows of the tenant the rules write; cleared with a new load so the first recompute starts empty. */
const DERIVED = ['m_patent_task', 'm_fee', 'deadline_basis'] as const;

export async function readStep<T>(client: pg.Client, step: string): Promise<T | undefined> {
  await client.query(STATE_TABLE);
  const { rows } = await client.query<{ report: T }>('SELECT report FROM bench_rules_state WHERE step = $1', [step]);
  return rows[0]?.report;
}

export async function recordStep(client: pg.Client, step: string, report: object | null): Promise<void> {
  await client.query(STATE_TABLE);
  if (report === null) {
    await client.query('DELETE FROM bench_rules_state WHERE step = $1', [step]);
    return;
  }
  await client.query(
    `INSERT INTO bench_rules_state (step, report) VALUES ($1, $2)
     ON CONFLICT (step) DO UPDATE SET report = EXCLUDED.report, done_at = now()`,
    [step, JSON.stringify(report)],
  );
}

/** Secondary indexes that are not behind a constraint: safe to drop and rebuild from their definition. */
async function secondaryIndexes(
  client: pg.Client,
  table: string,
): Promise<Array<{ name: string; definition: string }>> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      WHERE x.indrelid = $1::regclass AND NOT x.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)
      ORDER BY i.relname`,
    [table],
  );
  return rows;
}

async function buildIndexes(
  url: string,
  definitions: readonly string[],
  connect: (url: string) => Promise<pg.Client>,
): Promise<void> {
  const queue = [...definitions];
  // Two builders for the machine's two cores, each with room to sort in memory.
  await Promise.all(
    [0, 1].map(async () => {
      const client = await connect(url);
      try {
        await client.query("SET maintenance_work_mem = '1GB'");
        for (let next = queue.shift(); next; next = queue.shift()) await client.query(next);
      } finally {
        await client.end();
      }
    }),
  );
}

interface LoadedMark {
  rows: number;
  today: string;
  report: LoadReport;
}

export async function ensurePortfolio(
  client: pg.Client,
  target: PortfolioTarget,
  connect: (url: string) => Promise<pg.Client>,
): Promise<LoadReport> {
  const mark = await readStep<LoadedMark>(client, 'load');
  const { rows: counted } = await client.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM m_patent WHERE tenant_sid = $1',
    [target.tenantSid],
  );
  if (mark?.rows === target.rows && counted[0]?.n === target.rows) return { ...mark.report, skipped: true };

  // Anything computed from an earlier load is stale: the first recompute runs again after this one.
  await recordStep(client, 'load', null);
  await recordStep(client, 'first-recompute', null);
  // While the indexes are gone the server's record of both tables is removed too, so a run that dies
  // half-way leaves tables the next server start completes (it re-runs the models' DDL).
  const schemas = await client.query<{ name: string; hash: string }>(
    'SELECT name, hash FROM model_schema WHERE name = ANY($1::text[])',
    [Object.values(TABLES)],
  );
  await client.query('DELETE FROM model_schema WHERE name = ANY($1::text[])', [Object.values(TABLES)]);
  for (const table of [...DERIVED, ...Object.keys(TABLES)])
    await client.query(`DELETE FROM ${table} WHERE tenant_sid = $1`, [target.tenantSid]);
  const definitions: string[] = [];
  for (const table of Object.keys(TABLES)) {
    for (const index of await secondaryIndexes(client, table)) {
      definitions.push(index.definition);
      await client.query(`DROP INDEX IF EXISTS "${index.name}"`);
    }
  }

  let started = performance.now();
  const patents = await client.query(INSERT_PATENTS, [
    target.tenantSid,
    target.companySid,
    target.userSid,
    target.rows,
    target.today,
  ]);
  const patentSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const items = await client.query(INSERT_ITEMS, [target.tenantSid, target.companySid, target.userSid, target.today]);
  const itemSeconds = (performance.now() - started) / 1000;

  started = performance.now();
  await buildIndexes(target.url, definitions, connect);
  const indexSeconds = (performance.now() - started) / 1000;
  for (const { name, hash } of schemas.rows)
    await client.query('INSERT INTO model_schema (name, hash) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
      name,
      hash,
    ]);

  started = performance.now();
  await client.query(`VACUUM (ANALYZE) ${Object.keys(TABLES).join(', ')}`);
  const vacuumSeconds = (performance.now() - started) / 1000;
  const report: LoadReport = {
    skipped: false,
    patents: patents.rowCount ?? 0,
    items: items.rowCount ?? 0,
    patentSeconds,
    itemSeconds,
    indexSeconds,
    indexes: definitions.length,
    vacuumSeconds,
  };
  await recordStep(client, 'load', { rows: target.rows, today: target.today, report } satisfies LoadedMark);
  return report;
}

const seconds = (s: number) => s.toFixed(1);
const count = (value: number) => value.toLocaleString('en');
const share = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;

export async function printPortfolio(
  client: pg.Client,
  tenantSid: string,
  load: LoadReport,
  title: string,
): Promise<void> {
  printTable(
    title,
    ['load', 'patents', 'INSERT s', 'office actions + replies', 'INSERT s', 'index rebuild s', 'VACUUM ANALYZE s'],
    [
      [
        load.skipped ? 'skipped: already loaded (figures of the first load)' : 'INSERT … SELECT generate_series',
        count(load.patents),
        seconds(load.patentSeconds),
        count(load.items),
        seconds(load.itemSeconds),
        `${seconds(load.indexSeconds)} (${load.indexes} indexes)`,
        seconds(load.vacuumSeconds),
      ],
    ],
  );
  const { rows } = await client.query<Record<string, number | string | null>>(
    `SELECT p.country AS office, count(*)::int AS cases,
            count(*) FILTER (WHERE patent_type = 'invention')::int AS invention,
            count(*) FILTER (WHERE patent_type = 'utility_model')::int AS utility_model,
            count(*) FILTER (WHERE patent_type = 'design')::int AS design,
            count(*) FILTER (WHERE priority_date IS NOT NULL)::int AS priority,
            count(*) FILTER (WHERE grant_date IS NOT NULL)::int AS granted,
            count(*) FILTER (WHERE ended_date IS NOT NULL)::int AS ended,
            count(*) FILTER (WHERE EXISTS (SELECT 1 FROM m_patent_item i WHERE i.tenant_sid = p.tenant_sid
                                             AND i.patent = p.sid AND i.event = 'office_action'))::int AS with_oa
       FROM m_patent p WHERE p.tenant_sid = $1 GROUP BY ROLLUP (p.country) ORDER BY count(*) DESC`,
    [tenantSid],
  );
  const all = Number(rows[0]?.cases);
  printTable(
    'Portfolio mix (shares of the row; the first row is every office)',
    [
      'office',
      'cases',
      'share',
      'invention',
      'utility model',
      'design',
      'priority',
      'granted',
      'ended',
      'office action',
    ],
    rows.map((r) => {
      const cases = Number(r.cases);
      return [
        r.office ?? 'all',
        count(cases),
        share(cases, all),
        ...['invention', 'utility_model', 'design', 'priority', 'granted', 'ended', 'with_oa'].map((k) =>
          share(Number(r[k]), cases),
        ),
      ];
    }),
  );
}
