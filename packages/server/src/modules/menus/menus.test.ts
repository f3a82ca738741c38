// Menus end to end: seeding the defaults once per tenant, each user's visible tree (resources, platform,
// status, empty groups), administration under the level, bound-resource, delete and move rules,
// optimistic concurrency, audit, tenant isolation, refused callers and bad bodies.
import { DEFAULT_MENUS, newSid, type DefaultMenu } from '@ipdesk/core';
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

interface Node {
  sid: string;
  name: string;
  level: number;
  resource_code: string | null;
  sort_by?: number;
  version?: number;
  children: Node[];
}

const countDefaults = (menus: readonly DefaultMenu[]): number =>
  menus.reduce((n, m) => n + 1 + countDefaults(m.children ?? []), 0);
const DEFAULT_COUNT = countDefaults(DEFAULT_MENUS);

describe(`menus (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let admin: SignedIn;
  let otherAdmin: SignedIn;
  let patentUser: SignedIn;
  let menuManager: SignedIn;
  let plain: SignedIn;
  let agencyUser: SignedIn;

  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    other = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    const oa = await createUser(t, other, { isTenantAdmin: true });
    const p = await createUser(t, tenant);
    const m = await createUser(t, tenant);
    const u = await createUser(t, tenant);
    const g = await createUser(t, tenant, { side: 2 });
    await grantRole(t, tenant, [p.sid], { resources: ['patent'] });
    await grantRole(t, tenant, [m.sid], { resources: ['system.menus'] });
    await grantRole(t, tenant, [g.sid], { resources: ['patent'], platform: 2 });
    const session = (x: { account: string; password: string }) => signIn(t.app, x.account, x.password);
    [admin, otherAdmin, patentUser, menuManager, plain, agencyUser] = await Promise.all([
      session(a),
      session(oa),
      session(p),
      session(m),
      session(u),
      session(g),
    ]);
  });
  afterAll(() => t.close());

  const get = (url: string, s?: SignedIn, language = 'en') =>
    t.app.inject({
      method: 'GET',
      url: `/webapi${url}`,
      headers: s ? authed(s, { 'x-language': language }) : { 'x-language': language },
    });
  const post = (url: string, payload: object | undefined, s: SignedIn = admin) =>
    t.app.inject({ method: 'POST', url: `/webapi${url}`, headers: authed(s), ...(payload ? { payload } : {}) });
  const my = async (s: SignedIn, language = 'en') =>
    (await get('/menu/do/my', s, language)).json().data as { menus: Node[]; resources: string[] };
  const tree = async (s: SignedIn = admin) => (await get('/menu/do/tree', s)).json().data as Node[];
  const create = async (body: object, s: SignedIn = admin) => {
    const res = await post('/menu/do/create', body, s);
    expect(res.json(), res.body).toMatchObject({ code: 0 });
    return res.json().data as Node & { version: number; parent_sid: string | null };
  };
  const group = (extra: object = {}) =>
    create({ level: 1, name_zh: `组${newSid()}`.slice(0, 20), name_en: `Group ${newSid()}`, ...extra });
  const names = (nodes: readonly Node[]) => nodes.map((n) => n.name);
  const find = (nodes: readonly Node[], sid: string): Node | undefined => {
    for (const node of nodes) {
      if (node.sid === sid) return node;
      const inner = find(node.children, sid);
      if (inner) return inner;
    }
    return undefined;
  };
  const auditCount = async (action: string, target: string) =>
    (
      await t.database.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND target = $2',
        [action, target],
      )
    )[0]!.n;

  describe('seeding', () => {
    it("seeds a tenant's default menus once, on its first read, with levels and positions", async () => {
      const fresh = await createTenant(t);
      const u = await createUser(t, fresh, { isTenantAdmin: true });
      const s = await signIn(t.app, u.account, u.password);
      const count = async () =>
        (
          await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM menu WHERE tenant_sid = $1', [
            fresh.sid,
          ])
        )[0]!.n;
      expect(await count()).toBe(0);

      const first = await my(s);
      const second = await my(s);
      expect(await count()).toBe(DEFAULT_COUNT);
      expect(second).toEqual(first);
      expect(names(first.menus)).toEqual(DEFAULT_MENUS.map((m) => m.label.en));

      const all = await tree(s);
      expect(all.map((n) => [n.level, n.sort_by])).toEqual(DEFAULT_MENUS.map((_, i) => [1, i + 1]));
      const system = all.find((n) => n.name === 'System settings')!;
      expect(system.resource_code).toBeNull();
      expect(system.children.map((c) => [c.level, c.sort_by, c.resource_code])).toEqual(
        DEFAULT_MENUS.at(-1)!.children!.map((c, i) => [2, i + 1, c.resource]),
      );
      const seeded = await t.database.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM audit_log WHERE action = 'menu.seeded' AND tenant_sid = $1",
        [fresh.sid],
      );
      expect(seeded[0]!.n).toBe(1);
    });

    it('seeds once when several first reads arrive together', async () => {
      const fresh = await createTenant(t);
      const users = await Promise.all([1, 2, 3].map(() => createUser(t, fresh, { isTenantAdmin: true })));
      const sessions = await Promise.all(users.map((u) => signIn(t.app, u.account, u.password)));
      const answers = await Promise.all(
        sessions.flatMap((s) => [get('/menu/do/my', s), get('/menu/do/tree', s), get('/menu/do/my', s)]),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
      const rows = await t.database.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM menu WHERE tenant_sid = $1',
        [fresh.sid],
      );
      expect(rows[0]!.n).toBe(DEFAULT_COUNT);
    });
  });

  describe('defaults added to the product later', () => {
    const freshAdmin = async () => {
      const fresh = await createTenant(t);
      const u = await createUser(t, fresh, { isTenantAdmin: true });
      const s = await signIn(t.app, u.account, u.password);
      await tree(s); // seeded
      return { fresh, s };
    };
    const sql = (text: string, params: unknown[]) => t.database.db.query(text, params as never);
    const menuCount = async (tenantSid: string) =>
      (
        await t.database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM menu WHERE tenant_sid = $1', [
          tenantSid,
        ])
      )[0]!.n;
    const addedAudits = (tenantSid: string) =>
      t.database.db.query<{ detail: { keys: string[] } }>(
        "SELECT detail FROM audit_log WHERE action = 'menu.defaults_added' AND tenant_sid = $1",
        [tenantSid],
      );
    /** Deletes the default rows with these keys (children first), as if the tenant never had them. */
    const removeRows = async (tenantSid: string, keys: string[]) => {
      for (const key of keys)
        await sql(
          'DELETE FROM menu WHERE tenant_sid = $1 AND parent_sid IN (SELECT sid FROM menu WHERE tenant_sid = $1 AND default_key = $2)',
          [tenantSid, key],
        );
      await sql('DELETE FROM menu WHERE tenant_sid = $1 AND default_key = ANY($2::text[])', [tenantSid, keys]);
    };

    it('adds them once, last under their default parent, and leaves out one an administrator removed', async () => {
      const { fresh, s } = await freshAdmin();
      // Seeded before the process definitions and the docket group existed; the roles menu removed by hand.
      await removeRows(fresh.sid, ['workflow_definitions', 'docket', 'roles']);
      await sql(
        "UPDATE menu_default_offer SET offered = array_remove(array_remove(offered, 'workflow_definitions'), 'docket') WHERE tenant_sid = $1",
        [fresh.sid],
      );
      await sql(
        "UPDATE menu_default_offer SET offered = array_remove(array_remove(array_remove(offered, 'patent_task'), 'fee'), 'patent_item') WHERE tenant_sid = $1",
        [fresh.sid],
      );

      const after = await tree(s);
      const docket = DEFAULT_MENUS.find((m) => m.key === 'docket')!;
      expect(names(after).at(-1)).toBe(docket.label.en);
      expect(after.at(-1)!.sort_by).toBe(Math.max(...after.slice(0, -1).map((n) => n.sort_by!)) + 1);
      expect(names(after.at(-1)!.children)).toEqual(docket.children!.map((c) => c.label.en));
      const system = after.find((n) => n.name === 'System settings')!;
      expect(system.children.at(-1)).toMatchObject({
        name: 'Process definitions',
        level: 2,
        resource_code: 'workflow',
      });
      expect(system.children.at(-1)!.sort_by).toBe(
        Math.max(...system.children.slice(0, -1).map((c) => c.sort_by!)) + 1,
      );
      expect(names(system.children)).not.toContain('Roles and permissions');
      expect(await menuCount(fresh.sid)).toBe(DEFAULT_COUNT - 1);
      expect((await addedAudits(fresh.sid)).map((a) => a.detail.keys)).toEqual([
        ['docket', 'patent_task', 'fee', 'patent_item', 'workflow_definitions'],
      ]);

      expect(await tree(s)).toEqual(after);
      expect(await addedAudits(fresh.sid)).toHaveLength(1);
    });

    it('matches a tree from before the offers to the defaults and adds only what it lacks', async () => {
      const { fresh, s } = await freshAdmin();
      const patents = (await tree(s)).find((n) => n.name === 'Patents')!;
      const system = (await tree(s)).find((n) => n.name === 'System settings')!;
      // A tree made before rows knew their default: one group renamed in English, one link moved into
      // another group, and the "my work" group and the deadline calendar missing.
      await removeRows(fresh.sid, ['my_work', 'deadline_calendar']);
      await sql('UPDATE menu SET default_key = NULL WHERE tenant_sid = $1', [fresh.sid]);
      await sql('DELETE FROM menu_default_offer WHERE tenant_sid = $1', [fresh.sid]);
      await sql("UPDATE menu SET name_en = 'Settings' WHERE sid = $1", [system.sid]);
      await sql('UPDATE menu SET parent_sid = $2, level = 2, sort_by = 99 WHERE sid = $1', [patents.sid, system.sid]);

      const after = await tree(s);
      expect(await menuCount(fresh.sid)).toBe(DEFAULT_COUNT);
      expect(names(after).at(-1)).toBe('My work');
      expect(names(after.at(-1)!.children)).toEqual(['My to-dos', 'Started by me', 'Handled by me']);
      // The calendar of every kind's deadlines comes back last in the Deadlines group.
      expect(names(after.find((n) => n.name === 'Deadlines')!.children)).toEqual([
        'All deadlines',
        'Deadline calendar',
      ]);
      expect(names(after)).not.toContain('Patents');
      expect(names(after.find((n) => n.name === 'Settings')!.children)).toContain('Patents');
      expect((await addedAudits(fresh.sid)).map((a) => a.detail.keys)).toEqual([
        ['my_work', 'my_todos', 'my_started', 'my_handled', 'deadline_calendar'],
      ]);
      expect(await tree(s)).toEqual(after);
    });
  });

  describe('my menus', () => {
    it('shows a user only the menus of resources their roles grant, without empty groups', async () => {
      const mine = await my(patentUser);
      // "My work" holds plain links (no resource): everyone has their own to-dos.
      expect(names(mine.menus)).toEqual(['Home', 'My work', 'Patents']);
      expect(names(mine.menus[1]!.children)).toEqual(['My to-dos', 'Started by me', 'Handled by me']);
      expect(mine.menus[2]).toMatchObject({
        name_zh: '专利',
        name_en: 'Patents',
        resource_code: 'patent',
        path: '/model/patent',
        open_type: 'self',
        icon: 'patent',
        level: 1,
        children: [],
      });
      expect(new Set(mine.resources)).toEqual(new Set(['home', 'patent']));
      expect(names((await my(patentUser, 'zh-CN')).menus)).toEqual(['首页', '我的工作', '专利']);
      // No resource at all: only the open home page and the user's own work.
      expect(names((await my(plain)).menus)).toEqual(['Home', 'My work']);
    });

    it('shows a tenant administrator every menu', async () => {
      const mine = await my(admin);
      expect(names(mine.menus)).toEqual(DEFAULT_MENUS.map((m) => m.label.en));
      expect(names(mine.menus.at(-1)!.children)).toEqual(DEFAULT_MENUS.at(-1)!.children!.map((m) => m.label.en));
      expect(mine.resources).toContain('system.menus');
    });

    it('keeps menus of the other platform, disabled menus and groups with nothing visible out', async () => {
      const enterpriseOnly = await create({
        level: 1,
        name_zh: '企业专利',
        name_en: 'Enterprise patents',
        resource_code: 'patent',
        scope: 1,
      });
      const agencyOnly = await create({
        level: 1,
        name_zh: '代理专利',
        name_en: 'Agency patents',
        resource_code: 'patent',
        scope: 2,
      });
      const disabled = await create({
        level: 1,
        name_zh: '停用',
        name_en: 'Disabled',
        resource_code: 'patent',
        status: 0,
      });
      const g = await group({ name_en: 'Trademark group' });
      await create({ parent_sid: g.sid, level: 2, name_zh: '商标', name_en: 'Marks', resource_code: 'trademarks' });
      const mixed = await group({ name_en: 'Mixed group' });
      await create({ parent_sid: mixed.sid, level: 2, name_zh: '商标', name_en: 'Marks', resource_code: 'trademarks' });
      await create({
        parent_sid: mixed.sid,
        level: 2,
        name_zh: '专利',
        name_en: 'Inner patents',
        resource_code: 'patent',
      });
      const disabledGroup = await group({ name_en: 'Disabled group', status: 0 });
      await create({
        parent_sid: disabledGroup.sid,
        level: 2,
        name_zh: '专利',
        name_en: 'Hidden',
        resource_code: 'patent',
      });

      const enterprise = await my(patentUser);
      expect(names(enterprise.menus)).toEqual(['Home', 'My work', 'Patents', 'Enterprise patents', 'Mixed group']);
      expect(names(enterprise.menus.at(-1)!.children)).toEqual(['Inner patents']);
      const agency = await my(agencyUser);
      expect(names(agency.menus)).toEqual(['Home', 'My work', 'Patents', 'Agency patents', 'Mixed group']);
      expect(find(agency.menus, enterpriseOnly.sid)).toBeUndefined();
      const all = await my(admin);
      expect(find(all.menus, g.sid)?.children).toHaveLength(1);
      expect(find(all.menus, disabled.sid)).toBeUndefined();
      expect(find(all.menus, agencyOnly.sid)).toBeUndefined();
      // Administration sees every row.
      const rows = await tree();
      for (const sid of [enterpriseOnly.sid, agencyOnly.sid, disabled.sid, disabledGroup.sid])
        expect(find(rows, sid)).toBeDefined();
      for (const sid of [enterpriseOnly.sid, agencyOnly.sid, disabled.sid, g.sid, mixed.sid, disabledGroup.sid]) {
        const node = find(rows, sid)!;
        for (const child of node.children) await post(`/menu/do/delete/${child.sid}`, undefined);
        await post(`/menu/do/delete/${sid}`, undefined);
      }
      expect(names((await my(patentUser)).menus)).toEqual(['Home', 'My work', 'Patents']);
    });
  });

  it('shows a plain link (a path, no resource) to everyone', async () => {
    const link = await create({ level: 1, name_zh: '帮助', name_en: 'Help', path: 'https://help.example.com/ipdesk' });
    expect(names((await my(patentUser)).menus)).toContain('Help');
    expect(names((await my(agencyUser)).menus)).toContain('Help');
    await post(`/menu/do/delete/${link.sid}`, undefined);
  });

  describe('administration', () => {
    it('creates menus one level below their parent, appended to their siblings, audited', async () => {
      const g = await group({ icon: 'menu' });
      expect(g).toMatchObject({ level: 1, parent_sid: null, resource_code: null, version: 1, status: 1, scope: 0 });
      const a = await create({
        parent_sid: g.sid,
        level: 2,
        name_zh: '甲',
        name_en: 'A',
        resource_code: 'patent',
        path: 'https://example.com/a?b=1',
        open_type: 'blank',
        icon: 'link',
      });
      const b = await create({ parent_sid: g.sid, level: 2, name_zh: '乙', name_en: 'B', path: '/model/patent' });
      expect(a).toMatchObject({ name: 'A', level: 2, parent_sid: g.sid, open_type: 'blank', sort_by: 1 });
      expect(b.sort_by).toBe(2);
      expect(find(await tree(), g.sid)!.children.map((c) => c.sid)).toEqual([a.sid, b.sid]);
      expect(await auditCount('menu.created', `menu:${a.sid}`)).toBe(1);

      const l3 = await create({ parent_sid: b.sid, level: 3, name_zh: '丙', name_en: 'C' });
      const l4 = await create({ parent_sid: l3.sid, level: 4, name_zh: '丁', name_en: 'D', resource_code: 'home' });
      expect(l4.level).toBe(4);
    });

    it('refuses a level that is not one below the parent (400305)', async () => {
      const g = await group();
      const child = await create({ parent_sid: g.sid, level: 2, name_zh: '子', name_en: 'Child' });
      const refused = [
        { level: 2, name_zh: '顶', name_en: 'Top' },
        { parent_sid: g.sid, level: 1, name_zh: '子', name_en: 'Child' },
        { parent_sid: g.sid, level: 3, name_zh: '子', name_en: 'Child' },
        { parent_sid: child.sid, level: 2, name_zh: '孙', name_en: 'Grandchild' },
      ];
      for (const body of refused) expect((await post('/menu/do/create', body)).json().code).toBe(400305);
      const deepest = await create({ parent_sid: child.sid, level: 3, name_zh: '三', name_en: 'Three' });
      const four = await create({ parent_sid: deepest.sid, level: 4, name_zh: '四', name_en: 'Four' });
      expect(
        (await post('/menu/do/create', { parent_sid: four.sid, level: 4, name_zh: '五', name_en: 'Five' })).json().code,
      ).toBe(400305);
      // Below level 4 there is nothing: the level itself is invalid.
      const five = await post('/menu/do/create', { parent_sid: four.sid, level: 5, name_zh: '五', name_en: 'Five' });
      expect(five.statusCode).toBe(400);
      expect(five.json().code).toBe(500001);
    });

    it('refuses children under a menu bound to a resource, and binding a menu that has children (400304)', async () => {
      const bound = await create({ level: 1, name_zh: '绑定', name_en: 'Bound', resource_code: 'patent' });
      const under = await post('/menu/do/create', { parent_sid: bound.sid, level: 2, name_zh: '子', name_en: 'Child' });
      expect(under.statusCode).toBe(400);
      expect(under.json().code).toBe(400304);

      const g = await group();
      await create({ parent_sid: g.sid, level: 2, name_zh: '子', name_en: 'Child' });
      const bind = await post('/menu/do/update', { sid: g.sid, version: g.version, resource_code: 'patent' });
      expect(bind.json().code).toBe(400304);
      expect(find(await tree(), g.sid)).toMatchObject({ resource_code: null, version: 1 });
    });

    it('refuses resources the catalogue does not know (400308)', async () => {
      const res = await post('/menu/do/create', {
        level: 1,
        name_zh: '无',
        name_en: 'None',
        resource_code: 'nope.nothing',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400308, message: 'Unknown resource: nope.nothing' });
      const leaf = await create({ level: 1, name_zh: '叶', name_en: 'Leaf' });
      const update = await post('/menu/do/update', { sid: leaf.sid, version: 1, resource_code: 'nope.nothing' });
      expect(update.json().code).toBe(400308);
    });

    it('updates fields with optimistic concurrency, never the parent or level, audited', async () => {
      const g = await group();
      const leaf = await create({
        parent_sid: g.sid,
        level: 2,
        name_zh: '叶',
        name_en: 'Leaf',
        resource_code: 'patent',
      });
      const updated = await post('/menu/do/update', {
        sid: leaf.sid,
        version: 1,
        // Sent back unchanged: accepted.
        parent_sid: g.sid,
        level: 2,
        name_en: 'Renamed',
        resource_code: null,
        icon: 'home',
        scope: 1,
        status: 0,
        path: '/x/y',
      });
      expect(updated.json().data).toMatchObject({
        name: 'Renamed',
        name_zh: '叶',
        resource_code: null,
        icon: 'home',
        scope: 1,
        status: 0,
        path: '/x/y',
        version: 2,
      });
      expect((await post('/menu/do/update', { sid: leaf.sid, version: 1, name_en: 'Stale' })).json().code).toBe(409000);
      const other = await group();
      const moved = await post('/menu/do/update', { sid: leaf.sid, version: 2, parent_sid: other.sid });
      expect(moved.json().code).toBe(400305);
      expect((await post('/menu/do/update', { sid: leaf.sid, version: 2, parent_sid: null })).json().code).toBe(400305);
      expect((await post('/menu/do/update', { sid: leaf.sid, version: 2, level: 1 })).json().code).toBe(400305);
      expect(find(await tree(), leaf.sid)).toMatchObject({ name: 'Renamed', version: 2 });
      const [entry] = await t.database.db.query<{ detail: { changes: Record<string, unknown> } }>(
        "SELECT detail FROM audit_log WHERE action = 'menu.updated' AND target = $1",
        [`menu:${leaf.sid}`],
      );
      expect(entry!.detail.changes).toMatchObject({
        name_en: { before: 'Leaf', after: 'Renamed' },
        resource_code: { before: 'patent', after: null },
      });
    });

    it('deletes only menus without children (409310), audited', async () => {
      const g = await group();
      const child = await create({ parent_sid: g.sid, level: 2, name_zh: '子', name_en: 'Child' });
      const refused = await post(`/menu/do/delete/${g.sid}`, undefined);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe(409310);
      expect((await post(`/menu/do/delete/${child.sid}`, undefined)).json()).toMatchObject({ code: 0 });
      expect((await post(`/menu/do/delete/${g.sid}`, undefined)).json()).toMatchObject({ code: 0 });
      expect(find(await tree(), g.sid)).toBeUndefined();
      expect(await auditCount('menu.deleted', `menu:${g.sid}`)).toBe(1);
      expect((await post(`/menu/do/delete/${g.sid}`, undefined)).json().code).toBe(404000);
    });
  });

  describe('moving', () => {
    const children = async (sid: string) => find(await tree(), sid)!.children.map((c) => c.name);

    it('swaps a menu with its neighbour; the first cannot go up (400302), the last not down (400303)', async () => {
      const g = await group();
      const made: Node[] = [];
      for (const n of ['A', 'B', 'C'])
        made.push(await create({ parent_sid: g.sid, level: 2, name_zh: n, name_en: n, resource_code: 'patent' }));
      const [ma, mb, mc] = made as [Node, Node, Node];
      const up = await post('/menu/do/move', { sid: ma.sid, direction: 'up' });
      expect(up.statusCode).toBe(400);
      expect(up.json().code).toBe(400302);
      expect((await post('/menu/do/move', { sid: mc.sid, direction: 'down' })).json().code).toBe(400303);

      const moved = await post('/menu/do/move', { sid: mb.sid, direction: 'up' });
      expect((moved.json().data as Node[]).map((n) => [n.name, n.sort_by])).toEqual([
        ['B', 1],
        ['A', 2],
        ['C', 3],
      ]);
      expect(await children(g.sid)).toEqual(['B', 'A', 'C']);
      await post('/menu/do/move', { sid: ma.sid, direction: 'down' });
      expect(await children(g.sid)).toEqual(['B', 'C', 'A']);
      expect((await post('/menu/do/move', { sid: ma.sid, direction: 'down' })).json().code).toBe(400303);
      expect((await post('/menu/do/move', { sid: mb.sid, direction: 'up' })).json().code).toBe(400302);
      expect(await auditCount('menu.moved', `menu:${mb.sid}`)).toBe(1);
      // The users' tree follows the new order.
      expect(names(find((await my(patentUser)).menus, g.sid)!.children)).toEqual(['B', 'C', 'A']);
    });

    it('moves top-level menus among themselves only, and orders equal positions too', async () => {
      const top = await tree();
      const first = top[0]!;
      const last = top.at(-1)!;
      expect((await post('/menu/do/move', { sid: first.sid, direction: 'up' })).json().code).toBe(400302);
      expect((await post('/menu/do/move', { sid: last.sid, direction: 'down' })).json().code).toBe(400303);
      await post('/menu/do/move', { sid: top[1]!.sid, direction: 'up' });
      const after = await tree();
      expect(after.map((n) => n.sid)).toEqual([top[1]!.sid, top[0]!.sid, ...top.slice(2).map((n) => n.sid)]);
      // Children of the moved menus stayed where they were.
      expect(find(after, top.find((n) => n.children.length)!.sid)!.children.length).toBeGreaterThan(0);

      const g = await group();
      for (const n of ['A', 'B', 'C']) await create({ parent_sid: g.sid, level: 2, name_zh: n, name_en: n });
      await t.database.db.query('UPDATE menu SET sort_by = 7 WHERE parent_sid = $1', [g.sid]);
      const [, b] = find(await tree(), g.sid)!.children;
      const before = await children(g.sid);
      await post('/menu/do/move', { sid: b!.sid, direction: 'down' });
      expect(await children(g.sid)).toEqual([before[0], before[2], before[1]]);
    });

    it('runs concurrent moves among the same siblings one after the other', async () => {
      const g = await group();
      const made: Node[] = [];
      for (const n of ['A', 'B', 'C', 'D'])
        made.push(await create({ parent_sid: g.sid, level: 2, name_zh: n, name_en: n }));
      const answers = await Promise.all([
        post('/menu/do/move', { sid: made[1]!.sid, direction: 'down' }),
        post('/menu/do/move', { sid: made[2]!.sid, direction: 'up' }),
        post('/menu/do/move', { sid: made[3]!.sid, direction: 'up' }),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect((await children(g.sid)).sort()).toEqual(['A', 'B', 'C', 'D']);
    });
  });

  describe('who may', () => {
    it('refuses anonymous callers (401)', async () => {
      for (const url of ['/menu/do/my', '/menu/do/tree']) expect((await get(url)).statusCode).toBe(401);
      const res = await t.app.inject({
        method: 'POST',
        url: '/webapi/menu/do/create',
        headers: { 'x-language': 'en' },
        payload: { level: 1, name_zh: '甲', name_en: 'A' },
      });
      expect(res.statusCode).toBe(401);
    });

    it('refuses administration to users without system.menus (403301) and lets holders in', async () => {
      const g = await group();
      const calls = [
        () => get('/menu/do/tree', plain),
        () => post('/menu/do/create', { level: 1, name_zh: '甲', name_en: 'A' }, plain),
        () => post('/menu/do/update', { sid: g.sid, version: 1, name_en: 'X' }, plain),
        () => post(`/menu/do/delete/${g.sid}`, undefined, plain),
        () => post('/menu/do/move', { sid: g.sid, direction: 'up' }, plain),
        () => get('/menu/do/tree', patentUser),
      ];
      for (const call of calls) {
        const res = await call();
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe(403301);
      }
      expect(find(await tree(), g.sid)).toMatchObject({ version: 1 });
      expect((await get('/menu/do/tree', menuManager)).statusCode).toBe(200);
      const made = await create({ parent_sid: g.sid, level: 2, name_zh: '乙', name_en: 'B' }, menuManager);
      expect((await post(`/menu/do/delete/${made.sid}`, undefined, menuManager)).json().code).toBe(0);
    });

    it("answers another tenant's menus as not found (404) and never shows them", async () => {
      const g = await group();
      const child = await create({ parent_sid: g.sid, level: 2, name_zh: '子', name_en: 'Child' });
      const calls = [
        post('/menu/do/update', { sid: g.sid, version: 1, name_en: 'Stolen' }, otherAdmin),
        post(`/menu/do/delete/${child.sid}`, undefined, otherAdmin),
        post('/menu/do/move', { sid: child.sid, direction: 'up' }, otherAdmin),
        post('/menu/do/create', { parent_sid: g.sid, level: 2, name_zh: '子', name_en: 'Child' }, otherAdmin),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe(404000);
      }
      expect(find(await tree(otherAdmin), g.sid)).toBeUndefined();
      expect(find((await my(otherAdmin)).menus, g.sid)).toBeUndefined();
      expect(find(await tree(), g.sid)).toMatchObject({ name: g.name, version: 1, children: [{ sid: child.sid }] });
      // The other tenant got its own defaults.
      expect(names(await tree(otherAdmin))).toEqual(DEFAULT_MENUS.map((m) => m.label.en));
    });
  });

  it('answers bad bodies with 400, never 5xx, and changes nothing', async () => {
    const g = await group();
    const before = await tree();
    const bad: Array<[string, object]> = [
      ['/menu/do/create', {}],
      ['/menu/do/create', { level: 1, name_zh: '', name_en: 'A' }],
      ['/menu/do/create', { level: 1, name_zh: '   ', name_en: 'A' }],
      ['/menu/do/create', { level: 1, name_zh: '甲'.repeat(51), name_en: 'A' }],
      ['/menu/do/create', { level: 1, name_zh: '甲', name_en: 'A'.repeat(51) }],
      ['/menu/do/create', { level: 0, name_zh: '甲', name_en: 'A' }],
      ['/menu/do/create', { level: 1.5, name_zh: '甲', name_en: 'A' }],
      ['/menu/do/create', { level: '1', name_zh: '甲', name_en: 'A' }],
      ['/menu/do/create', { level: 1, name_zh: '甲', name_en: 'A', path: 'javascript:alert(1)' }],
      ['/menu/do/create', { level: 1, name_zh: '甲', name_en: 'A', path: '/a b' }],
      ['/menu/do/create', { level: 1, name_zh: '甲', name_en: 'A', path: `/${'a'.repeat(600)}` }],
      ['/menu/do/create', { level: 1, name_zh: '甲', name_en: 'A', icon: 'skull' }],
      ['/menu/do/create', { level: 1, name_zh: '甲', name_en: 'A', open_type: 'popup' }],
      ['/menu/do/create', { level: 1, name_zh: '甲', name_en: 'A', scope: 3 }],
      ['/menu/do/create', { level: 1, name_zh: '甲', name_en: 'A', status: 2 }],
      ['/menu/do/create', { level: 1, name_zh: '甲', name_en: 'A', resource_code: 'x'.repeat(100) }],
      ['/menu/do/create', { level: 1, name_zh: '甲', name_en: 'A', resource_code: '' }],
      ['/menu/do/create', { level: 2, parent_sid: 'not-a-sid', name_zh: '甲', name_en: 'A' }],
      ['/menu/do/create', { level: 1, name_zh: '甲', name_en: 'A', tenant_sid: other.sid }],
      ['/menu/do/create', { level: 1, name_zh: '甲', name_en: 'A', sort_by: 1 }],
      ['/menu/do/create', JSON.parse('{"level":1,"name_zh":"甲","name_en":"A","__proto__":{"x":1}}') as object],
      ['/menu/do/update', { sid: g.sid }],
      ['/menu/do/update', { sid: g.sid, version: 0 }],
      ['/menu/do/update', { sid: g.sid, version: 1, name_zh: null }],
      ['/menu/do/update', { sid: g.sid, version: 1, version_extra: 1 }],
      ['/menu/do/update', { sid: g.sid, version: 1, sort_by: 99 }],
      ['/menu/do/update', { sid: 'x', version: 1 }],
      ['/menu/do/move', { sid: g.sid }],
      ['/menu/do/move', { sid: g.sid, direction: 'left' }],
      ['/menu/do/move', { sid: [g.sid], direction: 'up' }],
      ['/menu/do/move', [] as unknown as object],
    ];
    for (const [url, body] of bad) {
      const res = await post(url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)} → ${res.body}`).toBe(400);
    }
    const odd = [
      await post('/menu/do/delete/not-a-sid', undefined),
      await post(`/menu/do/delete/${newSid()}`, undefined),
      await t.app.inject({
        method: 'POST',
        url: '/webapi/menu/do/create',
        headers: { ...authed(admin), 'content-type': 'application/json' },
        payload: '{"level":1,',
      }),
    ];
    expect(odd.map((r) => r.statusCode)).toEqual([400, 404, 400]);
    expect(await tree()).toEqual(before);
  });
});
