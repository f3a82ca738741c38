// The authorization matrix, generated from the route table: every API route × {anonymous, another
// tenant, a role lacking the route's resource, a role holding it}. Routes open to every signed-in user
// are listed here by name, so a new route is bound to a resource unless someone opens it on purpose.
// Also: guessing another tenant's record ids through the generic model API finds nothing.
import {
  BUILT_IN_DICTIONARIES,
  defineModel,
  field,
  grantable,
  MODEL_CATALOG,
  newSid,
  type ModelDeclaration,
} from '@ipdesk/core';
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
} from '../../test/accounts.js';
import { onPostgres } from '../../test/database.js';
import { createModelRegistry } from '../platform/models/registry.js';
import { requiredResources } from '../modules/rbac/authorize.js';
import type { RouteEntry } from './services.js';

/** Routes any signed-in user may call (their own profile, settings, lookups every page needs). */
const OPEN = new Set([
  'POST /passport/logout',
  'POST /passport/modify_password',
  'GET /account/user-service/account-info/basic-data',
  'GET /account/user-service/account-info/extra-data',
  'GET /webapi/model/user_info/do/password_policy',
  'POST /webapi/aggr/password/do/update',
  'GET /webapi/model/user_info/do/my',
  'POST /webapi/model/user_info/do/update',
  'POST /webapi/aggr/user_info/do/update',
  'GET /webapi/model/user_info/:sid',
  'GET /webapi/model/user_info/basic/:sid',
  'POST /webapi/model/user_info/do/choose_company',
  'GET /webapi/setting/user/:key/setting',
  'POST /webapi/setting/user/do/update',
  'POST /webapi/model/user_info/do/avatar',
  'GET /webapi/file/avatar/:sid',
  'POST /webapi/model/token/do/search',
  'POST /webapi/model/token/do/delete',
  'GET /webapi/model/user_define_config/do/search_header',
  'POST /webapi/model/user_define_config/do/save_header',
  'POST /webapi/model/user_define_config/do/search',
  'POST /webapi/model/user_define_config/do/create',
  'POST /webapi/model/user_define_config/do/delete/:sid',
  'GET /webapi/dictionary/:name',
  'GET /webapi/menu/do/my',
  // The home page's unverified deadlines: counted over the deadline stores the caller may see, 0 with none.
  'GET /webapi/deadlines/unverified/count',
  // Each person's own notifications and preferences (notifications/routes.ts).
  'GET /webapi/notifications',
  'GET /webapi/notifications/unread-count',
  'POST /webapi/notifications/read',
  'GET /webapi/notifications/preferences',
  'PUT /webapi/notifications/preferences',
  'POST /webapi/notifications/language',
  'GET /webapi/todo/do/my',
  'POST /webapi/company/do/list',
  'GET /webapi/company/do/company-structure/:sid',
  'POST /webapi/company/do/update',
  'GET /webapi/department/do/tree',
  'POST /webapi/model/role/do/search',
  'POST /webapi/model/user_info/do/search_component',
  'POST /webapi/model/user_info/do/search_names',
  // Processes: anyone may start, act on and read them; the record's rights and the engine decide (404/403).
  'POST /webapi/workflow/instances',
  'POST /webapi/workflow/instances/:sid/submit',
  'POST /webapi/workflow/instances/:sid/resubmit',
  'POST /webapi/workflow/instances/:sid/withdraw',
  'POST /webapi/workflow/instances/:sid/urge',
  'POST /webapi/workflow/instances/:sid/end',
  'POST /webapi/workflow/tasks/:sid/approve',
  'POST /webapi/workflow/tasks/:sid/agree',
  'POST /webapi/workflow/tasks/:sid/reject',
  'POST /webapi/workflow/tasks/:sid/return',
  'POST /webapi/workflow/tasks/:sid/transfer',
  'POST /webapi/workflow/tasks/:sid/add-sign',
  'POST /webapi/workflow/tasks/:sid/jump',
  'GET /webapi/workflow/instances/:sid',
  'GET /webapi/workflow/instances/:sid/diagram',
  'POST /webapi/workflow/attachments',
  'GET /webapi/workflow/instances/:sid/attachments/:fileSid',
  'GET /webapi/workflow/records/:model/:recordSid',
  'POST /webapi/workflow/records/:model/do/statuses',
  'GET /webapi/workflow/my/todos',
  'GET /webapi/workflow/my/started',
  'GET /webapi/workflow/my/handled',
  'GET /webapi/workflow/my/counts',
  'GET /webapi/workflow/my/cc',
]);

const SID = 'Z'.repeat(16);

/** A concrete URL for a route pattern: the patent model, placeholder ids. */
function concrete(url: string): string {
  return url
    .replace(':model', 'patent')
    .replace(':name', 'patent_type')
    .replace(':key', 'ui.theme')
    .replace(/:[a-zA-Z_]+/g, SID);
}

const label = (route: RouteEntry) => `${route.method} ${route.url}`;

describe(`authorization matrix (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let routes: RouteEntry[];
  let lacking: SignedIn;
  let otherTenantAdmin: SignedIn;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    await t.app.ready();
    tenant = await createTenant(t);
    routes = t.app.routeTable.filter((r) => r.access !== 'public');
    // A role with nothing but the open resources.
    const bare = await createUser(t, tenant);
    await grantRole(t, tenant, [bare.sid], { resources: [] });
    lacking = await signIn(t.app, bare.account, bare.password);
    const other = await createTenant(t);
    const stranger = await createUser(t, other, { isTenantAdmin: true });
    otherTenantAdmin = await signIn(t.app, stranger.account, stranger.password);
  });
  afterAll(() => t.close());

  const call = (route: RouteEntry, headers: Record<string, string>) =>
    t.app.inject({
      method: route.method as 'GET',
      url: concrete(route.url),
      headers: { 'x-language': 'en', ...headers },
      ...(route.method === 'GET' ? {} : { payload: {} }),
    });

  it('binds every route to a resource, or lists it here as open to every signed-in user', () => {
    expect(routes.length).toBeGreaterThan(40);
    const unbound = routes.filter(
      (r) => (r.access === 'open' || r.access === 'password-change') && !OPEN.has(label(r)),
    );
    expect(unbound.map(label)).toEqual([]);
    // And the list holds no stale names.
    const known = new Set(routes.map(label));
    expect([...OPEN].filter((name) => !known.has(name))).toEqual([]);
  });

  it('refuses anonymous callers on every route (401)', async () => {
    for (const route of routes) {
      const res = await call(route, {});
      expect(res.statusCode, label(route)).toBe(401);
    }
  });

  it("refuses another tenant's administrator acting in this tenant's company (403)", async () => {
    for (const route of routes) {
      const res = await call(route, { ...authed(otherTenantAdmin), 'x-sub-company-sid': tenant.rootCompany });
      expect(res.statusCode, label(route)).toBe(403);
      expect(res.json().code, label(route)).toBe(403102);
    }
  });

  it('refuses a role lacking the resource (403301) and lets a role holding it through', async () => {
    const bound = routes.filter((r) => typeof r.access === 'object');
    expect(bound.length).toBeGreaterThan(25);
    for (const route of bound) {
      const refused = await call(route, authed(lacking));
      expect(refused.statusCode, label(route)).toBe(403);
      expect(refused.json().code, label(route)).toBe(403301);
    }
    // One user per resource, holding only it; the route may then answer anything but 401/403.
    const holders = new Map<string, SignedIn>();
    for (const route of bound) {
      const code = requiredResources(route.access, { model: 'patent' })![0]!;
      let session = holders.get(code);
      if (!session) {
        // A resource no role may hold (system administrators only) is held by the tenant administrator.
        const resource = t.app.registry.resources.byCode(code)!;
        const roleHeld = grantable(resource, 1);
        const user = await createUser(t, tenant, { isTenantAdmin: !roleHeld });
        if (roleHeld) await grantRole(t, tenant, [user.sid], { resources: [code] });
        session = await signIn(t.app, user.account, user.password);
        holders.set(code, session);
      }
      const allowed = await call(route, authed(session));
      expect([401, 403], `${label(route)} as holder of ${code}: ${allowed.body.slice(0, 200)}`).not.toContain(
        allowed.statusCode,
      );
      expect(allowed.statusCode, label(route)).toBeLessThan(500);
    }
  });
});

/** A value the declaration accepts, for fixtures. */
function sampleValue(model: ModelDeclaration, name: string, refs: Record<string, string>): unknown {
  const f = model.fields[name]!;
  switch (f.kind) {
    case 'number':
    case 'money':
      return 1;
    case 'date':
      return '2026-01-01';
    case 'boolean':
      return true;
    case 'timestamp':
      return '2026-01-01T00:00:00Z';
    case 'currencyAmount':
      return { amount: '12.50', currency: 'CNY' };
    default:
      if (f.target) return refs[f.target];
      if (f.dictionary) {
        // The declared default before the first option (an expert is external unless said otherwise).
        const key =
          (f.defaultValue as string | undefined) ??
          BUILT_IN_DICTIONARIES.find((d) => d.name === f.dictionary)?.options[0]?.key;
        return f.multiple ? [key] : key;
      }
      return `${name}-${newSid().slice(0, 6)}`;
  }
}

const probe = defineModel({
  name: 'test_probe',
  label: { zh: '探针', en: 'Probe' },
  titleField: 'title',
  fields: { title: field('text', { label: { zh: '名称', en: 'Title' }, required: true }) },
});

describe(`cross-tenant id guessing (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let owner: SignedIn;
  let guesser: SignedIn;
  const sids = new Map<string, { sid: string; version: number }>();
  const models: ModelDeclaration[] = [...MODEL_CATALOG, probe];
  beforeAll(async () => {
    t = await createAccountsTestApp({}, createModelRegistry(models));
    const a = await createTenant(t);
    const b = await createTenant(t);
    const ownerUser = await createUser(t, a, { isTenantAdmin: true });
    const guesserUser = await createUser(t, b, { isTenantAdmin: true });
    owner = await signIn(t.app, ownerUser.account, ownerUser.password);
    guesser = await signIn(t.app, guesserUser.account, guesserUser.password);
    const refs: Record<string, string> = {};
    // Referenced models first (an agent needs its agency).
    const ordered = [...models].sort((x, y) => Number(x.name !== 'agency') - Number(y.name !== 'agency'));
    for (const model of ordered) {
      const data: Record<string, unknown> = {};
      for (const name of Object.keys(model.fields)) {
        // Managed fields (a lifecycle's status) are the model's own to set: a new record starts with their default.
        if (!model.fields[name]!.required || model.fields[name]!.managed) continue;
        data[name] = sampleValue(model, name, refs);
      }
      // Optional fields the model's rules across fields ask for (an external expert's name).
      for (const issue of model.validate?.(data) ?? [])
        if (!(issue.field in data)) data[issue.field] = sampleValue(model, issue.field, refs);
      const res = await t.app.inject({
        method: 'POST',
        url: `/webapi/model/${model.name}/do/create`,
        headers: authed(owner),
        payload: { data },
      });
      expect(res.statusCode, `${model.name}: ${res.body}`).toBe(200);
      const row = res.json().data as { sid: string; version: number };
      sids.set(model.name, row);
      refs[model.name] = row.sid;
    }
  });
  afterAll(() => t.close());

  it('answers not-found for every model endpoint that takes an id of another tenant', async () => {
    for (const model of models) {
      const { sid, version } = sids.get(model.name)!;
      const base = `/webapi/model/${model.name}`;
      const attempts = [
        t.app.inject({ method: 'GET', url: `${base}/${sid}`, headers: authed(guesser) }),
        t.app.inject({ method: 'GET', url: `${base}/do/history/${sid}`, headers: authed(guesser) }),
        t.app.inject({
          method: 'POST',
          url: `${base}/do/update`,
          headers: authed(guesser),
          payload: { sid, version, data: {} },
        }),
        t.app.inject({ method: 'POST', url: `${base}/do/delete/${sid}`, headers: authed(guesser), payload: {} }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode, `${model.name}: ${res.body}`).toBe(404);
        expect(res.json().code).toBe(404202);
      }
      const found = await t.app.inject({
        method: 'POST',
        url: `${base}/do/search`,
        headers: authed(guesser),
        payload: { iql: `sid = '${sid}'` },
      });
      expect(found.json().data.rows, model.name).toEqual([]);
      // Still there for its owner.
      const mine = await t.app.inject({ method: 'GET', url: `${base}/${sid}`, headers: authed(owner) });
      expect(mine.statusCode, model.name).toBe(200);
    }
  });
});
