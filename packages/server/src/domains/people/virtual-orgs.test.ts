// Virtual organisations (issue 18 "Every field kind has a target"): a team across departments with a
// leader and members who are users of the tenant — created, titled and found by member; the code unique
// in the tenant, members of another tenant or missing required fields refused in zh-CN and en, nothing
// written; an invalid team is left out of what a reference may point at.
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
  titles: Record<string, Record<string, string | null>>;
}

describe(`virtual organisations (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let admin: SignedIn;
  let lead: { sid: string };
  let member: { sid: string };
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
    call('POST', 'model/virtual_org/do/create', { data }, language);
  const codes = async (iql: string) =>
    ((await call('POST', 'model/virtual_org/do/search', { iql })).body.data.rows ?? []).map((r) => r.code).sort();

  beforeAll(async () => {
    t = await createAccountsTestApp();
    const tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    admin = await signIn(t.app, a.account, a.password);
    lead = await createUser(t, tenant, { name: '周组长', englishName: 'Zhou Lead' });
    member = await createUser(t, tenant, { name: '吴成员' });
    foreignUser = await createUser(t, await createTenant(t), { name: '外部用户' });
  });
  afterAll(() => t.close());

  it('keeps a team with its leader and members, named by their titles and found by member', async () => {
    const created = await create({
      name: '电池评审组',
      name_en: 'Battery review panel',
      code: 'VO-BAT',
      leader: lead.sid,
      members: [lead.sid, member.sid],
      description: '负责电池方向的提案评审',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ code: 'VO-BAT', members: [lead.sid, member.sid], status: 'valid' });
    expect(created.body.titles.user_info).toMatchObject({ [lead.sid]: '周组长', [member.sid]: '吴成员' });
    expect(await codes(`members = '${member.sid}'`)).toEqual(['VO-BAT']);
    expect(await codes(`leader.name = '周组长'`)).toEqual(['VO-BAT']);
  });

  it('refuses a taken code, another tenant’s member and a missing name, in zh-CN and en', async () => {
    const twice = await create({ name: '另一个组', code: 'VO-BAT' }, 'zh-CN');
    expect(twice.status).toBe(409);
    expect(twice.body.fields?.[0]?.field).toBe('code');
    const foreign = await create({ name: '外部成员组', code: 'VO-F', members: [member.sid, foreignUser.sid] }, 'zh-CN');
    expect(foreign.body).toMatchObject({
      code: 500005,
      fields: [{ field: 'members', message: '引用的数据无效或不存在' }],
    });
    const foreignEn = await create({ name: 'Foreign', code: 'VO-F', leader: foreignUser.sid });
    expect(foreignEn.body).toMatchObject({
      code: 500005,
      fields: [{ field: 'leader', label: 'Leader', message: 'refers to data that is invalid or does not exist' }],
    });
    const nameless = await create({ code: 'VO-N' }, 'zh-CN');
    expect(nameless.body).toMatchObject({ code: 500005, fields: [{ field: 'name', label: '名称' }] });
    expect(await codes("code IN ('VO-F', 'VO-N')")).toEqual([]);
  });
});
