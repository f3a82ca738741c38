// The data the web benchmark looks at, prepared once and reused: BENCH_ROWS generated patents of the demo
// tenant (every fifth in its sub-company), one open deadline per patent, and an IP specialist who works in
// both companies. PostgreSQL loads by COPY (search/load.ts); the embedded database by multi-row INSERTs
// through the server's own database layer. The in-process server that prepares it is closed afterwards,
// so the benchmark can start the built server on the same data.
import { createUserAccount, type Database } from '@ipdesk/server';
import { startQuietServer, type BenchServer } from '../bench-server.js';
import { untilPacksRecorded, type RunSql } from '../pack-state.js';
import { generatePatents } from '../patents.js';
import { connect, ensureDatabase } from '../search/database.js';
import { ensurePatents, PATENT_COLUMNS, patentValues } from '../search/load.js';

export const WEB_ACCOUNT = 'bench_web';
export const WEB_PASSWORD = 'Patent#2026a';

export interface WebTenant {
  tenantSid: string;
  subCompanySid: string;
  /** A patent of the root company, for the detail page. */
  patentSid: string;
  rows: number;
  /** What preparing took: "loaded in 412 s" or "reused". */
  note: string;
}

/** Whose the generated patents are: most of the root company, every fifth of the sub-company. */
type PatentOwners = { tenantSid: string; rootCompanySid: string; subCompanySid: string; userSid: string };

/** The IP specialist of both companies (data scope: own companies), created once. */
async function ensureAccount(db: Database, tenantSid: string, subCompanySid: string): Promise<string> {
  const found = await db.query<{ sid: string }>('SELECT sid FROM user_account WHERE tenant_sid = $1 AND account = $2', [
    tenantSid,
    WEB_ACCOUNT,
  ]);
  if (found[0]) return found[0].sid;
  const { sid } = await createUserAccount(db, {
    tenantSid,
    account: WEB_ACCOUNT,
    password: WEB_PASSWORD,
    name: 'Bench web',
    companies: [tenantSid, subCompanySid],
  });
  await db.query(
    "INSERT INTO user_role (user_sid, role_sid) SELECT $1, sid FROM role WHERE tenant_sid = $2 AND code = 'ip_specialist'",
    [sid, tenantSid],
  );
  return sid;
}

/**
 * One open, hand-made deadline per patent (due within two years either side of 2026-06-01), unless the
 * tenant already holds exactly one per patent. Sids are derived from the patent's, so reruns agree.
 */
async function ensureDeadlines(run: RunSql, tenantSid: string, rows: number): Promise<void> {
  const held = (await run('SELECT count(*)::int AS n FROM m_patent_task WHERE tenant_sid = $1', [tenantSid])) as Array<{
    n: number;
  }>;
  if (held[0]?.n === rows) return;
  await run('DELETE FROM m_patent_task WHERE tenant_sid = $1', [tenantSid]);
  await run(
    `INSERT INTO m_patent_task (sid, tenant_sid, company_sid, created_at, created_by, updated_at, updated_by, version,
                                custom, patent, title, due_date, status, office, origin)
     SELECT 'D' || substr(md5(p.sid), 1, 15), p.tenant_sid, p.company_sid, p.created_at, p.created_by, p.updated_at,
            p.updated_by, 1, '{}'::jsonb, p.sid, '答复审查意见',
            DATE '2026-06-01' + ((hashtext(p.sid) % 730))::int,
            CASE WHEN hashtext(p.sid) % 4 = 0 THEN 'done' ELSE 'open' END, p.country, 'manual'
       FROM m_patent p WHERE p.tenant_sid = $1`,
    [tenantSid],
  );
  await run('ANALYZE m_patent_task', []);
}

async function subCompanyOf(db: Database, tenantSid: string): Promise<string> {
  const sub = await db.query<{ sid: string }>(
    'SELECT sid FROM company WHERE tenant_sid = $1 AND sid <> $1 ORDER BY path LIMIT 1',
    [tenantSid],
  );
  if (!sub[0]) throw new Error('The demo tenant has no sub-company');
  return sub[0].sid;
}

/**
 * Rows per INSERT on the embedded database: 1,000 once ended in a PGlite PANIC ("XLogBeginInsert was already
 * called") part-way through 100,000; smaller statements hold less in the WASM heap at once.
 */
const INSERT_ROWS = 250;

/** The patents on the embedded database, INSERT_ROWS per statement, unless the tenant holds exactly that many. */
async function insertPatents(db: Database, target: PatentOwners, rows: number): Promise<boolean> {
  const held = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM m_patent WHERE tenant_sid = $1', [
    target.tenantSid,
  ]);
  if (held[0]?.n === rows) return false;
  await db.query('DELETE FROM m_patent WHERE tenant_sid = $1', [target.tenantSid]);
  const width = PATENT_COLUMNS.length;
  let batch: Array<string | number | null> = [];
  const flush = async () => {
    const count = batch.length / width;
    const tuples = Array.from(
      { length: count },
      (_, r) => `(${PATENT_COLUMNS.map((_c, c) => `$${r * width + c + 1}`).join(', ')})`,
    );
    await db.query(`INSERT INTO m_patent (${PATENT_COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`, batch);
    batch = [];
  };
  let index = 0;
  for (const patent of generatePatents(rows)) {
    batch.push(...patentValues(patent, index++, target));
    if (batch.length === INSERT_ROWS * width) await flush();
  }
  if (batch.length) await flush();
  await db.query('ANALYZE m_patent');
  return true;
}

const firstPatentSid = (): string => {
  const first = generatePatents(1).next().value;
  if (!first) throw new Error('The generator made no patent');
  return first.sid;
};

/** The account, the patents (by `loadPatents`, true when it loaded them) and the deadlines of the demo tenant. */
async function prepareTenant(
  running: BenchServer,
  run: RunSql,
  rows: number,
  loadPatents: (owners: PatentOwners) => Promise<boolean>,
): Promise<WebTenant> {
  const started = performance.now();
  const { db } = running.server;
  const tenantSid = running.server.demo.tenant.sid;
  await untilPacksRecorded(run, tenantSid);
  const subCompanySid = await subCompanyOf(db, tenantSid);
  const userSid = await ensureAccount(db, tenantSid, subCompanySid);
  const loaded = await loadPatents({ tenantSid, rootCompanySid: tenantSid, subCompanySid, userSid });
  await ensureDeadlines(run, tenantSid, rows);
  const seconds = (performance.now() - started) / 1000;
  return {
    tenantSid,
    subCompanySid,
    patentSid: firstPatentSid(),
    rows,
    note: loaded ? `loaded in ${seconds.toFixed(0)} s` : 'reused',
  };
}

/**
 * The 1M-patent tenant on PostgreSQL (DATABASE_URL's database, created when missing). `dataDir` must be the
 * same folder on every run with this database: its secrets.json seals the database's sign-in keys.
 */
export async function preparePostgres(databaseUrl: string, dataDir: string, rows: number): Promise<WebTenant> {
  await ensureDatabase(databaseUrl);
  const running = await startQuietServer(databaseUrl, { dataDir });
  const client = await connect(databaseUrl);
  try {
    // A plain client: loading and indexing outlast the server's statement timeout.
    const run: RunSql = async (sql, params) => (await client.query(sql, params)).rows;
    return await prepareTenant(running, run, rows, async (owners) => {
      const load = await ensurePatents(client, { url: databaseUrl, ...owners, rows }, connect);
      return !load.skipped;
    });
  } finally {
    await client.end();
    await running.close();
  }
}

/** The same tenant on the embedded database in `dataDir` (kept for the built server to open). */
export async function prepareEmbedded(dataDir: string, rows: number): Promise<WebTenant> {
  const running = await startQuietServer(undefined, { dataDir });
  try {
    const { db } = running.server;
    return await prepareTenant(
      running,
      (sql, params) => db.query(sql, params),
      rows,
      (owners) => insertPatents(db, owners, rows),
    );
  } finally {
    await running.close();
  }
}
