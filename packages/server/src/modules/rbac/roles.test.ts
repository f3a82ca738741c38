// The roles API end to end: search (open, public fields only without system.roles), board, create,
// update with optimistic concurrency, delete, copy, permissions (catalogue, platform, models, fields,
// departments), users, the resource tree; and that saved permissions govern the next request of a
// signed-in user. Runs on PGlite and PostgreSQL.
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
  type TestTenant,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import { copyCode, copyName } from './roles.js';

interface Role {
  sid: string;
  code: string;
  name: string;
  status: number;
  platform: number;
  version: number;
  user_num: number;
  data_scope: string;
  data_departments: string[];
}

describe(`roles and permissions API (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let admin: SignedIn;
  let otherAdmin: SignedIn;
  let plain: SignedIn;
  let staff: { sid: string; account: string; password: string };
  let agentUser: { sid: string; account: string };
  let department: string;
  let otherDepartment: string;
  let otherRole: string;

  const addDepartment = async (tenantSid: string, name: string) => {
    const sid = newSid();
    await t.database.db.query(
      'INSERT INTO department (sid, tenant_sid, company_sid, path, name) VALUES ($1, $2, $2, $3, $4)',
      [sid, tenantSid, `/${sid}/`, name],
    );
    return sid;
  };

  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    other = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    const p = await createUser(t, tenant);
    staff = await createUser(t, tenant);
    agentUser = await createUser(t, tenant, { side: 2 });
    const oa = await createUser(t, other, { isTenantAdmin: true });
    admin = await signIn(t.app, a.account, a.password);
    plain = await signIn(t.app, p.account, p.password);
    otherAdmin = await signIn(t.app, oa.account, oa.password);
    department = await addDepartment(tenant.sid, '研发部');
    otherDepartment = await addDepartment(other.sid, '法务部');
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/role/do/create',
      headers: authed(otherAdmin),
      payload: { code: 'foreign', name: 'Foreign', platform: 1 },
    });
    otherRole = res.json().data.sid;
  });
  afterAll(() => t.close());

  const call = (s: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: object, headers = {}) =>
    t.app.inject({
      method,
      url: `/webapi${url}`,
      headers: s ? authed(s, headers) : { 'x-language': 'en', ...headers },
      ...(payload ? { payload } : {}),
    });
  const createRole = async (body: object, s: SignedIn = admin, headers = {}) => {
    const res = await call(s, 'POST', '/model/role/do/create', body, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Role;
  };
  const permissionsOf = async (sid: string) => {
    const res = await call(admin, 'GET', `/model/role/do/permissions/${sid}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { version: number; resources: string[]; field_rules: unknown[] } & Record<
      string,
      unknown
    >;
  };
  const savePermissions = (sid: string, version: number, body: object, s: SignedIn = admin) =>
    call(s, 'POST', '/model/role/do/permissions', {
      sid,
      version,
      resources: [],
      field_rules: [],
      data_scope: 'all',
      model_scopes: [],
      ...body,
    });
  const accessVersion = async () =>
    Number(
      (
        await t.database.db.query<{ v: number }>('SELECT access_version AS v FROM tenant WHERE sid = $1', [tenant.sid])
      )[0]?.v,
    );
  const audits = (target: string) =>
    t.database.db.query<{ action: string }>('SELECT action FROM audit_log WHERE target = $1 ORDER BY id', [target]);

  describe('who may call', () => {
    it('refuses anonymous callers (401000)', async () => {
      for (const [method, url] of [
        ['POST', '/model/role/do/search'],
        ['POST', '/model/role/do/create'],
        ['GET', '/resource/do/tree'],
      ] as const) {
        const res = await call(null, method, url, method === 'POST' ? {} : undefined);
        expect(res.statusCode, url).toBe(401);
        expect(res.json().code).toBe(401000);
      }
    });

    it('refuses signed-in users without system.roles (403301), except the search', async () => {
      const role = await createRole({ code: `guarded`, name: 'Guarded', platform: 1 });
      const attempts: Array<['GET' | 'POST', string, object?]> = [
        ['POST', '/model/role/do/search_for_board', {}],
        ['GET', `/model/role/${role.sid}`],
        ['POST', '/model/role/do/create', { code: 'sneaky', name: 'Sneaky', platform: 1 }],
        ['POST', '/model/role/do/update', { sid: role.sid, version: 1, name: 'Mine' }],
        ['POST', `/model/role/do/delete/${role.sid}`],
        ['POST', '/model/role/do/copy', { sid: role.sid }],
        ['GET', `/model/role/do/permissions/${role.sid}`],
        [
          'POST',
          '/model/role/do/permissions',
          { sid: role.sid, version: 1, resources: [], field_rules: [], data_scope: 'all', model_scopes: [] },
        ],
        ['GET', `/model/role/do/users/${role.sid}`],
        ['POST', '/model/role/do/users', { sid: role.sid, add: [staff.sid] }],
        ['GET', '/resource/do/tree'],
      ];
      for (const [method, url, body] of attempts) {
        const res = await call(plain, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().code).toBe(403301);
      }
      expect((await call(admin, 'GET', `/model/role/${role.sid}`)).json().data.name).toBe('Guarded');
      expect(await t.database.db.query('SELECT 1 FROM role WHERE lower(code) = $1', ['sneaky'])).toHaveLength(0);
    });

    it("answers 404 for another tenant's role, never its data", async () => {
      for (const [method, url, body] of [
        ['GET', `/model/role/${otherRole}`],
        ['GET', `/model/role/do/permissions/${otherRole}`],
        ['GET', `/model/role/do/users/${otherRole}`],
        ['POST', '/model/role/do/update', { sid: otherRole, version: 1, name: 'Taken over' }],
        ['POST', `/model/role/do/delete/${otherRole}`],
        ['POST', '/model/role/do/copy', { sid: otherRole }],
        ['POST', '/model/role/do/users', { sid: otherRole, add: [staff.sid] }],
        [
          'POST',
          '/model/role/do/permissions',
          { sid: otherRole, version: 1, resources: ['patent'], field_rules: [], data_scope: 'all', model_scopes: [] },
        ],
      ] as Array<['GET' | 'POST', string, object?]>) {
        const res = await call(admin, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().code).toBe(404202);
      }
      const [row] = await t.database.db.query<{ name: string; version: number }>(
        'SELECT name, version FROM role WHERE sid = $1',
        [otherRole],
      );
      expect(row).toEqual({ name: 'Foreign', version: 1 });
      const found = (await call(admin, 'POST', '/model/role/do/search', { iql: "code = 'foreign'" })).json().data;
      expect(found).toEqual({ rows: [], total: 0 });
    });
  });

  describe('create, read, update, delete', () => {
    it('creates a role with defaults, audited, and refreshes cached access', async () => {
      const before = await accessVersion();
      const role = await createRole({ code: 'Examiner', name: '审查员', platform: 1, weight: 5 });
      expect(role).toMatchObject({
        code: 'Examiner',
        name: '审查员',
        description: null,
        status: 1,
        weight: 5,
        platform: 1,
        show_sensitive: false,
        pick_range: 'company',
        data_scope: 'own',
        data_departments: [],
        user_num: 0,
        version: 1,
      });
      expect(role.sid).toMatch(/^[0-9A-Za-z]{16}$/);
      expect(await accessVersion()).toBe(before + 1);
      expect((await audits(`role:${role.sid}`)).map((a) => a.action)).toEqual(['role.created']);
      const read = await call(admin, 'GET', `/model/role/${role.sid}`);
      expect(read.json().data).toMatchObject({ sid: role.sid, code: 'Examiner' });
    });

    it('refuses a duplicate code (any case) or a duplicate name on the same platform (409201)', async () => {
      await createRole({ code: 'dup_code', name: 'Dup one', platform: 1 });
      const code = await call(admin, 'POST', '/model/role/do/create', {
        code: 'DUP_CODE',
        name: 'Dup two',
        platform: 1,
      });
      expect(code.statusCode).toBe(409);
      expect(code.json()).toMatchObject({
        code: 409201,
        fields: [{ field: 'code', label: 'Role code' }],
      });
      expect(code.json().message).toContain('DUP_CODE');
      const name = await call(admin, 'POST', '/model/role/do/create', { code: 'dup_x', name: 'DUP ONE', platform: 1 });
      expect(name.json()).toMatchObject({ code: 409201, fields: [{ field: 'name', label: 'Role name' }] });
      // Names are unique per platform only.
      await createRole({ code: 'dup_agency', name: 'Dup one', platform: 2 });
      const zh = await call(
        admin,
        'POST',
        '/model/role/do/create',
        { code: 'dup_code', name: 'Dup three', platform: 1 },
        { 'x-language': 'zh-CN' },
      );
      expect(zh.json().fields[0].label).toBe('角色编码');
    });

    it('validates the body (500001), never a 5xx', async () => {
      const bad: object[] = [
        { code: '1abc', name: 'x', platform: 1 },
        { code: 'ok', name: '', platform: 1 },
        { code: 'ok', name: 'x'.repeat(51), platform: 1 },
        { code: 'ok', name: 'x', platform: 3 },
        { code: 'ok', name: 'x', platform: 1, status: 2 },
        { code: 'ok', name: 'x', platform: 1, pick_range: 'world' },
        { code: 'ok', name: 'x', platform: 1, sid: newSid() },
        { code: 'ok', name: 'x', platform: 1, tenant_sid: other.sid },
        { code: 'ok', name: 'x', platform: 1, version: 7 },
        { code: 'x'.repeat(49), name: 'x', platform: 1 },
        { code: 'ok', name: 'x', platform: 1, description: 'd'.repeat(256) },
        { name: 'x', platform: 1 },
      ];
      for (const body of bad) {
        const res = await call(admin, 'POST', '/model/role/do/create', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code).toBe(500001);
      }
      const label = await call(admin, 'POST', '/model/role/do/create', { code: '1abc', name: 'x', platform: 1 });
      expect(label.json().message).toMatch(/^Role code: /);
    });

    it('keeps departments only for the specified-departments scope, and only departments of the tenant', async () => {
      const none = await call(admin, 'POST', '/model/role/do/create', {
        code: 'dep_none',
        name: 'Dep none',
        platform: 1,
        data_scope: 'departments',
      });
      expect(none.json()).toMatchObject({ code: 500001, fields: [{ field: 'data_departments' }] });
      const foreign = await call(admin, 'POST', '/model/role/do/create', {
        code: 'dep_foreign',
        name: 'Dep foreign',
        platform: 1,
        data_scope: 'departments',
        data_departments: [otherDepartment],
      });
      expect(foreign.json()).toMatchObject({ code: 500001, fields: [{ field: 'data_departments' }] });
      expect(foreign.json().message).toContain(otherDepartment);
      const role = await createRole({
        code: 'dep_ok',
        name: 'Dep ok',
        platform: 1,
        data_scope: 'departments',
        data_departments: [department],
      });
      expect(role).toMatchObject({ data_scope: 'departments', data_departments: [department] });
      const widened = await call(admin, 'POST', '/model/role/do/update', {
        sid: role.sid,
        version: 1,
        data_scope: 'all',
      });
      expect(widened.json().data).toMatchObject({ data_scope: 'all', data_departments: [], version: 2 });
    });

    it('updates at the version read: stale 409000, duplicates 409201, platform fixed', async () => {
      await createRole({ code: 'upd_taken', name: 'Taken name', platform: 1 });
      const role = await createRole({ code: 'upd', name: 'Before', platform: 1 });
      const before = await accessVersion();
      const res = await call(admin, 'POST', '/model/role/do/update', {
        sid: role.sid,
        version: 1,
        name: 'After',
        description: 'Reviews patents',
        weight: 3,
        show_sensitive: true,
        pick_range: 'all',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        name: 'After',
        description: 'Reviews patents',
        weight: 3,
        show_sensitive: true,
        pick_range: 'all',
        code: 'upd',
        version: 2,
      });
      expect(await accessVersion()).toBe(before + 1);
      const stale = await call(admin, 'POST', '/model/role/do/update', { sid: role.sid, version: 1, name: 'Lost' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe(409000);
      const dup = await call(admin, 'POST', '/model/role/do/update', { sid: role.sid, version: 2, name: 'taken NAME' });
      expect(dup.json()).toMatchObject({ code: 409201, fields: [{ field: 'name' }] });
      const platform = await call(admin, 'POST', '/model/role/do/update', { sid: role.sid, version: 2, platform: 2 });
      expect(platform.json().code).toBe(500001);
      const noVersion = await call(admin, 'POST', '/model/role/do/update', { sid: role.sid, name: 'x' });
      expect(noVersion.json().code).toBe(500001);
      const [row] = await t.database.db.query<{ name: string; version: number }>(
        'SELECT name, version FROM role WHERE sid = $1',
        [role.sid],
      );
      expect(row).toEqual({ name: 'After', version: 2 });
      expect((await audits(`role:${role.sid}`)).map((a) => a.action)).toEqual(['role.created', 'role.updated']);
    });

    it('deletes a role no user holds; one held answers 409309 with the count', async () => {
      const held = await createRole({ code: 'held', name: 'Held', platform: 1 });
      await call(admin, 'POST', '/model/role/do/users', { sid: held.sid, add: [staff.sid] });
      const refused = await call(admin, 'POST', `/model/role/do/delete/${held.sid}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 409309 });
      expect(refused.json().message).toBe('The role is assigned to 1 user(s) and cannot be deleted');
      await call(admin, 'POST', '/model/role/do/users', { sid: held.sid, remove: [staff.sid] });

      const free = await createRole({ code: 'free', name: 'Free', platform: 1 });
      await savePermissions(free.sid, 1, { resources: ['patent'] });
      const deleted = await call(admin, 'POST', `/model/role/do/delete/${free.sid}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect((await call(admin, 'GET', `/model/role/${free.sid}`)).statusCode).toBe(404);
      expect(await t.database.db.query('SELECT 1 FROM role_resource WHERE role_sid = $1', [free.sid])).toHaveLength(0);
      expect((await audits(`role:${free.sid}`)).map((a) => a.action)).toContain('role.deleted');
      expect((await call(admin, 'POST', `/model/role/do/delete/${free.sid}`)).statusCode).toBe(404);
      expect((await call(admin, 'POST', '/model/role/do/delete/not-a-sid')).json().code).toBe(500001);
    });
  });

  describe('search', () => {
    beforeAll(async () => {
      await createRole({ code: 'srch_b', name: 'Search B', platform: 1, weight: 2, description: 'second' });
      await createRole({ code: 'srch_a', name: 'Search A', platform: 1, weight: 2 });
      await createRole({ code: 'srch_c', name: 'Search C', platform: 2, weight: 1, status: 0 });
    });
    const search = (body: object, s: SignedIn = admin) => call(s, 'POST', '/model/role/do/search', body);

    it('filters with iql and orders by weight, then name, by default', async () => {
      const res = await search({ iql: "code STARTS WITH 'srch_'" });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.total).toBe(3);
      expect(data.rows.map((r: Role) => r.code)).toEqual(['srch_c', 'srch_a', 'srch_b']);
      expect(data.rows[0]).toMatchObject({ status: 0, platform: 2, user_num: 0, version: 1 });
      const ordered = (await search({ iql: "code STARTS WITH 'srch_' ORDER BY name DESC" })).json().data;
      expect(ordered.rows.map((r: Role) => r.code)).toEqual(['srch_c', 'srch_b', 'srch_a']);
      const filtered = (await search({ iql: "code STARTS WITH 'srch_' AND platform = 1 AND status = 1" })).json().data;
      expect(filtered.rows.map((r: Role) => r.code)).toEqual(['srch_a', 'srch_b']);
      const matched = (await search({ iql: "MATCH 'Search B'" })).json().data;
      expect(matched.rows.map((r: Role) => r.code)).toEqual(['srch_b']);
      const paged = (await search({ iql: "code STARTS WITH 'srch_'", start: 1, rows: 1 })).json().data;
      expect(paged).toMatchObject({ total: 3, rows: [{ code: 'srch_a' }] });
      const fl = (await search({ iql: "code = 'srch_a'", fl: ['code'] })).json().data.rows;
      expect(fl).toEqual([{ sid: expect.any(String), code: 'srch_a' }]);
    });

    it('answers a bad query with 500001 and its position, never a 5xx', async () => {
      const cases = [
        "code = 'x' AND",
        "company_sid = 'x'",
        "created_by = 'x'",
        "status = 'abc'",
        'name > ',
        "tenant_sid = 'x'",
        'show_sensitive = TRUE',
        "code.name = 'x'",
        'ORDER BY user_num',
      ];
      for (const iql of cases) {
        const res = await search({ iql });
        expect(res.statusCode, iql).toBe(400);
        expect(res.json().code, iql).toBe(500001);
        expect(res.json().fields[0].field).toBe('iql');
      }
      expect((await search({ iql: "code = 'x' AND" })).json().message).toMatch(/^Query: .*position 15/);
      expect((await search({ rows: 1001 })).json().code).toBe(500001);
      expect((await search({ fl: ['nope'] })).json().code).toBe(500001);
    });

    it('gives callers without system.roles only the public fields', async () => {
      const res = await search({ iql: "code = 'srch_b'" }, plain);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.rows).toEqual([
        {
          sid: expect.any(String),
          code: 'srch_b',
          name: 'Search B',
          status: 1,
          platform: 1,
          weight: 2,
          description: 'second',
        },
      ]);
      const fl = await search({ iql: "code = 'srch_b'", fl: ['user_num'] }, plain);
      expect(fl.json()).toMatchObject({ code: 500001, fields: [{ field: 'fl' }] });
    });

    it('lists enabled roles for the board, by weight, of one platform when asked', async () => {
      const all = (await call(admin, 'POST', '/model/role/do/search_for_board', {})).json().data as Role[];
      expect(all.some((r) => r.code === 'srch_c')).toBe(false);
      expect(all.every((r) => r.status === 1)).toBe(true);
      const weights = all.map((r) => (r as unknown as { weight: number }).weight);
      expect(weights).toEqual([...weights].sort((a, b) => a - b));
      const agency = (await call(admin, 'POST', '/model/role/do/search_for_board', { platform: 2 })).json()
        .data as Role[];
      expect(agency.length).toBeGreaterThan(0);
      expect(agency.every((r) => r.platform === 2)).toBe(true);
      expect((await call(admin, 'POST', '/model/role/do/search_for_board', { platform: 5 })).json().code).toBe(500001);
    });
  });

  describe('copy', () => {
    it('copies settings, status and permissions without users, with a free code and a translated name', async () => {
      const source = await createRole({ code: 'Reviewer', name: 'Reviewer', platform: 1, status: 0, weight: 7 });
      await savePermissions(source.sid, 1, {
        resources: ['patent', 'patent:update'],
        field_rules: [{ model: 'patent', field: 'abstract', access: 'read_only' }],
        data_scope: 'departments',
        data_departments: [department],
        model_scopes: [{ model: 'project', scope: 'own' }],
      });
      await call(admin, 'POST', '/model/role/do/users', { sid: source.sid, add: [staff.sid] });

      const first = (await call(admin, 'POST', '/model/role/do/copy', { sid: source.sid })).json().data as Role;
      expect(first).toMatchObject({
        code: 'Reviewer_copy',
        name: 'Reviewer (copy)',
        status: 0,
        platform: 1,
        user_num: 0,
        version: 1,
        data_scope: 'departments',
        data_departments: [department],
      });
      const second = await call(admin, 'POST', '/model/role/do/copy', { sid: source.sid }, { 'x-language': 'zh-CN' });
      expect(second.json().data).toMatchObject({ code: 'Reviewer_copy2', name: 'Reviewer（副本）' });
      const third = (await call(admin, 'POST', '/model/role/do/copy', { sid: source.sid })).json().data;
      expect(third).toMatchObject({ code: 'Reviewer_copy3', name: 'Reviewer (copy 2)' });

      const copied = await permissionsOf(first.sid);
      const original = await permissionsOf(source.sid);
      expect({ ...copied, sid: '', version: 0 }).toEqual({ ...original, sid: '', version: 0 });
      expect(copied.resources).toEqual(['patent', 'patent:update']);
      expect((await call(admin, 'GET', `/model/role/do/users/${first.sid}`)).json().data).toEqual([]);
      expect((await audits(`role:${first.sid}`)).map((a) => a.action)).toEqual(['role.copied']);
    });

    it('keeps copied codes and names within their limits', () => {
      const long = 'a'.repeat(48);
      expect(copyCode(long, new Set())).toBe(`${'a'.repeat(43)}_copy`);
      expect(copyCode(long, new Set([`${'a'.repeat(43)}_copy`]))).toBe(`${'a'.repeat(42)}_copy2`);
      expect(copyCode('X', new Set(['x_copy', 'x_copy2']))).toBe('X_copy3');
      const name = copyName('zh-CN', '名'.repeat(50), new Set());
      expect([...name]).toHaveLength(50);
      expect(name.endsWith('（副本）')).toBe(true);
      expect(copyName('en', 'Role', new Set(['role (copy)']))).toBe('Role (copy 2)');
    });
  });

  describe('permissions', () => {
    it('saves and reads back all permissions at the version read, refreshing cached access', async () => {
      const role = await createRole({ code: 'perm', name: 'Perm', platform: 1 });
      const before = await accessVersion();
      const saved = await savePermissions(role.sid, 1, {
        resources: ['trademarks', 'patent', 'patent'],
        field_rules: [
          { model: 'patent', field: 'abstract', access: 'hidden' },
          { model: 'patent', field: 'grant_date', access: 'read_only' },
        ],
        data_scope: 'departments',
        data_departments: [department],
        model_scopes: [
          { model: 'trademarks', scope: 'all' },
          { model: 'patent', scope: 'departments', department_sids: [department] },
        ],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const expected = {
        sid: role.sid,
        version: 2,
        resources: ['patent', 'trademarks'],
        field_rules: [
          { model: 'patent', field: 'abstract', access: 'hidden' },
          { model: 'patent', field: 'grant_date', access: 'read_only' },
        ],
        data_scope: 'departments',
        data_departments: [department],
        model_scopes: [
          { model: 'patent', scope: 'departments', department_sids: [department] },
          { model: 'trademarks', scope: 'all', department_sids: [] },
        ],
      };
      expect(saved.json().data).toEqual(expected);
      expect(await permissionsOf(role.sid)).toEqual(expected);
      expect(await accessVersion()).toBe(before + 1);
      expect((await audits(`role:${role.sid}`)).map((a) => a.action)).toEqual([
        'role.created',
        'role.permissions_saved',
      ]);

      const stale = await savePermissions(role.sid, 1, { resources: [] });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe(409000);
      // Replacing: what is not sent is gone.
      const replaced = await savePermissions(role.sid, 2, { resources: ['project'], data_scope: 'own' });
      expect(replaced.json().data).toMatchObject({
        version: 3,
        resources: ['project'],
        field_rules: [],
        model_scopes: [],
        data_scope: 'own',
        data_departments: [],
      });
      expect((await call(admin, 'GET', `/model/role/${role.sid}`)).json().data.version).toBe(3);
    });

    it('refuses unknown resources (400308) and resources the platform may not hold (400307)', async () => {
      const enterprise = await createRole({ code: 'perm_e', name: 'Perm E', platform: 1 });
      const agency = await createRole({ code: 'perm_a', name: 'Perm A', platform: 2 });
      const cases: Array<[string, string, number]> = [
        [enterprise.sid, 'no.such.resource', 400308],
        [enterprise.sid, 'system.roles', 400307], // system_no_share: administrators only
        [enterprise.sid, 'system.settings', 400307],
        [enterprise.sid, 'home', 400307], // open: nothing to grant
        [agency.sid, 'person', 400307], // no_share: never to agency roles
        [agency.sid, 'person:account', 400307],
        [agency.sid, 'system.org', 400307],
      ];
      for (const [sid, resource, code] of cases) {
        const res = await savePermissions(sid, 1, { resources: ['patent', resource] });
        expect(res.statusCode, resource).toBe(400);
        expect(res.json(), resource).toMatchObject({ code });
        expect(res.json().message).toContain(resource);
      }
      expect((await permissionsOf(enterprise.sid)).resources).toEqual([]);
      expect((await savePermissions(enterprise.sid, 1, { resources: ['person', 'system.org'] })).statusCode).toBe(200);
      expect((await savePermissions(agency.sid, 1, { resources: ['patent', 'patent:create'] })).statusCode).toBe(200);
    });

    it('refuses field rules on unknown models, unknown or system fields, and unknown departments (500001)', async () => {
      const role = await createRole({ code: 'perm_f', name: 'Perm F', platform: 1 });
      const cases: Array<[object, string]> = [
        [{ field_rules: [{ model: 'nope', field: 'title', access: 'hidden' }] }, 'field_rules'],
        [{ field_rules: [{ model: 'patent', field: 'nope', access: 'hidden' }] }, 'field_rules'],
        [{ field_rules: [{ model: 'patent', field: 'sid', access: 'hidden' }] }, 'field_rules'],
        [{ field_rules: [{ model: 'patent', field: 'created_by', access: 'read_only' }] }, 'field_rules'],
        [
          {
            field_rules: [
              { model: 'patent', field: 'title', access: 'hidden' },
              { model: 'patent', field: 'title', access: 'read_only' },
            ],
          },
          'field_rules',
        ],
        [{ field_rules: [{ model: 'patent', field: 'title', access: 'invisible' }] }, 'field_rules.0.access'],
        [{ model_scopes: [{ model: 'nope', scope: 'all' }] }, 'model_scopes'],
        [
          {
            model_scopes: [
              { model: 'patent', scope: 'all' },
              { model: 'patent', scope: 'own' },
            ],
          },
          'model_scopes',
        ],
        [
          { model_scopes: [{ model: 'patent', scope: 'departments', department_sids: [otherDepartment] }] },
          'model_scopes',
        ],
        [{ data_scope: 'departments', data_departments: [otherDepartment] }, 'data_departments'],
        [{ data_scope: 'departments' }, 'data_departments'],
        [{ data_scope: 'everything' }, 'data_scope'],
        [{ resources: 'patent' }, 'resources'],
        [{ extra: true }, ''],
      ];
      for (const [body, field] of cases) {
        const res = await savePermissions(role.sid, 1, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().code, JSON.stringify(body)).toBe(500001);
        expect(res.json().fields[0].field, JSON.stringify(body)).toBe(field);
      }
      const unknown = await savePermissions(role.sid, 1, {
        field_rules: [{ model: 'patent', field: 'nope', access: 'hidden' }],
      });
      expect(unknown.json().message).toBe('Field permissions: patent.nope does not exist or cannot have a field rule');
      expect((await permissionsOf(role.sid)).version).toBe(1);
    });
  });

  describe('users of a role', () => {
    it('adds and removes users of the tenant and of the role platform', async () => {
      const role = await createRole({ code: 'members', name: 'Members', platform: 1 });
      const before = await accessVersion();
      const added = await call(admin, 'POST', '/model/role/do/users', { sid: role.sid, add: [staff.sid, staff.sid] });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json().data).toEqual([{ sid: staff.sid, account: staff.account, name: '张三' }]);
      expect(await accessVersion()).toBe(before + 1);
      expect((await call(admin, 'GET', `/model/role/${role.sid}`)).json().data.user_num).toBe(1);
      expect((await call(admin, 'GET', `/model/role/do/users/${role.sid}`)).json().data).toHaveLength(1);

      const platform = await call(admin, 'POST', '/model/role/do/users', { sid: role.sid, add: [agentUser.sid] });
      expect(platform.statusCode).toBe(400);
      expect(platform.json()).toMatchObject({ code: 500001, fields: [{ field: 'add' }] });
      expect(platform.json().message).toContain(agentUser.account);

      const foreignUser = (
        await t.database.db.query<{ sid: string }>('SELECT sid FROM user_account WHERE tenant_sid = $1 LIMIT 1', [
          other.sid,
        ])
      )[0]!.sid;
      for (const body of [{ add: [foreignUser] }, { remove: [foreignUser] }, { add: [newSid()] }]) {
        const res = await call(admin, 'POST', '/model/role/do/users', { sid: role.sid, ...body });
        expect(res.statusCode, JSON.stringify(body)).toBe(404);
      }
      expect((await call(admin, 'POST', '/model/role/do/users', { sid: role.sid, add: ['x'] })).json().code).toBe(
        500001,
      );

      const removed = await call(admin, 'POST', '/model/role/do/users', { sid: role.sid, remove: [staff.sid] });
      expect(removed.json().data).toEqual([]);
      expect((await audits(`role:${role.sid}`)).map((a) => a.action)).toEqual([
        'role.created',
        'role.users_changed',
        'role.users_changed',
      ]);

      const agency = await createRole({ code: 'members_a', name: 'Members', platform: 2 });
      const agent = await call(admin, 'POST', '/model/role/do/users', { sid: agency.sid, add: [agentUser.sid] });
      expect(agent.json().data).toEqual([{ sid: agentUser.sid, account: agentUser.account, name: '张三' }]);
    });
  });

  describe('permissions apply to the next request of a signed-in user', () => {
    it('grants, hides and withdraws as saved', async () => {
      const created = await call(admin, 'POST', '/model/patent/do/create', {
        data: {
          title: '一种电池',
          sn: `RL-${newSid().slice(0, 6)}`,
          patent_type: 'invention',
          country: 'CN',
          abstract: '摘要',
        },
      });
      expect(created.statusCode, created.body).toBe(200);
      const patentSid = created.json().data.sid as string;

      const user = await createUser(t, tenant);
      const session = await signIn(t.app, user.account, user.password);
      const search = (iql = '') => call(session, 'POST', '/model/patent/do/search', { iql, rows: 100 });
      const create = () =>
        call(session, 'POST', '/model/patent/do/create', {
          data: { title: '新专利', sn: `RL-${newSid().slice(0, 6)}`, patent_type: 'invention', country: 'CN' },
        });
      expect((await search()).json().code).toBe(403301);

      const role = await createRole({ code: 'patent_reader', name: 'Patent reader', platform: 1 });
      let saved = await savePermissions(role.sid, 1, {
        resources: ['patent'],
        field_rules: [{ model: 'patent', field: 'abstract', access: 'hidden' }],
        data_scope: 'all',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await search()).json().code).toBe(403301); // not the user's role yet
      await call(admin, 'POST', '/model/role/do/users', { sid: role.sid, add: [user.sid] });

      const found = await search();
      expect(found.statusCode, found.body).toBe(200);
      const row = (found.json().data.rows as Array<Record<string, unknown>>).find((r) => r.sid === patentSid);
      expect(row).toMatchObject({ title: '一种电池' });
      expect(row).not.toHaveProperty('abstract');
      const schema = await call(session, 'GET', '/model/patent/do/schema');
      const fields = (schema.json().data.fields as Array<{ name: string }>).map((f) => f.name);
      expect(fields).toContain('title');
      expect(fields).not.toContain('abstract');
      expect(schema.json().data.abilities).toMatchObject({ create: false });
      const filter = await search("abstract CONTAINS '摘'");
      expect(filter.statusCode).toBe(400);
      expect(filter.json()).toMatchObject({ code: 500001, fields: [{ field: 'iql' }] });
      const refused = await create();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(403301);

      // Changed permissions: the same session sees the change on its next request.
      saved = await savePermissions(role.sid, 2, { resources: ['patent', 'patent:create'], data_scope: 'all' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await create()).statusCode).toBe(200);
      const visible = (await search()).json().data.rows as Array<Record<string, unknown>>;
      expect(visible.find((r) => r.sid === patentSid)).toMatchObject({ abstract: '摘要' });
      expect((await search("abstract CONTAINS '摘'")).json().data.rows).toHaveLength(1);

      // A narrower data scope applies too: only the records the user created.
      saved = await savePermissions(role.sid, 3, { resources: ['patent'], data_scope: 'own' });
      expect(saved.statusCode).toBe(200);
      const own = (await search()).json().data.rows as Array<Record<string, unknown>>;
      expect(own.length).toBe(1);
      expect(own.some((r) => r.sid === patentSid)).toBe(false);

      // Disabling the role, then taking it away, withdraws the access.
      const disabled = await call(admin, 'POST', '/model/role/do/update', { sid: role.sid, version: 4, status: 0 });
      expect(disabled.statusCode, disabled.body).toBe(200);
      expect((await search()).json().code).toBe(403301);
      await call(admin, 'POST', '/model/role/do/update', { sid: role.sid, version: 5, status: 1 });
      expect((await search()).statusCode).toBe(200);
      await call(admin, 'POST', '/model/role/do/users', { sid: role.sid, remove: [user.sid] });
      expect((await search()).json().code).toBe(403301);
    });

    it('never lets a role hand out system.roles, not even a grant written behind the API', async () => {
      const role = await createRole({ code: 'would_be_admin', name: 'Would-be admin', platform: 1 });
      const res = await savePermissions(role.sid, 1, { resources: ['system.roles'] });
      expect(res.json()).toMatchObject({ code: 400307 });
      // Even a grant written behind the API's back is ignored.
      await t.database.db.query('INSERT INTO role_resource (role_sid, resource_code) VALUES ($1, $2)', [
        role.sid,
        'system.roles',
      ]);
      await call(admin, 'POST', '/model/role/do/users', { sid: role.sid, add: [staff.sid] });
      const session = await signIn(t.app, staff.account, staff.password);
      expect(
        (await call(session, 'POST', '/model/role/do/create', { code: 'x', name: 'x', platform: 1 })).json().code,
      ).toBe(403301);
    });
  });

  describe('resource tree', () => {
    interface Node {
      code: string;
      type: string;
      parent: string | null;
      name: string;
      level: string;
      sort: number;
      endpoints: string[];
      children: Node[];
    }
    const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

    it("builds the catalogue as a tree in the caller's language, with each resource's endpoints", async () => {
      const res = await call(admin, 'GET', '/resource/do/tree?language=zh-CN');
      expect(res.statusCode, res.body).toBe(200);
      const tree = res.json().data as Node[];
      const all = flatten(tree);
      expect(all).toHaveLength(t.app.registry.resources.all.length);
      const patent = tree.find((n) => n.code === 'patent')!;
      expect(patent).toMatchObject({ type: 'menu', parent: null, level: 'system' });
      expect(patent.name).toBe(t.app.registry.resources.byCode('patent')!.label.en);
      expect(patent.children.map((c) => c.code)).toEqual([
        'patent:create',
        'patent:update',
        'patent:delete',
        'patent:import',
        'patent:export',
      ]);
      expect(patent.endpoints).toEqual(
        expect.arrayContaining(['POST /webapi/model/patent/do/search', 'GET /webapi/model/patent/do/schema']),
      );
      expect(patent.endpoints.some((e) => e.includes(':model'))).toBe(false);
      expect(patent.children[0]!.endpoints).toContain('POST /webapi/model/patent/do/create');
      const roles = all.find((n) => n.code === 'system.roles')!;
      expect(roles).toMatchObject({ level: 'system_no_share', name: 'Roles and permissions' });
      expect(roles.endpoints).toEqual(
        expect.arrayContaining(['POST /webapi/model/role/do/create', 'GET /webapi/resource/do/tree']),
      );
      expect(roles.endpoints).not.toContain('POST /webapi/model/role/do/search');
      expect(all.find((n) => n.code === 'person')!.children.map((c) => c.code)).toContain('person:account');
      expect(all.find((n) => n.code === 'home')).toMatchObject({ level: 'open', children: [] });

      const zh = (await call(admin, 'GET', '/resource/do/tree', undefined, { 'x-language': 'zh-CN' })).json()
        .data as Node[];
      expect(flatten(zh).find((n) => n.code === 'system.roles')!.name).toBe('角色与权限');
      expect((await call(admin, 'GET', '/resource/do/tree?other=1')).json().code).toBe(500001);
    });

    it('is open to holders of system.menus or system.resources', async () => {
      const user = await createUser(t, tenant);
      const role = await createRole({ code: 'menu_keeper', name: 'Menu keeper', platform: 1 });
      await savePermissions(role.sid, 1, { resources: ['system.menus'] });
      await call(admin, 'POST', '/model/role/do/users', { sid: role.sid, add: [user.sid] });
      const session = await signIn(t.app, user.account, user.password);
      expect((await call(session, 'GET', '/resource/do/tree')).statusCode).toBe(200);
      expect((await call(session, 'POST', '/model/role/do/create', {})).json().code).toBe(403301);
    });
  });
});
