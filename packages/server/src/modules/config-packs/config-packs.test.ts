// Configuration packs end to end: saving with the content rules (roles, dictionaries, menus, custom
// fields), applying as a durable job (waiting → completed), a pack that fails at apply time leaving
// nothing behind, recovery of a job cut off by a crash, and who may do any of it.
import { newSid } from '@ipdesk/core';
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
import { createPackJobRunner } from './runner.js';

interface Job {
  sid: string;
  pack_sid: string;
  pack_name: string;
  company_sid: string;
  status: string;
  progress: number;
  total: number;
  error: string | null;
  started_at: string | null;
  finished_at: string | null;
}

/** A menu named in both languages (the Chinese name is the English one with a suffix). */
const menu = (name: string, overrides: object = {}) => ({ name_zh: `${name}（中）`, name_en: name, ...overrides });
const textField = (code: string, overrides: object = {}) => ({
  model: 'patent',
  code,
  name_zh: '等级',
  name_en: 'Grade',
  kind: 'text',
  max_length: 20,
  ...overrides,
});

const role = (code: string, overrides: object = {}) => ({
  code,
  name: `Role ${code}`,
  platform: 1,
  resources: ['patent', 'patent:create'],
  ...overrides,
});

describe(`configuration packs (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let admin: SignedIn;
  let plain: SignedIn;
  let otherAdmin: SignedIn;
  let unique = 0;
  const name = (prefix = 'Pack') => `${prefix} ${++unique}`;

  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    other = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    const u = await createUser(t, tenant);
    const o = await createUser(t, other, { isTenantAdmin: true });
    await grantRole(t, tenant, [u.sid], { resources: ['patent', 'system.roles'] });
    admin = await signIn(t.app, a.account, a.password);
    plain = await signIn(t.app, u.account, u.password);
    otherAdmin = await signIn(t.app, o.account, o.password);
  });
  afterAll(() => t.close());

  // null: an anonymous caller.
  const post = (url: string, payload: object, s: SignedIn | null = admin) =>
    t.app.inject({ method: 'POST', url: `/webapi${url}`, headers: s ? authed(s) : { 'x-language': 'en' }, payload });
  const get = (url: string, s: SignedIn | null = admin) =>
    t.app.inject({ method: 'GET', url: `/webapi${url}`, headers: s ? authed(s) : { 'x-language': 'en' } });
  const save = async (content: object, s: SignedIn = admin, packName = name()) => {
    const res = await post('/config_pack/do/save', { name: packName, content }, s);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { sid: string; name: string; content: object };
  };
  const apply = async (packSid: string, companySid = tenant.rootCompany, s: SignedIn = admin) => {
    const res = await post('/config_pack/do/apply', { pack_sid: packSid, company_sid: companySid }, s);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Job;
  };
  const finished = async (jobSid: string, s: SignedIn = admin): Promise<Job> => {
    for (let i = 0; i < 400; i++) {
      const job = (await get(`/config_pack/do/job/${jobSid}`, s)).json().data as Job;
      if (job.status === 'completed' || job.status === 'failed') return job;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`job ${jobSid} did not finish`);
  };
  const db = () => t.database.db;
  const roleByCode = async (tenantSid: string, code: string) =>
    (
      await db().query<{ sid: string; name: string; platform: number; weight: number; data_scope: string }>(
        'SELECT sid, name, platform, weight, data_scope FROM role WHERE tenant_sid = $1 AND code = $2',
        [tenantSid, code],
      )
    )[0];
  const resourcesOf = async (roleSid: string) =>
    (
      await db().query<{ resource_code: string }>(
        'SELECT resource_code FROM role_resource WHERE role_sid = $1 ORDER BY resource_code',
        [roleSid],
      )
    ).map((r) => r.resource_code);
  const options = async (tenantSid: string, dictionary: string) =>
    db().query<{ key: string; label_zh: string; label_en: string; disabled: boolean }>(
      'SELECT key, label_zh, label_en, disabled FROM dictionary_option WHERE tenant_sid = $1 AND dictionary = $2 ORDER BY key',
      [tenantSid, dictionary],
    );
  const accessVersion = async (tenantSid: string) =>
    (await db().query<{ v: number }>('SELECT access_version AS v FROM tenant WHERE sid = $1', [tenantSid]))[0]!.v;

  describe('saving and reading', () => {
    it('saves a pack, lists it with a summary, reads it back and renames it', async () => {
      const content = {
        roles: [role('cp_reader'), role('cp_agent', { platform: 2, resources: ['patent'] })],
        dictionaries: [{ name: 'patent_type', options: [{ key: 'cp_plant', label_zh: '植物', label_en: 'Plant' }] }],
      };
      const packName = name('Starter');
      const pack = await save(content, admin, packName);
      expect(pack).toMatchObject({ name: packName, content });
      expect(pack.sid).toMatch(/^[0-9A-Za-z]{16}$/);

      const list = (await get('/config_pack/do/list')).json();
      expect(list.code).toBe(0);
      expect(list.data).toContainEqual(
        expect.objectContaining({
          sid: pack.sid,
          name: packName,
          summary: { roles: 2, dictionaries: 1, custom_fields: 0, menus: 0 },
        }),
      );

      const read = (await get(`/config_pack/${pack.sid}`)).json();
      expect(read.data).toMatchObject({ sid: pack.sid, name: packName, content });

      const renamed = await post('/config_pack/do/save', { sid: pack.sid, name: `${packName} v2`, content: {} });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().data).toMatchObject({ sid: pack.sid, name: `${packName} v2`, content: {} });
      expect((await get(`/config_pack/${pack.sid}`)).json().data.content).toEqual({});
      const audits = await db().query<{ action: string }>(
        'SELECT action FROM audit_log WHERE target = $1 ORDER BY id',
        [pack.sid],
      );
      expect(audits.map((a) => a.action)).toEqual(['config_pack.created', 'config_pack.updated']);
    });

    it('refuses a second pack of the same name (409201), in any letter case', async () => {
      const packName = name('Twin');
      await save({}, admin, packName);
      const res = await post('/config_pack/do/save', { name: packName.toUpperCase(), content: {} });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 409201, fields: [{ field: 'name', label: 'Pack name' }] });
    });

    it.each([
      [
        'an unknown resource',
        { roles: [role('cp_bad1', { resources: ['patent', 'no_such_thing'] })] },
        'content.roles.0.resources.1',
        'Function permissions: unknown resource "no_such_thing"',
      ],
      [
        'a resource an agency role may not hold',
        { roles: [role('cp_bad2', { platform: 2, resources: ['person'] })] },
        'content.roles.0.resources.0',
        'Function permissions: the resource "person" cannot be granted to roles of platform 2',
      ],
      [
        'a resource no role may hold',
        { roles: [role('cp_bad3', { resources: ['system.settings'] })] },
        'content.roles.0.resources.0',
        'Function permissions: the resource "system.settings" cannot be granted to roles of platform 1',
      ],
      [
        'a malformed role code',
        { roles: [role('9 bad code')] },
        'content.roles.0.code',
        'Role code: has an invalid format',
      ],
      [
        'an unknown dictionary',
        { dictionaries: [{ name: 'no_such_dictionary', options: [{ key: 'a', label_zh: '甲', label_en: 'A' }] }] },
        'content.dictionaries.0.name',
        'Dictionary name: the product has no dictionary "no_such_dictionary"',
      ],
      [
        'a malformed option key',
        { dictionaries: [{ name: 'patent_type', options: [{ key: 'a-b', label_zh: '甲', label_en: 'A' }] }] },
        'content.dictionaries.0.options.0.key',
        'Option key: has an invalid format',
      ],
      [
        'the same role code twice',
        { roles: [role('cp_twice'), role('CP_TWICE', { name: 'Another' })] },
        'content.roles.1.code',
        'Role code: the role code "CP_TWICE" appears more than once',
      ],
      [
        'the same role name twice on one platform',
        { roles: [role('cp_n1', { name: 'Same' }), role('cp_n2', { name: 'same' })] },
        'content.roles.1.name',
        'Role name: the role name "same" appears more than once for the same platform',
      ],
      [
        'the same option key twice',
        {
          dictionaries: [
            {
              name: 'country',
              options: [
                { key: 'XX', label_zh: '甲', label_en: 'A' },
                { key: 'XX', label_zh: '乙', label_en: 'B' },
              ],
            },
          ],
        },
        'content.dictionaries.0.options.1.key',
        'Option key: the option key "XX" appears more than once',
      ],
      [
        'a data scope that needs departments',
        { roles: [role('cp_bad4', { data_scope: 'departments' })] },
        'content.roles.0.data_scope',
        undefined,
      ],
      ['an unknown part', { processes: [] }, 'content', undefined],
      [
        'a role field the pack does not know',
        { roles: [role('cp_bad5', { tenant_sid: 'x' })] },
        'content.roles.0',
        undefined,
      ],
      ['content that is not an object', [], 'content', undefined],
    ])('refuses content with %s (500001 naming the field)', async (_case, content, field, message) => {
      const res = await post('/config_pack/do/save', { name: name('Bad'), content });
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect(body.code).toBe(500001);
      expect(body.fields[0].field).toBe(field);
      if (message) expect(body.message).toBe(message);
    });

    it('answers 500001, never 5xx, to malformed bodies', async () => {
      for (const payload of [
        {},
        { name: '', content: {} },
        { name: 'x'.repeat(101), content: {} },
        { name: 'ok', content: {}, tenant_sid: tenant.sid },
        { sid: 'short', name: 'ok', content: {} },
        { name: 'ok', content: { roles: 'all' } },
        { name: 'ok', content: { roles: [{ ...role('cp_x'), platform: 3 }] } },
        { name: 'ok', content: { dictionaries: [{ name: 'country', options: [] }] } },
      ]) {
        const res = await post('/config_pack/do/save', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().code).toBe(500001);
      }
      for (const payload of [{}, { pack_sid: 'x', company_sid: tenant.rootCompany }, { pack_sid: newSid() }]) {
        const res = await post('/config_pack/do/apply', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe(500001);
      }
      expect((await get('/config_pack/not-a-sid')).json().code).toBe(500001);
      expect((await get('/config_pack/do/jobs?company_sid=bad')).json().code).toBe(500001);
      expect((await get('/config_pack/do/job/bad')).json().code).toBe(500001);
    });
  });

  describe('applying', () => {
    it('answers a waiting job at once, then completes it: roles and options exist afterwards', async () => {
      const pack = await save({
        roles: [
          role('cp_clerk', { name: 'Clerk', description: 'Files things', weight: 7, data_scope: 'company' }),
          role('cp_org', { name: 'Org admin', resources: ['system.org'] }),
        ],
        dictionaries: [
          {
            name: 'patent_type',
            options: [
              { key: 'cp_seed', label_zh: '种子', label_en: 'Seed' },
              { key: 'cp_old', label_zh: '旧', label_en: 'Old', disabled: true },
            ],
          },
        ],
      });
      const before = await accessVersion(tenant.sid);
      const job = await apply(pack.sid, tenant.subCompany);
      expect(job).toMatchObject({
        pack_sid: pack.sid,
        pack_name: pack.name,
        company_sid: tenant.subCompany,
        status: 'waiting',
        progress: 0,
        error: null,
        started_at: null,
        finished_at: null,
      });

      const done = await finished(job.sid);
      expect(done).toMatchObject({ status: 'completed', progress: 3, total: 3, error: null });
      expect(done.started_at).not.toBeNull();
      expect(done.finished_at).not.toBeNull();

      const clerk = await roleByCode(tenant.sid, 'cp_clerk');
      expect(clerk).toMatchObject({ name: 'Clerk', platform: 1, weight: 7, data_scope: 'company' });
      expect(await resourcesOf(clerk!.sid)).toEqual(['patent', 'patent:create']);
      const orgRole = await roleByCode(tenant.sid, 'cp_org');
      expect(await resourcesOf(orgRole!.sid)).toEqual(['system.org']);
      expect(await options(tenant.sid, 'patent_type')).toEqual(
        expect.arrayContaining([
          { key: 'cp_seed', label_zh: '种子', label_en: 'Seed', disabled: false },
          { key: 'cp_old', label_zh: '旧', label_en: 'Old', disabled: true },
        ]),
      );
      expect(await accessVersion(tenant.sid)).toBeGreaterThan(before);
      const audit = await db().query<{ actor_sid: string; detail: { roles: string[] } }>(
        "SELECT actor_sid, detail FROM audit_log WHERE action = 'config_pack.applied' AND target = $1",
        [job.sid],
      );
      expect(audit[0]?.detail.roles).toEqual(['cp_clerk', 'cp_org']);
      // Nothing leaks into the other tenant.
      expect(await roleByCode(other.sid, 'cp_clerk')).toBeUndefined();

      // The applied role works: a user holding it may now see packs and their jobs, but saving and
      // applying one stays with system administrators (a pack rewrites roles: no escalation through it).
      const u = await createUser(t, tenant);
      await db().query('INSERT INTO user_role (user_sid, role_sid) VALUES ($1, $2)', [u.sid, orgRole!.sid]);
      const session = await signIn(t.app, u.account, u.password);
      expect((await get('/config_pack/do/list', session)).statusCode).toBe(200);
      expect((await get('/config_pack/do/jobs', session)).statusCode).toBe(200);
      const selfGrant = await post(
        '/config_pack/do/save',
        { name: name(), content: { roles: [role('cp_org', { name: 'Org admin', resources: ['system.menus'] })] } },
        session,
      );
      expect(selfGrant.json().code).toBe(403301);
      const applied = await post(
        '/config_pack/do/apply',
        { pack_sid: pack.sid, company_sid: tenant.rootCompany },
        session,
      );
      expect(applied.json().code).toBe(403301);
    });

    it('upserts by code and key on a second run: permissions replaced, missing options kept', async () => {
      const first = await save({
        roles: [role('cp_again', { name: 'Again', resources: ['patent', 'patent:update'], weight: 3 })],
        dictionaries: [
          {
            name: 'country',
            options: [
              { key: 'cp_a', label_zh: '甲', label_en: 'A' },
              { key: 'cp_b', label_zh: '乙', label_en: 'B' },
            ],
          },
        ],
      });
      expect((await finished((await apply(first.sid)).sid)).status).toBe('completed');
      const again = await roleByCode(tenant.sid, 'cp_again');
      // The tenant's own users of the role stay with it across the upsert.
      const u = await createUser(t, tenant);
      await db().query('INSERT INTO user_role (user_sid, role_sid) VALUES ($1, $2)', [u.sid, again!.sid]);

      const second = await save({
        roles: [role('CP_AGAIN', { name: 'Again, renamed', resources: ['trademarks'] })],
        dictionaries: [
          { name: 'country', options: [{ key: 'cp_a', label_zh: '甲甲', label_en: 'AA', disabled: true }] },
        ],
      });
      t.clock.advanceMinutes(1);
      const job = await apply(second.sid);
      expect((await finished(job.sid)).status).toBe('completed');

      const after = await roleByCode(tenant.sid, 'cp_again');
      expect(after).toMatchObject({ sid: again!.sid, name: 'Again, renamed', weight: 3 });
      expect(await resourcesOf(again!.sid)).toEqual(['trademarks']);
      const users = await db().query('SELECT 1 FROM user_role WHERE role_sid = $1', [again!.sid]);
      expect(users).toHaveLength(1);
      expect((await options(tenant.sid, 'country')).filter((o) => o.key.startsWith('cp_'))).toEqual([
        { key: 'cp_a', label_zh: '甲甲', label_en: 'AA', disabled: true },
        { key: 'cp_b', label_zh: '乙', label_en: 'B', disabled: false },
      ]);

      const jobs = (await get('/config_pack/do/jobs')).json().data as Job[];
      expect(jobs[0]?.sid).toBe(job.sid);
      expect(jobs.length).toBeLessThanOrEqual(100);
      const ofSub = (await get(`/config_pack/do/jobs?company_sid=${tenant.subCompany}`)).json().data as Job[];
      expect(ofSub.length).toBeGreaterThan(0);
      expect(ofSub.every((j) => j.company_sid === tenant.subCompany)).toBe(true);
    });

    it('fails a pack whose writing trips a rule, and applies nothing of it', async () => {
      await db().query(
        "INSERT INTO role (sid, tenant_sid, code, name, platform) VALUES ($1, $2, 'cp_existing', 'Reviewer', 1)",
        [newSid(), tenant.sid],
      );
      const pack = await save({
        roles: [role('cp_first', { name: 'First' }), role('cp_clash', { name: 'reviewer' })],
        dictionaries: [{ name: 'patent_type', options: [{ key: 'cp_never', label_zh: '无', label_en: 'Never' }] }],
      });
      const before = await accessVersion(tenant.sid);
      const job = await apply(pack.sid);
      const done = await finished(job.sid);
      expect(done).toMatchObject({ status: 'failed', progress: 3, total: 3 });
      expect(done.error).toBe('Role cp_clash: the role name "reviewer" is already used by another role');
      expect(done.finished_at).not.toBeNull();

      expect(await roleByCode(tenant.sid, 'cp_first')).toBeUndefined();
      expect(await roleByCode(tenant.sid, 'cp_clash')).toBeUndefined();
      expect((await options(tenant.sid, 'patent_type')).some((o) => o.key === 'cp_never')).toBe(false);
      expect(await accessVersion(tenant.sid)).toBe(before);
      const audits = await db().query<{ action: string }>('SELECT action FROM audit_log WHERE target = $1', [job.sid]);
      expect(audits.map((a) => a.action).sort()).toEqual(['config_pack.apply_failed', 'config_pack.apply_requested']);
    });

    it('checks the content again when applying: a rule broken since saving fails the job', async () => {
      const pack = await save({
        roles: [role('cp_later_ok'), role('cp_later_bad', { name: 'Later bad' })],
      });
      // As if the catalogue lost a resource after the pack was saved.
      await db().query(
        `UPDATE config_pack SET content = jsonb_set(content, '{roles,1,resources}', '["patent", "gone_resource"]') WHERE sid = $1`,
        [pack.sid],
      );
      const done = await finished((await apply(pack.sid)).sid);
      expect(done).toMatchObject({ status: 'failed', progress: 1, total: 2 });
      expect(done.error).toBe('Role cp_later_bad: Function permissions: unknown resource "gone_resource"');
      expect(await roleByCode(tenant.sid, 'cp_later_ok')).toBeUndefined();
    });

    it('runs again a job a crash left in progress, when the runner starts', async () => {
      const pack = await save({ roles: [role('cp_recovered', { name: 'Recovered' })] });
      const sid = newSid();
      await db().query(
        `INSERT INTO config_pack_job (sid, tenant_sid, pack_sid, company_sid, status, progress, total, started_at, created_at)
         VALUES ($1, $2, $3, $4, 'in_progress', 1, 1, $5, $5)`,
        [sid, tenant.sid, pack.sid, tenant.rootCompany, new Date('2026-11-21T07:00:00Z')],
      );
      const logged: string[] = [];
      const runner = createPackJobRunner({
        db: db(),
        registry: t.app.registry,
        now: () => t.clock.now,
        log: { error: (_o, m) => logged.push(m), warn: (_o, m) => logged.push(m) },
        pollMs: 60_000,
      });
      await runner.start();
      try {
        const done = await finished(sid);
        expect(done).toMatchObject({ status: 'completed', progress: 1, total: 1, error: null });
        expect(await roleByCode(tenant.sid, 'cp_recovered')).toMatchObject({ name: 'Recovered' });
      } finally {
        await runner.stop();
      }
      expect(logged).toEqual([]);
    });
  });

  describe('menus and custom fields', () => {
    interface TreeNode {
      sid: string;
      name: string;
      name_en: string;
      level: number;
      sort_by: number;
      resource_code: string | null;
      path: string | null;
      open_type: string;
      icon: string | null;
      scope: number;
      children: TreeNode[];
    }
    interface Shape {
      name_en: string;
      level: number;
      sort_by: number;
      resource_code: string | null;
      path: string | null;
      open_type: string;
      icon: string | null;
      scope: number;
      children: Shape[];
    }
    const tree = async (s: SignedIn = admin) => {
      const res = await get('/menu/do/tree', s);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as TreeNode[];
    };
    const shape = (nodes: TreeNode[]): Shape[] =>
      nodes.map((n) => ({
        name_en: n.name_en,
        level: n.level,
        sort_by: n.sort_by,
        resource_code: n.resource_code,
        path: n.path,
        open_type: n.open_type,
        icon: n.icon,
        scope: n.scope,
        children: shape(n.children),
      }));
    const node = (name_en: string, level: number, sort_by: number, values: Partial<Shape> = {}): Shape => ({
      name_en,
      level,
      sort_by,
      resource_code: null,
      path: null,
      open_type: 'self',
      icon: null,
      scope: 0,
      children: [],
      ...values,
    });
    const schemaOf = async (model: string, s: SignedIn = admin) => {
      const res = await get(`/model/${model}/do/schema`, s);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        version: number;
        fields: Array<{ name: string; label: string; custom: boolean; kind: string }>;
      };
    };
    const customField = async (model: string, code: string) =>
      (
        await db().query<{ sid: string; code: string; published: Record<string, unknown> | null; draft: unknown }>(
          'SELECT sid, code, published, draft FROM custom_field WHERE tenant_sid = $1 AND model = $2 AND lower(code) = lower($3)',
          [tenant.sid, model, code],
        )
      )[0];
    /** A chain of menus, levels deep. */
    const chain = (levels: number, at = 1): object =>
      menu(`L${at}`, at < levels ? { children: [chain(levels, at + 1)] } : {});

    it.each([
      [
        'a menu icon the product has not',
        { menus: [menu('A', { icon: 'rocket' })] },
        'content.menus.0.icon',
        undefined,
      ],
      [
        'a fifth menu level',
        { menus: [chain(5)] },
        'content.menus.0.children.0.children.0.children.0.children',
        'Submenus: menus go at most 4 levels deep',
      ],
      [
        'children under a menu bound to a resource',
        { menus: [menu('A'), menu('B', { resource_code: 'patent', children: [menu('C')] })] },
        'content.menus.1.children',
        'Submenus: a menu bound to a resource cannot have submenus',
      ],
      [
        'a menu bound to an unknown resource',
        { menus: [menu('A', { children: [menu('B'), menu('C', { resource_code: 'no_such_page' })] })] },
        'content.menus.0.children.1.resource_code',
        'Menu resource: unknown resource "no_such_page"',
      ],
      ['a malformed menu path', { menus: [menu('A', { path: 'no slash' })] }, 'content.menus.0.path', undefined],
      [
        'a menu name too long',
        { menus: [menu('A', { name_zh: '长'.repeat(51) })] },
        'content.menus.0.name_zh',
        undefined,
      ],
      ['an unknown platform', { menus: [menu('A', { scope: 3 })] }, 'content.menus.0.scope', undefined],
      ['an unknown open type', { menus: [menu('A', { open_type: 'popup' })] }, 'content.menus.0.open_type', undefined],
      ['a menu field the pack does not know', { menus: [menu('A', { level: 1 })] }, 'content.menus.0', undefined],
      ['an empty menu tree', { menus: [] }, 'content.menus', undefined],
      [
        'more menus than a pack holds',
        { menus: [menu('Big', { children: Array.from({ length: 500 }, (_, i) => menu(`M${i}`)) })] },
        'content.menus.0.children.499',
        'Menus: a pack holds at most 500 menus',
      ],
      [
        'a malformed field identifier',
        { custom_fields: [textField('1st')] },
        'content.custom_fields.0.code',
        'Field identifier: has an invalid format',
      ],
      [
        'an identifier the model declares',
        { custom_fields: [textField('Title')] },
        'content.custom_fields.0.code',
        'Field identifier: The identifier "Title" is already used',
      ],
      [
        'a system field identifier',
        { custom_fields: [textField('created_by')] },
        'content.custom_fields.0.code',
        'Field identifier: The identifier "created_by" is already used',
      ],
      [
        'an unknown field kind',
        { custom_fields: [textField('cp_k', { kind: 'blob' })] },
        'content.custom_fields.0.kind',
        undefined,
      ],
      [
        'a maximum length above the kind allows',
        { custom_fields: [textField('cp_long', { max_length: 256 })] },
        'content.custom_fields.0.max_length',
        'Maximum length: The maximum length must not exceed 255',
      ],
      [
        'a maximum length below the minimum',
        { custom_fields: [textField('cp_order', { min_length: 10, max_length: 5 })] },
        'content.custom_fields.0.max_length',
        'Maximum length: The maximum length must not be below the minimum',
      ],
      [
        'an option field without a dictionary',
        { custom_fields: [textField('cp_opt', { kind: 'option', max_length: null })] },
        'content.custom_fields.0.dictionary',
        'Dictionary: An option field needs a dictionary',
      ],
      [
        'an option field with an unknown dictionary',
        { custom_fields: [textField('cp_opt', { kind: 'option', max_length: null, dictionary: 'no_such_list' })] },
        'content.custom_fields.0.dictionary',
        'Dictionary: There is no dictionary "no_such_list"',
      ],
      [
        'a field of an unknown model',
        { custom_fields: [textField('cp_m', { model: 'no_such_model' })] },
        'content.custom_fields.0.model',
        'Model: the product has no model "no_such_model"',
      ],
      [
        'the same field twice in one model',
        { custom_fields: [textField('cp_twice'), textField('CP_TWICE', { kind: 'number', max_length: null })] },
        'content.custom_fields.1.code',
        'Field identifier: the field identifier "CP_TWICE" of model patent appears more than once',
      ],
      [
        'a field setting the definition does not know',
        { custom_fields: [textField('cp_f', { flags: { searchable: true } })] },
        'content.custom_fields.0.flags',
        undefined,
      ],
      [
        'a custom field part the pack does not know',
        { custom_fields: [textField('cp_p', { sid: newSid() })] },
        'content.custom_fields.0',
        undefined,
      ],
    ])('refuses content with %s (500001 naming the field)', async (_case, content, field, message) => {
      const res = await post('/config_pack/do/save', { name: name('Bad'), content });
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect(body.code).toBe(500001);
      expect(body.fields[0].field).toBe(field);
      if (message) expect(body.message).toBe(message);
    });

    it('takes the same field in two models and a four-level tree, and sums them in the list', async () => {
      const pack = await save({
        custom_fields: [textField('cp_same'), textField('cp_same', { model: 'trademarks' })],
        menus: [chain(4), menu('Second')],
      });
      expect((pack.content as { custom_fields: object[] }).custom_fields[0]).toMatchObject({
        ...textField('cp_same'),
        // The definition's defaults are filled in, as custom-field administration stores them: a field is
        // offered as a list column and a search filter unless the pack says otherwise.
        multiple: false,
        required: false,
        flags: { import: true, export: true, search_filter: true, table_column: true, approval: false },
      });
      const list = (await get('/config_pack/do/list')).json().data as Array<{ sid: string; summary: object }>;
      expect(list.find((p) => p.sid === pack.sid)?.summary).toEqual({
        roles: 0,
        dictionaries: 0,
        custom_fields: 2,
        menus: 5,
      });
    });

    it('replaces the menu tree and publishes the custom fields, in one job', async () => {
      // The tenant starts from its default tree.
      expect((await tree()).map((n) => n.name_en)).toContain('System settings');
      const patentBefore = await schemaOf('patent');
      const otherTreeBefore = await tree(otherAdmin);
      const pack = await save({
        roles: [role('cp_menu_role', { name: 'Menu role' })],
        dictionaries: [{ name: 'patent_type', options: [{ key: 'cp_design2', label_zh: '设计', label_en: 'Design' }] }],
        custom_fields: [
          textField('cp_grade'),
          {
            model: 'patent',
            code: 'cp_kinds',
            name_zh: '种类',
            name_en: 'Kinds',
            kind: 'option',
            multiple: true,
            dictionary: 'patent_type',
            flags: { search_filter: true },
          },
          textField('cp_mark_note', { model: 'trademarks', name_en: 'Mark note', kind: 'textarea', max_length: 3000 }),
        ],
        menus: [
          menu('Desk', { resource_code: 'home', path: '/', icon: 'home' }),
          menu('Work', {
            icon: 'project',
            children: [
              menu('Patents', { resource_code: 'patent', path: '/model/patent', icon: 'patent' }),
              menu('Elsewhere', {
                children: [
                  menu('Deeper', {
                    children: [menu('Docs', { path: 'https://example.com/docs', open_type: 'blank', scope: 2 })],
                  }),
                ],
              }),
              menu('Menus', { resource_code: 'system.menus', path: '/admin/menus', icon: 'menu', scope: 1 }),
            ],
          }),
        ],
      });
      const list = (await get('/config_pack/do/list')).json().data as Array<{ sid: string; summary: object }>;
      expect(list.find((p) => p.sid === pack.sid)?.summary).toEqual({
        roles: 1,
        dictionaries: 1,
        custom_fields: 3,
        menus: 7,
      });

      // As for a tenant whose tree predates the default-menu offers: the pack's tree must not be taken
      // for an old tree lacking today's defaults afterwards.
      await db().query('DELETE FROM menu_default_offer WHERE tenant_sid = $1', [tenant.sid]);
      const job = await apply(pack.sid);
      const done = await finished(job.sid);
      // One per role, dictionary and field, and one per menu of the tree.
      expect(done).toMatchObject({ status: 'completed', progress: 12, total: 12, error: null });

      expect(shape(await tree())).toEqual([
        node('Desk', 1, 1, { resource_code: 'home', path: '/', icon: 'home' }),
        node('Work', 1, 2, {
          icon: 'project',
          children: [
            node('Patents', 2, 1, { resource_code: 'patent', path: '/model/patent', icon: 'patent' }),
            node('Elsewhere', 2, 2, {
              children: [
                node('Deeper', 3, 1, {
                  children: [node('Docs', 4, 1, { path: 'https://example.com/docs', open_type: 'blank', scope: 2 })],
                }),
              ],
            }),
            node('Menus', 2, 3, { resource_code: 'system.menus', path: '/admin/menus', icon: 'menu', scope: 1 }),
          ],
        }),
      ]);
      // Named in the caller's language like any menu.
      expect((await tree())[0]?.name).toBe('Desk');

      const patentAfter = await schemaOf('patent');
      expect(patentAfter.version).toBe(patentBefore.version + 1);
      expect(patentAfter.fields.find((f) => f.name === 'cp_grade')).toMatchObject({ label: 'Grade', custom: true });
      expect(patentAfter.fields.find((f) => f.name === 'cp_kinds')).toMatchObject({ label: 'Kinds', custom: true });
      expect((await schemaOf('trademarks')).fields.find((f) => f.name === 'cp_mark_note')).toMatchObject({
        label: 'Mark note',
        custom: true,
      });
      expect(await customField('patent', 'cp_grade')).toMatchObject({
        code: 'cp_grade',
        published: expect.objectContaining({ name_en: 'Grade', kind: 'text', max_length: 20 }),
        draft: null,
      });
      // Custom-field administration lists them as published.
      const listed = await post('/model/custom_field/do/search', { model: 'patent' });
      expect(listed.json().data).toContainEqual(
        expect.objectContaining({ code: 'cp_kinds', status: 'published', has_draft: false }),
      );
      // A user may now write the published field.
      const created = await post('/model/patent/do/create', {
        data: { title: '配置包专利', patent_type: 'invention', country: 'CN', sn: `CP-${newSid()}`, cp_grade: 'A' },
      });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().data.cp_grade).toBe('A');

      const [entry] = await db().query<{ detail: Record<string, unknown> }>(
        "SELECT detail FROM audit_log WHERE action = 'config_pack.applied' AND target = $1",
        [job.sid],
      );
      expect(entry?.detail).toMatchObject({
        custom_fields: ['patent.cp_grade', 'patent.cp_kinds', 'trademarks.cp_mark_note'],
        menus: { inserted: 7 },
      });
      expect((entry?.detail.menus as { removed: number }).removed).toBeGreaterThan(0);

      // Nothing reaches the other tenant.
      expect(await tree(otherAdmin)).toEqual(otherTreeBefore);
      expect((await schemaOf('patent', otherAdmin)).fields.some((f) => f.name === 'cp_grade')).toBe(false);
    });

    it('replaces a field of the same identifier, drops its draft and keeps fields the pack leaves out', async () => {
      const create = async (code: string, definition: object) => {
        const res = await post('/model/custom_field/do/create', { model: 'project', code, definition });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data as { sid: string };
      };
      const own = await create('cp_stage', { name_zh: '阶段', name_en: 'Stage', kind: 'text' });
      await create('cp_kept', { name_zh: '保留', name_en: 'Kept', kind: 'text' });
      expect((await post('/model/custom_field/do/publish', { model: 'project' })).statusCode).toBe(200);
      // A pending edit the pack overrides.
      await post('/model/custom_field/do/update', {
        sid: own.sid,
        definition: { name_zh: '草稿', name_en: 'Draft', kind: 'text' },
      });
      const before = await schemaOf('project');

      // Another letter case names the same field; its identifier stays as it was.
      const pack = await save({
        custom_fields: [
          textField('CP_STAGE', { model: 'project', name_en: 'Score', kind: 'number', max_length: null }),
        ],
      });
      expect((await finished((await apply(pack.sid)).sid)).status).toBe('completed');

      expect(await customField('project', 'cp_stage')).toMatchObject({
        sid: own.sid,
        code: 'cp_stage',
        published: expect.objectContaining({ name_en: 'Score', kind: 'number' }),
        draft: null,
      });
      const after = await schemaOf('project');
      expect(after.version).toBe(before.version + 1);
      expect(after.fields.find((f) => f.name === 'cp_stage')).toMatchObject({ label: 'Score', kind: 'number' });
      expect(after.fields.find((f) => f.name === 'cp_kept')).toMatchObject({ label: 'Kept', custom: true });
    });

    it('leaves menus and fields untouched when the pack fails while writing', async () => {
      const menusBefore = await tree();
      await db().query(
        "INSERT INTO role (sid, tenant_sid, code, name, platform) VALUES ($1, $2, 'cp_taken_name', 'Taken name', 1)",
        [newSid(), tenant.sid],
      );
      const gradeBefore = await customField('patent', 'cp_grade');
      const versionBefore = (await schemaOf('patent')).version;
      const pack = await save({
        custom_fields: [textField('cp_grade', { name_en: 'Changed' }), textField('cp_never_field')],
        menus: [menu('Only', { resource_code: 'home', path: '/' })],
        roles: [role('cp_clashing', { name: 'taken name' })],
      });
      const done = await finished((await apply(pack.sid)).sid);
      expect(done).toMatchObject({ status: 'failed', progress: 4, total: 4 });
      expect(done.error).toBe('Role cp_clashing: the role name "taken name" is already used by another role');

      expect(await tree()).toEqual(menusBefore);
      expect(await customField('patent', 'cp_grade')).toEqual(gradeBefore);
      expect(await customField('patent', 'cp_never_field')).toBeUndefined();
      const after = await schemaOf('patent');
      expect(after.version).toBe(versionBefore);
      expect(after.fields.find((f) => f.name === 'cp_grade')?.label).toBe('Grade');
    });

    it('checks menus and fields again when applying: a rule broken since saving fails the job', async () => {
      const menusBefore = await tree();
      const pack = await save({
        custom_fields: [textField('cp_late_field')],
        menus: [menu('Top'), menu('Work', { children: [menu('Patents', { resource_code: 'patent' })] })],
      });
      // As if the catalogue lost a resource after the pack was saved.
      await db().query(
        `UPDATE config_pack SET content = jsonb_set(content, '{menus,1,children,0,resource_code}', '"gone_page"') WHERE sid = $1`,
        [pack.sid],
      );
      const done = await finished((await apply(pack.sid)).sid);
      expect(done).toMatchObject({ status: 'failed', progress: 2, total: 4 });
      expect(done.error).toBe('Menu Work: Menu resource: unknown resource "gone_page"');
      expect(await tree()).toEqual(menusBefore);
      expect(await customField('patent', 'cp_late_field')).toBeUndefined();

      const fields = await save({ custom_fields: [textField('cp_late_limit')] });
      await db().query(
        `UPDATE config_pack SET content = jsonb_set(content, '{custom_fields,0,max_length}', '9999') WHERE sid = $1`,
        [fields.sid],
      );
      const failed = await finished((await apply(fields.sid)).sid);
      expect(failed).toMatchObject({ status: 'failed', progress: 0, total: 1 });
      expect(failed.error).toBe(
        'Custom field patent.cp_late_limit: Maximum length: The maximum length must not exceed 255',
      );
    });

    it('answers 500001, never 5xx, to malformed menus and fields', async () => {
      for (const content of [
        { menus: 'all' },
        { menus: [menu('A', { children: 'none' })] },
        { menus: [{}] },
        { menus: [menu('A', { children: [null] })] },
        { custom_fields: 'all' },
        { custom_fields: [{}] },
        { custom_fields: [textField('cp_x', { flags: 'all' })] },
        { custom_fields: [textField('cp_x', { scope: ['not-a-sid'] })] },
        { custom_fields: [textField('cp_x', { min_length: -1 })] },
      ]) {
        const res = await post('/config_pack/do/save', { name: name('Malformed'), content });
        expect(res.statusCode, JSON.stringify(content)).toBe(400);
        expect(res.json().code).toBe(500001);
      }
    });
  });

  describe('who may', () => {
    it('refuses anonymous callers (401)', async () => {
      for (const res of [
        await get('/config_pack/do/list', null),
        await get(`/config_pack/${newSid()}`, null),
        await post('/config_pack/do/save', { name: 'x', content: {} }, null),
        await post('/config_pack/do/apply', { pack_sid: newSid(), company_sid: tenant.rootCompany }, null),
        await get('/config_pack/do/jobs', null),
        await get(`/config_pack/do/job/${newSid()}`, null),
      ]) {
        expect(res.statusCode).toBe(401);
      }
    });

    it('refuses a user without the organisation resource (403301)', async () => {
      const pack = await save({});
      const job = await apply(pack.sid);
      for (const res of [
        await get('/config_pack/do/list', plain),
        await get(`/config_pack/${pack.sid}`, plain),
        await post('/config_pack/do/save', { name: name(), content: {} }, plain),
        await post('/config_pack/do/apply', { pack_sid: pack.sid, company_sid: tenant.rootCompany }, plain),
        await get('/config_pack/do/jobs', plain),
        await get(`/config_pack/do/job/${job.sid}`, plain),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe(403301);
      }
    });

    it("answers 404 for another tenant's packs, jobs and companies, and never lists them", async () => {
      const mine = await save({ roles: [role('cp_mine', { name: 'Mine' })] });
      const job = await apply(mine.sid);
      await finished(job.sid);
      const theirs = await save({}, otherAdmin);

      const notFound = [
        await get(`/config_pack/${mine.sid}`, otherAdmin),
        await get(`/config_pack/do/job/${job.sid}`, otherAdmin),
        await get(`/config_pack/do/jobs?company_sid=${tenant.rootCompany}`, otherAdmin),
        await post('/config_pack/do/save', { sid: mine.sid, name: 'Taken over', content: {} }, otherAdmin),
        await post('/config_pack/do/apply', { pack_sid: mine.sid, company_sid: other.rootCompany }, otherAdmin),
        await post('/config_pack/do/apply', { pack_sid: theirs.sid, company_sid: tenant.rootCompany }, otherAdmin),
        await post('/config_pack/do/apply', { pack_sid: newSid(), company_sid: tenant.rootCompany }),
      ];
      for (const res of notFound) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().code).toBe(404000);
      }
      expect((await get(`/config_pack/${mine.sid}`)).json().data.name).toBe(mine.name);
      const theirList = (await get('/config_pack/do/list', otherAdmin)).json().data as Array<{ sid: string }>;
      expect(theirList.map((p) => p.sid)).toEqual([theirs.sid]);
      expect((await get('/config_pack/do/jobs', otherAdmin)).json().data).toEqual([]);
      expect(await roleByCode(other.sid, 'cp_mine')).toBeUndefined();
    });
  });
});
