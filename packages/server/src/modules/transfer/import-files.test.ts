// Spreadsheets as other tools write them (issue 14): a merged header, a formula without a saved result,
// a trailing row of spaces, a comma inside a name, a file written by SheetJS (the library behind many
// web exports) and an exported file imported again. Each is imported right or refused by row and
// column, never stored wrong.
import ExcelJS from 'exceljs';
import * as XLSX from 'xlsx';
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

async function excel(build: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  build(workbook.addWorksheet('data'));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function sheetJs(rows: unknown[][], shape?: (sheet: XLSX.WorkSheet) => void): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows, { cellDates: true });
  shape?.(sheet);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'data');
  // Dates go out as day numbers with a date format, as Excel writes them.
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe(`imports of files from other tools (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let session: SignedIn;
  let elsewhere: SignedIn;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    const user = await createUser(t, tenant);
    await grantRole(t, tenant, [user.sid]);
    session = await signIn(t.app, user.account, user.password);
    const other = await createTenant(t);
    const second = await createUser(t, other);
    await grantRole(t, other, [second.sid]);
    elsewhere = await signIn(t.app, second.account, second.password);
  });
  afterAll(() => t.close());

  const importFile = async (bytes: Buffer, mode = 'all_or_nothing', s = session) => {
    const body = multipart(bytes);
    const res = await t.app.inject({
      method: 'POST',
      url: `/webapi/model/patent/do/import?mode=${mode}`,
      headers: { ...authed(s, { 'x-language': 'en' }), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    for (let i = 0; i < 400; i++) {
      const job = (
        await t.app.inject({
          method: 'GET',
          url: `/webapi/model/patent/do/import/${res.json().data.job_sid}`,
          headers: authed(s),
        })
      ).json().data;
      if (job.status === 'completed' || job.status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('import did not finish');
  };
  const search = async (iql: string, s = session) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/webapi/model/patent/do/search',
        headers: authed(s),
        payload: { iql, rows: 100 },
      })
    ).json().data.rows as Array<Record<string, unknown>>;

  it('refuses a header with merged cells instead of shifting dates into the wrong field', async () => {
    // 申请日 merged over the 公开日 column: the dates below would otherwise land in the wrong field.
    const merged = await excel((sheet) => {
      sheet.addRow(['*专利名称', '*案号', '*专利类型', '*国家/地区', '申请日', '', '公开日']);
      sheet.addRow([
        '合并表头',
        'MRG-1',
        '发明',
        'CN',
        new Date(Date.UTC(2024, 0, 2)),
        null,
        new Date(Date.UTC(2024, 6, 1)),
      ]);
      sheet.mergeCells('E1:F1');
    });
    const job = await importFile(merged, 'valid_only');
    expect(job).toMatchObject({
      status: 'failed',
      imported: 0,
      failure: expect.stringMatching(/^Row 1, column E: merged cells E1:F1 in the header row/),
    });
    expect(job.errors[0]).toMatchObject({ row: 1, column: 'E' });
    // The same from SheetJS, whose merges are written the other way round in the file.
    const fromSheetJs = sheetJs(
      [
        ['*专利名称', '*案号', '*专利类型', '*国家/地区', '申请日', '公开日'],
        ['合并表头', 'MRG-2', '发明', 'CN', new Date(Date.UTC(2024, 0, 2)), new Date(Date.UTC(2024, 6, 1))],
      ],
      (sheet) => (sheet['!merges'] = [XLSX.utils.decode_range('D1:E1')]),
    );
    expect(await importFile(fromSheetJs, 'valid_only')).toMatchObject({
      status: 'failed',
      errors: [{ row: 1, column: 'D' }],
    });
    expect(await search("sn STARTS WITH 'MRG-'")).toEqual([]);
  });

  it('reads formulas by their saved result and refuses one without a result by row and column', async () => {
    const file = await excel((sheet) => {
      sheet.addRow(['*专利名称', '*案号', '*专利类型', '*国家/地区', '权利要求项数']);
      sheet.addRow([
        '有结果',
        { formula: 'CONCAT("FRM","-1")', result: 'FRM-1' },
        '发明',
        'CN',
        { formula: '4+6', result: 10 },
      ]);
      sheet.addRow(['无结果', 'FRM-2', '发明', 'CN', { formula: 'A1*2' }]);
    });
    const job = await importFile(file, 'valid_only');
    expect(job).toMatchObject({ status: 'completed', imported: 1, error_count: 1 });
    expect(job.errors).toEqual([
      {
        row: 3,
        column: 'E',
        field: 'claim_count',
        label: 'Number of claims',
        message: expect.stringMatching(/^a formula without a saved result/),
      },
    ]);
    const rows = await search("sn STARTS WITH 'FRM-'");
    expect(rows.map((r) => [r.sn, r.claim_count])).toEqual([['FRM-1', 10]]);
  });

  it('does not count a trailing row of spaces as a data row', async () => {
    const file = await excel((sheet) => {
      sheet.addRow(['*专利名称', '*案号', '*专利类型', '*国家/地区']);
      sheet.addRow(['一种电池', 'BLK-1', '发明', 'CN']);
      sheet.addRow(['  ', ' ', '', '   ']);
    });
    const job = await importFile(file);
    expect(job).toMatchObject({ status: 'completed', imported: 1, total: 1, error_count: 0 });
  });

  it('keeps a comma inside an applicant name and splits several applicants on semicolons', async () => {
    const file = sheetJs([
      ['*专利名称', '*案号', '*专利类型', '*国家/地区', '申请人'],
      ['逗号', 'CMA-1', '发明', 'CN', 'Acme, Inc.; 北京某某科技有限公司'],
    ]);
    expect(await importFile(file, 'all_or_nothing&create_names=true')).toMatchObject({
      status: 'completed',
      imported: 1,
    });
    expect(await applicantNames('CMA-1')).toEqual(['Acme, Inc.', '北京某某科技有限公司']);
  });

  it('imports a SheetJS file: shared strings, date cells, numbers and numeric text', async () => {
    const file = sheetJs([
      ['title', 'sn', 'patent_type', 'country', 'filing_date', 'claim_count', 'family_id'],
      ['Battery', 'SJS-1', 'invention', 'US', new Date(Date.UTC(2023, 2, 15)), 12, 2023105551234],
      ['Cell', 'SJS-2', 'utility_model', 'CN', '2023-04-01', '7', '0012'],
    ]);
    const job = await importFile(file);
    expect(job.failure ?? null, JSON.stringify(job)).toBeNull();
    expect(job.errors).toEqual([]);
    expect(job).toMatchObject({ status: 'completed', imported: 2 });
    const rows = await search("sn STARTS WITH 'SJS-' ORDER BY sn ASC");
    expect(rows.map((r) => [r.sn, r.filing_date, r.claim_count, r.family_id])).toEqual([
      ['SJS-1', '2023-03-15', 12, '2023105551234'],
      ['SJS-2', '2023-04-01', 7, '0012'],
    ]);
  });

  it('exports in the query order with date and number cells, and the exported file re-imports to the same records', async () => {
    const file = await excel((sheet) => {
      sheet.addRow(['*专利名称', '*案号', '*专利类型', '*国家/地区', '申请日', '申请人', '权利要求项数']);
      sheet.addRow(['第二', 'RT-2', '实用新型', 'CN', new Date(Date.UTC(2023, 2, 15)), 'Acme, Inc.; 乙公司', 3]);
      sheet.addRow(['第一', 'RT-1', '发明', 'US', '2022-12-31', '甲公司', null]);
      sheet.addRow(['第三', 'RT-3', '外观设计', 'JP', null, null, 20]);
    });
    expect(await importFile(file, 'all_or_nothing&create_names=true')).toMatchObject({
      status: 'completed',
      imported: 3,
    });
    const fields = ['title', 'sn', 'patent_type', 'country', 'filing_date', 'applicants', 'claim_count'];
    const link = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/patent/do/export',
      headers: authed(session, { 'x-language': 'zh-CN' }),
      payload: { iql: "sn STARTS WITH 'RT-' ORDER BY sn DESC", fl: fields },
    });
    const exported = (await t.app.inject({ method: 'GET', url: link.json().data.url })).rawPayload;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const head = sheet.getRow(1).values as unknown[];
    const column = (label: string) => head.indexOf(label);
    // The query's ORDER BY is kept.
    const order: unknown[] = [];
    sheet.eachRow((row, n) => n > 1 && order.push(row.getCell(column('案号')).value));
    expect(order).toEqual(['RT-3', 'RT-2', 'RT-1']);
    const second = sheet.getRow(3);
    expect(second.getCell(column('申请日')).value).toEqual(new Date(Date.UTC(2023, 2, 15)));
    expect(second.getCell(column('申请日')).numFmt).toBe('yyyy-mm-dd');
    expect(second.getCell(column('权利要求项数')).value).toBe(3);

    // Another tenant imports the file as it came out of the export (the ID column included).
    // Its applicants are records of the first tenant: the second creates its own from their names.
    expect(await importFile(Buffer.from(exported), 'all_or_nothing&create_names=true', elsewhere)).toMatchObject({
      status: 'completed',
      imported: 3,
      error_count: 0,
    });
    const project = (rows: Array<Record<string, unknown>>) =>
      rows.map((r) => fields.filter((f) => f !== 'applicants').map((f) => r[f]));
    const original = project(await search("sn STARTS WITH 'RT-' ORDER BY sn ASC"));
    expect(project(await search("sn STARTS WITH 'RT-' ORDER BY sn ASC", elsewhere))).toEqual(original);
    expect(original[1]).toEqual(['第二', 'RT-2', 'utility_model', 'CN', '2023-03-15', 3]);
    for (const sn of ['RT-1', 'RT-2', 'RT-3'])
      expect(await applicantNames(sn, elsewhere)).toEqual(await applicantNames(sn));
    expect(await applicantNames('RT-2', elsewhere)).toEqual(['Acme, Inc.', '乙公司']);
  });

  /** A case's applicants as their names (applicant records since issue 18), in order. */
  const applicantNames = async (sn: string, s = session) => {
    const answer = (
      await t.app.inject({
        method: 'POST',
        url: '/webapi/model/patent/do/search',
        headers: authed(s),
        payload: { iql: `sn = '${sn}'`, rows: 1 },
      })
    ).json();
    const sids = (answer.data.rows[0]?.applicants ?? []) as string[];
    return sids.map((sid) => answer.titles.applicant[sid] as string);
  };

  it('names an unknown banner row and a value under no header by row and column', async () => {
    const banner = await importFile(
      await excel((sheet) => {
        sheet.addRow(['专利导入表（2026 年 11 月）']);
        sheet.addRow(['*专利名称', '*案号', '*专利类型', '*国家/地区']);
        sheet.addRow(['一种电池', 'BNR-1', '发明', 'CN']);
      }),
    );
    expect(banner).toMatchObject({
      status: 'failed',
      failure: 'Row 1, column A: Unrecognised column: 专利导入表（2026 年 11 月）',
    });
    const stray = await importFile(
      await excel((sheet) => {
        sheet.addRow(['*专利名称', '*案号', '*专利类型', '*国家/地区']);
        sheet.addRow(['一种电池', 'STR-1', '发明', 'CN', 'note']);
      }),
    );
    expect(stray).toMatchObject({ status: 'failed', imported: 0 });
    expect(stray.errors).toEqual([
      expect.objectContaining({ row: 2, column: 'E', message: 'a value in a column without a name in the header row' }),
    ]);
    expect(await search("sn IN ('BNR-1', 'STR-1')")).toEqual([]);
  });

  it("reads a reference column by the linked record's title as exports write it, refusing unknown and ambiguous names", async () => {
    const agency = async (name: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/webapi/model/agency/do/create',
        headers: authed(session),
        payload: { data: { name } },
      });
      expect(res.json()).toMatchObject({ code: 0 });
      return res.json().data.sid as string;
    };
    const unique = await agency('唯一知识产权代理所');
    // Two people of the same name: an IP manager named so is a guess between them.
    await createUser(t, tenant, { name: '同名专员' });
    await createUser(t, tenant, { name: '同名专员' });
    const imported = await importFile(
      await excel((sheet) => {
        sheet.addRow(['*专利名称', '*案号', '*专利类型', '*国家/地区', '代理机构']);
        sheet.addRow(['一种阀门', 'REF-1', '发明', 'CN', '唯一知识产权代理所']);
        sheet.addRow(['一种泵', 'REF-2', '发明', 'CN', unique]);
      }),
    );
    expect(imported).toMatchObject({ status: 'completed', imported: 2, error_count: 0 });
    expect((await search("sn STARTS WITH 'REF-' ORDER BY sn ASC")).map((r) => r.agency)).toEqual([unique, unique]);

    const refused = await importFile(
      await excel((sheet) => {
        sheet.addRow(['*专利名称', '*案号', '*专利类型', '*国家/地区', '代理机构', '知识产权专员']);
        sheet.addRow(['一种阀门', 'REF-3', '发明', 'CN', unique, '同名专员']);
        sheet.addRow(['一种泵', 'REF-4', '发明', 'CN', '不存在的代理所']);
      }),
      'valid_only',
    );
    // Once in a CI run on PostgreSQL this job ended "failed" (not reproduced since): the job, failure included,
    // is printed when it does.
    expect(refused, JSON.stringify(refused)).toMatchObject({ status: 'completed', imported: 0, error_count: 2 });
    expect(refused.errors).toEqual([
      expect.objectContaining({
        row: 2,
        column: 'F',
        field: 'ip_manager',
        message: expect.stringMatching(/several records are named "同名专员"/),
      }),
      expect.objectContaining({
        row: 3,
        column: 'E',
        field: 'agency',
        message: 'no record you may see is named "不存在的代理所"',
      }),
    ]);
    // Another tenant cannot pick this tenant's agency by its name.
    const foreign = await importFile(
      await excel((sheet) => {
        sheet.addRow(['*专利名称', '*案号', '*专利类型', '*国家/地区', '代理机构']);
        sheet.addRow(['一种阀门', 'REF-9', '发明', 'CN', '唯一知识产权代理所']);
      }),
      'valid_only',
      elsewhere,
    );
    expect(foreign).toMatchObject({ imported: 0, error_count: 1 });

    // The export writes the agency's name; the file, its case numbers changed, imports to the same agency.
    const link = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/patent/do/export',
      headers: authed(session, { 'x-language': 'zh-CN' }),
      payload: {
        iql: "sn STARTS WITH 'REF-' ORDER BY sn ASC",
        fl: ['title', 'sn', 'patent_type', 'country', 'agency'],
      },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await t.app.inject({ method: 'GET', url: link.json().data.url })).rawPayload as never);
    const sheet = workbook.worksheets[0]!;
    const head = sheet.getRow(1).values as unknown[];
    expect(sheet.getRow(2).getCell(head.indexOf('代理机构')).value).toBe('唯一知识产权代理所');
    sheet.eachRow((row, n) => {
      if (n > 1) row.getCell(head.indexOf('案号')).value = `AGAIN-${n}`;
    });
    const again = await importFile(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(again).toMatchObject({ status: 'completed', imported: 2, error_count: 0 });
    expect((await search("sn STARTS WITH 'AGAIN-'")).map((r) => r.agency)).toEqual([unique, unique]);
  });
});
