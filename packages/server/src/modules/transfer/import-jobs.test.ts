// Import jobs as leased work shared by several servers (issue 15): uploads wait in the database with
// their place in the queue; a tenant's cap holds across servers; a starting server fails only jobs
// whose lease expired, never one another live server holds; and on PostgreSQL the rows and the job's
// completion commit together (a job whose lease was lost writes nothing).
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  grantRole,
  signIn,
  type AccountsTestApp,
  type SignedIn,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import type { Database } from '../../db/database.js';
import { tenantModels } from '../custom-fields/service.js';
import { failExpiredImports, startImportQueue, type ImportQueue } from './import-queue.js';
import { runImportJob, type LeasedJob } from './import-run.js';

function multipart(bytes: Buffer) {
  const boundary = '----ipdesk-import';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="data.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function patentsFile(prefix: string, count: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  sheet.addRow(['title', 'sn', 'patent_type', 'country']);
  for (let i = 1; i <= count; i++) sheet.addRow([`Battery ${i}`, `${prefix}-${i}`, 'invention', 'CN']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe(`import jobs across servers (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let mine: SignedIn;
  let theirs: SignedIn;
  let myTenant: string;
  const queues: ImportQueue[] = [];
  beforeAll(async () => {
    // This app server runs no imports itself: the tests start the queues ("servers") they need.
    t = await createAccountsTestApp({ IMPORT_CONCURRENCY: '0' });
    const tenant = await createTenant(t);
    myTenant = tenant.sid;
    const user = await createUser(t, tenant);
    await grantRole(t, tenant, [user.sid]);
    mine = await signIn(t.app, user.account, user.password);
    const other = await createTenant(t);
    const stranger = await createUser(t, other);
    await grantRole(t, other, [stranger.sid]);
    theirs = await signIn(t.app, stranger.account, stranger.password);
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await t.close();
  });

  /** Another server on the same database (on PostgreSQL through its own pool, as a second process has). */
  const server = async (db?: Database) => {
    const accounts = { ...t.app.accounts, db: db ?? t.app.accounts.db };
    const queue = startImportQueue({
      accounts,
      registry: t.app.registry,
      models: tenantModels(accounts.db, t.app.registry, accounts.now),
      perServer: 2,
      perTenant: 1,
      pollMs: 50,
      onError: (error) => {
        throw error;
      },
    });
    queues.push(queue);
    return queue;
  };
  const upload = async (bytes: Buffer, s: SignedIn) => {
    const body = multipart(bytes);
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/patent/do/import?mode=all_or_nothing',
      headers: { ...authed(s), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.job_sid as string;
  };
  const job = async (sid: string, s: SignedIn) =>
    (await t.app.inject({ method: 'GET', url: `/webapi/model/patent/do/import/${sid}`, headers: authed(s) })).json()
      .data;
  const settle = async (sid: string, s: SignedIn) => {
    for (let i = 0; i < 400; i++) {
      const view = await job(sid, s);
      if (view.status === 'completed' || view.status === 'failed') return view;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('import did not finish');
  };
  const count = async (prefix: string, s: SignedIn) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/webapi/model/patent/do/count',
        headers: authed(s),
        payload: { iql: `sn STARTS WITH '${prefix}-'` },
      })
    ).json().data.total;
  /** A job another live server holds (its lease runs another minute), as a row. */
  const heldElsewhere = async (tenantSid: string, userSid: string, leaseMinutes: number) => {
    const sid = `HELD${Math.random().toString(36).slice(2, 14).padEnd(12, '0')}`.slice(0, 16);
    await t.database.db.query(
      `INSERT INTO import_job (sid, tenant_sid, user_sid, model, mode, status, phase, created_at, lease_owner, lease_expires_at)
       VALUES ($1, $2, $3, 'patent', 'all_or_nothing', 'running', 'writing', $4, 'another-server', $5)`,
      [sid, tenantSid, userSid, t.clock.now, new Date(t.clock.now.getTime() + leaseMinutes * 60_000)],
    );
    return sid;
  };

  it('keeps uploads waiting in order, with their place in the queue', async () => {
    const first = await upload(await patentsFile('QA', 2), mine);
    const second = await upload(await patentsFile('QB', 2), mine);
    expect(await job(first, mine)).toMatchObject({ status: 'waiting', phase: 'queued', queue_position: 1 });
    expect(await job(second, mine)).toMatchObject({ status: 'waiting', phase: 'queued', queue_position: 2 });
    const queue = await server();
    expect(await settle(first, mine)).toMatchObject({ status: 'completed', phase: 'done', imported: 2, total: 2 });
    expect(await settle(second, mine)).toMatchObject({ status: 'completed', imported: 2, queue_position: null });
    await queue.stop();
  });

  it("holds a tenant's jobs while another server runs one of theirs; a start fails only expired leases", async () => {
    const [owner] = await t.database.db.query<{ sid: string }>(
      'SELECT sid FROM user_account WHERE tenant_sid = $1 LIMIT 1',
      [myTenant],
    );
    const held = await heldElsewhere(myTenant, owner!.sid, 1);
    const waiting = await upload(await patentsFile('QC', 2), mine);
    const otherTenant = await upload(await patentsFile('QD', 2), theirs);
    // A server starting now (on its own connection where there is one) leaves the live lease alone,
    // runs the other tenant's job, and keeps ours waiting behind the running one.
    const other = onPostgres ? await t.database.openAnother!() : undefined;
    const queue = await server(other);
    expect(await settle(otherTenant, theirs)).toMatchObject({ status: 'completed', imported: 2 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await job(waiting, mine)).toMatchObject({ status: 'waiting', queue_position: 1 });
    const [live] = await t.database.db.query<{ status: string }>('SELECT status FROM import_job WHERE sid = $1', [
      held,
    ]);
    expect(live!.status).toBe('running');

    // The other server dies: once its lease has run out, the job is failed visibly and ours runs.
    t.clock.advanceMinutes(2);
    expect(await settle(waiting, mine)).toMatchObject({ status: 'completed', imported: 2 });
    const [expired] = await t.database.db.query<{ status: string; failure: string }>(
      'SELECT status, failure FROM import_job WHERE sid = $1',
      [held],
    );
    expect(expired).toEqual({ status: 'failed', failure: 'import.failureRestart' });
    await queue.stop();
  });

  it.runIf(onPostgres)('commits the rows with the job: a job whose lease was lost writes nothing', async () => {
    const sid = await upload(await patentsFile('QE', 600), mine);
    // The job is taken by a server whose lease another server then considered expired and failed.
    const [row] = await t.database.db.query<LeasedJob>(
      `UPDATE import_job SET status = 'running', phase = 'validating', lease_owner = 'stale-server', lease_expires_at = $2
        WHERE sid = $1 RETURNING sid, tenant_sid, user_sid, company_sid, model, mode, side, language, request_id`,
      [sid, new Date(t.clock.now.getTime() - 1000)],
    );
    const [file] = await t.database.db.query<{ bytes: Uint8Array }>(
      'SELECT bytes FROM import_job_file WHERE job_sid = $1',
      [sid],
    );
    const run = {
      accounts: t.app.accounts,
      registry: t.app.registry,
      models: tenantModels(t.app.accounts.db, t.app.registry, t.app.accounts.now),
      owner: 'stale-server',
    };
    // Its lease has run out and another server has failed it; the stale server, not knowing, reads and
    // writes all rows: its completion finds the job no longer its own, and nothing commits.
    // (This app's own queue sweeps expired leases too, so either may be the one that fails it.)
    await failExpiredImports(t.app.accounts);
    expect(await job(sid, mine)).toMatchObject({ status: 'failed', failure: expect.stringMatching(/restart/) });
    await expect(runImportJob(run, row!, Buffer.from(file!.bytes))).rejects.toThrow();
    expect(await count('QE', mine)).toBe(0);
    expect(await job(sid, mine)).toMatchObject({ status: 'failed', imported: 0 });

    // The same file through a live server: all 600 rows and the completion together.
    const again = await upload(await patentsFile('QE', 600), mine);
    const queue = await server();
    expect(await settle(again, mine)).toMatchObject({ status: 'completed', imported: 600, to_write: 600 });
    expect(await count('QE', mine)).toBe(600);
    await queue.stop();
  });
});
