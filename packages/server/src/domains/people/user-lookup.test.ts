// User pickers: the search limited to the caller's personnel selection range (all, own companies with
// their sub-companies, own department subtree, only oneself without a department; administrators
// everything), literal keyword matching, disabled users and other tenants left out; and the names of
// given users, tenant-scoped. Runs on PGlite and PostgreSQL.
import { newSid, type PickRange } from '@ipdesk/core';
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
  type TestTenant,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import { createCompany } from '../../modules/accounts/provision.js';

const SEARCH = '/webapi/model/user_info/do/search_component';
const NAMES = '/webapi/model/user_info/do/search_names';

interface Found {
  sid: string;
  account: string;
  name: string;
  english_name: string | null;
  department: { sid: string; name: string } | null;
  companies: Array<{ sid: string; company_name: string }>;
}

describe(`user pickers and the selection range (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  /** Companies: root ─ sub (the tenant's) ─ subSub; root ─ sibling. */
  let subSub: string;
  let sibling: string;
  const research = newSid();
  const battery = newSid();
  const legal = newSid();
  const users: Record<string, { sid: string; account: string; password: string }> = {};
  const sessions: Record<string, SignedIn> = {};
  let stranger: { sid: string };

  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    // Every tenant starts with its first administrator, an active user of the root company.
    users.firstAdmin = tenant.admin;
    const db = t.database.db;
    subSub = (await createCompany(db, { tenantSid: tenant.sid, parentSid: tenant.subCompany, name: '电池分所' })).sid;
    sibling = (await createCompany(db, { tenantSid: tenant.sid, parentSid: tenant.rootCompany, name: '法务分所' })).sid;
    const department = (sid: string, name: string, nameEn: string | null, parent?: string) =>
      db.query(
        `INSERT INTO department (sid, tenant_sid, company_sid, parent_sid, path, name, name_en)
         VALUES ($1, $2, $3, $4, COALESCE((SELECT path FROM department WHERE sid = $4), '/') || $1 || '/', $5, $6)`,
        [sid, tenant.sid, tenant.rootCompany, parent ?? null, name, nameEn],
      );
    await department(research, '研究部', 'Research');
    await department(battery, '电池组', null, research);
    await department(legal, '法务部', 'Legal');

    const person = (userSid: string, departmentSid: string) =>
      db.query(
        `INSERT INTO m_person (sid, tenant_sid, company_sid, created_at, updated_at, name, status, department, account_user)
         VALUES ($1, $2, $2, now(), now(), 'p', 'active', $3, $4)`,
        [newSid(), tenant.sid, departmentSid, userSid],
      );
    const make = async (
      key: string,
      name: string,
      options: { companies?: string[]; department?: string; englishName?: string; status?: 0 | 1; admin?: boolean },
    ) => {
      const user = await createUser(t, tenant, {
        name,
        companies: options.companies ?? [tenant.rootCompany],
        isTenantAdmin: options.admin ?? false,
        status: options.status ?? 1,
      });
      if (options.englishName)
        await db.query('UPDATE user_account SET english_name = $1 WHERE sid = $2', [options.englishName, user.sid]);
      if (options.department) await person(user.sid, options.department);
      users[key] = user;
    };
    await make('admin', '管理员', { admin: true });
    await make('alice', '李研究', { companies: [tenant.subCompany], department: research, englishName: 'Alice Li' });
    await make('bob', '王电池', { companies: [subSub], department: battery });
    await make('carol', '赵法务', { companies: [sibling], department: legal });
    await make('dave', '孙离职', { companies: [tenant.subCompany], department: research, status: 0 });
    await make('eve', 'Rate 50%_x', {});
    await make('frank', 'Rate 50ab', {});
    // Callers, one per range.
    await make('wide', '全院选人', {});
    await make('branch', '分所选人', { companies: [tenant.subCompany] });
    await make('head', '研究部选人', { department: research });
    await make('loner', '无部门选人', {});
    await make('mixed', '多角色选人', { companies: [sibling], department: legal });

    const range = async (key: string, pickRange: PickRange) => {
      const role = await grantRole(t, tenant, [users[key]!.sid], { resources: [] });
      await db.query('UPDATE role SET pick_range = $1 WHERE sid = $2', [pickRange, role]);
    };
    await range('wide', 'all');
    await range('branch', 'company');
    await range('head', 'department');
    await range('loner', 'department');
    await range('mixed', 'department');
    await range('mixed', 'company');
    await db.query('UPDATE tenant SET access_version = access_version + 1 WHERE sid = $1', [tenant.sid]);

    for (const key of ['admin', 'wide', 'branch', 'head', 'loner', 'mixed'])
      sessions[key] = await signIn(t.app, users[key]!.account, users[key]!.password);

    const other = await createTenant(t);
    stranger = await createUser(t, other, { name: '李研究' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, session?: SignedIn) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: session ? authed(session) : { 'x-language': 'en' },
      payload: payload as object,
    });
  const search = async (key: string, body: object = {}) => {
    const res = await post(SEARCH, { rows: 50, ...body }, sessions[key]);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Found[];
  };
  const keysOf = (found: Found[]) => {
    const byUser = new Map(Object.entries(users).map(([key, u]) => [u.sid, key]));
    return found.map((f) => byUser.get(f.sid) ?? `?${f.sid}`).sort();
  };
  const active = [
    'firstAdmin',
    'admin',
    'alice',
    'bob',
    'carol',
    'eve',
    'frank',
    'wide',
    'branch',
    'head',
    'loner',
    'mixed',
  ];

  it('range all: every active user of the tenant, ordered by name, with department and companies', async () => {
    const found = await search('wide');
    expect(keysOf(found)).toEqual([...active].sort());
    const alice = found.find((f) => f.sid === users.alice!.sid);
    expect(alice).toEqual({
      sid: users.alice!.sid,
      account: users.alice!.account,
      name: '李研究',
      english_name: 'Alice Li',
      // The caller reads in English: the English name of the department.
      department: { sid: research, name: 'Research' },
      companies: [{ sid: tenant.subCompany, company_name: '测试院 · 分所' }],
    });
    // No English name: the name; no person record: no department.
    expect(found.find((f) => f.sid === users.bob!.sid)?.department).toEqual({ sid: battery, name: '电池组' });
    expect(found.find((f) => f.sid === users.eve!.sid)?.department).toBeNull();
  });

  it('tenant administrators pick from the whole tenant', async () => {
    expect(keysOf(await search('admin'))).toEqual([...active].sort());
  });

  it('range company: members of the caller’s companies and their sub-companies, and the caller', async () => {
    const found = await search('branch');
    expect(keysOf(found)).toEqual(['alice', 'bob', 'branch']);
    // By name (these read in the same order by code point and by pinyin: fen, li, wang).
    expect(found.map((f) => f.name)).toEqual(['分所选人', '李研究', '王电池']);
  });

  it('range department: people of the caller’s department subtree; disabled users left out', async () => {
    expect(keysOf(await search('head'))).toEqual(['alice', 'bob', 'head']);
  });

  it('range department without a department: only the caller', async () => {
    expect(keysOf(await search('loner'))).toEqual(['loner']);
    expect(await search('loner', { keyword: '李' })).toEqual([]);
  });

  it('several roles: the widest range applies', async () => {
    expect(keysOf(await search('mixed'))).toEqual(['carol', 'mixed']);
  });

  it('a changed range applies to the next request', async () => {
    const extra = await grantRole(t, tenant, [users.loner!.sid], { resources: [] });
    await t.database.db.query('UPDATE role SET pick_range = $1 WHERE sid = $2', ['all', extra]);
    await t.database.db.query('UPDATE tenant SET access_version = access_version + 1 WHERE sid = $1', [tenant.sid]);
    expect(keysOf(await search('loner'))).toEqual([...active].sort());
    await t.database.db.query('DELETE FROM user_role WHERE role_sid = $1', [extra]);
    await t.database.db.query('UPDATE tenant SET access_version = access_version + 1 WHERE sid = $1', [tenant.sid]);
    expect(keysOf(await search('loner'))).toEqual(['loner']);
  });

  it('matches name, English name or account, ignoring case', async () => {
    expect(keysOf(await search('wide', { keyword: '研究' }))).toEqual(['alice', 'head']);
    expect(keysOf(await search('wide', { keyword: 'alice' }))).toEqual(['alice']);
    expect(keysOf(await search('wide', { keyword: 'LI' }))).toContain('alice');
    const account = users.carol!.account;
    expect(keysOf(await search('wide', { keyword: account.toUpperCase() }))).toEqual(['carol']);
    expect(keysOf(await search('wide', { keyword: `  ${account}  ` }))).toEqual(['carol']);
    expect(await search('wide', { keyword: 'nobody-by-this-name' })).toEqual([]);
  });

  it('takes % and _ literally', async () => {
    expect(keysOf(await search('wide', { keyword: '%_' }))).toEqual(['eve']);
    expect(keysOf(await search('wide', { keyword: '50%' }))).toEqual(['eve']);
    expect(keysOf(await search('wide', { keyword: '50_' }))).toEqual([]);
    expect(keysOf(await search('wide', { keyword: '_' }))).toEqual(['eve']);
    expect(keysOf(await search('wide', { keyword: '\\' }))).toEqual([]);
  });

  it('never finds disabled users or another tenant’s, limits the rows and filters by side', async () => {
    const sids = (await search('admin', { keyword: '李' })).map((f) => f.sid);
    expect(sids).toEqual([users.alice!.sid]);
    expect(sids).not.toContain(stranger.sid);
    expect((await search('admin', { keyword: '孙离职' })).length).toBe(0);
    expect((await search('admin', { rows: 2 })).length).toBe(2);
    const defaultRows = await post(SEARCH, {}, sessions.admin);
    expect(defaultRows.json().data.length).toBe(active.length);
    expect(await search('admin', { side: 2 })).toEqual([]);
    expect((await search('admin', { side: 1 })).length).toBe(active.length);
  });

  it('reads the names of the tenant’s users, disabled ones too, never another tenant’s', async () => {
    const res = await post(
      NAMES,
      { sids: [users.alice!.sid, users.dave!.sid, stranger.sid, 'Z'.repeat(16), users.alice!.sid] },
      sessions.loner,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { sid: users.dave!.sid, name: '孙离职', account: users.dave!.account },
      { sid: users.alice!.sid, name: '李研究', account: users.alice!.account },
    ]);
    const foreign = await post(NAMES, { sids: [stranger.sid] }, sessions.admin);
    expect(foreign.json().data).toEqual([]);
  });

  it('refuses bad bodies with 400, never 5xx', async () => {
    const bad: Array<[string, unknown]> = [
      [SEARCH, { keyword: 'x'.repeat(51) }],
      [SEARCH, { keyword: 5 }],
      [SEARCH, { rows: 0 }],
      [SEARCH, { rows: 51 }],
      [SEARCH, { rows: 1.5 }],
      [SEARCH, { rows: '20' }],
      [SEARCH, { side: 3 }],
      [SEARCH, { tenant_sid: tenant.sid }],
      [SEARCH, []],
      [SEARCH, { keyword: 'x', extra: 1 }],
      [NAMES, {}],
      [NAMES, { sids: [] }],
      [NAMES, { sids: ['short'] }],
      [NAMES, { sids: Array.from({ length: 201 }, () => newSid()) }],
      [NAMES, { sids: users.alice!.sid }],
      [NAMES, { sids: [users.alice!.sid], more: true }],
    ];
    for (const [url, body] of bad) {
      const res = await post(url, body, sessions.wide);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json().code).toBeGreaterThan(0);
    }
    const labelled = await post(SEARCH, { keyword: 'x'.repeat(51) }, sessions.wide);
    expect(labelled.json().message).toContain('Keyword');
    const most = await post(NAMES, { sids: Array.from({ length: 200 }, () => newSid()) }, sessions.wide);
    expect(most.statusCode).toBe(200);
  });

  it('refuses anonymous callers (401)', async () => {
    expect((await post(SEARCH, {})).statusCode).toBe(401);
    expect((await post(NAMES, { sids: [users.alice!.sid] })).statusCode).toBe(401);
  });
});
