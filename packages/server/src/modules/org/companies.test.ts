// Companies through the API: the tree and its paths across moves, cycles and the fixed root, the
// company-administrator rule, deletion guards, the iql list, the structure answer, versions, audit,
// and who may call what (anonymous, no system.org, another tenant). Runs on PGlite and PostgreSQL.
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

interface Company {
  sid: string;
  path: string;
  path_map: Record<string, string>;
  company_name: string;
  parent_sid: string | null;
  status: number;
  sort_by: number;
  version: number;
}

describe(`companies (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let admin: SignedIn;
  let orgUser: SignedIn;
  let plain: SignedIn;
  let companyAdmin: SignedIn;
  let companyAdminSid: string;
  let otherAdmin: SignedIn;

  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    other = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    const o = await createUser(t, tenant);
    const p = await createUser(t, tenant);
    const c = await createUser(t, tenant, { companies: [tenant.subCompany] });
    const x = await createUser(t, other, { isTenantAdmin: true });
    await grantRole(t, tenant, [o.sid], { resources: ['system.org'] });
    await grantRole(t, tenant, [p.sid, c.sid], { resources: [] });
    companyAdminSid = c.sid;
    admin = await signIn(t.app, a.account, a.password);
    orgUser = await signIn(t.app, o.account, o.password);
    plain = await signIn(t.app, p.account, p.password);
    companyAdmin = await signIn(t.app, c.account, c.password);
    otherAdmin = await signIn(t.app, x.account, x.password);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object | undefined, s: SignedIn | null = orgUser) =>
    t.app.inject({ method: 'POST', url: `/webapi${url}`, headers: s ? authed(s) : { 'x-language': 'en' }, payload });
  const get = (url: string, s: SignedIn | null = orgUser) =>
    t.app.inject({ method: 'GET', url: `/webapi${url}`, headers: s ? authed(s) : { 'x-language': 'en' } });
  const create = async (name: string, parent: string, extra: object = {}) => {
    const res = await post('/company/do/create', { company_name: name, parent_sid: parent, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Company;
  };
  const read = async (sid: string) => (await get(`/company/do/company-structure/${sid}`)).json().data as Company;
  /** Every company of the tenant, straight from the table. */
  const all = async (tenantSid = tenant.sid) =>
    t.database.db.query<{ sid: string; parent_sid: string | null; path: string }>(
      'SELECT sid, parent_sid, path FROM company WHERE tenant_sid = $1',
      [tenantSid],
    );
  /** The invariant moves must keep: each path is the parent's path plus the own sid. */
  const expectPathsConsistent = async (tenantSid = tenant.sid) => {
    const rows = await all(tenantSid);
    const bySid = new Map(rows.map((r) => [r.sid, r]));
    for (const row of rows) {
      const parent = row.parent_sid ? bySid.get(row.parent_sid) : undefined;
      expect(row.path, row.sid).toBe(`${parent?.path ?? '/'}${row.sid}/`);
    }
  };

  it('refuses anonymous callers (401), users without system.org (403301) and other tenants (404)', async () => {
    for (const res of [
      await post('/company/do/list', {}, null),
      await post('/company/do/create', { company_name: 'X', parent_sid: tenant.sid }, null),
      await post('/company/do/update', { sid: tenant.subCompany, version: 1 }, null),
      await get(`/company/do/company-structure/${tenant.sid}`, null),
    ])
      expect(res.statusCode).toBe(401);

    const denied = [
      await post('/company/do/create', { company_name: 'X', parent_sid: tenant.sid }, plain),
      await post(`/company/do/delete/${tenant.subCompany}`, {}, plain),
      await get(`/company/do/admins/${tenant.subCompany}`, plain),
      await post('/company/do/admins', { sid: tenant.subCompany, user_sids: [] }, plain),
    ];
    for (const res of denied) expect(res.json().code).toBe(403301);
    // Update is open by route, but only org holders and the company's administrators pass.
    const update = await post('/company/do/update', { sid: tenant.subCompany, version: 1, company_name: 'X' }, plain);
    expect(update.json().code).toBe(403303);

    // Another tenant's company: not found, never its data, whatever the caller may do.
    for (const res of [
      await get(`/company/do/company-structure/${other.sid}`),
      await post('/company/do/update', { sid: other.subCompany, version: 1, company_name: 'Stolen' }, admin),
      await post(`/company/do/delete/${other.subCompany}`, {}, admin),
      await post('/company/do/create', { company_name: 'Intruder', parent_sid: other.sid }, admin),
      await get(`/company/do/admins/${other.subCompany}`, admin),
      await post('/company/do/update', { sid: tenant.subCompany, version: 1, parent_sid: other.sid }, admin),
    ])
      expect(res.json().code).toBe(404202);
    const [foreign] = await t.database.db.query<{ company_name: string }>(
      'SELECT company_name FROM company WHERE sid = $1',
      [other.subCompany],
    );
    expect(foreign?.company_name).toBe('测试院 · 分所');
  });

  it('rejects bad bodies with 500001, never 5xx', async () => {
    const bodies = [
      {},
      { company_name: '', parent_sid: tenant.sid },
      { company_name: 'x'.repeat(256), parent_sid: tenant.sid },
      { company_name: 'X', parent_sid: 'not-a-sid' },
      { company_name: 'X', parent_sid: tenant.sid, tenant_sid: other.sid },
      { company_name: 'X', parent_sid: tenant.sid, cname_capital: 'x'.repeat(17) },
      { company_name: 'X', parent_sid: tenant.sid, sort_by: 1.5 },
      { company_name: 42, parent_sid: tenant.sid },
    ];
    for (const body of bodies) {
      const res = await post('/company/do/create', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(500001);
    }
    const named = await post('/company/do/create', { company_name: '', parent_sid: tenant.sid });
    expect(named.json().message).toMatch(/^Company name: /);
    const proto = await t.app.inject({
      method: 'POST',
      url: '/webapi/company/do/create',
      headers: { ...authed(orgUser), 'content-type': 'application/json' },
      payload: '{"company_name":"X","parent_sid":"' + tenant.sid + '","__proto__":{"admin":true}}',
    });
    expect(proto.statusCode).toBe(400);
    for (const body of [{ sid: tenant.subCompany }, { sid: tenant.subCompany, version: 1, status: 2 }]) {
      const res = await post('/company/do/update', body);
      expect(res.json().code).toBe(500001);
    }
  });

  it('creates companies with paths and path maps, and moves a middle node with its whole subtree', async () => {
    const a = await create('Move A', tenant.sid);
    const b = await create('Move B', a.sid);
    const c = await create('Move C', b.sid);
    const d = await create('Move D', c.sid);
    const e = await create('Move E', b.sid);
    expect(a.path).toBe(`/${tenant.sid}/${a.sid}/`);
    expect(d.path).toBe(`/${tenant.sid}/${a.sid}/${b.sid}/${c.sid}/${d.sid}/`);
    expect(d.path_map).toEqual({
      [tenant.sid]: '测试院',
      [a.sid]: 'Move A',
      [b.sid]: 'Move B',
      [c.sid]: 'Move C',
      [d.sid]: 'Move D',
    });
    expect(Object.keys(d.path_map)).toEqual([tenant.sid, a.sid, b.sid, c.sid, d.sid]);
    expect(d).toMatchObject({ parent_sid: c.sid, status: 1, sort_by: 0, version: 1 });

    // B (a middle node with children and grandchildren) moves under the sub-company.
    const moved = await post('/company/do/update', { sid: b.sid, version: 1, parent_sid: tenant.subCompany });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      parent_sid: tenant.subCompany,
      path: `/${tenant.sid}/${tenant.subCompany}/${b.sid}/`,
      version: 2,
    });
    const base = `/${tenant.sid}/${tenant.subCompany}/${b.sid}/`;
    expect((await read(c.sid)).path).toBe(`${base}${c.sid}/`);
    expect((await read(d.sid)).path).toBe(`${base}${c.sid}/${d.sid}/`);
    expect((await read(e.sid)).path).toBe(`${base}${e.sid}/`);
    expect((await read(a.sid)).path).toBe(`/${tenant.sid}/${a.sid}/`);
    expect(Object.values((await read(d.sid)).path_map)).toEqual([
      '测试院',
      '测试院 · 分所',
      'Move B',
      'Move C',
      'Move D',
    ]);
    await expectPathsConsistent();
    await expectPathsConsistent(other.sid);

    // Back under A: the same rewrite the other way.
    const back = await post('/company/do/update', { sid: b.sid, version: 2, parent_sid: a.sid });
    expect(back.statusCode).toBe(200);
    expect((await read(d.sid)).path).toBe(`/${tenant.sid}/${a.sid}/${b.sid}/${c.sid}/${d.sid}/`);
    await expectPathsConsistent();
  });

  it('refuses moving a company under itself or a descendant (400306), and moving or deleting the root', async () => {
    const a = await create('Cycle A', tenant.sid);
    const b = await create('Cycle B', a.sid);
    const c = await create('Cycle C', b.sid);
    for (const parent of [a.sid, b.sid, c.sid]) {
      const res = await post('/company/do/update', { sid: a.sid, version: 1, parent_sid: parent });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(400306);
    }
    expect((await read(c.sid)).path).toBe(`/${tenant.sid}/${a.sid}/${b.sid}/${c.sid}/`);
    await expectPathsConsistent();

    const root = await read(tenant.sid);
    const moveRoot = await post('/company/do/update', { sid: tenant.sid, version: root.version, parent_sid: a.sid });
    expect(moveRoot.json()).toMatchObject({
      code: 500001,
      message: "Parent company: The organisation's root company cannot be moved or deleted",
    });
    const deleteRoot = await post(`/company/do/delete/${tenant.sid}`, {}, admin);
    expect(deleteRoot.json().code).toBe(500001);
    expect((await read(tenant.sid)).parent_sid).toBeNull();
    // Renaming the root is fine.
    const renamed = await post('/company/do/update', { sid: tenant.sid, version: root.version, sort_by: 0 });
    expect(renamed.statusCode).toBe(200);
  });

  it('lets a company administrator rename their own company but not move it, toggle it, or touch another', async () => {
    const set = await post('/company/do/admins', { sid: tenant.subCompany, user_sids: [companyAdminSid] }, admin);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual([expect.objectContaining({ sid: companyAdminSid })]);
    expect((await get(`/company/do/admins/${tenant.subCompany}`)).json().data).toHaveLength(1);

    const sub = await read(tenant.subCompany);
    const renamed = await post(
      '/company/do/update',
      { sid: sub.sid, version: sub.version, company_name: 'Branch office', simple_name: 'Branch', cname_capital: 'BO' },
      companyAdmin,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ company_name: 'Branch office', version: sub.version + 1 });

    const version = sub.version + 1;
    const a = await create('Admin target', tenant.sid);
    for (const body of [
      { sid: sub.sid, version, parent_sid: a.sid },
      { sid: sub.sid, version, status: 0 },
      { sid: a.sid, version: 1, company_name: 'Not mine' },
      { sid: tenant.sid, version: 1, company_name: 'Not mine either' },
    ]) {
      const res = await post('/company/do/update', body, companyAdmin);
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
      expect(res.json().code).toBe(403303);
    }
    // Sending the unchanged parent and status along with a rename (a whole form) is fine.
    const whole = await post(
      '/company/do/update',
      { sid: sub.sid, version, company_name: 'Branch', parent_sid: tenant.sid, status: 1 },
      companyAdmin,
    );
    expect(whole.statusCode, whole.body).toBe(200);
    expect((await read(sub.sid)).company_name).toBe('Branch');

    // Removing them from the administrators takes the right away.
    await post('/company/do/admins', { sid: tenant.subCompany, user_sids: [] }, admin);
    const after = await post('/company/do/update', { sid: sub.sid, version: version + 1, sort_by: 3 }, companyAdmin);
    expect(after.json().code).toBe(403303);
    // Only users of the tenant can be administrators.
    const otherUser = await createUser(t, other);
    const foreign = await post('/company/do/admins', { sid: tenant.subCompany, user_sids: [otherUser.sid] }, admin);
    expect(foreign.json()).toMatchObject({ code: 500001 });
  });

  it('makes a new administrator a member of the company', async () => {
    const a = await create('Membership', tenant.sid);
    const u = await createUser(t, tenant);
    await post('/company/do/admins', { sid: a.sid, user_sids: [u.sid] }, admin);
    const rows = await t.database.db.query<{ is_company_admin: boolean }>(
      'SELECT is_company_admin FROM user_company WHERE user_sid = $1 AND company_sid = $2',
      [u.sid, a.sid],
    );
    expect(rows).toEqual([{ is_company_admin: true }]);
  });

  it('disables and re-enables a company for system.org holders, with optimistic versions', async () => {
    const a = await create('Toggle', tenant.sid);
    const off = await post('/company/do/update', { sid: a.sid, version: 1, status: 0 });
    expect(off.json().data).toMatchObject({ status: 0, version: 2 });
    const stale = await post('/company/do/update', { sid: a.sid, version: 1, status: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(409000);
    const on = await post('/company/do/update', { sid: a.sid, version: 2, status: 1, simple_name: null });
    expect(on.json().data).toMatchObject({ status: 1, version: 3, simple_name: null });
  });

  it('deletes only empty companies (409308 with sub-companies, departments or members) and audits writes', async () => {
    const a = await create('Delete A', tenant.sid);
    const b = await create('Delete B', a.sid);
    expect((await post(`/company/do/delete/${a.sid}`, {})).json().code).toBe(409308);

    const dept = await post('/department/do/create', { company_sid: b.sid, name: 'Team' });
    expect(dept.statusCode).toBe(200);
    expect((await post(`/company/do/delete/${b.sid}`, {})).json().code).toBe(409308);
    await post(`/department/do/delete/${dept.json().data.sid}`, {});

    const member = await createUser(t, tenant, { companies: [b.sid] });
    expect((await post(`/company/do/delete/${b.sid}`, {})).json().code).toBe(409308);
    await t.database.db.query('DELETE FROM user_company WHERE user_sid = $1 AND company_sid = $2', [member.sid, b.sid]);

    expect((await post(`/company/do/delete/${b.sid}`, { version: 9 })).json().code).toBe(409000);
    const deleted = await post(`/company/do/delete/${b.sid}`, { version: 1 });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await get(`/company/do/company-structure/${b.sid}`)).json().code).toBe(404202);
    expect((await post(`/company/do/delete/${a.sid}`, {})).statusCode).toBe(200);

    const entries = await t.database.db.query<{ action: string; actor_sid: string }>(
      "SELECT action, actor_sid FROM audit_log WHERE target IN ($1, $2) AND action LIKE 'company.%' ORDER BY id",
      [`company:${a.sid}`, `company:${b.sid}`],
    );
    expect(entries.map((e) => e.action)).toEqual([
      'company.created',
      'company.created',
      'company.deleted',
      'company.deleted',
    ]);
  });

  it('lists companies with iql: filters, relations, orders, field lists, paging, and bad queries', async () => {
    const list = async (body: object, s: SignedIn = plain) => {
      const res = await post('/company/do/list', body, s);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { rows: Company[]; total: number };
    };
    const p = await create('List parent', tenant.sid, { sort_by: 5 });
    await create('List alpha', p.sid, { sort_by: 2, cname_capital: 'LA' });
    await create('List beta', p.sid, { sort_by: 1 });
    await create('List gamma', p.sid, { sort_by: 1, simple_name: 'Gamma' });

    // Open to any signed-in user of the tenant; other tenants' companies never show.
    const everything = await list({});
    expect(everything.total).toBe(everything.rows.length);
    expect(everything.rows.every((r) => r.path.startsWith(`/${tenant.sid}/`))).toBe(true);
    const theirs = await list({}, otherAdmin);
    expect(theirs.rows.map((r) => r.sid).sort()).toEqual([other.sid, other.subCompany].sort());

    // Default order: sort_by, then name.
    const children = await list({ iql: `parent_sid = '${p.sid}'` });
    expect(children.rows.map((r) => r.company_name)).toEqual(['List beta', 'List gamma', 'List alpha']);
    expect(children.total).toBe(3);
    expect(children.rows[0]!.path_map[p.sid]).toBe('List parent');

    const ordered = await list({ iql: `parent_sid = '${p.sid}' ORDER BY company_name DESC` });
    expect(ordered.rows.map((r) => r.company_name)).toEqual(['List gamma', 'List beta', 'List alpha']);
    const filtered = await list({ iql: "company_name STARTS WITH 'List' AND sort_by >= 2" });
    expect(filtered.rows.map((r) => r.company_name)).toEqual(['List alpha', 'List parent']);
    const related = await list({ iql: "parent_sid.company_name = 'List parent' AND simple_name IS NOT NULL" });
    expect(related.rows.map((r) => r.company_name)).toEqual(['List gamma']);
    expect((await list({ iql: "cname_capital = 'LA'" })).rows.map((r) => r.company_name)).toEqual(['List alpha']);
    expect((await list({ iql: "MATCH 'gamma'" })).rows.map((r) => r.company_name)).toEqual(['List gamma']);
    const today = await list({ iql: "status = 1 AND created_at WITHIN TODAY AND company_name = 'List alpha'" });
    expect(today.total).toBe(1);
    expect((await list({ iql: "created_at < '2000-01-01T00:00:00Z'" })).total).toBe(0);

    const paged = await list({ iql: `parent_sid = '${p.sid}'`, start: 1, rows: 1 });
    expect(paged).toMatchObject({ total: 3, rows: [{ company_name: 'List gamma' }] });

    const narrow = await list({ iql: `parent_sid = '${p.sid}'`, fl: ['company_name', 'path_map'] });
    expect(Object.keys(narrow.rows[0]!).sort()).toEqual(['company_name', 'path_map', 'sid']);

    for (const body of [
      { iql: "company_name = 'unterminated" },
      { iql: "tenant_sid = 'x'" },
      { iql: "created_by = 'x'" },
      { iql: "status = 'high'" },
      { iql: 'ORDER BY path' },
      { fl: ['company_name', 'tenant_sid'] },
      { rows: 1001 },
    ]) {
      const res = await post('/company/do/list', body, plain);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(500001);
    }
    const iql = "company_name = 'x' AND nope = 1";
    const bad = (await post('/company/do/list', { iql }, plain)).json();
    expect(bad.fields[0]).toMatchObject({ field: 'iql' });
    expect(bad.fields[0].message).toContain(String(iql.indexOf('nope') + 1));
  });

  it('answers a company structure with its nested sub-companies and its department tree', async () => {
    const top = await create('Structure top', tenant.sid);
    const child = await create('Structure child', top.sid, { sort_by: 2 });
    const first = await create('Structure first', top.sid, { sort_by: 1 });
    const grandchild = await create('Structure grandchild', child.sid);
    const d1 = (await post('/department/do/create', { company_sid: top.sid, name: 'Legal' })).json().data;
    const d2 = (
      await post('/department/do/create', { company_sid: top.sid, name: 'Patents', parent_sid: d1.sid })
    ).json().data;
    await post('/department/do/create', { company_sid: child.sid, name: 'Elsewhere' });

    const res = await get(`/company/do/company-structure/${top.sid}`, plain);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ sid: top.sid, company_name: 'Structure top' });
    expect(data.children.map((c: Company) => c.sid)).toEqual([first.sid, child.sid]);
    expect(data.children[1].children.map((c: Company) => c.sid)).toEqual([grandchild.sid]);
    expect(data.departments).toEqual([
      expect.objectContaining({ sid: d1.sid, children: [expect.objectContaining({ sid: d2.sid, children: [] })] }),
    ]);
  });
});
