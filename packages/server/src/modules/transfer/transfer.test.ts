// Import and export through xlsx: the template, row-level errors in both modes, options by label,
// duplicates, export links that expire, text that looks like a formula, hostile files, and jobs a
// restart interrupted.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  signIn,
  type AccountsTestApp,
  type SignedIn,
  grantRole,
  type TestTenant,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import { failExpiredImports } from './import-queue.js';
import { inspectZip } from './zip-guard.js';

function multipart(bytes: Buffer, name = 'data.xlsx') {
  const boundary = '----ipdesk-import';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function workbookOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A stored (uncompressed) zip with the given entry names and sizes, for the guard's tests. */
function zipOf(entries: Array<{ name: string; data: Buffer; claimedSize?: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.claimedSize ?? entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.claimedSize ?? entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe('zip guard', () => {
  it('accepts a real xlsx and refuses slips, bombs, floods and non-zips', async () => {
    expect(inspectZip(await workbookOf([['a']]))).toBeUndefined();
    expect(inspectZip(zipOf([{ name: '../../etc/cron.d/x', data: Buffer.from('x') }]))).toBe('unsafe_path');
    expect(inspectZip(zipOf([{ name: '/abs', data: Buffer.from('x') }]))).toBe('unsafe_path');
    expect(inspectZip(zipOf([{ name: 'bomb.xml', data: Buffer.alloc(1000), claimedSize: 1024 * 1024 * 1024 }]))).toBe(
      'too_large',
    );
    expect(inspectZip(zipOf([{ name: 'dense.xml', data: Buffer.alloc(1000), claimedSize: 500_000 }]))).toBe('ratio');
    expect(inspectZip(zipOf(Array.from({ length: 2001 }, (_, i) => ({ name: `f${i}`, data: Buffer.from('x') }))))).toBe(
      'too_many_entries',
    );
    expect(inspectZip(Buffer.from('<html><script>alert(1)</script></html>'))).toBe('not_zip');
  });
});

describe(`import and export (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let session: SignedIn;
  let tenant: TestTenant;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    const user = await createUser(t, tenant);
    await grantRole(t, tenant, [user.sid]);
    session = await signIn(t.app, user.account, user.password);
  });
  afterAll(() => t.close());

  const upload = async (bytes: Buffer, mode = 'all_or_nothing', s = session) => {
    const body = multipart(bytes);
    return t.app.inject({
      method: 'POST',
      url: `/webapi/model/patent/do/import?mode=${mode}`,
      headers: { ...authed(s), 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const job = async (sid: string, s = session) => {
    for (let i = 0; i < 200; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/webapi/model/patent/do/import/${sid}`,
        headers: authed(s),
      });
      if (res.statusCode !== 200) return res.json();
      const data = res.json().data;
      if (data.status === 'completed' || data.status === 'failed') return data;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('import did not finish');
  };
  const count = async (iql: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/webapi/model/patent/do/count',
        headers: authed(session),
        payload: { iql },
      })
    ).json().data.total;

  it('hands out a template with the importable fields, required ones starred, in the caller language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/webapi/model/patent/do/import_template',
      headers: authed(session),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const headers = (workbook.worksheets[0]!.getRow(1).values as unknown[]).filter(Boolean);
    expect(headers).toEqual(
      expect.arrayContaining([
        '*Title',
        '*Case number',
        'Application number',
        '*Patent type',
        '*Country/region',
        'Filing date',
      ]),
    );
    expect(workbook.worksheets[1]!.name).toBe('How to fill in');
  });

  const header = ['*专利名称', '*案号', '专利类型', 'Country/region', '申请日'];

  it('all-or-nothing: one bad row imports nothing and lists the errors by row', async () => {
    const bytes = await workbookOf([
      header,
      ['一种电池', 'IMP-1', '发明', 'CN', new Date(Date.UTC(2024, 0, 31))],
      ['', 'IMP-2', 'invention', 'Chine', '2024-02-30'],
      ['Battery pack', 'IMP-3', 'Utility model', 'US', '2024/03/01'],
    ]);
    const res = await upload(bytes);
    expect(res.statusCode).toBe(200);
    const done = await job(res.json().data.job_sid);
    expect(done).toMatchObject({ status: 'failed', imported: 0, error_count: 3, total: 3 });
    expect(done.errors).toEqual([
      { row: 3, column: 'A', field: 'title', label: 'Title', message: 'is required' },
      {
        row: 3,
        column: 'D',
        field: 'country',
        label: 'Country/region',
        message: expect.stringMatching(/^must be one of/),
      },
      {
        row: 3,
        column: 'E',
        field: 'filing_date',
        label: 'Filing date',
        message: 'is not a valid date (e.g. 2024-01-31)',
      },
    ]);
    expect(await count("sn STARTS WITH 'IMP-'")).toBe(0);
  });

  it('valid-only: imports the good rows (options by label or key, dates from cells or text) and reports the rest', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/webapi/model/patent/do/create',
      headers: authed(session),
      payload: { data: { title: 'x', sn: 'EXIST-1', patent_type: 'design', country: 'CN' } },
    });
    const bytes = await workbookOf([
      header,
      ['一种电池', 'VAL-1', '发明', 'CN', new Date(Date.UTC(2024, 0, 31))],
      ['Battery pack', 'VAL-2', 'Utility model', 'United States', '2024/03/01'],
      ['重复', 'val-1', 'invention', 'CN', null],
      ['已存在', 'exist-1', 'invention', 'CN', null],
      ['=1+1', 'VAL-3', 'design', 'JP', null],
    ]);
    // Every update of a patent row is logged: the imported cases are written once, with their expiry.
    await t.database.db.exec(`
      CREATE TABLE test_patent_updates (sid text);
      CREATE FUNCTION test_log_patent_update() RETURNS trigger LANGUAGE plpgsql AS
        'BEGIN INSERT INTO test_patent_updates VALUES (NEW.sid); RETURN NEW; END';
      CREATE TRIGGER test_patent_updates AFTER UPDATE ON m_patent FOR EACH ROW EXECUTE FUNCTION test_log_patent_update();`);
    const done = await job((await upload(bytes, 'valid_only')).json().data.job_sid);
    await t.database.db.exec('DROP TRIGGER test_patent_updates ON m_patent');
    expect(await t.database.db.query('SELECT sid FROM test_patent_updates')).toEqual([]);
    expect(done).toMatchObject({ status: 'completed', imported: 3, error_count: 2 });
    expect(done.errors.map((e: { row: number; message: string }) => [e.row, e.message])).toEqual([
      [4, 'duplicates row 2'],
      [5, 'Case number "exist-1" already exists'],
    ]);
    const rows = (
      await t.app.inject({
        method: 'POST',
        url: '/webapi/model/patent/do/search',
        headers: authed(session),
        payload: { iql: "sn STARTS WITH 'VAL-' ORDER BY sn ASC" },
      })
    ).json().data.rows;
    expect(rows.map((r: Record<string, unknown>) => [r.sn, r.patent_type, r.country, r.filing_date])).toEqual([
      ['VAL-1', 'invention', 'CN', '2024-01-31'],
      ['VAL-2', 'utility_model', 'US', '2024-03-01'],
      ['VAL-3', 'design', 'JP', null],
    ]);
    const audit = await t.database.db.query("SELECT detail FROM audit_log WHERE action = 'patent.imported'");
    expect(audit).toHaveLength(1);
    // Imported cases get their deadlines, fees and expiry from the rules, as saved ones do.
    const cn = rows.find((r: Record<string, unknown>) => r.sn === 'VAL-1') as { sid: string };
    const [stored] = await t.database.db.query<{ expiry_date: string }>(
      'SELECT expiry_date FROM m_patent WHERE sid = $1',
      [cn.sid],
    );
    expect(String(stored?.expiry_date).slice(0, 10)).toBe('2044-01-30');
    const deadlines = await t.database.db.query<{ rule_code: string; due_date: string }>(
      "SELECT rule_code, due_date FROM m_patent_task WHERE patent = $1 AND origin = 'rule' ORDER BY rule_code",
      [cn.sid],
    );
    expect(deadlines.map((d) => d.rule_code)).toContain('CN-EXAM-REQUEST');
    expect(String(deadlines.find((d) => d.rule_code === 'CN-EXAM-REQUEST')?.due_date).slice(0, 10)).toBe('2027-02-01');
  });

  it('refuses files that are not xlsx, and names unknown columns', async () => {
    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.statusCode).toBe(415);
    expect(html.json().code).toBe(415001);
    const slip = await upload(zipOf([{ name: '../evil.xml', data: Buffer.from('x') }]));
    expect(slip.json().code).toBe(415001);
    const unknown = await job(
      (
        await upload(
          await workbookOf([
            ['*专利名称', 'Secret column'],
            ['a', 'b'],
          ]),
        )
      ).json().data.job_sid,
    );
    // The unknown column is named with its row and column, in the failure and in the list.
    expect(unknown).toMatchObject({
      status: 'failed',
      failure: 'Row 1, column B: Unrecognised column: Secret column',
      errors: [{ row: 1, column: 'B', message: 'Unrecognised column: Secret column' }],
    });
  });

  it('refuses rows whose references point at disabled accounts or at nothing (spec §4)', async () => {
    const disabled = await createUser(t, tenant, { status: 0 });
    const { sid: active } = await createUser(t, tenant);
    const bytes = await workbookOf([
      [...header, 'IP manager'],
      ['有效引用', 'REF-1', '发明', 'CN', null, active],
      ['停用账号', 'REF-2', '发明', 'CN', null, disabled.sid],
      ['不存在', 'REF-3', '发明', 'CN', null, 'Q'.repeat(16)],
    ]);
    const done = await job((await upload(bytes, 'valid_only')).json().data.job_sid);
    expect(done).toMatchObject({ status: 'completed', imported: 1, error_count: 2 });
    expect(done.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual([
      [3, 'ip_manager'],
      [4, 'ip_manager'],
    ]);
    expect(await count("sn STARTS WITH 'REF-'")).toBe(1);
  });

  it('exports what a query finds through a link that expires, with option labels and text kept as text', async () => {
    const link = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/patent/do/export',
      headers: authed(session, { 'x-language': 'zh-CN' }),
      payload: { iql: "sn STARTS WITH 'VAL-' ORDER BY sn ASC" },
    });
    expect(link.statusCode).toBe(200);
    const { url } = link.json().data;
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(/attachment; filename="patent-/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const head = sheet.getRow(1).values as unknown[];
    const col = (label: string) => head.indexOf(label);
    expect(sheet.actualRowCount).toBe(4);
    const bySn = new Map<string, ExcelJS.Row>();
    sheet.eachRow((row, n) => n > 1 && bySn.set(String(row.getCell(col('案号')).value), row));
    expect(bySn.get('VAL-1')!.getCell(col('专利类型')).value).toBe('发明');
    const formulaLike = bySn.get('VAL-3')!.getCell(col('专利名称'));
    expect(formulaLike.value).toBe('=1+1');
    expect(formulaLike.type).toBe(ExcelJS.ValueType.String);

    t.clock.advanceMinutes(11);
    const expired = await t.app.inject({ method: 'GET', url, headers: { 'x-language': 'en' } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      code: 400202,
      message: 'The export link has expired, please reselect the data',
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/webapi/file/export/00000000000000000000000000000000' })).json().code,
    ).toBe(400202);
  });

  it('answers a query that cannot run at once, with no link (bad iql, unknown fields)', async () => {
    const before = await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM export_link');
    for (const [payload, field, message] of [
      [{ iql: "sn = 'x" }, 'iql', 'Position 6: the text starting here has no closing single quote'],
      [{ iql: "no_such_field = 'x'" }, 'iql', 'Position 1: there is no field "no_such_field"'],
      [{ iql: 'filing_date > 5' }, 'iql', 'Position 15: the value for "filing_date" must be a date (e.g. 2024-01-31)'],
      [{ fl: ['sn', 'no_such_field'] }, 'fl', 'contains fields that are not allowed: no_such_field'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/webapi/model/patent/do/export',
        headers: authed(session, { 'x-language': 'en' }),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe(500001);
      expect(res.json().fields[0].field).toBe(field);
      expect(res.json().fields[0].message).toBe(message);
      expect(res.body).not.toContain('/webapi/file/export/');
    }
    const after = await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM export_link');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('limits exports per user and minute (429000)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++)
      codes.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/webapi/model/patent/do/export',
            headers: authed(session),
            payload: {},
          })
        ).statusCode,
      );
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(30);
    expect(codes.at(-1)).toBe(429);
    t.clock.advanceMinutes(1);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/webapi/model/patent/do/export',
          headers: authed(session),
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
  });

  it('keeps jobs to their owner, and fails jobs a restart interrupted', async () => {
    const other = await createTenant(t);
    const stranger = await createUser(t, other);
    await grantRole(t, other, [stranger.sid]);
    const theirs = await signIn(t.app, stranger.account, stranger.password);
    const mine = (await upload(await workbookOf([header, ['a', 'OWN-1', 'invention', 'CN', null]]))).json().data
      .job_sid;
    await job(mine);
    expect(
      (await t.app.inject({ method: 'GET', url: `/webapi/model/patent/do/import/${mine}`, headers: authed(theirs) }))
        .statusCode,
    ).toBe(404);
    // A job whose server stopped renewing its lease (it expired a second ago) is failed visibly.
    await t.database.db.query(
      "UPDATE import_job SET status = 'running', finished_at = NULL, lease_owner = 'gone', lease_expires_at = $2 WHERE sid = $1",
      [mine, new Date(t.clock.now.getTime() - 1000)],
    );
    await failExpiredImports(t.app.accounts);
    const after = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/patent/do/import/${mine}`,
      headers: authed(session),
    });
    expect(after.json().data).toMatchObject({
      status: 'failed',
      failure: 'The import was interrupted by a service restart; please import again',
    });
  });
});
