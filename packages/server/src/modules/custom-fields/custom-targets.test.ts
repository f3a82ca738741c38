// Custom fields of the kinds whose targets issue 18 declared — expert, virtualOrg (several values) and
// invoice — on patents: offered and described with their targets, written, titled in zh-CN and en, found by
// iql (`=`, and through the reference: `reviewer.name = '…'`), refused when pointing at an invalid record
// or another tenant's, and exported as titles.
// PGlite and PostgreSQL.
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
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';

type Row = Record<string, unknown> & { sid: string; version: number };
type Titles = Record<string, Record<string, string | null>>;

const FIELDS = [
  ['reviewer', { name_zh: '评审专家', name_en: 'Reviewing expert', kind: 'expert' }],
  ['panels', { name_zh: '评审组', name_en: 'Review panels', kind: 'virtualOrg', multiple: true }],
  ['paid_by', { name_zh: '付款发票', name_en: 'Paid by invoice', kind: 'invoice' }],
] as const;

describe(`custom fields of expert, virtual organisation and invoice kinds (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let admin: SignedIn;
  let elsewhere: SignedIn;
  let zhao: Row;
  let retired: Row;
  let panel: Row;
  let disbanded: Row;
  let invoice: Row;
  let voided: Row;
  const foreign: Record<string, Row> = {};

  const call = async (s: SignedIn, method: 'GET' | 'POST', url: string, payload?: object, language = 'en') =>
    t.app.inject({
      method,
      url: `/webapi/${url}`,
      headers: authed(s, { 'x-language': language }),
      ...(payload ? { payload } : {}),
    });
  const create = async (s: SignedIn, model: string, data: Record<string, unknown>, language = 'en') => {
    const res = await call(s, 'POST', `model/${model}/do/create`, { data }, language);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Row; titles: Titles };
  };
  const patent = (sn: string, data: Record<string, unknown> = {}) => ({
    title: '一种电池',
    sn,
    patent_type: 'invention',
    country: 'CN',
    ...data,
  });
  const find = async (iql: string) => {
    const res = await call(admin, 'POST', 'model/patent/do/search', { iql });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.rows as Row[]).map((r) => r.sn).sort();
  };
  const amount = { amount: '800', currency: 'CNY' };

  beforeAll(async () => {
    t = await createAccountsTestApp();
    const tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    admin = await signIn(t.app, a.account, a.password);
    const other = await createTenant(t);
    const o = await createUser(t, other, { isTenantAdmin: true });
    elsewhere = await signIn(t.app, o.account, o.password);

    zhao = (await create(admin, 'expert', { name: '赵教授', name_en: 'Prof. Zhao', affiliation: '某大学' })).data;
    retired = (await create(admin, 'expert', { name: '退休专家', status: 'invalid' })).data;
    panel = (await create(admin, 'virtual_org', { name: '电池评审组', name_en: 'Battery panel', code: 'VO-1' })).data;
    disbanded = (await create(admin, 'virtual_org', { name: '已解散', code: 'VO-OLD', status: 'invalid' })).data;
    invoice = (await create(admin, 'patent_invoice', { invoice_number: 'INV-9', amount })).data;
    voided = (await create(admin, 'patent_invoice', { invoice_number: 'INV-VOID', amount, status: 'invalid' })).data;
    foreign.reviewer = (await create(elsewhere, 'expert', { name: 'Foreign expert' })).data;
    foreign.panels = (await create(elsewhere, 'virtual_org', { name: 'Foreign panel', code: 'VO-1' })).data;
    foreign.paid_by = (await create(elsewhere, 'patent_invoice', { invoice_number: 'INV-9', amount })).data;

    for (const [code, definition] of FIELDS) {
      const res = await call(admin, 'POST', 'model/custom_field/do/create', { model: 'patent', code, definition });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await call(admin, 'POST', 'model/custom_field/do/publish', { model: 'patent' })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('describes the fields in the schema with their kinds and targets', async () => {
    const schema = (await call(admin, 'GET', 'model/patent/do/schema')).json().data as {
      fields: Array<Record<string, unknown>>;
    };
    const field = (name: string) => schema.fields.find((f) => f.name === name);
    expect(field('reviewer')).toMatchObject({ kind: 'expert', target: 'expert', custom: true, multiple: false });
    expect(field('panels')).toMatchObject({ kind: 'virtualOrg', target: 'virtual_org', multiple: true });
    expect(field('paid_by')).toMatchObject({ kind: 'invoice', target: 'patent_invoice', multiple: false });
  });

  it('stores the references and answers their titles in the reader’s language', async () => {
    const created = await create(
      admin,
      'patent',
      patent('CT-1', { reviewer: zhao.sid, panels: [panel.sid], paid_by: invoice.sid }),
    );
    expect(created.data).toMatchObject({ reviewer: zhao.sid, panels: [panel.sid], paid_by: invoice.sid });
    expect(created.titles).toMatchObject({
      expert: { [zhao.sid]: 'Prof. Zhao' },
      virtual_org: { [panel.sid]: 'Battery panel' },
      patent_invoice: { [invoice.sid]: 'INV-9' },
    });
    const zh = (await call(admin, 'GET', `model/patent/${created.data.sid}`, undefined, 'zh-CN')).json() as {
      titles: Titles;
    };
    expect(zh.titles).toMatchObject({
      expert: { [zhao.sid]: '赵教授' },
      virtual_org: { [panel.sid]: '电池评审组' },
      patent_invoice: { [invoice.sid]: 'INV-9' },
    });
  });

  it('finds records by equality and through the reference', async () => {
    await create(admin, 'patent', patent('CQ-1', { reviewer: zhao.sid, panels: [panel.sid], paid_by: invoice.sid }));
    await create(admin, 'patent', patent('CQ-2'));
    expect(await find(`sn STARTS WITH 'CQ-' AND reviewer = '${zhao.sid}'`)).toEqual(['CQ-1']);
    expect(await find(`sn STARTS WITH 'CQ-' AND panels = '${panel.sid}'`)).toEqual(['CQ-1']);
    expect(await find(`sn STARTS WITH 'CQ-' AND paid_by = '${invoice.sid}'`)).toEqual(['CQ-1']);
    expect(await find(`sn STARTS WITH 'CQ-' AND reviewer.name = '赵教授'`)).toEqual(['CQ-1']);
    expect(await find(`sn STARTS WITH 'CQ-' AND reviewer.affiliation CONTAINS '大学'`)).toEqual(['CQ-1']);
    expect(await find(`sn STARTS WITH 'CQ-' AND paid_by.invoice_number = 'INV-9'`)).toEqual(['CQ-1']);
    expect(await find(`sn STARTS WITH 'CQ-' AND paid_by IS NULL`)).toEqual(['CQ-2']);
  });

  it('refuses a reference to an invalid or another tenant’s record, in the caller’s language', async () => {
    const cases: Array<[string, unknown]> = [
      ['reviewer', retired.sid],
      ['panels', [panel.sid, disbanded.sid]],
      ['paid_by', voided.sid],
      ['reviewer', foreign.reviewer!.sid],
      ['panels', [foreign.panels!.sid]],
      ['paid_by', foreign.paid_by!.sid],
    ];
    let n = 0;
    for (const [field, value] of cases) {
      const zh = await call(
        admin,
        'POST',
        'model/patent/do/create',
        { data: patent(`CT-BAD-${++n}`, { [field]: value }) },
        'zh-CN',
      );
      expect(zh.statusCode, zh.body).toBe(400);
      expect(zh.json()).toMatchObject({ code: 500005, fields: [{ field, message: '引用的数据无效或不存在' }] });
    }
    const en = await call(admin, 'POST', 'model/patent/do/create', {
      data: patent('CT-BAD-EN', { paid_by: voided.sid }),
    });
    expect(en.json()).toMatchObject({
      code: 500005,
      fields: [
        { field: 'paid_by', label: 'Paid by invoice', message: 'refers to data that is invalid or does not exist' },
      ],
    });
    expect(await find("sn STARTS WITH 'CT-BAD'")).toEqual([]);
  });

  it('exports the titles', async () => {
    await create(admin, 'patent', patent('CX-1', { reviewer: zhao.sid, panels: [panel.sid], paid_by: invoice.sid }));
    const link = await call(
      admin,
      'POST',
      'model/patent/do/export',
      { iql: "sn = 'CX-1'", fl: ['sn', 'reviewer', 'panels', 'paid_by'] },
      'zh-CN',
    );
    expect(link.statusCode, link.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: link.json().data.url });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const head = (sheet.getRow(1).values as unknown[]).map(String);
    const cell = (label: string) => sheet.getRow(2).getCell(head.indexOf(label)).value;
    expect(cell('评审专家')).toBe('赵教授');
    expect(cell('评审组')).toBe('电池评审组');
    expect(cell('付款发票')).toBe('INV-9');
  });
});
