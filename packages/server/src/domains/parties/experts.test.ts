// Experts (issue 18 "Every field kind has a target"): an internal expert is a user of the tenant and reads
// as the user's name (copied on every save and import), an external one has a name of its own; the rules
// between type, user and name, the e-mail check and one expert per user refused in zh-CN and en with
// nothing written; fields of expertise as several tech territory keys, found by iql.
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
type Titles = Record<string, Record<string, string | null>>;
interface Answer {
  code: number;
  message: string;
  fields?: Array<Record<string, string>>;
  data: Row;
  titles: Titles;
}

describe(`experts (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let admin: SignedIn;
  let wang: { sid: string };
  let li: { sid: string };
  let foreignUser: { sid: string };

  const call = async (method: 'GET' | 'POST', url: string, payload?: object, language = 'en') => {
    const res = await t.app.inject({
      method,
      url: `/webapi/${url}`,
      headers: authed(admin, { 'x-language': language }),
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() as Answer };
  };
  const create = (data: Record<string, unknown>, language = 'en') =>
    call('POST', 'model/expert/do/create', { data }, language);
  const names = async (iql: string) => {
    const res = await call('POST', 'model/expert/do/search', { iql });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as unknown as { rows: Row[] }).rows.map((r) => r.name).sort();
  };

  beforeAll(async () => {
    t = await createAccountsTestApp();
    const tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    admin = await signIn(t.app, a.account, a.password);
    wang = await createUser(t, tenant, { name: '王专家', englishName: 'Wang Expert' });
    li = await createUser(t, tenant, { name: '李工' });
    const other = await createTenant(t);
    foreignUser = await createUser(t, other, { name: '外部用户' });
    // Fields of expertise take the tech territory dictionary's keys: these two are the tenant's own.
    const saved = await call('POST', 'dictionary/do/save', {
      dictionary: 'tech_territory',
      options: [
        { key: 'x_ai', label_zh: '人工智能', label_en: 'Artificial intelligence' },
        { key: 'x_battery', label_zh: '电池', label_en: 'Batteries' },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterAll(() => t.close());

  it('reads an internal expert as its user’s name, in the reader’s language, and follows a change of user', async () => {
    const created = await create({ expert_type: 'internal', staff: wang.sid, expertise: ['x_ai', 'x_battery'] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({
      expert_type: 'internal',
      staff: wang.sid,
      name: '王专家',
      name_en: 'Wang Expert',
      expertise: ['x_ai', 'x_battery'],
      status: 'valid',
    });
    // A name typed for an internal expert is the user's all the same.
    const updated = await call('POST', 'model/expert/do/update', {
      sid: created.body.data.sid,
      version: created.body.data.version,
      data: { staff: li.sid, name: '别的名字' },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({ staff: li.sid, name: '李工', name_en: null });
    const read = await call('GET', `model/expert/${created.body.data.sid}`);
    expect(read.body.data).toMatchObject({ name: '李工', version: 2 });
    // The audit entry holds the names as stored.
    const history = await call('GET', `model/expert/do/history/${created.body.data.sid}`);
    const entries = history.body.data as unknown as Array<{ changes: Record<string, { after: unknown }> }>;
    expect(entries[1]?.changes.name?.after).toBe('李工');
  });

  it('keeps an external expert’s own names and finds experts by field of expertise and organisation', async () => {
    const created = await create({
      expert_type: 'external',
      name: '赵教授',
      name_en: 'Prof. Zhao',
      affiliation: '某大学',
      position: '教授',
      email: 'zhao@example.edu',
      country: 'CN',
      expertise: ['x_battery'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ name: '赵教授', name_en: 'Prof. Zhao', staff: null });
    // A list field matches a record holding the key among others (the internal expert above holds both).
    expect(await names("expertise = 'x_battery'")).toEqual(['李工', '赵教授']);
    expect(await names("expertise = 'x_ai'")).toEqual(['李工']);
    expect(await names("affiliation CONTAINS '大学'")).toEqual(['赵教授']);
  });

  it('refuses what breaks the rules, in zh-CN and en, writing nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [{ expert_type: 'internal', name: '没有人员' }, 'staff', '内部专家必须选择人员', 'choose the person'],
      [{ expert_type: 'external' }, 'name', '外部专家必须填写姓名', 'required for an external expert'],
      [
        { expert_type: 'external', name: '带人员', staff: wang.sid },
        'staff',
        '只适用于内部专家，外部专家请填写姓名',
        'internal experts only',
      ],
      [{ name: '坏邮箱', email: 'not-an-address' }, 'email', '邮箱格式不正确', 'not a valid e-mail address'],
      [{ name: '坏类型', expert_type: 'celebrity' }, 'expert_type', '', ''],
    ];
    for (const [data, field, zh, en] of cases) {
      const inZh = await create(data, 'zh-CN');
      expect(inZh.status, JSON.stringify(data)).toBe(400);
      expect(inZh.body).toMatchObject({ code: 500005, fields: [expect.objectContaining({ field })] });
      if (zh) expect(inZh.body.fields?.[0]?.message).toBe(zh);
      const inEn = await create(data);
      if (en) expect(inEn.body.fields?.[0]?.message).toContain(en);
    }
    // Another tenant's user is no person of this one.
    const foreign = await create({ expert_type: 'internal', staff: foreignUser.sid }, 'zh-CN');
    expect(foreign.body).toMatchObject({
      code: 500005,
      fields: [{ field: 'staff', message: '引用的数据无效或不存在' }],
    });
    // One expert per person.
    const first = await create({ expert_type: 'internal', staff: wang.sid });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const twice = await create({ expert_type: 'internal', staff: wang.sid }, 'zh-CN');
    expect(twice.status).toBe(409);
    expect(twice.body.fields?.[0]?.field).toBe('staff');
    expect(await names("name IN ('没有人员', '带人员', '坏邮箱', '坏类型')")).toEqual([]);
  });
});
