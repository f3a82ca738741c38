// Custom fields from definition to search: drafts, publishing with a schema version, JSONB storage,
// iql on custom values, the definition rules of spec §5, tenant dictionaries, and isolation.
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
  grantRole,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';

const textField = (overrides: object = {}) => ({
  name_zh: '优先级',
  name_en: 'Priority',
  kind: 'text',
  max_length: 20,
  flags: { search_filter: true, table_column: true },
  ...overrides,
});

describe(`custom fields and dictionaries (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let admin: SignedIn;
  let user: SignedIn;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    const u = await createUser(t, tenant);
    await grantRole(t, tenant, [u.sid], {
      resources: [
        'patent',
        'patent:create',
        'patent:update',
        'trademarks',
        'trademarks:create',
        'trademarks:update',
        'project',
        'project:create',
        'project:update',
      ],
    });
    admin = await signIn(t.app, a.account, a.password);
    user = await signIn(t.app, u.account, u.password);
  });
  afterAll(() => t.close());

  const call = (url: string, payload: object, s: SignedIn = admin) =>
    t.app.inject({ method: 'POST', url: `/webapi${url}`, headers: authed(s), payload });
  const schema = async (s: SignedIn = user) =>
    (await t.app.inject({ method: 'GET', url: '/webapi/model/patent/do/schema', headers: authed(s) })).json().data as {
      version: number;
      fields: Array<{ name: string; label: string; custom: boolean; options: unknown }>;
    };
  const patent = (data: object, s: SignedIn = user) =>
    call(
      '/model/patent/do/create',
      { data: { title: '一种电池', patent_type: 'invention', country: 'CN', ...data } },
      s,
    );
  let serial = 0;
  const sn = () => `CF-${++serial}`;

  it('keeps a new field as a draft until the model is published, then stores and searches its values', async () => {
    const created = await call('/model/custom_field/do/create', {
      model: 'patent',
      code: 'priority',
      definition: textField(),
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ code: 'priority', published: null });
    expect((await schema()).fields.some((f) => f.name === 'priority')).toBe(false);
    expect((await patent({ sn: sn(), priority: 'high' })).json()).toMatchObject({
      code: 500005,
      message: 'priority: contains fields that are not allowed: priority',
    });

    const published = await call('/model/custom_field/do/publish', { model: 'patent' });
    expect(published.json().data.version).toBe(1);
    const after = await schema();
    expect(after.version).toBe(1);
    expect(after.fields.find((f) => f.name === 'priority')).toMatchObject({ label: 'Priority', custom: true });

    const a = (await patent({ sn: sn(), priority: 'high' })).json().data;
    expect(a.priority).toBe('high');
    await patent({ sn: sn(), priority: 'low' });
    await patent({ sn: sn() });
    const [raw] = await t.database.db.query<{ custom: unknown }>('SELECT custom FROM m_patent WHERE sid = $1', [a.sid]);
    expect(raw?.custom).toEqual({ priority: 'high' });

    const find = async (iql: string) =>
      ((await call('/model/patent/do/search', { iql }, user)).json().data.rows as Array<{ priority: unknown }>).map(
        (r) => r.priority,
      );
    expect(await find("priority = 'high'")).toEqual(['high']);
    expect(await find("priority CONTAINS 'ig'")).toEqual(['high']);
    expect(await find("sn STARTS WITH 'CF-' AND priority IS NULL")).toEqual([null]);
    expect(await find("sn STARTS WITH 'CF-' AND priority IS NOT NULL ORDER BY priority ASC")).toEqual(['high', 'low']);

    const updated = await call(
      '/model/patent/do/update',
      { sid: a.sid, version: 1, data: { priority: 'urgent' } },
      user,
    );
    expect(updated.json().data).toMatchObject({ priority: 'urgent', title: '一种电池' });
    const tooLong = await call(
      '/model/patent/do/update',
      { sid: a.sid, version: 2, data: { priority: 'x'.repeat(21) } },
      user,
    );
    expect(tooLong.json().message).toBe('Priority: must be at most 20 characters');
    const history = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/patent/do/history/${a.sid}`,
      headers: authed(user),
    });
    expect(history.json().data[1].changes).toEqual({ priority: { before: 'high', after: 'urgent' } });
  });

  it('applies an edit of a published field only when published again', async () => {
    const list = (await call('/model/custom_field/do/search', { model: 'patent' })).json().data as Array<{
      sid: string;
      code: string;
      status: string;
      has_draft: boolean;
    }>;
    const priority = list.find((f) => f.code === 'priority')!;
    expect(priority).toMatchObject({ status: 'published', has_draft: false });
    await call('/model/custom_field/do/update', { sid: priority.sid, definition: textField({ name_en: 'Urgency' }) });
    expect((await schema()).fields.find((f) => f.name === 'priority')?.label).toBe('Priority');
    expect((await call('/model/custom_field/do/publish', { model: 'patent' })).json().data.version).toBe(2);
    expect((await schema()).fields.find((f) => f.name === 'priority')?.label).toBe('Urgency');
  });

  it.each([
    [{ code: '1st', definition: textField() }, 500001, 'Custom field: has an invalid format'],
    [{ code: 'title', definition: textField() }, 500005, 'Custom field: The identifier "title" is already used'],
    [{ code: 'Priority', definition: textField() }, 500005, 'Custom field: The identifier "Priority" is already used'],
    [{ code: 'x'.repeat(49), definition: textField() }, 500001, 'Custom field: has an invalid format'],
    [
      { code: 'notes2', definition: textField({ min_length: 10, max_length: 5 }) },
      500005,
      'Custom field: The maximum length must not be below the minimum',
    ],
    [
      { code: 'notes3', definition: textField({ max_length: 300 }) },
      500005,
      'Custom field: The maximum length must not exceed 255',
    ],
    [
      { code: 'notes4', definition: textField({ kind: 'textarea', max_length: 3001 }) },
      500005,
      'Custom field: The maximum length must not exceed 3000',
    ],
    [
      { code: 'notes5', definition: textField({ kind: 'longText', max_length: 5001 }) },
      500005,
      'Custom field: The maximum length must not exceed 5000',
    ],
    [{ code: 'notes6', definition: textField({ min_length: 0 }) }, 500001, null],
    [
      { code: 'level', definition: textField({ kind: 'option' }) },
      500005,
      'Dictionary: An option field needs a dictionary',
    ],
    [
      { code: 'level2', definition: textField({ kind: 'option', dictionary: 'nothing_here' }) },
      500005,
      'Dictionary: There is no dictionary "nothing_here"',
    ],
    [{ code: 'bad', definition: { ...textField(), kind: 'script' } }, 500001, null],
  ])('refuses the definition %j', async (body, code, message) => {
    const res = await call('/model/custom_field/do/create', { model: 'patent', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    if (message) expect(res.json().message).toBe(message);
  });

  it('validates option fields against the tenant dictionary; disabled options refuse new values; nothing is deleted', async () => {
    const save = (options: object[]) => call('/dictionary/do/save', { dictionary: 'licence_level', options });
    expect(
      (
        await save([
          { key: 'gold', label_zh: '金', label_en: 'Gold' },
          { key: 'silver', label_zh: '银', label_en: 'Silver' },
        ])
      ).statusCode,
    ).toBe(200);
    expect((await save([{ key: 'bad key', label_zh: 'x', label_en: 'x' }])).json().code).toBe(500001);
    expect(
      (
        await call('/model/custom_field/do/create', {
          model: 'patent',
          code: 'licence_level',
          definition: textField({
            name_en: 'Licence level',
            kind: 'option',
            dictionary: 'licence_level',
            max_length: null,
          }),
        })
      ).statusCode,
    ).toBe(200);
    await call('/model/custom_field/do/publish', { model: 'patent' });
    expect((await patent({ sn: sn(), licence_level: 'gold' })).statusCode).toBe(200);
    expect((await patent({ sn: sn(), licence_level: 'bronze' })).json().message).toBe(
      'Licence level: must be one of: gold, silver',
    );
    // Disabling keeps the option (and existing values) but refuses it for new values.
    await save([{ key: 'gold', label_zh: '金', label_en: 'Gold', disabled: true }]);
    const options = (
      await t.app.inject({ method: 'GET', url: '/webapi/dictionary/licence_level', headers: authed(user) })
    ).json().data as Array<{ key: string; disabled: boolean }>;
    expect(options.map((o) => [o.key, o.disabled])).toEqual([
      ['gold', true],
      ['silver', false],
    ]);
    expect((await patent({ sn: sn(), licence_level: 'gold' })).json().code).toBe(500005);
    expect(
      (await call('/model/patent/do/search', { iql: "licence_level = 'gold'" }, user)).json().data.rows,
    ).toHaveLength(1);
  });

  it('relabels and disables built-in options per tenant', async () => {
    await call('/dictionary/do/save', {
      dictionary: 'patent_type',
      options: [{ key: 'design', label_zh: '外观', label_en: 'Industrial design', disabled: true }],
    });
    const fields = (await schema()).fields.find((f) => f.name === 'patent_type');
    expect(fields?.options).toContainEqual({
      value: 'design',
      label: 'Industrial design',
      disabled: true,
      parent: null,
    });
    expect((await patent({ sn: sn(), patent_type: 'design' })).json().code).toBe(500005);
  });

  it('imports cascader options from xlsx only when every row is right, listing errors by row', async () => {
    const sheetOf = async (rows: unknown[][]) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('options');
      for (const row of rows) sheet.addRow(row);
      return Buffer.from(await workbook.xlsx.writeBuffer());
    };
    const upload = async (bytes: Buffer, s: SignedIn = admin) => {
      const boundary = '----cascade';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.xlsx"\r\n\r\n`),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/webapi/dictionary/do/import?dictionary=region',
        headers: { ...authed(s), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    const header = ['key', '中文名称', 'English name', 'parent key'];
    const bad = await upload(
      await sheetOf([
        header,
        ['east', '华东', 'East China', ''],
        ['sh', '上海', 'Shanghai', 'east'],
        ['bad key', '坏', 'Bad', ''],
        ['sh', '重复', 'Dup', 'east'],
        ['x', '孤儿', 'Orphan', 'nowhere'],
        ['a', '甲', 'A', 'b'],
        ['b', '乙', 'B', 'a'],
      ]),
    );
    expect(bad.statusCode).toBe(200);
    expect(bad.json().data).toEqual({
      saved: 0,
      errors: [
        { row: 4, message: 'may only contain digits, English letters and underscores' },
        { row: 5, message: 'duplicates row 3' },
        { row: 6, message: 'must be one of: nowhere' },
        { row: 7, message: 'is invalid' },
        { row: 8, message: 'is invalid' },
      ],
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/webapi/dictionary/region', headers: authed(user) })).json().data,
    ).toEqual([]);
    const good = await upload(
      await sheetOf([
        header,
        ['east', '华东', 'East China', ''],
        ['sh', '上海', 'Shanghai', 'east'],
        ['pd', '浦东', 'Pudong', 'sh'],
      ]),
    );
    expect(good.json().data).toEqual({ saved: 3, errors: [] });
    const options = (
      await t.app.inject({ method: 'GET', url: '/webapi/dictionary/region', headers: authed(user) })
    ).json().data as Array<{ key: string; parent_key: string | null }>;
    expect(options.map((o) => [o.key, o.parent_key])).toEqual([
      ['east', null],
      ['sh', 'east'],
      ['pd', 'sh'],
    ]);
    expect((await upload(Buffer.from('key,label\nx,y'))).json().code).toBe(415001);
    expect((await upload(await sheetOf([header]), user)).statusCode).toBe(403);
  });

  it('is for administrators only, and stays within the tenant', async () => {
    expect((await call('/model/custom_field/do/search', {}, user)).statusCode).toBe(403);
    expect((await call('/model/custom_field/do/publish', { model: 'patent' }, user)).statusCode).toBe(403);
    expect(
      (
        await call(
          '/dictionary/do/save',
          { dictionary: 'x', options: [{ key: 'a', label_zh: 'a', label_en: 'a' }] },
          user,
        )
      ).statusCode,
    ).toBe(403);
    const other = await createTenant(t);
    const otherUser = await createUser(t, other);
    await grantRole(t, other, [otherUser.sid]);
    const theirs = await signIn(t.app, otherUser.account, otherUser.password);
    expect((await schema(theirs)).fields.some((f) => f.name === 'priority')).toBe(false);
    const search = await call('/model/patent/do/search', { iql: "priority = 'high'" }, theirs);
    expect(search.json()).toMatchObject({
      code: 500001,
      message: 'Query: Position 1: there is no field "priority"',
    });
    expect((await patent({ sn: 'OTHER-1', patent_type: 'design' }, theirs)).statusCode).toBe(200);
  });

  it('offers a new field as a list column and a search filter unless told otherwise (issue 14)', async () => {
    const projectSchema = async () =>
      (await t.app.inject({ method: 'GET', url: '/webapi/model/project/do/schema', headers: authed(user) })).json()
        .data as { fields: Array<{ name: string; flags: Record<string, boolean> }> };
    const plain = await call('/model/custom_field/do/create', {
      model: 'project',
      code: 'sponsor',
      definition: { name_zh: '资助方', name_en: 'Sponsor', kind: 'text' },
    });
    expect(plain.statusCode).toBe(200);
    const chosen = await call('/model/custom_field/do/create', {
      model: 'project',
      code: 'internal_note',
      definition: { name_zh: '内部备注', name_en: 'Internal note', kind: 'text', flags: { search_filter: false } },
    });
    expect(chosen.statusCode).toBe(200);
    expect((await call('/model/custom_field/do/publish', { model: 'project' })).statusCode).toBe(200);
    const fields = (await projectSchema()).fields;
    expect(fields.find((f) => f.name === 'sponsor')?.flags).toMatchObject({
      searchFilter: true,
      tableColumn: true,
      import: true,
      export: true,
      processVariable: false,
      approval: false,
    });
    // Still switchable: a flag turned off stays off, the others keep their defaults.
    expect(fields.find((f) => f.name === 'internal_note')?.flags).toMatchObject({
      searchFilter: false,
      tableColumn: true,
    });
  });
});
