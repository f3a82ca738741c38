// Invoices as declared for the invoice field kind (issue 18; the invoices issue extends them): number
// unique in the tenant (another tenant may use it), type from the bilingual invoice_type list, an amount
// with its currency, status valid/invalid; bad values refused in zh-CN and en with nothing written.
// PGlite and PostgreSQL.
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
interface Answer {
  code: number;
  fields?: Array<Record<string, string>>;
  data: Row & { rows?: Row[] };
}

describe(`invoices (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let admin: SignedIn;
  let elsewhere: SignedIn;

  const call = async (s: SignedIn, method: 'GET' | 'POST', url: string, payload?: object, language = 'en') => {
    const res = await t.app.inject({
      method,
      url: `/webapi/${url}`,
      headers: authed(s, { 'x-language': language }),
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() as Answer };
  };
  const create = (data: Record<string, unknown>, language = 'en', s = admin) =>
    call(s, 'POST', 'model/patent_invoice/do/create', { data }, language);
  const numbers = async (iql: string) =>
    ((await call(admin, 'POST', 'model/patent_invoice/do/search', { iql })).body.data.rows ?? [])
      .map((r) => r.invoice_number)
      .sort();
  const invoice = (invoice_number: string, extra: Record<string, unknown> = {}) => ({
    invoice_number,
    amount: { amount: '1200.5', currency: 'CNY' },
    ...extra,
  });

  beforeAll(async () => {
    t = await createAccountsTestApp();
    const tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    admin = await signIn(t.app, a.account, a.password);
    const other = await createTenant(t);
    const o = await createUser(t, other, { isTenantAdmin: true });
    elsewhere = await signIn(t.app, o.account, o.password);
  });
  afterAll(() => t.close());

  it('keeps an invoice with its type, amount and currency, and finds it by them', async () => {
    const created = await create(
      invoice('INV-001', { issue_date: '2026-03-01', issuer: '某代理机构', buyer: '艾克米科技有限公司' }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({
      invoice_number: 'INV-001',
      invoice_type: 'vat_special',
      amount: { amount: '1200.50', currency: 'CNY' },
      status: 'valid',
    });
    await create(invoice('INV-002', { invoice_type: 'electronic', amount: { amount: 99, currency: 'USD' } }));
    expect(await numbers("invoice_type = 'electronic'")).toEqual(['INV-002']);
    expect(await numbers('amount > 1000')).toEqual(['INV-001']);
    // The number is the tenant's own: another tenant may use it.
    expect((await create(invoice('INV-001'), 'en', elsewhere)).status).toBe(200);
    const types = await call(admin, 'GET', 'dictionary/invoice_type', undefined, 'zh-CN');
    expect((types.body.data as unknown as Array<{ key: string; label: string }>).map((o) => o.label)).toEqual([
      '增值税专用发票',
      '增值税普通发票',
      '电子发票',
      '其他',
    ]);
  });

  it('refuses a taken number, an unknown type, a bad amount and a missing amount, in zh-CN and en', async () => {
    const twice = await create(invoice('INV-001'), 'zh-CN');
    expect(twice.status).toBe(409);
    expect(twice.body.fields?.[0]?.field).toBe('invoice_number');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [invoice('INV-X1', { invoice_type: 'receipt' }), 'invoice_type', 'Invoice type'],
      [invoice('INV-X2', { amount: { amount: '1.234', currency: 'CNY' } }), 'amount', 'Amount'],
      [invoice('INV-X3', { amount: { amount: '5', currency: 'XXX' } }), 'amount', 'Amount'],
      [{ invoice_number: 'INV-X4' }, 'amount', 'Amount'],
    ];
    for (const [data, field, label] of cases) {
      const en = await create(data);
      expect(en.status, JSON.stringify(data)).toBe(400);
      expect(en.body).toMatchObject({ code: 500005, fields: [expect.objectContaining({ field, label })] });
      const zh = await create(data, 'zh-CN');
      expect(zh.body.fields?.[0]?.label).toBe(field === 'amount' ? '金额' : '发票类型');
    }
    expect(await numbers("invoice_number STARTS WITH 'INV-X'")).toEqual([]);
  });
});
