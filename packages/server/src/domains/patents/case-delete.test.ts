// Deleting a case through the generic API: the confirmation counts what goes with it; the delete takes
// its documents (rows and files), items, deadlines, fees, inventors and relations in one transaction,
// other cases keep theirs, a refused delete changes nothing, and it is audited. PGlite and PostgreSQL.
import { existsSync } from 'node:fs';
import path from 'node:path';
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
  type TestTenant,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import { multipartBody, samplePdf } from '../../platform/files/samples.js';

describe(`deleting a case (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let admin: SignedIn;
  let viewer: SignedIn;
  let sn = 0;

  const create = async (model: string, data: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/webapi/model/${model}/do/create`,
      headers: authed(admin),
      payload: { data },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { sid: string; version: number };
  };
  const count = async (sql: string, sid: string) =>
    Number((await t.database.db.query<{ n: number }>(sql, [sid]))[0]!.n);

  /** A granted CN invention with an item, a document, two inventors and a relation to `other`. */
  const fullCase = async (other: string) => {
    const patent = await create('patent', {
      title: `删除 ${++sn}`,
      sn: `DEL-${sn}`,
      patent_type: 'invention',
      country: 'CN',
      filing_date: '2023-03-14',
      grant_date: '2025-05-10',
    });
    await create('patent_item', { patent: patent.sid, event: 'office_action', title: 'OA', event_date: '2026-06-01' });
    const body = multipartBody(
      { patent_sid: patent.sid, file_name: '申请文件.pdf', category: 'application' },
      { filename: 'a.pdf', bytes: samplePdf() },
    );
    const upload = await t.app.inject({
      method: 'POST',
      url: '/webapi/patent-documents/upload',
      headers: { ...authed(admin), ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const read = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/patent/${patent.sid}`,
      headers: authed(admin),
    });
    const inventors = await t.app.inject({
      method: 'POST',
      url: `/webapi/patent/${patent.sid}/inventors`,
      headers: authed(admin),
      payload: {
        version: read.json().data.version,
        inventors: [
          { name: '张三', contribution: 60 },
          { name: '李四', contribution: 40 },
        ],
      },
    });
    expect(inventors.statusCode, inventors.body).toBe(200);
    const relation = await t.app.inject({
      method: 'POST',
      url: `/webapi/patent/${patent.sid}/relations`,
      headers: authed(admin),
      payload: { type: 'FAMILY', other_sid: other, direction: 'child', acknowledged: ['familyMismatch'] },
    });
    expect(relation.statusCode, relation.body).toBe(200);
    return { sid: patent.sid, fileSid: upload.json().data.file_sid as string | undefined };
  };

  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    const v = await createUser(t, tenant);
    await grantRole(t, tenant, [v.sid], { resources: ['patent'] });
    admin = await signIn(t.app, a.account, a.password);
    viewer = await signIn(t.app, v.account, v.password);
  });
  afterAll(() => t?.close());

  it('lists what goes, then deletes it all in one go and removes the files after commit', async () => {
    const other = await create('patent', {
      title: '母案',
      sn: `DEL-P-${++sn}`,
      patent_type: 'invention',
      country: 'CN',
    });
    const doomed = await fullCase(other.sid);
    const keep = await fullCase(other.sid);
    const preview = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/patent/do/delete-preview/${doomed.sid}`,
      headers: authed(admin, { 'x-language': 'en' }),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const dependents = Object.fromEntries(
      (preview.json().data.dependents as Array<{ key: string; label: string; count: number }>).map((d) => [d.key, d]),
    );
    expect(dependents.documents).toMatchObject({ label: 'Documents', count: 1 });
    // The case's child records, declared on their models (parent: patent), counted by the record pipeline.
    expect(dependents.patent_item).toMatchObject({ label: 'Office actions and events', count: 1 });
    expect(dependents.patent_task!.count).toBeGreaterThan(0);
    expect(dependents.fee!.count).toBeGreaterThan(0);
    const deadlines = dependents.patent_task!.count;
    const fees = dependents.fee!.count;
    expect(dependents.inventors!.count).toBe(2);
    expect(dependents.relations!.count).toBe(1);

    const [file] = await t.database.db.query<{ storage_key: string }>(
      'SELECT f.storage_key FROM patent_document d JOIN stored_file f ON f.sid = d.file_sid WHERE d.patent_sid = $1',
      [doomed.sid],
    );
    const onDisk = path.join(t.app.accounts.config.dataDir, 'files', file!.storage_key);
    expect(existsSync(onDisk)).toBe(true);

    const del = await t.app.inject({
      method: 'POST',
      url: `/webapi/model/patent/do/delete/${doomed.sid}`,
      headers: authed(admin),
      payload: {},
    });
    expect(del.statusCode, del.body).toBe(200);
    for (const sql of [
      'SELECT count(*) AS n FROM m_patent WHERE sid = $1',
      'SELECT count(*) AS n FROM m_patent_item WHERE patent = $1',
      'SELECT count(*) AS n FROM m_patent_task WHERE patent = $1',
      'SELECT count(*) AS n FROM deadline_basis WHERE patent_sid = $1',
      'SELECT count(*) AS n FROM m_fee WHERE patent = $1',
      'SELECT count(*) AS n FROM patent_document WHERE patent_sid = $1',
      'SELECT count(*) AS n FROM patent_inventor WHERE patent_sid = $1',
      'SELECT count(*) AS n FROM patent_relation WHERE child_sid = $1 OR parent_sid = $1',
    ])
      expect(await count(sql, doomed.sid), sql).toBe(0);
    expect(existsSync(onDisk)).toBe(false);
    expect(await count('SELECT count(*) AS n FROM file_removal WHERE storage_key = $1', file!.storage_key)).toBe(0);
    // The other case keeps everything.
    expect(await count('SELECT count(*) AS n FROM m_patent_task WHERE patent = $1', keep.sid)).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM patent_document WHERE patent_sid = $1', keep.sid)).toBe(1);
    expect(await count('SELECT count(*) AS n FROM patent_inventor WHERE patent_sid = $1', keep.sid)).toBe(2);
    const [audited] = await t.database.db.query<{ detail: Record<string, number> }>(
      "SELECT detail FROM audit_log WHERE action = 'patent.cascade_deleted' AND target = $1",
      [`patent:${doomed.sid}`],
    );
    expect(audited!.detail).toMatchObject({ documents: 1, inventors: 2, relations: 1 });
    // The child records went through the record pipeline: one entry each naming the case, and the case's
    // own entry counts them.
    const [deleted] = await t.database.db.query<{ detail: { children: Record<string, number> } }>(
      "SELECT detail FROM audit_log WHERE action = 'patent.deleted' AND target = $1",
      [`patent:${doomed.sid}`],
    );
    expect(deleted!.detail.children).toEqual({ patent_item: 1, patent_task: deadlines, fee: fees });
    const childEntries = await t.database.db.query<{ action: string; n: number }>(
      `SELECT action, count(*)::int AS n FROM audit_log WHERE detail->>'parent' = $1 GROUP BY action ORDER BY action`,
      [`patent:${doomed.sid}`],
    );
    expect(childEntries).toEqual([
      { action: 'fee.deleted', n: fees },
      { action: 'patent_item.deleted', n: 1 },
      { action: 'patent_task.deleted', n: deadlines },
    ]);
  });

  it('changes nothing when the delete is refused (stale version, no right)', async () => {
    const other = await create('patent', {
      title: '母案',
      sn: `DEL-P-${++sn}`,
      patent_type: 'invention',
      country: 'CN',
    });
    const kept = await fullCase(other.sid);
    const stale = await t.app.inject({
      method: 'POST',
      url: `/webapi/model/patent/do/delete/${kept.sid}`,
      headers: authed(admin),
      payload: { version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    const denied = await t.app.inject({
      method: 'POST',
      url: `/webapi/model/patent/do/delete/${kept.sid}`,
      headers: authed(viewer),
    });
    expect(denied.statusCode).toBe(403);
    const preview = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/patent/do/delete-preview/${kept.sid}`,
      headers: authed(viewer),
    });
    expect(preview.statusCode).toBe(403);
    expect(await count('SELECT count(*) AS n FROM m_patent_task WHERE patent = $1', kept.sid)).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM patent_document WHERE patent_sid = $1', kept.sid)).toBe(1);
    expect(await count('SELECT count(*) AS n FROM patent_inventor WHERE patent_sid = $1', kept.sid)).toBe(2);
  });
});
