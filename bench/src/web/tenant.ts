// The data the web benchmark looks at, prepared once and reused: BENCH_ROWS generated patents of the demo
// tenant (every fifth in its sub-company) and an IP specialist who works in both companies. PostgreSQL loads
// by COPY (search/load.ts), with one open deadline per patent; the embedded database gets its accounts here
// and its patents through the built server's import (embedded-import.ts), which computes their deadlines and
// fees as for any import. The in-process server that prepares it is closed afterwards, so the benchmark can
// start the built server on the same data.
import { createUserAccount, type Database } from '@ipdesk/server';
import { startQuietServer, type BenchServer } from '../bench-server.js';
import { untilPacksRecorded, type RunSql } from '../pack-state.js';
import { generatePatents } from '../patents.js';
import { connect, ensureDatabase } from '../search/database.js';
import { ensurePatents } from '../search/load.js';

export const WEB_ACCOUNT = 'bench_web';
export const WEB_PASSWORD = 'Patent#2026a';
/** The tenant administrator who imports the embedded benchmark's patents. */
export const IMPORT_ACCOUNT = 'bench_import';

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

/** The demo tenant's companies and how many patents it holds, for importing them through the built server. */
export interface EmbeddedAccounts {
  tenantSid: string;
  subCompanySid: string;
  patents: number;
}

/**
 * The embedded database in `dataDir` with the two accounts only (the IP specialist, and a tenant administrator
 * who imports): its patents are imported through the built server (embedded-import.ts), unless a kept folder
 * holds them already.
 */
export async function prepareEmbeddedAccounts(dataDir: string): Promise<EmbeddedAccounts> {
  const running = await startQuietServer(undefined, { dataDir });
  try {
    const { db } = running.server;
    const tenantSid = running.server.demo.tenant.sid;
    await untilPacksRecorded((sql, params) => db.query(sql, params), tenantSid);
    const subCompanySid = await subCompanyOf(db, tenantSid);
    await ensureAccount(db, tenantSid, subCompanySid);
    const admin = await db.query('SELECT 1 FROM user_account WHERE tenant_sid = $1 AND account = $2', [
      tenantSid,
      IMPORT_ACCOUNT,
    ]);
    if (!admin.length)
      await createUserAccount(db, {
        tenantSid,
        account: IMPORT_ACCOUNT,
        password: WEB_PASSWORD,
        name: 'Bench import',
        isTenantAdmin: true,
        companies: [tenantSid, subCompanySid],
      });
    const held = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM m_patent WHERE tenant_sid = $1', [
      tenantSid,
    ]);
    return { tenantSid, subCompanySid, patents: held[0]?.n ?? 0 };
  } finally {
    await running.close();
  }
}
