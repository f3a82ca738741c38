// The generic model API, proven on a model declared only in this test: its table, validation with
// labels, create/read/update/delete with versions and audit, iql search of every kind, keyset pages,
// counts, group counts, history, and tenant/company scope. Runs on PGlite and PostgreSQL.
import { defineModel, field, MODEL_CATALOG } from '@ipdesk/core';
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
  grantRole,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import { createModelRegistry } from './registry.js';

const gadget = defineModel({
  name: 'test_gadget',
  label: { zh: '测试器件', en: 'Test gadget' },
  titleField: 'title',
  fields: {
    title: field('text', {
      label: { zh: '名称', en: 'Title' },
      required: true,
      maxLength: 40,
      flags: { keyword: true, searchFilter: true },
    }),
    code: field('text', { label: { zh: '编号', en: 'Code' }, required: true, unique: true, maxLength: 20 }),
    notes: field('longText', { label: { zh: '备注', en: 'Notes' }, flags: { keyword: true } }),
    weight: field('number', { label: { zh: '重量', en: 'Weight' }, min: 0, max: 1000, scale: 1 }),
    price: field('money', { label: { zh: '价格', en: 'Price' }, scale: 2 }),
    made_on: field('date', { label: { zh: '生产日期', en: 'Made on' } }),
    checked_at: field('timestamp', { label: { zh: '检验时间', en: 'Checked at' } }),
    active: field('boolean', { label: { zh: '启用', en: 'Active' } }),
    kind: field('option', {
      label: { zh: '类型', en: 'Kind' },
      dictionary: 'patent_type',
      flags: { searchFilter: true },
    }),
    classes: field('option', {
      label: { zh: '类别', en: 'Classes' },
      multiple: true,
      dictionary: 'nice_class',
      flags: { searchFilter: true },
    }),
    owner: field('user', { label: { zh: '负责人', en: 'Owner' } }),
    aliases: field('text', { label: { zh: '别名', en: 'Aliases' }, multiple: true, maxLength: 40 }),
  },
});

describe(`generic model API (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let session: SignedIn;
  let ownerSid: string;
  beforeAll(async () => {
    t = await createAccountsTestApp({}, createModelRegistry([...MODEL_CATALOG, gadget]));
    tenant = await createTenant(t);
    const user = await createUser(t, tenant, { companies: [tenant.rootCompany, tenant.subCompany] });
    await grantRole(t, tenant, [user.sid]);
    ownerSid = user.sid;
    session = await signIn(t.app, user.account, user.password);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, s: SignedIn = session, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/webapi/model/test_gadget/${url}`, headers: authed(s, headers), payload });
  const create = (data: object, s?: SignedIn, headers?: Record<string, string>) =>
    post('do/create', { data }, s, headers);
  const search = async (iql: string, extra: object = {}) => {
    const res = await post('do/search', { iql, ...extra });
    if (res.statusCode !== 200) throw new Error(`${iql}: ${res.body}`);
    return res.json().data as { rows: Array<Record<string, unknown>>; total?: number; next_cursor?: string };
  };
  const codes = async (iql: string) =>
    (await search(`${iql}${iql.includes('ORDER BY') ? '' : ' ORDER BY code ASC'}`)).rows.map((r) => r.code);

  it('describes the model for the UI in the caller language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/webapi/model/test_gadget/do/schema',
      headers: authed(session),
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ name: 'test_gadget', label: 'Test gadget', title_field: 'title' });
    const kind = data.fields.find((f: { name: string }) => f.name === 'kind');
    expect(kind).toMatchObject({ kind: 'option', data_type: 'key', label: 'Kind', labels: { zh: '类型', en: 'Kind' } });
    expect(kind.options).toContainEqual({ value: 'invention', label: 'Invention', disabled: false, parent: null });
    expect(data.fields.find((f: { name: string }) => f.name === 'company_sid')).toMatchObject({
      kind: 'company',
      target: 'company',
    });
    expect(data.fields.find((f: { name: string }) => f.name === 'created_by')).toMatchObject({
      kind: 'user',
      target: 'user_info',
    });
    expect(data.version).toBe(0);
    expect(data.fields.find((f: { name: string }) => f.name === 'title')).toMatchObject({
      required: true,
      max_length: 40,
    });
    const zh = await t.app.inject({
      method: 'GET',
      url: '/webapi/model/test_gadget/do/schema',
      headers: authed(session, { 'x-language': 'zh-CN' }),
    });
    expect(zh.json().data.label).toBe('测试器件');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/webapi/model/no_such_model/do/schema',
      headers: authed(session),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404201, message: 'No such model: no_such_model' });
  });

  it('creates, reads, updates with the version, and deletes, auditing each change', async () => {
    const created = await create({
      title: ' 锂电池 ',
      code: 'G-1',
      weight: 12.5,
      price: 99.99,
      made_on: '2024-02-29',
      active: true,
      kind: 'invention',
      classes: ['9', '9', '42'],
      owner: ownerSid,
    });
    expect(created.statusCode).toBe(200);
    const row = created.json().data;
    expect(row).toMatchObject({
      title: '锂电池',
      code: 'G-1',
      weight: 12.5,
      price: 99.99,
      made_on: '2024-02-29',
      active: true,
      classes: ['9', '42'],
      version: 1,
      company_sid: tenant.rootCompany,
    });
    expect(row.sid).toMatch(/^[0-9A-Za-z]{16}$/);

    const read = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/test_gadget/${row.sid}`,
      headers: authed(session),
    });
    expect(read.json().data).toEqual(row);

    const updated = await post('do/update', { sid: row.sid, version: 1, data: { weight: 13, notes: '改进版' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ weight: 13, notes: '改进版', version: 2, title: '锂电池' });
    const stale = await post('do/update', { sid: row.sid, version: 1, data: { weight: 14 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(409000);

    const history = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/test_gadget/do/history/${row.sid}`,
      headers: authed(session),
    });
    const entries = history.json().data;
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['test_gadget.created', 'test_gadget.updated']);
    expect(entries[1].changes).toEqual({
      weight: { before: 12.5, after: 13 },
      notes: { before: null, after: '改进版' },
    });
    expect(entries[1].actor_sid).toBe(ownerSid);

    expect((await post(`do/delete/${row.sid}`, { version: 1 })).statusCode).toBe(409);
    expect((await post(`do/delete/${row.sid}`, { version: 2 })).statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/test_gadget/${row.sid}`,
      headers: authed(session),
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe(404202);
  });

  it.each([
    [{ code: 'X-1' }, 'Title: is required'],
    [{ title: 'x'.repeat(41), code: 'X-1' }, 'Title: must be at most 40 characters'],
    [{ title: 'a', code: 'X-1', weight: 'heavy' }, 'Weight: must be of type number'],
    [{ title: 'a', code: 'X-1', weight: 1.25 }, 'Weight: has an invalid format'],
    [{ title: 'a', code: 'X-1', weight: 1001 }, 'Weight: must not be greater than 1000'],
    [{ title: 'a', code: 'X-1', made_on: '2023-02-29' }, 'Made on: is not a valid date (e.g. 2024-01-31)'],
    [{ title: 'a', code: 'X-1', kind: 'trademark' }, 'Kind: must be one of: invention, utility_model, design'],
    [{ title: 'a', code: 'X-1', classes: '9' }, 'Classes: must be of type list'],
    [{ title: 'a', code: 'X-1', owner: "x' OR 1=1" }, 'Owner: has an invalid format'],
    [{ title: 'a', code: 'X-1', tenant_sid: 'other' }, 'tenant_sid: contains fields that are not allowed: tenant_sid'],
    [{ title: 'a', code: 'X-1', version: 7 }, 'version: contains fields that are not allowed: version'],
  ])('refuses %j with 500005 naming the field', async (data, message) => {
    const res = await create(data);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(500005);
    expect(res.json().message).toBe(message);
  });

  it('names the field in Chinese for a Chinese caller', async () => {
    const res = await create({ code: 'X-2' }, session, { 'x-language': 'zh-CN' });
    expect(res.json().message).toBe('名称：必填');
  });

  it('refuses a duplicate unique value, case-insensitively (409201)', async () => {
    expect((await create({ title: 'a', code: 'DUP-1' })).statusCode).toBe(200);
    const dup = await create({ title: 'b', code: 'dup-1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      code: 409201,
      message: 'Code "dup-1" already exists',
      fields: [{ field: 'code', label: 'Code' }],
    });
  });

  describe('iql search', () => {
    beforeAll(async () => {
      const rows = [
        {
          title: '锂离子电池',
          code: 'S-01',
          weight: 1,
          made_on: '2026-11-21',
          kind: 'invention',
          classes: ['9'],
          active: true,
          checked_at: '2026-11-21T01:00:00Z',
        },
        {
          title: '固态电池电解质',
          code: 'S-02',
          weight: 5,
          made_on: '2026-11-25',
          kind: 'invention',
          classes: ['9', '42'],
          active: false,
          notes: 'battery',
          aliases: ['SSB', 'Solid cell'],
        },
        {
          title: 'Battery Pack',
          code: 'S-03',
          weight: 10,
          made_on: '2026-12-30',
          kind: 'utility_model',
          classes: ['7'],
          aliases: ['Pack 2024-01-31'],
        },
        { title: '光伏组件 50%_off', code: 'S-04', weight: 20, made_on: '2025-01-01', kind: 'design', owner: ownerSid },
        { title: "O'Brien's 传感器", code: 'S-05', made_on: '2026-11-20' },
      ];
      for (const data of rows) {
        t.clock.advanceMinutes(1); // distinct updated_at, so the default order is the creation order reversed
        expect((await create(data)).statusCode).toBe(200);
      }
    });

    it.each([
      ["code STARTS WITH 'S-' AND weight = 5", ['S-02']],
      // Negations find empty values too (S-05 has no weight).
      ["code STARTS WITH 'S-' AND weight != 5", ['S-01', 'S-03', 'S-04', 'S-05']],
      ["code STARTS WITH 'S-' AND weight >= 10", ['S-03', 'S-04']],
      ["code STARTS WITH 'S-' AND weight BETWEEN 2 AND 15", ['S-02', 'S-03']],
      ["code STARTS WITH 'S-' AND weight IS NULL", ['S-05']],
      ["code IN ('S-01', 'S-04', 'nope')", ['S-01', 'S-04']],
      ["code STARTS WITH 'S-' AND kind NOT IN ('invention')", ['S-03', 'S-04', 'S-05']],
      ["title CONTAINS '电池'", ['S-01', 'S-02']],
      ["title CONTAINS 'battery'", ['S-03']],
      ["title CONTAINS '50%_'", ['S-04']],
      ["title LIKE '%电_'", ['S-01']],
      ["title ENDS WITH '传感器'", ['S-05']],
      ["title CONTAINS 'O''Brien'", ['S-05']],
      ["MATCH 'battery'", ['S-02', 'S-03']],
      ["classes = '9'", ['S-01', 'S-02']],
      ["classes IN ('42', '7')", ['S-02', 'S-03']],
      ["code STARTS WITH 'S-' AND classes IS NULL", ['S-04', 'S-05']],
      ['active = TRUE', ['S-01']],
      ["code STARTS WITH 'S-' AND NOT active = TRUE", ['S-02', 'S-03', 'S-04', 'S-05']],
      ["owner.name = '张三'", ['S-04']],
      ["owner.name CONTAINS '张'", ['S-04']],
      ["code STARTS WITH 'S-' AND owner IS NOT NULL", ['S-04']],
      ["code STARTS WITH 'S-' AND (kind = 'design' OR weight < 5)", ['S-01', 'S-04']],
      ["made_on = '2026-11-25'", ['S-02']],
      // Text tests on a multiple field: true when any of its values passes.
      ["aliases CONTAINS 'cell'", ['S-02']],
      ["aliases CONTAINS '2024-01-31'", ['S-03']],
      ["aliases STARTS WITH 'ss'", ['S-02']],
      ["code STARTS WITH 'S-' AND aliases NOT CONTAINS 'cell'", ['S-01', 'S-03', 'S-04', 'S-05']],
      ["aliases = 'SSB'", ['S-02']],
    ])('%s', async (iql, expected) => {
      expect(await codes(iql)).toEqual(expected);
    });

    it('resolves relative dates with the app clock in the tenant time zone', async () => {
      // The clock is 2026-11-21 08:00 UTC = 16:00 in Shanghai.
      expect(await codes('made_on WITHIN TODAY')).toEqual(['S-01']);
      expect(await codes('made_on WITHIN YESTERDAY')).toEqual(['S-05']);
      expect(await codes('made_on WITHIN NEXT 7 DAYS')).toEqual(['S-01', 'S-02']);
      expect(await codes('made_on WITHIN LAST 30 DAYS')).toEqual(['S-01', 'S-05']);
      expect(await codes("made_on WITHIN NEXT 12 MONTHS AND code STARTS WITH 'S-'")).toEqual(['S-01', 'S-02', 'S-03']);
      expect(await codes('checked_at WITHIN TODAY')).toEqual(['S-01']);
    });

    it('orders by the query, with updated_at DESC by default', async () => {
      expect(await codes("code STARTS WITH 'S-' ORDER BY weight DESC, code ASC")).toEqual([
        'S-04',
        'S-03',
        'S-02',
        'S-01',
        'S-05',
      ]);
      const recent = await search("code STARTS WITH 'S-'");
      expect(recent.rows.map((r) => r.code)).toEqual(['S-05', 'S-04', 'S-03', 'S-02', 'S-01']);
      expect(recent.total).toBe(5);
    });

    it('pages by offset with a total, and by keyset cursor through every row exactly once', async () => {
      const page2 = await search("code STARTS WITH 'S-' ORDER BY code ASC", { page: 2, size: 2 });
      expect(page2.rows.map((r) => r.code)).toEqual(['S-03', 'S-04']);
      expect(page2.total).toBe(5);
      const seen: unknown[] = [];
      let cursor: string | undefined;
      do {
        const page = await search("code STARTS WITH 'S-'", { rows: 2, ...(cursor ? { cursor } : {}) });
        seen.push(...page.rows.map((r) => r.code));
        cursor = page.next_cursor;
        if (seen.length > 5) break;
      } while (cursor);
      expect(seen).toHaveLength(5);
      expect(new Set(seen).size).toBe(5);
      const broken = await post('do/search', { iql: '', cursor: 'not-a-cursor' });
      expect(broken.json().code).toBe(400201);
    });

    it('returns only the fields asked for, and counts and groups', async () => {
      const narrow = await search("code = 'S-01'", { fl: ['title'] });
      expect(Object.keys(narrow.rows[0]!).sort()).toEqual([
        'company_sid',
        'created_at',
        'created_by',
        'sid',
        'title',
        'updated_at',
        'updated_by',
        'version',
      ]);
      const count = await post('do/count', { iql: "code STARTS WITH 'S-' AND kind = 'invention'" });
      expect(count.json().data.total).toBe(2);
      const groups = await post('do/aggregateSearch', { iql: "code STARTS WITH 'S-'", group_by: 'classes' });
      expect(groups.json().data).toEqual([
        { value: '9', count: 2 },
        { value: '42', count: 1 },
        { value: '7', count: 1 },
      ]);
    });

    it.each([
      ['nope = 1', 'Query: Position 1: there is no field "nope"'],
      ["weight = 'heavy'", 'Query: Position 10: the value for "weight" must be a number'],
      ['active > TRUE', 'Query: Position 1: field "active" does not take this condition'],
      ["title.name = 'x'", 'Query: Position 1: "title" is not a relation, so "." cannot follow it'],
      ['title = ', null],
      ['ORDER BY classes', 'Query: Position 10: cannot sort by "classes"'],
      ["classes > '5'", 'Query: Position 1: field "classes" does not take this condition'],
    ])('refuses %j with 500001 and the position', async (iql, message) => {
      const res = await post('do/search', { iql });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(500001);
      if (message) expect(res.json().message).toBe(message);
      else expect(res.json().message).toMatch(/^Query: /);
    });
  });

  describe('scope', () => {
    it('keeps tenants apart: another tenant neither finds nor reads nor changes the rows', async () => {
      const mine = (await create({ title: '我的', code: 'T-1' })).json().data;
      const other = await createTenant(t);
      const stranger = await createUser(t, other);
      await grantRole(t, other, [stranger.sid]);
      const theirs = await signIn(t.app, stranger.account, stranger.password);
      expect((await post('do/search', { iql: "code = 'T-1'" }, theirs)).json().data.rows).toEqual([]);
      expect(
        (await t.app.inject({ method: 'GET', url: `/webapi/model/test_gadget/${mine.sid}`, headers: authed(theirs) }))
          .statusCode,
      ).toBe(404);
      expect((await post('do/update', { sid: mine.sid, version: 1, data: { title: 'x' } }, theirs)).statusCode).toBe(
        404,
      );
      expect((await post(`do/delete/${mine.sid}`, {}, theirs)).statusCode).toBe(404);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/webapi/model/test_gadget/do/history/${mine.sid}`,
            headers: authed(theirs),
          })
        ).statusCode,
      ).toBe(404);
      // The same code is free in the other tenant.
      expect((await create({ title: '他的', code: 'T-1' }, theirs)).statusCode).toBe(200);
    });

    it('narrows to the chosen sub-company and its children when the header names one', async () => {
      const inSub = (
        await create({ title: '分所的', code: 'C-1' }, session, { 'x-sub-company-sid': tenant.subCompany })
      ).json().data;
      expect(inSub.company_sid).toBe(tenant.subCompany);
      await create({ title: '总部的', code: 'C-2' }, session, { 'x-sub-company-sid': tenant.rootCompany });
      const fromSub = await post('do/search', { iql: "code STARTS WITH 'C-'" }, session, {
        'x-sub-company-sid': tenant.subCompany,
      });
      expect(fromSub.json().data.rows.map((r: { code: string }) => r.code)).toEqual(['C-1']);
      const fromRoot = await post('do/search', { iql: "code STARTS WITH 'C-' ORDER BY code ASC" }, session, {
        'x-sub-company-sid': tenant.rootCompany,
      });
      expect(fromRoot.json().data.rows.map((r: { code: string }) => r.code)).toEqual(['C-1', 'C-2']);
    });

    it('refuses anonymous callers', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/webapi/model/test_gadget/do/search', payload: {} });
      expect(res.statusCode).toBe(401);
    });
  });

  it('serves the catalog models with no per-model code', async () => {
    for (const name of ['patent', 'trademarks', 'copyright_apply', 'project', 'scientific_paper']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/webapi/model/${name}/do/search`,
        headers: authed(session),
        payload: {},
      });
      expect(res.statusCode, name).toBe(200);
      expect(res.json().data).toEqual({ rows: [], total: 0 });
    }
    const patent = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/patent/do/create',
      headers: authed(session),
      payload: {
        data: {
          title: '一种锂电池负极材料',
          sn: 'P2026001',
          patent_type: 'invention',
          country: 'CN',
          filing_date: '2026-01-05',
        },
      },
    });
    expect(patent.statusCode).toBe(200);
  });
});
