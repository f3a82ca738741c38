// A domain declared only in the test suite (test/domains/sample) gets its menu, resources, default-role
// grants, routes, error code and texts from the app builder's domain list, without a shared file naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant as createTenantCommand } from '../modules/tenants/create-tenant.js';
import {
  createAccountsTestApp,
  createUser,
  grantRole,
  signIn,
  authed,
  type AccountsTestApp,
} from '../../test/accounts.js';
import { openTestDatabase } from '../../test/database.js';
import { loadConfig } from '../config.js';
import { buildApp } from '../http/app.js';
import { sampleDomain } from '../../test/domains/sample/core.js';
import { sampleServer } from '../../test/domains/sample/server.js';
import { coreDomainsOf, DOMAINS, type ServerDomain } from './index.js';

interface MenuNode {
  resource_code: string | null;
  path: string | null;
  children?: MenuNode[];
}
const flatten = (nodes: readonly MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('a domain declared in the test suite', () => {
  let t: AccountsTestApp;
  let admin: Awaited<ReturnType<typeof signIn>>;
  let specialist: Awaited<ReturnType<typeof signIn>>;
  let plain: Awaited<ReturnType<typeof signIn>>;

  beforeAll(async () => {
    t = await createAccountsTestApp({}, undefined, [...DOMAINS, sampleServer]);
    const created = await createTenantCommand(
      t.database.db,
      {
        code: 'sample',
        nameZh: '样例院',
        nameEn: 'Sample Institute',
        companyName: '样例院',
        subCompanies: [],
        admin: { account: 'sampleadmin' },
      },
      { at: t.app.accounts.now(), domains: coreDomainsOf([...DOMAINS, sampleServer]) },
    );
    const tenant = { sid: created.sid };
    const a = await createUser(t, tenant as never, { isTenantAdmin: true });
    const s = await createUser(t, tenant as never);
    const p = await createUser(t, tenant as never);
    // The seeded default role, with what the domains (the sample's too) grant it.
    const [role] = await t.database.db.query<{ sid: string }>(
      "SELECT sid FROM role WHERE tenant_sid = $1 AND code = 'ip_specialist'",
      [tenant.sid],
    );
    await t.database.db.query('INSERT INTO user_role (user_sid, role_sid) VALUES ($1, $2)', [s.sid, role!.sid]);
    await grantRole(t, tenant, [p.sid], { resources: ['patent'] });
    admin = await signIn(t.app, a.account, a.password);
    specialist = await signIn(t.app, s.account, s.password);
    plain = await signIn(t.app, p.account, p.password);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, session: { authorization: string }, language = 'en') =>
    t.app.inject({ method, url: `/webapi${url}`, headers: authed(session, { 'x-language': language }) });

  it('puts its menus in the default tree: its model at the top, its console under System settings', async () => {
    const res = await call('GET', '/menu/do/tree', admin);
    expect(res.statusCode).toBe(200);
    const tree = res.json().data as MenuNode[];
    expect(tree.map((n) => n.resource_code)).toContain('sample_gadget');
    const system = tree.find((n) => n.children?.some((c) => c.path === '/admin/org'));
    expect(system?.children?.map((c) => c.resource_code)).toContain('sample.console');
    expect(flatten(tree).filter((n) => n.resource_code === 'sample.console')).toHaveLength(1);
  });

  it('lists its resources in the resource catalogue', async () => {
    const res = await call('GET', '/resource/do/tree', admin);
    expect(res.statusCode).toBe(200);
    const codes = JSON.stringify(res.json());
    for (const code of ['sample.console', 'sample_gadget', 'sample_gadget:create'])
      expect(codes).toContain(`"${code}"`);
    expect(t.app.registry.resources.byCode('sample.console')?.level).toBe('system');
  });

  it('answers its route to the administrator and to the default role it grants, and refuses others', async () => {
    for (const session of [admin, specialist]) {
      const res = await call('GET', '/sample/gadget/status', session);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ status: 'running' });
    }
    const refused = await call('GET', '/sample/gadget/status', plain);
    expect(refused.statusCode).toBe(403);
    expect(t.app.routeTable.some((r) => r.url === '/webapi/sample/gadget/status')).toBe(true);
  });

  it('answers its error code with its own message in zh-CN and en', async () => {
    const en = await call('POST', '/sample/gadget/jam', specialist, 'en');
    expect(en.statusCode).toBe(409);
    expect(en.json()).toMatchObject({ code: 409990, message: 'Gadget G-1 is jammed' });
    const zh = await call('POST', '/sample/gadget/jam', specialist, 'zh-CN');
    expect(zh.json()).toMatchObject({ code: 409990, message: '小工具 G-1 卡住了' });
  });

  it('declares its model to the registry (its table, API and pages follow from the declaration)', () => {
    expect(t.app.registry.get('sample_gadget')?.declaration).toBe(sampleDomain.models[0]);
  });
});

describe('domains that cannot live together', () => {
  const start = async (domains: readonly ServerDomain[]) => {
    const database = await openTestDatabase();
    try {
      const config = loadConfig({ WEB_DIST_DIR: '/nonexistent-web-dist', DATA_DIR: '/nonexistent-data' });
      const app = await buildApp({ config, db: database.db, domains });
      await app.close();
    } finally {
      await database.close();
    }
  };

  it('refuses to start with two domains whose error ranges overlap', async () => {
    const overlapping: ServerDomain = {
      core: { ...sampleDomain, name: 'overlapping', models: [], errors: { ranges: [[409990, 409995]], codes: {} } },
    };
    await expect(start([...DOMAINS, sampleServer, overlapping])).rejects.toThrow(
      /error ranges of sample .* and overlapping .* overlap/,
    );
  });

  it('refuses to start with a model declared twice', async () => {
    const twin: ServerDomain = { core: { ...sampleDomain, name: 'twin', errors: { ranges: [], codes: {} } } };
    await expect(start([...DOMAINS, sampleServer, twin])).rejects.toThrow(
      /model sample_gadget is declared by sample and twin/,
    );
  });
});
