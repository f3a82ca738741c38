// Money with its currency (field kind currencyAmount, data type money), proven on a model declared only
// in this test: the amount column and the currency column beside it, the wire value
// { amount: "1234.50", currency: "CNY" } with the currency's decimals, checks by currency (known code,
// decimals), iql comparisons and ORDER BY on the amount, keyset pages, and import/export cells.
// Runs on PGlite and PostgreSQL.
import { defineModel, field, MODEL_CATALOG } from '@ipdesk/core';
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
import { exportCell, importCell } from '../../modules/transfer/cells.js';
import { createModelRegistry } from './registry.js';

const licence = defineModel({
  name: 'test_licence',
  label: { zh: '测试许可', en: 'Test licence' },
  titleField: 'title',
  fields: {
    title: field('text', { label: { zh: '名称', en: 'Title' }, required: true }),
    royalty: field('currencyAmount', {
      label: { zh: '许可费', en: 'Royalty' },
      min: 0,
      flags: { searchFilter: true, tableColumn: true },
    }),
  },
});

describe(`money fields (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let session: SignedIn;
  beforeAll(async () => {
    t = await createAccountsTestApp({}, createModelRegistry([...MODEL_CATALOG, licence]));
    const tenant = await createTenant(t);
    const user = await createUser(t, tenant);
    await grantRole(t, tenant, [user.sid]);
    session = await signIn(t.app, user.account, user.password);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, language = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/webapi/model/test_licence/${url}`,
      headers: authed(session, { 'x-language': language }),
      payload,
    });
  const titles = async (iql: string) => {
    const res = await post('do/search', { iql });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.rows as Array<{ title: string }>).map((row) => row.title);
  };

  it('stores the amount and its currency in two columns', async () => {
    const columns = await t.database.db.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns
        WHERE table_name = 'm_test_licence' AND column_name LIKE 'royalty%' ORDER BY column_name`,
    );
    expect(columns).toEqual([
      { column_name: 'royalty', data_type: 'numeric' },
      { column_name: 'royalty_currency', data_type: 'character' },
    ]);
  });

  it('answers { amount, currency } with the currency’s decimals; searches and sorts by amount', async () => {
    const made: Array<[string, unknown]> = [
      ['a', { amount: '1234.5', currency: 'CNY' }],
      ['b', { amount: '99', currency: 'USD' }],
      ['c', { amount: '150000', currency: 'JPY' }],
      ['d', { amount: '0.125', currency: 'KWD' }],
      ['e', null],
    ];
    for (const [title, royalty] of made) {
      const res = await post('do/create', { data: { title, royalty } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const created = await post('do/search', { iql: "title = 'a'" });
    expect(created.json().data.rows[0].royalty).toEqual({ amount: '1234.50', currency: 'CNY' });
    const rows = (await post('do/search', { iql: 'ORDER BY royalty ASC' })).json().data.rows as Array<{
      title: string;
      royalty: unknown;
    }>;
    expect(rows.map((row) => [row.title, row.royalty])).toEqual([
      ['e', null],
      ['d', { amount: '0.125', currency: 'KWD' }],
      ['b', { amount: '99.00', currency: 'USD' }],
      ['a', { amount: '1234.50', currency: 'CNY' }],
      ['c', { amount: '150000', currency: 'JPY' }],
    ]);
    expect(await titles('royalty > 100 ORDER BY royalty DESC')).toEqual(['c', 'a']);
    expect(await titles('royalty BETWEEN 1 AND 2000 ORDER BY title')).toEqual(['a', 'b']);
    expect(await titles('royalty IS NULL')).toEqual(['e']);
    // Keyset pages over the amount hold the offset pages' rows.
    const first = (await post('do/search', { iql: 'ORDER BY royalty DESC', rows: 2 })).json().data;
    const next = (await post('do/search', { iql: 'ORDER BY royalty DESC', rows: 2, cursor: first.next_cursor })).json()
      .data;
    expect([...first.rows, ...next.rows].map((row: { title: string }) => row.title)).toEqual(['c', 'a', 'b', 'd']);
  });

  it('changes the currency with the amount and answers the record as stored', async () => {
    const res = await post('do/create', { data: { title: 'f', royalty: { amount: '10', currency: 'EUR' } } });
    const { sid, version } = res.json().data.data ?? res.json().data;
    const updated = await post('do/update', { sid, version, data: { royalty: { amount: '12.3', currency: 'GBP' } } });
    expect(updated.statusCode, updated.body).toBe(200);
    const row = updated.json().data.data ?? updated.json().data;
    expect(row.royalty).toEqual({ amount: '12.30', currency: 'GBP' });
  });

  it('refuses an unknown currency, too many decimals for the currency, and other shapes with 400', async () => {
    const refused = async (royalty: unknown, message: string) => {
      const res = await post('do/create', { data: { title: 'x', royalty } });
      expect(res.statusCode, JSON.stringify(royalty)).toBe(400);
      expect(res.json()).toMatchObject({ code: 500005, fields: [{ field: 'royalty', label: 'Royalty', message }] });
    };
    await refused({ amount: '1', currency: 'XYZ' }, 'is not a supported ISO 4217 currency code (e.g. CNY, USD)');
    await refused({ amount: '1.234', currency: 'CNY' }, 'has more than 2 decimals for its currency');
    await refused({ amount: '1.5', currency: 'JPY' }, 'has more than 0 decimals for its currency');
    await refused({ amount: '1e5', currency: 'CNY' }, 'must be an amount such as 1234.50');
    await refused({ amount: '-1', currency: 'CNY' }, 'must not be less than 0');
    await refused(12, 'must be of type money (amount and currency)');
    const iql = await post('do/search', { iql: "royalty > 'CNY'" });
    expect(iql.statusCode).toBe(400);
  });

  it('writes one "CNY 1234.50" cell and reads it back (either order, grouping dropped)', () => {
    expect(exportCell('money', false, { amount: '1234.50', currency: 'CNY' }, undefined, 'en')).toBe('CNY 1234.50');
    expect(exportCell('money', false, null, undefined, 'en')).toBeNull();
    expect(importCell('money', false, 'CNY 1234.50', undefined)).toEqual({ amount: '1234.50', currency: 'CNY' });
    expect(importCell('money', false, '1,234.5 usd', undefined)).toEqual({ amount: '1234.5', currency: 'USD' });
    expect(importCell('money', false, '1234.50', undefined)).toBe('1234.50');
  });
});
