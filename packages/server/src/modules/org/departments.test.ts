// Departments through the API: trees per company, paths across moves (within a company and into
// another), cycles, sibling-unique names, parents of the same company, leaders of the tenant, deletion
// guards (children, persons), versions, audit, and who may call what. Runs on PGlite and PostgreSQL.
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

interface Department {
  sid: string;
  company_sid: string;
  parent_sid: string | null;
  path: string;
  name: string;
  version: number;
  children?: Department[];
}

describe(`departments (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let orgUser: SignedIn;
  let plain: SignedIn;
  let admin: SignedIn;
  let leaderSid: string;
  let otherDepartment: Department;

  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    other = await createTenant(t);
    const o = await createUser(t, tenant);
    const p = await createUser(t, tenant);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    leaderSid = (await createUser(t, tenant)).sid;
    const x = await createUser(t, other, { isTenantAdmin: true });
    await grantRole(t, tenant, [o.sid], { resources: ['system.org'] });
    await grantRole(t, tenant, [p.sid], { resources: [] });
    orgUser = await signIn(t.app, o.account, o.password);
    plain = await signIn(t.app, p.account, p.password);
    admin = await signIn(t.app, a.account, a.password);
    const otherAdmin = await signIn(t.app, x.account, x.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/department/do/create',
      headers: authed(otherAdmin),
      payload: { company_sid: other.sid, name: 'Theirs' },
    });
    otherDepartment = res.json().data;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, s: SignedIn | null = orgUser) =>
    t.app.inject({ method: 'POST', url: `/webapi${url}`, headers: s ? authed(s) : { 'x-language': 'en' }, payload });
  const tree = async (companySid?: string, s: SignedIn = plain) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/webapi/department/do/tree${companySid ? `?company_sid=${companySid}` : ''}`,
      headers: authed(s),
    });
    return res;
  };
  const create = async (name: string, extra: object = {}) => {
    const res = await post('/department/do/create', { company_sid: tenant.sid, name, ...extra });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Department;
  };
  const row = async (sid: string) =>
    (
      await t.database.db.query<{ path: string; company_sid: string; parent_sid: string | null; version: number }>(
        'SELECT path, company_sid, parent_sid, version FROM department WHERE sid = $1',
        [sid],
      )
    )[0]!;
  const expectPathsConsistent = async () => {
    const rows = await t.database.db.query<{
      sid: string;
      parent_sid: string | null;
      path: string;
      company_sid: string;
    }>('SELECT sid, parent_sid, path, company_sid FROM department WHERE tenant_sid = $1', [tenant.sid]);
    const bySid = new Map(rows.map((r) => [r.sid, r]));
    for (const r of rows) {
      const parent = r.parent_sid ? bySid.get(r.parent_sid) : undefined;
      expect(r.path, r.sid).toBe(`${parent?.path ?? '/'}${r.sid}/`);
      if (parent) expect(r.company_sid, r.sid).toBe(parent.company_sid);
    }
  };

  it('refuses anonymous callers (401), users without system.org (403301) and other tenants (404)', async () => {
    expect((await post('/department/do/create', { company_sid: tenant.sid, name: 'X' }, null)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/webapi/department/do/tree', headers: { 'x-language': 'en' } }))
        .statusCode,
    ).toBe(401);
    const d = await create('Guarded');
    for (const res of [
      await post('/department/do/create', { company_sid: tenant.sid, name: 'X' }, plain),
      await post('/department/do/update', { sid: d.sid, version: 1, name: 'Y' }, plain),
      await post(`/department/do/delete/${d.sid}`, {}, plain),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(403301);
    }
    for (const res of [
      await post('/department/do/update', { sid: otherDepartment.sid, version: 1, name: 'Stolen' }, admin),
      await post(`/department/do/delete/${otherDepartment.sid}`, {}, admin),
      await post('/department/do/create', { company_sid: other.sid, name: 'Intruder' }, admin),
      await post('/department/do/create', { company_sid: tenant.sid, parent_sid: otherDepartment.sid, name: 'I' }),
      await post('/department/do/update', { sid: d.sid, version: 1, parent_sid: otherDepartment.sid }),
      await post('/department/do/update', { sid: d.sid, version: 1, company_sid: other.sid, parent_sid: null }),
      await tree(other.sid, admin),
    ])
      expect(res.json().code).toBe(404202);
    expect((await row(otherDepartment.sid)).version).toBe(1);
    // The tree without a company holds the caller's tenant only.
    const all = (await tree()).json().data as Department[];
    expect(all.some((n) => n.sid === otherDepartment.sid)).toBe(false);
  });

  it('rejects bad bodies with 500001, never 5xx', async () => {
    for (const body of [
      {},
      { company_sid: tenant.sid },
      { company_sid: tenant.sid, name: '' },
      { company_sid: tenant.sid, name: 'x'.repeat(101) },
      { company_sid: tenant.sid, name: 'X', code: 'c'.repeat(65) },
      { company_sid: tenant.sid, name: 'X', status: 3 },
      { company_sid: tenant.sid, name: 'X', leader_sid: 'nope' },
      { company_sid: tenant.sid, name: 'X', tenant_sid: other.sid },
      { company_sid: tenant.sid, name: 'X', path: '/x/' },
    ]) {
      const res = await post('/department/do/create', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(500001);
    }
    expect((await post('/department/do/create', { company_sid: tenant.sid, name: ' ' })).json().message).toMatch(
      /^Department name: /,
    );
    const d = await create('Body checks');
    for (const body of [{ sid: d.sid }, { sid: d.sid, version: 0 }, { sid: d.sid, version: 1, version2: 1 }]) {
      expect((await post('/department/do/update', body)).json().code).toBe(500001);
    }
    const badQuery = await t.app.inject({
      method: 'GET',
      url: '/webapi/department/do/tree?company_sid=bad',
      headers: authed(plain),
    });
    expect(badQuery.json().code).toBe(500001);
  });

  it('builds trees with paths, and moves a middle node with its whole subtree', async () => {
    const a = await create('Tree A', { sort_by: 1 });
    const b = await create('Tree B', { parent_sid: a.sid });
    const c = await create('Tree C', { parent_sid: b.sid });
    const d = await create('Tree D', { parent_sid: c.sid });
    const e = await create('Tree E', { parent_sid: b.sid });
    const z = await create('Tree Z', { sort_by: 2 });
    expect(a.path).toBe(`/${a.sid}/`);
    expect(d.path).toBe(`/${a.sid}/${b.sid}/${c.sid}/${d.sid}/`);
    expect(d).toMatchObject({ company_sid: tenant.sid, parent_sid: c.sid, status: 1, version: 1 });

    const nodes = (await tree(tenant.sid)).json().data as Department[];
    const treeA = nodes.find((n) => n.sid === a.sid)!;
    expect(treeA.children!.map((n) => n.sid)).toEqual([b.sid]);
    expect(treeA.children![0]!.children!.map((n) => n.sid)).toEqual([c.sid, e.sid]);
    expect(treeA.children![0]!.children![0]!.children!.map((n) => n.sid)).toEqual([d.sid]);

    const moved = await post('/department/do/update', { sid: b.sid, version: 1, parent_sid: z.sid });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ parent_sid: z.sid, path: `/${z.sid}/${b.sid}/`, version: 2 });
    expect((await row(c.sid)).path).toBe(`/${z.sid}/${b.sid}/${c.sid}/`);
    expect((await row(d.sid)).path).toBe(`/${z.sid}/${b.sid}/${c.sid}/${d.sid}/`);
    expect((await row(e.sid)).path).toBe(`/${z.sid}/${b.sid}/${e.sid}/`);
    expect((await row(a.sid)).path).toBe(`/${a.sid}/`);
    await expectPathsConsistent();

    // To the top level (no parent).
    const top = await post('/department/do/update', { sid: c.sid, version: 1, parent_sid: null });
    expect(top.json().data).toMatchObject({ parent_sid: null, path: `/${c.sid}/` });
    expect((await row(d.sid)).path).toBe(`/${c.sid}/${d.sid}/`);
    await expectPathsConsistent();
  });

  it('refuses moving a department under itself or a descendant (400306)', async () => {
    const a = await create('Cycle A');
    const b = await create('Cycle B', { parent_sid: a.sid });
    const c = await create('Cycle C', { parent_sid: b.sid });
    for (const parent of [a.sid, b.sid, c.sid]) {
      const res = await post('/department/do/update', { sid: a.sid, version: 1, parent_sid: parent });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(400306);
    }
    expect((await row(c.sid)).path).toBe(`/${a.sid}/${b.sid}/${c.sid}/`);
    await expectPathsConsistent();
  });

  it('moves a subtree into another company, whose departments it then belongs to', async () => {
    const a = await create('Travel A');
    const b = await create('Travel B', { parent_sid: a.sid });
    const there = await post('/department/do/create', { company_sid: tenant.subCompany, name: 'Host' });
    const host = there.json().data as Department;

    // Its parent is of the old company: the parent must come along with the change.
    const stranded = await post('/department/do/update', { sid: b.sid, version: 1, company_sid: tenant.subCompany });
    expect(stranded.json()).toMatchObject({ code: 500001, fields: [{ field: 'parent_sid' }] });
    const wrongParent = await post('/department/do/update', { sid: b.sid, version: 1, parent_sid: host.sid });
    expect(wrongParent.json()).toMatchObject({ code: 500001, fields: [{ field: 'parent_sid' }] });

    const moved = await post('/department/do/update', {
      sid: a.sid,
      version: 1,
      company_sid: tenant.subCompany,
      parent_sid: host.sid,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await row(b.sid)).toMatchObject({ company_sid: tenant.subCompany, path: `/${host.sid}/${a.sid}/${b.sid}/` });
    const sub = (await tree(tenant.subCompany)).json().data as Department[];
    expect(sub.map((n) => n.sid)).toEqual([host.sid]);
    expect(sub[0]!.children![0]!.children!.map((n) => n.sid)).toEqual([b.sid]);
    await expectPathsConsistent();
    // A top department needs no parent to change company.
    const solo = await create('Travel solo');
    const alone = await post('/department/do/update', { sid: solo.sid, version: 1, company_sid: tenant.subCompany });
    expect(alone.json().data).toMatchObject({
      company_sid: tenant.subCompany,
      parent_sid: null,
      path: `/${solo.sid}/`,
    });

    // A parent from another company of the tenant is refused on create too.
    const cross = await post('/department/do/create', { company_sid: tenant.sid, name: 'Cross', parent_sid: host.sid });
    expect(cross.json()).toMatchObject({ code: 500001, fields: [{ field: 'parent_sid' }] });
  });

  it('keeps names unique among siblings (409201), case-insensitively', async () => {
    const a = await create('Siblings');
    await create('Search', { parent_sid: a.sid });
    const again = await post('/department/do/create', { company_sid: tenant.sid, name: 'search', parent_sid: a.sid });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 409201,
      message: 'Department name "search" already exists',
      fields: [{ field: 'name' }],
    });
    // Elsewhere in the tree the same name is fine.
    const elsewhere = await create('Search');
    const renamed = await post('/department/do/update', { sid: elsewhere.sid, version: 1, parent_sid: a.sid });
    expect(renamed.json()).toMatchObject({ code: 409201, message: 'Department name "Search" already exists' });
    expect((await row(elsewhere.sid)).parent_sid).toBeNull();
  });

  it('takes a leader only from active users of the tenant, and versions every change', async () => {
    const d = await create('Led', { leader_sid: leaderSid, code: 'LED', name_en: 'Led' });
    expect(d).toMatchObject({ leader_sid: leaderSid, code: 'LED', name_en: 'Led' });
    const stranger = await createUser(t, other);
    const disabled = await createUser(t, tenant, { status: 0 });
    for (const leader of [stranger.sid, disabled.sid]) {
      const res = await post('/department/do/update', { sid: d.sid, version: 1, leader_sid: leader });
      expect(res.json()).toMatchObject({ code: 500001, fields: [{ field: 'leader_sid' }] });
    }
    const cleared = await post('/department/do/update', { sid: d.sid, version: 1, leader_sid: null, code: null });
    expect(cleared.json().data).toMatchObject({ leader_sid: null, code: null, version: 2 });
    const stale = await post('/department/do/update', { sid: d.sid, version: 1, name: 'Late' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(409000);
    const entries = await t.database.db.query<{ action: string; detail: { changes: Record<string, unknown> } }>(
      'SELECT action, detail FROM audit_log WHERE target = $1 ORDER BY id',
      [`department:${d.sid}`],
    );
    expect(entries.map((e) => e.action)).toEqual(['department.created', 'department.updated']);
    expect(entries[1]!.detail.changes).toEqual({
      leader_sid: { before: leaderSid, after: null },
      code: { before: 'LED', after: null },
    });
  });

  it('deletes only departments without sub-departments or persons (409307)', async () => {
    const a = await create('Delete A');
    const b = await create('Delete B', { parent_sid: a.sid });
    expect((await post(`/department/do/delete/${a.sid}`, {})).json().code).toBe(409307);

    const person = await post('/model/person/do/create', { data: { name: '李四', department: b.sid } }, admin);
    expect(person.statusCode, person.body).toBe(200);
    expect((await post(`/department/do/delete/${b.sid}`, {})).json().code).toBe(409307);
    await post(`/model/person/do/delete/${person.json().data.sid}`, {}, admin);

    expect((await post(`/department/do/delete/${b.sid}`, { version: 7 })).json().code).toBe(409000);
    const gone = await post(`/department/do/delete/${b.sid}`, { version: 1 });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await post(`/department/do/delete/${a.sid}`, {})).statusCode).toBe(200);
    expect((await post(`/department/do/delete/${a.sid}`, {})).json().code).toBe(404202);
    const entries = await t.database.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE target = $1 AND action = 'department.deleted'",
      [`department:${a.sid}`],
    );
    expect(entries).toHaveLength(1);
  });

  it("answers every company's departments when no company is named", async () => {
    const here = await create('All here');
    const there = (await post('/department/do/create', { company_sid: tenant.subCompany, name: 'All there' })).json()
      .data as Department;
    const sids = ((await tree()).json().data as Department[]).map((n) => n.sid);
    expect(sids).toEqual(expect.arrayContaining([here.sid, there.sid]));
    const only = ((await tree(tenant.subCompany)).json().data as Department[]).map((n) => n.sid);
    expect(only).toContain(there.sid);
    expect(only).not.toContain(here.sid);
  });
});
