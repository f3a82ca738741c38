// The category trees (issue 18 "Every field kind has a target"): product and technology categories as
// records in a tree — created, renamed, moved, their titles in the reader's language — with the tree's
// rules (no circles, no delete while subcategories remain; zh-CN and en, nothing written), and fields of
// the category kinds pointing at them: an invalid or other tenant's category refused, a custom field of
// several product categories written, found by iql and exported by title; the built-in dictionaries
// behind techTerritory and patternType taking their keys. PGlite and PostgreSQL.
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
interface Answer {
  code: number;
  message: string;
  data?: Row;
  titles?: Titles;
  fields?: Array<Record<string, string>>;
}

describe(`category trees (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let admin: SignedIn;
  let elsewhere: SignedIn;
  let electronics: Row;
  let chips: Row;
  let memory: Row;

  const call = async (s: SignedIn, method: 'GET' | 'POST', url: string, payload?: object, language = 'en') => {
    const res = await t.app.inject({
      method,
      url: `/webapi/${url}`,
      headers: authed(s, { 'x-language': language }),
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() as Answer, raw: res.body };
  };
  const create = async (s: SignedIn, model: string, data: Record<string, unknown>, language = 'en') => {
    const res = await call(s, 'POST', `model/${model}/do/create`, { data }, language);
    expect(res.status, res.raw).toBe(200);
    return res.body as Answer & { data: Row; titles: Titles };
  };
  const read = async (model: string, sid: string, language = 'en') =>
    (await call(admin, 'GET', `model/${model}/${sid}`, undefined, language)).body as Answer & { data: Row };
  const update = (row: Row, data: Record<string, unknown>, language = 'en', model = 'product_category') =>
    call(admin, 'POST', `model/${model}/do/update`, { sid: row.sid, version: row.version, data }, language);
  const patent = (sn: string, extra: Record<string, unknown> = {}) => ({
    title: `分类 ${sn}`,
    sn,
    patent_type: 'invention',
    country: 'CN',
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
    electronics = (await create(admin, 'product_category', { name: '电子', name_en: 'Electronics', code: 'E' })).data;
    chips = (
      await create(admin, 'product_category', {
        name: '半导体',
        name_en: 'Semiconductors',
        code: 'E-1',
        parent_category: electronics.sid,
      })
    ).data;
    memory = (await create(admin, 'product_category', { name: '存储器', code: 'E-1-1', parent_category: chips.sid }))
      .data;
  });
  afterAll(() => t.close());

  it('keeps a tree: children under parents, titles in the reader’s language, renamed and found', async () => {
    const created = await read('product_category', memory.sid);
    expect(created.data).toMatchObject({ parent_category: chips.sid, status: 'valid', sort_order: 0 });
    expect(created.titles?.product_category).toEqual({ [chips.sid]: 'Semiconductors' });
    const zh = await read('product_category', memory.sid, 'zh-CN');
    expect(zh.titles?.product_category).toEqual({ [chips.sid]: '半导体' });
    // The children of a node, and the roots.
    const children = await call(admin, 'POST', 'model/product_category/do/search', {
      iql: `parent_category = '${electronics.sid}'`,
    });
    expect((children.body.data as unknown as { rows: Row[] }).rows.map((r) => r.sid)).toEqual([chips.sid]);
    const roots = await call(admin, 'POST', 'model/product_category/do/search', { iql: 'parent_category IS NULL' });
    expect((roots.body.data as unknown as { rows: Row[] }).rows.map((r) => r.sid)).toEqual([electronics.sid]);
    // Renamed: its children read the new name.
    const renamed = await update(chips, { name: '芯片' });
    expect(renamed.status, renamed.raw).toBe(200);
    chips = renamed.body.data!;
    expect((await read('product_category', memory.sid, 'zh-CN')).titles?.product_category).toEqual({
      [chips.sid]: '芯片',
    });
    // The code is unique in the tenant; another tenant may use it.
    const twice = await call(admin, 'POST', 'model/product_category/do/create', { data: { name: '重复', code: 'E' } });
    expect(twice.status).toBe(409);
    await create(elsewhere, 'product_category', { name: '电子（另一租户）', code: 'E' });
    // The technology tree is its own model with the same shape.
    const tech = await create(admin, 'tech_category', { name: '人工智能', name_en: 'AI', code: 'T1' });
    const sub = await create(admin, 'tech_category', {
      name: '机器学习',
      code: 'T1-1',
      parent_category: tech.data.sid,
    });
    expect(sub.titles.tech_category).toEqual({ [tech.data.sid]: 'AI' });
  });

  it('refuses to move a category under itself or its descendant, in zh-CN and en, writing nothing', async () => {
    const root = (await read('product_category', electronics.sid)).data;
    const en = await update(root, { parent_category: memory.sid });
    expect(en.status).toBe(409);
    expect(en.body).toMatchObject({
      code: 409920,
      message: '“电子” cannot be moved under itself or one of its own subcategories',
    });
    const zh = await update(root, { parent_category: chips.sid }, 'zh-CN');
    expect(zh.body).toMatchObject({ code: 409920, message: '不能把“电子”移到它自己或它的下级分类之下' });
    const self = await update(chips, { parent_category: chips.sid });
    expect(self.body.code).toBe(409920);
    // Nothing moved, no version spent.
    const after = (await read('product_category', electronics.sid)).data;
    expect(after).toMatchObject({ parent_category: null, version: root.version });
    expect((await read('product_category', chips.sid)).data.parent_category).toBe(electronics.sid);
    // A real move goes through: the leaf to the top, and back.
    const leaf = (await read('product_category', memory.sid)).data;
    const top = await update(leaf, { parent_category: null });
    expect(top.status, top.raw).toBe(200);
    const back = await update(top.body.data!, { parent_category: chips.sid });
    expect(back.status, back.raw).toBe(200);
    memory = back.body.data!;
  });

  it('refuses to delete a category that has subcategories, in zh-CN and en', async () => {
    const en = await call(admin, 'POST', `model/product_category/do/delete/${chips.sid}`, {});
    expect(en.status).toBe(409);
    expect(en.body).toMatchObject({
      code: 409921,
      message: '“芯片” still has 1 subcategory(ies); delete or move them first',
    });
    const zh = await call(admin, 'POST', `model/product_category/do/delete/${electronics.sid}`, {}, 'zh-CN');
    expect(zh.body).toMatchObject({ code: 409921, message: '“电子”下还有 1 个下级分类，请先删除或移走它们' });
    const batch = await call(admin, 'POST', 'model/product_category/do/batch-delete', {
      records: [{ sid: electronics.sid }],
    });
    expect(batch.body.code).toBe(409921);
    expect((await read('product_category', electronics.sid)).data.sid).toBe(electronics.sid);
    // A leaf goes.
    const leaf = await create(admin, 'product_category', { name: '临时', code: 'TMP', parent_category: chips.sid });
    const gone = await call(admin, 'POST', `model/product_category/do/delete/${leaf.data.sid}`, {});
    expect(gone.status, gone.raw).toBe(200);
    expect((await call(admin, 'GET', `model/product_category/${leaf.data.sid}`)).status).toBe(404);
  });

  it('refuses an invalid or another tenant’s category as a reference', async () => {
    const retired = await create(admin, 'product_category', { name: '停用分类', code: 'OLD', status: 'invalid' });
    const foreign = await create(elsewhere, 'product_category', { name: '外部分类', code: 'F' });
    for (const sid of [retired.data.sid, foreign.data.sid, 'AAAAAAAAAAAAAAAA']) {
      const answer = await call(
        admin,
        'POST',
        'model/product_category/do/create',
        { data: { name: '子类', code: `C-${sid}`, parent_category: sid } },
        'zh-CN',
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 500005,
        fields: [{ field: 'parent_category', message: '引用的数据无效或不存在' }],
      });
    }
    const count = await call(admin, 'POST', 'model/product_category/do/count', { iql: "name = '子类'" });
    expect(count.body.data).toMatchObject({ total: 0 });
  });

  it('takes custom fields of the four kinds: several categories, titles, iql and export', async () => {
    const fields = [
      ['product_lines', { kind: 'productCategory', multiple: true, name_zh: '产品线', name_en: 'Product lines' }],
      ['tech_area', { kind: 'technologyCategory', name_zh: '技术分类', name_en: 'Tech category' }],
      ['territory', { kind: 'techTerritory', name_zh: '技术领域', name_en: 'Territory' }],
      ['pattern', { kind: 'patternType', multiple: true, name_zh: '图案类型', name_en: 'Pattern' }],
    ] as const;
    for (const [code, definition] of fields) {
      const res = await call(admin, 'POST', 'model/custom_field/do/create', { model: 'patent', code, definition });
      expect(res.status, res.raw).toBe(200);
    }
    expect((await call(admin, 'POST', 'model/custom_field/do/publish', { model: 'patent' })).status).toBe(200);
    const schema = (await call(admin, 'GET', 'model/patent/do/schema')).body.data as unknown as {
      fields: Array<Record<string, unknown>>;
    };
    expect(schema.fields.find((f) => f.name === 'product_lines')).toMatchObject({
      kind: 'productCategory',
      target: 'product_category',
      multiple: true,
    });
    const territory = schema.fields.find((f) => f.name === 'territory') as { options: Array<{ value: string }> };
    expect(territory.options.map((o) => o.value)).toContain('new_energy');

    const tech = (await call(admin, 'POST', 'model/tech_category/do/search', { iql: "code = 'T1-1'" })).body
      .data as unknown as { rows: Row[] };
    const created = await create(
      admin,
      'patent',
      patent('CAT-1', {
        product_lines: [memory.sid, electronics.sid],
        tech_area: tech.rows[0]!.sid,
        territory: 'new_energy',
        pattern: ['gui', 'partial_design'],
      }),
    );
    expect(created.data).toMatchObject({ product_lines: [memory.sid, electronics.sid], territory: 'new_energy' });
    expect(created.titles.product_category).toEqual({ [memory.sid]: '存储器', [electronics.sid]: 'Electronics' });
    expect(created.titles.tech_category).toEqual({ [tech.rows[0]!.sid]: '机器学习' });
    await create(admin, 'patent', patent('CAT-2', { product_lines: [chips.sid] }));

    // Refused: a key no dictionary has, an invalid category, a product category in the technology field.
    const badKey = await call(admin, 'POST', 'model/patent/do/create', {
      data: patent('CAT-X', { territory: 'moon_mining' }),
    });
    expect(badKey.body).toMatchObject({ code: 500005, fields: [{ field: 'territory' }] });
    const retired = (await call(admin, 'POST', 'model/product_category/do/search', { iql: "code = 'OLD'" })).body
      .data as unknown as { rows: Row[] };
    const invalid = await call(admin, 'POST', 'model/patent/do/create', {
      data: patent('CAT-Y', { product_lines: [retired.rows[0]!.sid] }),
    });
    expect(invalid.body).toMatchObject({ code: 500005, fields: [{ field: 'product_lines' }] });
    const wrongTree = await call(admin, 'POST', 'model/patent/do/create', {
      data: patent('CAT-Z', { tech_area: memory.sid }),
    });
    expect(wrongTree.body).toMatchObject({ code: 500005, fields: [{ field: 'tech_area' }] });

    // iql: by sid, several sids, across a single link by name, by territory key.
    const sns = async (iql: string) => {
      const res = await call(admin, 'POST', 'model/patent/do/search', { iql: `(${iql}) AND sn LIKE 'CAT-%'` });
      expect(res.status, res.raw).toBe(200);
      return (res.body.data as unknown as { rows: Row[] }).rows.map((r) => r.sn).sort();
    };
    expect(await sns(`product_lines = '${electronics.sid}'`)).toEqual(['CAT-1']);
    expect(await sns(`product_lines IN ('${memory.sid}', '${chips.sid}')`)).toEqual(['CAT-1', 'CAT-2']);
    expect(await sns("tech_area.name = '机器学习'")).toEqual(['CAT-1']);
    expect(await sns("territory = 'new_energy'")).toEqual(['CAT-1']);
    expect(await sns('tech_area IS NULL')).toEqual(['CAT-2']);

    // The export writes the categories' titles.
    const link = await call(admin, 'POST', 'model/patent/do/export', {
      iql: "sn = 'CAT-1'",
      fl: ['sn', 'product_lines', 'tech_area', 'territory', 'pattern'],
    });
    expect(link.status, link.raw).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: (link.body.data as unknown as { url: string }).url });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const head = (sheet.getRow(1).values as unknown[]).map(String);
    const cell = (label: string) => sheet.getRow(2).getCell(head.indexOf(label)).value;
    expect(cell('Product lines')).toBe('存储器; Electronics');
    expect(cell('Tech category')).toBe('机器学习');
    expect(cell('Territory')).toBe('New energy');
    expect(cell('Pattern')).toBe('Graphical user interface; Partial design');
  });
});
