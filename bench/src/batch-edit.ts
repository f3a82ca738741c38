// npm run bench:batch-edit: the batch edit of issue 18 (acceptance 4) through the real routes and job
// runner — N imported patents (BENCH_ROWS, default 10,000) get a new agency and IP manager by an iql
// search, one is changed afterwards, the undo restores the others and skips it; then a lifecycle action on
// 1,000 papers chosen by iql, some refused. Embedded database unless DATABASE_URL is set (its data is kept,
// and the data folder in bench/out; each run tags its own records, so reruns on one database do not mix). Timings are printed, never
// asserted; the counts are asserted, so a wrong result stops the run.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { createUserAccount, type Database, type Queryable } from '@ipdesk/server';
import { generatePatents } from './patents.js';
import { ApiClient } from './search/api.js';
import { BENCH_PASSWORD, startQuietServer } from './bench-server.js';
import { printTable } from './table.js';

const intEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
};
const ROWS = intEnv('BENCH_ROWS', 10_000);
const PAPERS = intEnv('BENCH_PAPERS', 1_000);
/** Papers already reported, which "submit" refuses: one in twenty. */
const REFUSED = Math.ceil(PAPERS / 20);
const POLL_MS = 100;
/** BENCH_TRACE=1: the statements each record of the edit job ran, grouped, with their time (where it goes). */
const TRACE = Boolean(process.env.BENCH_TRACE);

interface Batch {
  status: string;
  total: number;
  counts: Record<'pending' | 'done' | 'unchanged' | 'failed' | 'skipped', number>;
}

const load = os.loadavg()[0]!.toFixed(2);
// On PostgreSQL the data folder (it holds the key the database's sign-in keys are sealed with) is kept in
// bench/out per database, so a rerun on the same database starts.
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = databaseUrl && path.resolve('bench/out', `batch-edit-${new URL(databaseUrl).pathname.slice(1)}`);
if (dataDir) mkdirSync(dataDir, { recursive: true });
const { server, close } = await startQuietServer(databaseUrl, dataDir ? { dataDir } : {});
const db = server.db;
const tenantSid = server.demo.tenant.sid;
const [account] = await db.query<{ sid: string }>(
  'SELECT sid FROM user_account WHERE tenant_sid = $1 AND account = $2',
  [tenantSid, 'batch'],
);
const managerSid =
  account?.sid ??
  (
    await createUserAccount(db, {
      tenantSid,
      account: 'batch',
      password: BENCH_PASSWORD,
      name: 'batch',
      isTenantAdmin: true,
    })
  ).sid;
const api = new ApiClient(server.url, 'batch', BENCH_PASSWORD);
const authorization = await api.authorization();
const tag = `B${Date.now().toString(36).toUpperCase()}`;
const seconds = (since: number) => (performance.now() - since) / 1000;
const one = async <T>(sql: string, params: unknown[]) => (await db.query<T>(sql, params as never))[0]!;

try {
  // The patents, imported as a user would (so their deadlines and fees are computed), each case number tagged.
  let started = performance.now();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  sheet.addRow(['title', 'sn', 'application_number', 'patent_type', 'country', 'status', 'filing_date']);
  for (const p of generatePatents(ROWS, 18))
    sheet.addRow([
      p.title,
      `${tag}-${p.caseNumber}`,
      p.applicationNumber,
      p.patentType,
      p.country,
      p.status,
      p.filingDate,
    ]);
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(await workbook.xlsx.writeBuffer())]), 'patents.xlsx');
  const upload = await fetch(`${server.url}/webapi/model/patent/do/import?mode=valid_only`, {
    method: 'POST',
    headers: { authorization },
    body: form,
  });
  const importSid = ((await upload.json()) as { data: { job_sid: string } }).data.job_sid;
  let job: { status: string; imported: number; error_count: number };
  do {
    await new Promise((resolve) => setTimeout(resolve, 250));
    job = (await api.call<{ data: typeof job }>('GET', `/webapi/model/patent/do/import/${importSid}`)).body.data;
  } while (job.status === 'waiting' || job.status === 'running');
  assert.equal(job.imported, ROWS, `import: ${JSON.stringify(job)}`);
  const importSeconds = seconds(started);

  const query = `sn STARTS WITH '${tag}-'`;
  const other = await createUserAccount(db, {
    tenantSid,
    account: `${tag.toLowerCase()}_other`,
    password: BENCH_PASSWORD,
    name: 'Other manager',
  });
  const agency = (
    await api.call<{ data: { sid: string } }>('POST', '/webapi/model/agency/do/create', {
      data: { name: `${tag} 新代理所` },
    })
  ).body.data.sid;
  const values = { agency, ip_manager: managerSid };
  // What the rules wrote for these cases: an agency and IP manager change must leave it as it is.
  const ruleRows = () =>
    one<{ deadlines: number; fees: number; versions: number }>(
      `SELECT (SELECT count(*)::int FROM m_patent_task t JOIN m_patent p ON p.sid = t.patent WHERE p.tenant_sid = $1 AND p.sn LIKE $2) AS deadlines,
              (SELECT count(*)::int FROM m_fee f JOIN m_patent p ON p.sid = f.patent WHERE p.tenant_sid = $1 AND p.sn LIKE $2) AS fees,
              (SELECT coalesce(sum(t.version), 0)::int FROM m_patent_task t JOIN m_patent p ON p.sid = t.patent WHERE p.tenant_sid = $1 AND p.sn LIKE $2)
              + (SELECT coalesce(sum(f.version), 0)::int FROM m_fee f JOIN m_patent p ON p.sid = f.patent WHERE p.tenant_sid = $1 AND p.sn LIKE $2) AS versions`,
      [tenantSid, `${tag}-%`],
    );
  const rulesBefore = await ruleRows();

  /** Polls a batch until it ends: its wall time and how many snapshots showed it part way. */
  const untilDone = async (sid: string, since: number) => {
    // This process's CPU time meanwhile (the server, and on the embedded engine the database too): on a busy
    // machine a steadier figure than the wall time.
    const cpuFrom = process.cpuUsage();
    let progress = 0;
    for (;;) {
      const batch = (await api.call<{ data: Batch }>('GET', `/webapi/batch-edit/${sid}`)).body.data;
      if (batch.status === 'completed' || batch.status === 'failed') {
        const run = await one<{ ms: number }>(
          'SELECT extract(epoch FROM finished_at - started_at)::float * 1000 AS ms FROM batch_job WHERE sid = $1',
          [sid],
        );
        const cpu = process.cpuUsage(cpuFrom);
        const cpuMs = (cpu.user + cpu.system) / 1000;
        return { batch, wall: seconds(since), runSeconds: Number(run.ms) / 1000, progress, cpuMs };
      }
      if (batch.status === 'running' && batch.counts.pending > 0 && batch.counts.pending < batch.total) progress++;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };

  started = performance.now();
  const preview = (
    await api.call<{ data: { selected: number; in_scope: number; will_change: number } }>(
      'POST',
      '/webapi/model/patent/do/batch-edit/preview',
      { query, values },
    )
  ).body.data;
  const previewSeconds = seconds(started);
  assert.deepEqual(preview, { selected: ROWS, in_scope: ROWS, will_change: ROWS });

  const trace = TRACE ? traceTransactions(db) : undefined;
  started = performance.now();
  const editSid = (
    await api.call<{ data: { batch_sid: string } }>('POST', '/webapi/model/patent/do/batch-edit', { query, values })
  ).body.data.batch_sid;
  const startSeconds = seconds(started);
  const edit = await untilDone(editSid, started);
  assert.deepEqual(edit.batch.counts, { pending: 0, done: ROWS, unchanged: 0, failed: 0, skipped: 0 });
  trace?.stop();
  const rulesAfter = await ruleRows();
  assert.deepEqual(rulesAfter, rulesBefore, 'an agency and IP manager change wrote deadlines or fees');

  started = performance.now();
  const history = await api.call<{ data: { total: number } }>('GET', '/webapi/batch-edit/history?rows=20');
  const items = await api.call<{ data: { total: number } }>('GET', `/webapi/batch-edit/${editSid}/items?rows=50`);
  const historySeconds = seconds(started);
  assert.ok(history.body.data.total >= 1);
  assert.equal(items.body.data.total, ROWS);

  // One record changed after the batch: the undo skips it and restores the others.
  const changed = await one<{ sid: string; version: number }>(
    'SELECT sid, version FROM m_patent WHERE tenant_sid = $1 AND sn LIKE $2 ORDER BY sn LIMIT 1',
    [tenantSid, `${tag}-%`],
  );
  await api.call('POST', '/webapi/model/patent/do/update', {
    sid: changed.sid,
    version: changed.version,
    data: { ip_manager: other.sid },
  });
  started = performance.now();
  const undoSid = (await api.call<{ data: { batch_sid: string } }>('POST', `/webapi/batch-edit/${editSid}/undo`, {}))
    .body.data.batch_sid;
  const undo = await untilDone(undoSid, started);
  assert.deepEqual(undo.batch.counts, { pending: 0, done: ROWS - 1, unchanged: 0, failed: 0, skipped: 1 });
  const { restored } = await one<{ restored: number }>(
    'SELECT count(*)::int AS restored FROM m_patent WHERE tenant_sid = $1 AND sn LIKE $2 AND agency IS NULL AND ip_manager IS NULL',
    [tenantSid, `${tag}-%`],
  );
  assert.equal(restored, ROWS - 1);

  // A lifecycle action on papers an iql search finds: the reported ones are refused by "submit".
  const { company_sid: companySid } = await one<{ company_sid: string | null }>(
    'SELECT company_sid FROM m_patent WHERE tenant_sid = $1 AND sn LIKE $2 LIMIT 1',
    [tenantSid, `${tag}-%`],
  );
  await db.query(
    `INSERT INTO m_scientific_paper (sid, tenant_sid, company_sid, created_at, updated_at, version, title, status)
     SELECT substr(md5($1 || g), 1, 16), $2, $3, now(), now(), 1, $1 || ' paper ' || g,
            CASE WHEN g <= $5 THEN 'reported' ELSE 'draft' END
       FROM generate_series(1, $4::int) g`,
    [tag, tenantSid, companySid, PAPERS, REFUSED],
  );
  started = performance.now();
  const action = (
    await api.call<{ data: { done: number; started: number; refused: number } }>(
      'POST',
      '/webapi/model/scientific_paper/do/action/submit',
      { query: `title STARTS WITH '${tag} paper'` },
    )
  ).body.data;
  const actionSeconds = seconds(started);
  assert.deepEqual(
    { moved: action.done + action.started, refused: action.refused },
    { moved: PAPERS - REFUSED, refused: REFUSED },
  );

  const perRecord = (count: number, s: number) => [Math.round(count / s), ((s * 1000) / count).toFixed(2)];
  printTable(
    `Batch edit of ${ROWS.toLocaleString('en')} patents and a lifecycle action on ${PAPERS.toLocaleString('en')} papers (${db.engine}, ${os.cpus().length} cores, load ${load} at start)`,
    ['step', 'seconds', 'records/s', 'ms/record', 'note'],
    [
      [
        'import the patents (setup)',
        importSeconds.toFixed(1),
        Math.round(ROWS / importSeconds),
        '—',
        `${rulesBefore.deadlines} deadlines, ${rulesBefore.fees} fees`,
      ],
      ['preview (agency + IP manager)', previewSeconds.toFixed(2), '—', '—', `will change ${preview.will_change}`],
      ['start the edit (select, queue)', startSeconds.toFixed(2), '—', '—', ''],
      [
        'edit job, wall (start → seen done)',
        edit.wall.toFixed(1),
        ...perRecord(ROWS, edit.wall),
        `done ${edit.batch.counts.done}; progress seen ${edit.progress}×; rule rows unchanged`,
      ],
      [
        'edit job, runner (started → finished)',
        edit.runSeconds.toFixed(1),
        ...perRecord(ROWS, edit.runSeconds),
        `CPU of this process ${(edit.cpuMs / ROWS).toFixed(2)} ms/record`,
      ],
      ['history + first items page', historySeconds.toFixed(2), '—', '—', `${items.body.data.total} items`],
      [
        'undo, wall (ask → seen done)',
        undo.wall.toFixed(1),
        ...perRecord(ROWS, undo.wall),
        `done ${undo.batch.counts.done}, skipped ${undo.batch.counts.skipped} (changed since)`,
      ],
      [
        'undo, runner',
        undo.runSeconds.toFixed(1),
        ...perRecord(ROWS, undo.runSeconds),
        `CPU of this process ${(undo.cpuMs / ROWS).toFixed(2)} ms/record`,
      ],
      [
        `action "submit" on ${PAPERS} papers by iql`,
        actionSeconds.toFixed(1),
        ...perRecord(PAPERS, actionSeconds),
        `moved ${action.done + action.started}, refused ${action.refused}`,
      ],
    ],
  );
  if (trace) trace.print(ROWS, edit.runSeconds);
} finally {
  await close();
}

/** Wraps the database's transactions to time every statement run in them, grouped by its start. */
function traceTransactions(database: Database) {
  const original = database.transaction.bind(database);
  const groups = new Map<string, { count: number; ms: number }>();
  let transactions = 0;
  database.transaction = (<T>(fn: (tx: Queryable) => Promise<T>) =>
    original((tx) => {
      transactions++;
      const traced: Queryable = {
        exec: (sql) => tx.exec(sql),
        async query(sql, params) {
          const at = performance.now();
          try {
            return await tx.query(sql, params);
          } finally {
            const key = sql.replace(/\s+/g, ' ').trim().slice(0, 70);
            const group = groups.get(key) ?? { count: 0, ms: 0 };
            group.count++;
            group.ms += performance.now() - at;
            groups.set(key, group);
          }
        },
      };
      return fn(traced);
    })) as Database['transaction'];
  return {
    stop: () => (database.transaction = original),
    print(records: number, runSeconds: number) {
      const rows = [...groups].sort((a, b) => b[1].ms - a[1].ms);
      const sqlMs = rows.reduce((sum, [, g]) => sum + g.ms, 0);
      printTable(
        `Statements in transactions during the edit (${transactions} transactions; SQL ${(sqlMs / records).toFixed(2)} ms of ${((runSeconds * 1000) / records).toFixed(2)} ms per record)`,
        ['statement', 'count', 'per record', 'ms total', 'ms/record'],
        rows
          .slice(0, 25)
          .map(([sql, g]) => [
            sql,
            g.count,
            (g.count / records).toFixed(2),
            g.ms.toFixed(0),
            (g.ms / records).toFixed(3),
          ]),
      );
    },
  };
}
