// Keyset pages through the search API: walking by cursor gives exactly the rows the OFFSET pages give, for
// orders on columns with empty values and ties (tie-broken by sid), inside a sub-company and a data scope;
// a cursor a client made up is a 400 with its catalogue code. Also the count's estimate, and the scope
// condition's plan: no subquery run once per row. Runs on PGlite and PostgreSQL.
import { defineModel, field, MODEL_CATALOG, SEARCH_OFFSET_MAX } from '@ipdesk/core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createTenant,
  createUser,
  grantRole,
  signIn,
  type SignedIn,
  type TestTenant,
} from '../../../test/accounts.js';
import type { TestApp } from '../../../test/app.js';
import { onPostgres } from '../../../test/database.js';
import { createCountedTestApp, type QueryCounter } from '../../../test/query-counter.js';
import { createModelRegistry } from './registry.js';
import { ESTIMATE_FLOOR } from './search.js';

const widget = defineModel({
  name: 'test_keyset',
  label: { zh: '测试分页', en: 'Test keyset' },
  titleField: 'title',
  fields: {
    title: field('text', { label: { zh: '名称', en: 'Title' }, required: true, maxLength: 40 }),
    rank: field('number', { label: { zh: '序号', en: 'Rank' }, scale: 0 }),
    price: field('money', { label: { zh: '价格', en: 'Price' }, scale: 2 }),
    made_on: field('date', { label: { zh: '生产日期', en: 'Made on' } }),
    checked_at: field('timestamp', { label: { zh: '检验时间', en: 'Checked at' } }),
    active: field('boolean', { label: { zh: '启用', en: 'Active' } }),
  },
});

const COUNT = 61;

/** Row i's values: about a third empty per column, the rest in few distinct values, so ties are many. */
function rowValues(i: number) {
  return {
    title: `W-${i % 7}`,
    rank: i % 4 === 0 ? null : i % 5,
    price: i % 3 === 0 ? null : `${(i % 4) * 10}.50`,
    made_on: i % 3 === 1 ? null : `2026-0${1 + (i % 3)}-1${i % 2}`,
    // Microseconds, so the cursor's text form must keep them to be exact.
    checked_at: i % 5 === 2 ? null : `2026-03-0${1 + (i % 4)} 08:00:00.${String(123456 + (i % 3)).padStart(6, '0')}+00`,
    active: i % 6 === 0 ? null : i % 2 === 0,
  };
}

const ORDERS = [
  '',
  'ORDER BY rank ASC',
  'ORDER BY rank DESC',
  'ORDER BY price DESC',
  'ORDER BY made_on ASC, rank DESC',
  'ORDER BY made_on DESC, price ASC',
  'ORDER BY checked_at ASC',
  'ORDER BY checked_at DESC',
  'ORDER BY title DESC, rank ASC',
  'ORDER BY title ASC',
];

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

interface Page {
  rows: Array<{ sid: string }>;
  total?: number;
  next_cursor?: string;
}

describe(`keyset pages (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp & { counter: QueryCounter };
  let tenant: TestTenant;
  let admin: SignedIn;
  let scoped: SignedIn;
  beforeAll(async () => {
    t = await createCountedTestApp(createModelRegistry([...MODEL_CATALOG, widget]));
    tenant = await createTenant(t);
    const user = await createUser(t, tenant, { companies: [tenant.rootCompany, tenant.subCompany] });
    await grantRole(t, tenant, [user.sid]);
    admin = await signIn(t.app, user.account, user.password);
    // Two roles whose scopes combine as a union: their company's records, or those of listed departments.
    const limited = await createUser(t, tenant, { companies: [tenant.rootCompany, tenant.subCompany] });
    await grantRole(t, tenant, [limited.sid], { dataScope: 'company' });
    await grantRole(t, tenant, [limited.sid], { dataScope: 'departments', dataDepartments: ['NO-SUCH-DEPT'] });
    scoped = await signIn(t.app, limited.account, limited.password);
    for (let i = 0; i < COUNT; i++) {
      const v = rowValues(i);
      await t.database.db.query(
        `INSERT INTO m_test_keyset (sid, tenant_sid, company_sid, created_at, created_by, updated_at, title, rank,
           price, made_on, checked_at, active)
         VALUES ($1, $2, $3, $4, $5, $4, $6, $7, $8, $9, $10, $11)`,
        [
          `KS${String(i).padStart(14, '0')}`,
          tenant.sid,
          i % 2 ? tenant.subCompany : tenant.rootCompany,
          // Seven rows share each update time: the default order has ties too.
          `2026-04-01 10:00:0${Math.floor(i / 7)}+00`,
          user.sid,
          v.title,
          v.rank,
          v.price,
          v.made_on,
          v.checked_at,
          v.active,
        ],
      );
    }
  });
  afterAll(() => t.close());

  const search = async (body: object, s: SignedIn = admin, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/webapi/model/test_keyset/do/search',
      headers: authed(s, headers),
      payload: { fl: ['title'], total: false, ...body },
    });
  const page = async (body: object, s?: SignedIn, headers?: Record<string, string>): Promise<Page> => {
    const res = await search(body, s, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Page;
  };
  /** Every row of the query by cursor pages of `rows`, in order. */
  const walk = async (iql: string, rows: number, s?: SignedIn, headers?: Record<string, string>) => {
    const sids: string[] = [];
    let cursor: string | undefined;
    do {
      const next = await page({ iql, rows, ...(cursor && { cursor }) }, s, headers);
      sids.push(...next.rows.map((r) => r.sid));
      cursor = next.next_cursor;
    } while (cursor && sids.length <= COUNT);
    return sids;
  };
  const byOffset = async (iql: string, s?: SignedIn, headers?: Record<string, string>) =>
    (await page({ iql, rows: 100 }, s, headers)).rows.map((r) => r.sid);

  it.each(ORDERS)('walks %s by cursor through the rows the offset pages hold, in their order', async (order) => {
    const iql = `title STARTS WITH 'W-' ${order}`.trim();
    const expected = await byOffset(iql);
    expect(expected).toHaveLength(COUNT);
    expect(await walk(iql, 4)).toEqual(expected);
    // Page by page too: cursor page n is offset page n.
    const first = await page({ iql, rows: 9 });
    const second = await page({ iql, rows: 9, cursor: first.next_cursor });
    expect(second.rows.map((r) => r.sid)).toEqual((await page({ iql, rows: 9, start: 9 })).rows.map((r) => r.sid));
  });

  it('orders empty values first going up and last going down, ties by sid', async () => {
    const ranks = async (order: string) => {
      const res = await search({ iql: `title STARTS WITH 'W-' ${order}`, rows: 100, fl: ['rank'] });
      return (res.json().data as { rows: Array<{ sid: string; rank: number | null }> }).rows;
    };
    const up = await ranks('ORDER BY rank ASC');
    expect(up.slice(0, 16).every((r) => r.rank === null)).toBe(true);
    expect(up.at(-1)?.rank).toBe(4);
    const empties = up.filter((r) => r.rank === null).map((r) => r.sid);
    expect(empties).toEqual([...empties].sort());
    const down = await ranks('ORDER BY rank DESC');
    expect(down.slice(-16).every((r) => r.rank === null)).toBe(true);
  });

  it('walks a sub-company inside a data scope by cursor as by offset', async () => {
    const inSub = { 'x-sub-company-sid': tenant.subCompany };
    for (const order of ['ORDER BY made_on DESC', 'ORDER BY price ASC', '']) {
      const iql = `title STARTS WITH 'W-' ${order}`.trim();
      const expected = await byOffset(iql, scoped, inSub);
      expect(expected).toHaveLength(Math.floor(COUNT / 2));
      expect(await walk(iql, 5, scoped, inSub)).toEqual(expected);
    }
  });

  it('refuses cursors it did not make with 400201, in the caller language, never a 5xx', async () => {
    const encode = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');
    const refused: Array<[string, string]> = [
      ['', 'not-a-cursor'],
      ['', encode({ a: 1 })],
      ['', encode(['2026-04-01 10:00:00+00'])],
      // The default order (updated_at) has no empty values.
      ['', encode([null, 'KS00000000000001'])],
      ['', encode(['2026-02-30 10:00:00+00', 'KS00000000000001'])],
      ['', encode(['yesterday', 'KS00000000000001'])],
      ['ORDER BY rank ASC', encode(['1 OR 1=1', 'KS00000000000001'])],
      ['ORDER BY rank ASC', encode([2, 'KS00000000000001'])],
      ['ORDER BY rank ASC', encode(['2', null])],
      ['ORDER BY price DESC', encode(['1e400', 'KS00000000000001'])],
      ['ORDER BY made_on ASC', encode(['2026-13-01', 'KS00000000000001'])],
    ];
    for (const [order, cursor] of refused) {
      const res = await search({ iql: `title STARTS WITH 'W-' ${order}`, rows: 5, cursor }, admin, {
        'x-language': 'en',
      });
      expect(res.statusCode, `${order} ${cursor}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 400201, message: expect.stringMatching(/cursor is not valid/) });
    }
    const zh = await search({ iql: '', rows: 5, cursor: 'x' }, admin, { 'x-language': 'zh-CN' });
    expect(zh.json()).toMatchObject({ code: 400201, message: '翻页游标无效，请从第一页重新查询' });
  });

  it('bounds how deep a page number may jump, pointing at the cursor', async () => {
    const tooDeep = await search({ page: SEARCH_OFFSET_MAX / 20 + 2, size: 20 }, admin, { 'x-language': 'en' });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().fields[0]).toMatchObject({ field: 'page' });
    expect((await search({ page: SEARCH_OFFSET_MAX / 20 + 1, size: 20 })).statusCode).toBe(200);
    expect((await search({ start: SEARCH_OFFSET_MAX + 1 })).statusCode).toBe(400);
  });

  /** Rows of the root company beyond the estimate floor, and the statistics that know of them. */
  const addBulk = async (rows: number) => {
    await t.database.db.query(
      `INSERT INTO m_test_keyset (sid, tenant_sid, company_sid, created_at, updated_at, title)
       SELECT 'KB' || lpad(g::text, 14, '0'), $1, $2, now(), now(), 'bulk' FROM generate_series(1, $3::int) g`,
      [tenant.sid, tenant.rootCompany, rows],
    );
    await t.database.db.query('ANALYZE m_test_keyset');
  };
  const removeBulk = async () => {
    await t.database.db.query(`DELETE FROM m_test_keyset WHERE sid LIKE 'KB%'`);
    await t.database.db.query('ANALYZE m_test_keyset');
  };
  const count = async (body: object, s: SignedIn = admin, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/test_keyset/do/count',
      headers: authed(s, headers),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { total: number; estimated?: true };
  };

  it('counts exactly unless an estimate is asked for and the query is broad', async () => {
    expect(await count({ iql: "title STARTS WITH 'W-'" })).toEqual({ total: COUNT });
    // Few rows: the exact count is as cheap as the estimate, and answered instead.
    expect(await count({ iql: "title STARTS WITH 'W-'", estimate: true })).toEqual({ total: COUNT });
    expect(await count({ estimate: true }, scoped, { 'x-sub-company-sid': tenant.subCompany })).toEqual({
      total: Math.floor(COUNT / 2),
    });
  });

  it.runIf(onPostgres)(
    'answers the planner estimate for a broad query on PostgreSQL, marked as estimated',
    async () => {
      const many = ESTIMATE_FLOOR + 10_000;
      await addBulk(many);
      const estimate = await count({ estimate: true });
      expect(estimate.estimated).toBe(true);
      expect(Math.abs(estimate.total - (many + COUNT))).toBeLessThan((many + COUNT) * 0.2);
      expect(await count({})).toEqual({ total: many + COUNT });
      // A substring test's share is a guess: counted.
      expect(await count({ iql: "title CONTAINS 'ul'", estimate: true })).toEqual({ total: many });
      await removeBulk();
    },
  );

  it.runIf(onPostgres)(
    "pages a company's list by walking the sort index, not by sorting the tenant's rows",
    async () => {
      // The company scope alone (as the seeded IP specialist's), in both companies, the root one chosen.
      const user = await createUser(t, tenant, { companies: [tenant.rootCompany, tenant.subCompany] });
      await grantRole(t, tenant, [user.sid], { dataScope: 'company' });
      const specialist = await signIn(t.app, user.account, user.password);
      await addBulk(ESTIMATE_FLOOR + 10_000);
      t.counter.reset();
      await page({ rows: 20 }, specialist, { 'x-sub-company-sid': tenant.rootCompany });
      const index = t.counter.statements.findIndex((sql) => sql.includes('FROM m_test_keyset'));
      const [explained] = await t.database.db.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
        `EXPLAIN (FORMAT JSON) ${t.counter.statements[index]!}`,
        t.counter.params[index] as never,
      );
      const nodes: PlanNode[] = [];
      const visit = (node: PlanNode): void => {
        nodes.push(node);
        for (const child of node.Plans ?? []) visit(child);
      };
      visit(explained!['QUERY PLAN'][0]!.Plan);
      // As semi-joins the company sets were estimated at a few rows, and every row of the tenant was sorted
      // for a page of 20 (0.7–1.3 s on 1M patents).
      expect(nodes.map((node) => node['Node Type'])).not.toContain('Sort');
      expect(nodes.some((node) => node['Index Name'] === 'm_test_keyset_recent_idx')).toBe(true);
      await removeBulk();
    },
  );

  it('counts in a sub-company and data scope without a subquery run once per row', async () => {
    t.counter.reset();
    await count({ iql: "title STARTS WITH 'W-'" }, scoped, { 'x-sub-company-sid': tenant.subCompany });
    const index = t.counter.statements.findIndex((sql) => sql.includes('count(*)') && sql.includes('m_test_keyset'));
    expect(index).toBeGreaterThanOrEqual(0);
    const [explained] = await t.database.db.query<{ 'QUERY PLAN': unknown }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${t.counter.statements[index]!}`,
      t.counter.params[index] as never,
    );
    const plan = explained!['QUERY PLAN'];
    const subplans: Array<{ name: string; loops: number }> = [];
    const visit = (node: Record<string, unknown>): void => {
      if (node['Parent Relationship'] === 'SubPlan' || node['Parent Relationship'] === 'InitPlan')
        subplans.push({ name: String(node['Subplan Name']), loops: Number(node['Actual Loops']) });
      for (const child of (node.Plans as Array<Record<string, unknown>> | undefined) ?? []) visit(child);
    };
    visit((plan as Array<{ Plan: Record<string, unknown> }>)[0]!.Plan);
    // The company sets are init plans (arrays built once); the data scope's union keeps its department
    // subqueries as subplans, each run once (hashed). The scan passed every row of the tenant (61) through
    // them, so a per-row subplan would show 30+ loops.
    expect(
      subplans.some((subplan) => subplan.loops === 1),
      JSON.stringify(subplans),
    ).toBe(true);
    for (const subplan of subplans) expect(subplan.loops, subplan.name).toBeLessThanOrEqual(1);
  });

  it('exports more rows than one chunk (1,000) completely and in order, walking by cursor', async () => {
    const extra = 2_345;
    await t.database.db.query(
      `INSERT INTO m_test_keyset (sid, tenant_sid, company_sid, created_at, updated_at, title, rank)
       SELECT 'KX' || lpad(g::text, 14, '0'), $1, $2, now(), now(), 'X-' || g,
              CASE WHEN g % 3 = 0 THEN NULL ELSE g % 17 END
         FROM generate_series(1, $3::int) g`,
      [tenant.sid, tenant.rootCompany, extra],
    );
    const iql = "title STARTS WITH 'X-' ORDER BY rank DESC";
    const link = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/test_keyset/do/export',
      headers: authed(admin, { 'x-language': 'en' }),
      payload: { iql, fl: ['title', 'rank'] },
    });
    expect(link.statusCode, link.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: link.json().data.url });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const column = (sheet.getRow(1).values as unknown[]).indexOf('Title');
    const titles: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) titles.push(String(row.getCell(column).value));
    });
    const expected = await t.database.db.query<{ title: string }>(
      `SELECT title FROM m_test_keyset WHERE title LIKE 'X-%' ORDER BY rank DESC NULLS LAST, sid DESC`,
    );
    expect(titles).toHaveLength(extra);
    expect(titles).toEqual(expected.map((r) => r.title));
    await t.database.db.query(`DELETE FROM m_test_keyset WHERE sid LIKE 'KX%'`);
  });
});
