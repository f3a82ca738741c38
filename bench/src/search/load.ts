// Loads the generated patents into m_patent for one tenant with COPY, unless that tenant already
// holds exactly this data set (reruns skip the load). The table's secondary indexes are dropped for
// the COPY and rebuilt after it, two at a time, with the server's own definitions.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { generatePatents, type GeneratedPatent } from '../patents.js';

export interface LoadTarget {
  url: string;
  tenantSid: string;
  /** The tenant's root company and one sub-company: most rows belong to the root. */
  rootCompanySid: string;
  subCompanySid: string;
  userSid: string;
  rows: number;
}

export interface LoadReport {
  skipped: boolean;
  rows: number;
  copySeconds: number;
  indexSeconds: number;
  indexes: number;
  vacuumSeconds: number;
}

const TABLE = 'm_patent';
/** The m_patent columns a generated patent fills, in the order of patentValues(). */
export const PATENT_COLUMNS = [
  'sid',
  'tenant_sid',
  'company_sid',
  'created_at',
  'created_by',
  'updated_at',
  'updated_by',
  'version',
  'custom',
  'title',
  'sn',
  'application_number',
  'patent_type',
  'country',
  'status',
  'filing_date',
  'publication_date',
  'grant_date',
  'ip_manager',
] as const;

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A value in COPY's text format. */
function copyValue(value: string | number | null): string {
  if (value === null) return '\\N';
  return String(value).replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] ?? c);
}

/** One generated patent's m_patent values (PATENT_COLUMNS); every fifth belongs to the sub-company. */
export function patentValues(
  p: GeneratedPatent,
  index: number,
  target: Pick<LoadTarget, 'tenantSid' | 'rootCompanySid' | 'subCompanySid' | 'userSid'>,
): Array<string | number | null> {
  const company = index % 5 === 4 ? target.subCompanySid : target.rootCompanySid;
  const custom = p.priorityLevel ? JSON.stringify({ priority_level: p.priorityLevel }) : '{}';
  return [
    p.sid,
    target.tenantSid,
    company,
    p.createdAt,
    target.userSid,
    p.updatedAt,
    target.userSid,
    1 + (index % 3),
    custom,
    p.title,
    p.caseNumber,
    p.applicationNumber,
    p.patentType,
    p.country,
    p.status,
    p.filingDate,
    p.publicationDate,
    p.grantDate,
    index % 3 === 0 ? target.userSid : null,
  ];
}

function copyLine(p: GeneratedPatent, index: number, target: LoadTarget): string {
  return `${patentValues(p, index, target).map(copyValue).join('\t')}\n`;
}

function* copyChunks(target: LoadTarget): Generator<string> {
  let chunk = '';
  let index = 0;
  for (const patent of generatePatents(target.rows)) {
    chunk += copyLine(patent, index++, target);
    if (chunk.length > 256 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** True when the tenant holds exactly the generated rows (same count, same first record). */
async function alreadyLoaded(client: pg.Client, target: LoadTarget): Promise<boolean> {
  const first = generatePatents(1).next().value;
  if (!first) return false;
  const { rows } = await client.query<{ total: string; matches: boolean }>(
    `SELECT (SELECT count(*) FROM ${TABLE} WHERE tenant_sid = $1) AS total,
            EXISTS (SELECT 1 FROM ${TABLE} WHERE sid = $2 AND tenant_sid = $1 AND title = $3 AND sn = $4
                       AND updated_at = $5::timestamptz) AS matches`,
    [target.tenantSid, first.sid, first.title, first.caseNumber, first.updatedAt],
  );
  return Number(rows[0]?.total) === target.rows && rows[0]?.matches === true;
}

/** Secondary indexes that are not behind a constraint: safe to drop and rebuild from their definition. */
async function secondaryIndexes(client: pg.Client): Promise<Array<{ name: string; definition: string }>> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS definition
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      WHERE x.indrelid = $1::regclass AND NOT x.indisprimary
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid)
      ORDER BY i.relname`,
    [TABLE],
  );
  return rows;
}

async function rebuildIndexes(
  url: string,
  indexes: ReadonlyArray<{ name: string; definition: string }>,
  connect: (url: string) => Promise<pg.Client>,
): Promise<void> {
  const queue = [...indexes];
  // Two builders for two cores; each with room to sort in memory.
  await Promise.all(
    [0, 1].map(async () => {
      const client = await connect(url);
      try {
        await client.query("SET maintenance_work_mem = '1GB'");
        for (let next = queue.shift(); next; next = queue.shift()) await client.query(next.definition);
      } finally {
        await client.end();
      }
    }),
  );
}

export async function ensurePatents(
  client: pg.Client,
  target: LoadTarget,
  connect: (url: string) => Promise<pg.Client>,
): Promise<LoadReport> {
  if (await alreadyLoaded(client, target))
    return { skipped: true, rows: target.rows, copySeconds: 0, indexSeconds: 0, indexes: 0, vacuumSeconds: 0 };

  // While the indexes are gone, the server's record of the patent table is removed too, so a run that
  // dies half-way leaves a table the next server start completes (it re-runs the model's DDL).
  const schema = await client.query<{ hash: string }>("SELECT hash FROM model_schema WHERE name = 'patent'");
  await client.query("DELETE FROM model_schema WHERE name = 'patent'");
  const indexes = await secondaryIndexes(client);
  const counts = await client.query<{ all: string; mine: string }>(
    `SELECT count(*) AS all, count(*) FILTER (WHERE tenant_sid = $1) AS mine FROM ${TABLE}`,
    [target.tenantSid],
  );
  const existing = counts.rows[0];
  if (existing && Number(existing.all) > 0) {
    if (existing.all === existing.mine) await client.query(`TRUNCATE ${TABLE}`);
    else await client.query(`DELETE FROM ${TABLE} WHERE tenant_sid = $1`, [target.tenantSid]);
  }
  for (const index of indexes) await client.query(`DROP INDEX IF EXISTS "${index.name}"`);

  const copyStarted = performance.now();
  const copy = client.query(copyFrom(`COPY ${TABLE} (${PATENT_COLUMNS.join(', ')}) FROM STDIN`));
  await pipeline(Readable.from(copyChunks(target)), copy);
  const copySeconds = (performance.now() - copyStarted) / 1000;

  const indexStarted = performance.now();
  await rebuildIndexes(target.url, indexes, connect);
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  const hash = schema.rows[0]?.hash;
  if (hash) await client.query('INSERT INTO model_schema (name, hash) VALUES ($1, $2)', ['patent', hash]);

  // Statistics for the planner, and the visibility map that index-only scans (counts) rely on.
  const vacuumStarted = performance.now();
  await client.query(`VACUUM (ANALYZE) ${TABLE}`);
  const vacuumSeconds = (performance.now() - vacuumStarted) / 1000;
  return { skipped: false, rows: target.rows, copySeconds, indexSeconds, indexes: indexes.length, vacuumSeconds };
}
