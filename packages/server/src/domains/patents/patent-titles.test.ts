// Generated deadline and fee titles in the reader's language wherever records go out (read, search,
// create/update answers, the case's deadline list and fee schedule, iCalendar, export), stored in both
// languages so a title search finds them either way, and migration 0025 bringing existing rows (Chinese
// titles, fees without their rule, CN numbers without the dot) into that form. PGlite and PostgreSQL.
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
  type TestTenant,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import { patentTitles } from '../../db/migrations/0025-patent-titles.js';

describe(`generated titles in the reader's language (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let admin: SignedIn;
  let sn = 0;

  const post = (url: string, payload: Record<string, unknown>, language = 'en') =>
    t.app.inject({ method: 'POST', url: `/webapi${url}`, headers: authed(admin, { 'x-language': language }), payload });
  const get = (url: string, language = 'en') =>
    t.app.inject({ method: 'GET', url: `/webapi${url}`, headers: authed(admin, { 'x-language': language }) });
  const grantedCase = async () => {
    const res = await post('/model/patent/do/create', {
      data: {
        title: `电池 ${++sn}`,
        sn: `TT-${sn}`,
        patent_type: 'invention',
        country: 'CN',
        filing_date: '2023-03-14',
        grant_date: '2025-05-10',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { sid: string };
  };
  const search = async (model: string, iql: string, language: string, fl?: string[]) => {
    const res = await post(`/model/${model}/do/search`, { iql, ...(fl ? { fl } : {}) }, language);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.rows as Array<Record<string, unknown>>;
  };

  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    admin = await signIn(t.app, a.account, a.password);
  });
  afterAll(() => t?.close());

  it('lists, reads and searches generated deadlines and fees in the reader’s language', async () => {
    const patent = await grantedCase();
    const exam = `patent = '${patent.sid}' AND rule_code = 'CN-EXAM-REQUEST'`;
    const [en] = await search('patent_task', exam, 'en');
    expect(en!.title).toBe('Request substantive examination and pay the fee');
    const [zh] = await search('patent_task', exam, 'zh-CN');
    expect(zh!.title).toBe('提出实质审查请求并缴费');
    // A narrowed field list still gets the title in the reader's language.
    const [narrow] = await search('patent_task', exam, 'en', ['title', 'due_date']);
    expect(narrow!.title).toBe('Request substantive examination and pay the fee');
    const read = await get(`/model/patent_task/${String(en!.sid)}`, 'en');
    expect(read.json().data.title).toBe('Request substantive examination and pay the fee');

    const fees = await search('fee', `patent = '${patent.sid}' ORDER BY due_date ASC`, 'en');
    expect(fees[0]).toMatchObject({ title: 'Invention annuity, year 5', fee_rule: 'CN-ANNUITY-INV' });
    const zhFees = await search('fee', `patent = '${patent.sid}' ORDER BY due_date ASC`, 'zh-CN');
    expect(zhFees[0]!.title).toBe('发明专利第5年度年费');

    // The case's own lists, too.
    const list = await get(`/patent/${patent.sid}/deadlines`, 'en');
    expect(list.json().data.find((d: { rule_code: string }) => d.rule_code === 'CN-EXAM-REQUEST').title).toBe(
      'Request substantive examination and pay the fee',
    );
    const schedule = await get(`/patent/${patent.sid}/fee-schedule`, 'en');
    const year5 = schedule.json().data.lines.find((l: { patent_year: number }) => l.patent_year === 5);
    expect(year5.record.title).toBe('Invention annuity, year 5');
    const ical = await get(`/patent-deadlines/ical?iql=${encodeURIComponent(exam)}`, 'en');
    expect(ical.body).toContain('SUMMARY:Request substantive examination and pay the fee');
  });

  it('exports generated fees titled in the exporter’s language, even with a narrowed field list', async () => {
    const patent = await grantedCase();
    const link = await post('/model/fee/do/export', {
      iql: `patent = '${patent.sid}' ORDER BY due_date ASC`,
      fl: ['title', 'due_date'],
    });
    expect(link.statusCode, link.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: link.json().data.url });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const head = sheet.getRow(1).values as unknown[];
    const titles: unknown[] = [];
    sheet.eachRow((row, n) => n > 1 && titles.push(row.getCell(head.indexOf('Fee')).value));
    expect(titles).toContain('Invention annuity, year 5');
    expect(titles.length).toBeGreaterThan(1);
    // English only: neither the stored bilingual text nor the Chinese label.
    expect(titles.filter((title) => /[\u4e00-\u9fff]/.test(String(title)))).toEqual([]);
  });

  it('finds generated rows by title in either language; hand-made titles stay as typed', async () => {
    const patent = await grantedCase();
    const scope = `patent = '${patent.sid}'`;
    expect(await search('fee', `${scope} AND title CONTAINS 'annuity, year 5'`, 'zh-CN')).toHaveLength(1);
    expect(await search('fee', `${scope} AND title CONTAINS '第5年度'`, 'en')).toHaveLength(1);
    expect((await search('patent_task', `${scope} AND title CONTAINS 'substantive'`, 'zh-CN'))[0]!.title).toBe(
      '提出实质审查请求并缴费',
    );
    const manual = await post('/model/patent_task/do/create', {
      data: { patent: patent.sid, title: '约客户开会', due_date: '2026-12-01' },
    });
    expect(manual.statusCode, manual.body).toBe(200);
    const [own] = await search('patent_task', `${scope} AND origin = 'manual'`, 'en');
    expect(own!.title).toBe('约客户开会');
  });

  it('migration 0025 brings existing rows into this form', async () => {
    const patent = await grantedCase();
    const db = t.database.db;
    // As rows were before it: Chinese titles only, no fee rule, a CN number without its dot.
    await db.query(
      `UPDATE m_patent_task SET title = '提出实质审查请求并缴费' WHERE patent = $1 AND rule_code = 'CN-EXAM-REQUEST'`,
      [patent.sid],
    );
    await db.query(
      `UPDATE m_fee SET title = '发明专利第5年度年费', fee_rule = NULL WHERE patent = $1 AND patent_year = 5`,
      [patent.sid],
    );
    await db.query(`UPDATE m_patent SET application_number = '2013100332996' WHERE sid = $1`, [patent.sid]);
    await db.exec(patentTitles.sql);
    const [task] = await db.query<{ title: string }>(
      `SELECT title FROM m_patent_task WHERE patent = $1 AND rule_code = 'CN-EXAM-REQUEST'`,
      [patent.sid],
    );
    expect(task!.title).toBe('提出实质审查请求并缴费 / Request substantive examination and pay the fee');
    const [fee] = await db.query<{ title: string; fee_rule: string }>(
      'SELECT title, fee_rule FROM m_fee WHERE patent = $1 AND patent_year = 5',
      [patent.sid],
    );
    expect(fee).toEqual({ title: '发明专利第5年度年费 / Invention annuity, year 5', fee_rule: 'CN-ANNUITY-INV' });
    const [row] = await db.query<{ application_number: string }>(
      'SELECT application_number FROM m_patent WHERE sid = $1',
      [patent.sid],
    );
    expect(row!.application_number).toBe('201310033299.6');
    // The recompute sees nothing to rewrite: the migration wrote what the rules give.
    const again = await post(`/patent/${patent.sid}/recompute`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ deadlinesUpdated: 0, feesUpdated: 0 });
  });
});
