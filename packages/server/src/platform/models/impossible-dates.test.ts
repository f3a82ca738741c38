// Issue 14: a date or time the calendar does not have (2024-02-30, month 13, year 0 or 10000, 24:61)
// used to reach PostgreSQL and answer 500 ("date/time field value out of range"). Through every route
// that takes a query (search, count, export, the deadlines iCal feed) and through record create and
// update it is now a 400 naming the position or the field. PGlite and PostgreSQL.
import { newSid } from '@ipdesk/core';
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

const IMPOSSIBLE_DATES = [
  '2024-02-30',
  '2023-02-29',
  '2024-04-31',
  '2024-13-01',
  '2024-00-01',
  '0000-01-01',
  '10000-01-01',
];
const IMPOSSIBLE_TIMES = [
  '2024-01-01T24:61:00Z',
  '2024-13-01T00:00:00Z',
  '0000-06-01T00:00:00Z',
  '+010000-01-01T00:00:00Z',
  '2024-02-30 08:00',
  '2024-01-01T00:00:60Z',
];

/** The queries a date can hide in: =, IN, BETWEEN, ordering, negation. */
const dateQueries = (date: string) => [
  `filing_date = '${date}'`,
  `filing_date IN ('2024-01-01', '${date}')`,
  `filing_date BETWEEN '2024-01-01' AND '${date}'`,
  `NOT filing_date >= '${date}'`,
];

describe(`impossible dates (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let admin: SignedIn;

  const call = (method: 'GET' | 'POST', url: string, payload?: object, language = 'en') =>
    t.app.inject({
      method,
      url: `/webapi${url}`,
      headers: authed(admin, { 'x-language': language }),
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createAccountsTestApp();
    const tenant = await createTenant(t);
    const user = await createUser(t, tenant, { isTenantAdmin: true });
    admin = await signIn(t.app, user.account, user.password);
    const res = await call('POST', '/model/patent/do/create', {
      data: { title: 'Case', sn: `P-${newSid()}`, patent_type: 'invention', country: 'CN', filing_date: '2024-02-29' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t.close());

  /** A 400 validation answer whose message names the position and says the date is not valid. */
  const expectRefusedDate = (res: { statusCode: number; body: string; json(): unknown }, value: string) => {
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { code: number; message: string; fields?: Array<{ field: string; message: string }> };
    expect(body.code).toBe(500001);
    expect(body.fields?.[0]?.field).toBe('iql');
    expect(body.fields?.[0]?.message).toMatch(
      new RegExp(`^Position \\d+: "${value.replace(/[+]/g, '\\+')}" is not a valid (date|time)`),
    );
  };

  it('refuses impossible dates in =, IN, BETWEEN and comparisons on search and count (400, position)', async () => {
    for (const date of IMPOSSIBLE_DATES) {
      for (const iql of dateQueries(date)) {
        expectRefusedDate(await call('POST', '/model/patent/do/search', { iql }), date);
        expectRefusedDate(await call('POST', '/model/patent/do/count', { iql }), date);
      }
    }
    // And the possible ones still find what they should.
    const found = await call('POST', '/model/patent/do/search', { iql: "filing_date = '2024-02-29'" });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.rows).toHaveLength(1);
  });

  it('gives the exact position, in Chinese too', async () => {
    const res = await call('POST', '/model/patent/do/search', { iql: "filing_date = '2024-02-30'" }, 'zh-CN');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[0].message).toBe('第 15 个字符处：“2024-02-30”不是有效日期（字段“filing_date”）');
  });

  it('refuses impossible timestamps (month 13, 24:61, year 0 and 10000)', async () => {
    for (const time of IMPOSSIBLE_TIMES) {
      for (const iql of [`created_at > '${time}'`, `updated_at BETWEEN '2024-01-01T00:00:00Z' AND '${time}'`]) {
        expectRefusedDate(await call('POST', '/model/patent/do/search', { iql }), time);
        expectRefusedDate(await call('POST', '/model/patent/do/count', { iql }), time);
      }
    }
  });

  it('refuses them on other models too (deadlines)', async () => {
    expectRefusedDate(
      await call('POST', '/model/patent_task/do/search', { iql: "due_date = '2025-02-29'" }),
      '2025-02-29',
    );
  });

  it('refuses them in the deadlines iCal feed', async () => {
    for (const date of IMPOSSIBLE_DATES) {
      const res = await call('GET', `/patent-deadlines/ical?iql=${encodeURIComponent(`due_date = '${date}'`)}`);
      expectRefusedDate(res, date);
    }
  });

  it('refuses them on export, when the link is made', async () => {
    for (const date of ['2024-02-30', '0000-01-01']) {
      expectRefusedDate(await call('POST', '/model/patent/do/export', { iql: `filing_date = '${date}'` }), date);
    }
  });

  it('refuses them in record create and update, naming the field', async () => {
    const expectField = (res: { statusCode: number; body: string; json(): unknown }, label: string, what: string) => {
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json() as { message: string };
      expect(body.message).toContain(label);
      expect(body.message).toContain(`is not a valid ${what}`);
    };
    for (const date of IMPOSSIBLE_DATES) {
      const res = await call('POST', '/model/patent/do/create', {
        data: { title: 'Bad', sn: `P-${newSid()}`, patent_type: 'invention', country: 'CN', filing_date: date },
      });
      expectField(res, 'Filing date', 'date');
    }
    const created = await call('POST', '/model/patent/do/create', {
      data: { title: 'Good', sn: `P-${newSid()}`, patent_type: 'invention', country: 'CN' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { sid, version } = created.json().data as { sid: string; version: number };
    for (const date of IMPOSSIBLE_DATES) {
      const res = await call('POST', '/model/patent/do/update', { sid, version, data: { grant_date: date } });
      expectField(res, 'Grant date', 'date');
    }
    const zh = await call(
      'POST',
      '/model/patent/do/update',
      { sid, version, data: { grant_date: '2024-02-30' } },
      'zh-CN',
    );
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toContain('不是有效日期');
  });
});
