// Creating a tenant, the one way (command, operator API, operator command line): what a new tenant holds,
// the inputs refused with messages on their fields in both languages, and that a refused or failed
// creation leaves nothing behind.
import { DEFAULT_ROLES, newSid } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { runTenantCreate } from '../../cli/tenant-create.js';
import {
  authed,
  createAccountsTestApp,
  createTenant as createTestTenant,
  createUser,
  loginRequest,
  signIn,
  type AccountsTestApp,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import { createTenant } from './create-tenant.js';

const TOKEN = 'operator-token-for-tests-0123456789abcdef';

describe(`creating a tenant (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp({ OPERATOR_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const unique = () => newSid().toLowerCase().slice(0, 10);
  const count = async (sql: string, params: string[] = []) =>
    Number((await t.database.db.query<{ n: string }>(sql, params))[0]!.n);
  const tenants = () => count('SELECT count(*) AS n FROM tenant');
  const users = () => count('SELECT count(*) AS n FROM user_account');
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'AppError', definition: { code: 500001 } });
    return (error as { issues: Array<{ field: string; messageKey: string }> }).issues.map((i) => [
      i.field,
      i.messageKey,
    ]);
  };

  describe('the command', () => {
    it('creates the tenant, its root company, the default roles and a first administrator who must change the password', async () => {
      const u = unique();
      const created = await createTenant(
        t.database.db,
        { nameZh: `华科 ${u}`, nameEn: `Huake ${u}`, admin: { account: `huake-${u}`, email: `ops-${u}@example.com` } },
        { at: t.clock.now },
      );
      expect(created).toMatchObject({ code: `huake-${u}`, nameZh: `华科 ${u}`, nameEn: `Huake ${u}` });
      const db = t.database.db;
      expect(
        await db.query('SELECT code, name_zh, name_en, is_demo, status FROM tenant WHERE sid = $1', [created.sid]),
      ).toEqual([{ code: `huake-${u}`, name_zh: `华科 ${u}`, name_en: `Huake ${u}`, is_demo: false, status: 1 }]);
      expect(
        await db.query('SELECT sid, parent_sid, company_name FROM company WHERE tenant_sid = $1', [created.sid]),
      ).toEqual([{ sid: created.sid, parent_sid: null, company_name: `华科 ${u}` }]);
      const roles = await db.query<{ code: string }>('SELECT code FROM role WHERE tenant_sid = $1 ORDER BY code', [
        created.sid,
      ]);
      expect(roles.map((r) => r.code)).toEqual(DEFAULT_ROLES.map((r) => r.code).sort());
      expect(
        await db.query(
          `SELECT account, email, name, english_name, is_tenant_admin, must_change_password, status
             FROM user_account WHERE tenant_sid = $1`,
          [created.sid],
        ),
      ).toEqual([
        {
          account: `huake-${u}`,
          email: `ops-${u}@example.com`,
          name: '系统管理员',
          english_name: 'Administrator',
          is_tenant_admin: true,
          must_change_password: true,
          status: 1,
        },
      ]);
      const audits = await db.query<{ action: string; detail: Record<string, unknown> }>(
        'SELECT action, detail FROM audit_log WHERE tenant_sid = $1',
        [created.sid],
      );
      expect(audits).toEqual([
        {
          action: 'tenant.created',
          detail: { code: `huake-${u}`, name_zh: `华科 ${u}`, name_en: `Huake ${u}`, admin: `huake-${u}` },
        },
      ]);
      // The password is answered once and works, with the change demanded at first sign-in.
      const session = await signIn(t.app, created.admin.account, created.admin.password);
      expect(session.body.need_change_password).toBe(true);
    });

    it('takes a code given, or makes one when the English name gives none; the English name defaults to the Chinese', async () => {
      const u = unique();
      const coded = await createTenant(
        t.database.db,
        { code: `c${u}`, nameZh: `编码院 ${u}`, admin: { account: `a${u}` } },
        { at: t.clock.now },
      );
      expect(coded).toMatchObject({ code: `c${u}`, nameEn: `编码院 ${u}` });
      const generated = await createTenant(
        t.database.db,
        { nameZh: `生成院 ${u}`, nameEn: '研究院', admin: { account: `b${u}` } },
        { at: t.clock.now },
      );
      expect(generated.code).toBe(`t${generated.sid.toLowerCase()}`);
    });

    it('refuses bad inputs, every problem on its field, and writes nothing', async () => {
      const before = [await tenants(), await users()];
      expect(
        await refusal(
          createTenant(
            t.database.db,
            {
              code: '1st',
              nameZh: '   ',
              nameEn: 'x'.repeat(256),
              admin: { account: 'has space', name: 'a\u0007b', email: 'not-an-address' },
            },
            { at: t.clock.now },
          ),
        ),
      ).toEqual([
        ['code', 'validation.tenantCodeInvalid'],
        ['name_zh', 'validation.tenantNameRequired'],
        ['name_en', 'validation.tenantNameInvalid'],
        ['admin_account', 'validation.adminAccountInvalid'],
        ['admin_name', 'validation.adminNameInvalid'],
        ['admin_email', 'validation.adminEmailInvalid'],
      ]);
      expect([await tenants(), await users()]).toEqual(before);
    });

    it('refuses a taken code, name, English name, administrator account or e-mail, and writes nothing', async () => {
      const u = unique();
      await createTenant(
        t.database.db,
        {
          code: `d${u}`,
          nameZh: `重名院 ${u}`,
          nameEn: `Twin ${u}`,
          admin: { account: `d${u}`, email: `d${u}@example.com` },
        },
        { at: t.clock.now },
      );
      const before = [await tenants(), await users()];
      expect(
        await refusal(
          createTenant(
            t.database.db,
            // Names differ from the taken ones in case only: still the same name.
            {
              code: `d${u}`,
              nameZh: `重名院 ${u}`,
              nameEn: `TWIN ${u}`,
              admin: { account: `D${u}`, email: `D${u}@example.com` },
            },
            { at: t.clock.now },
          ),
        ),
      ).toEqual([
        ['code', 'validation.tenantCodeTaken'],
        ['name_zh', 'validation.tenantNameTaken'],
        ['name_en', 'validation.tenantNameTaken'],
        ['admin_account', 'validation.adminAccountTaken'],
        ['admin_email', 'validation.adminEmailTaken'],
      ]);
      expect([await tenants(), await users()]).toEqual(before);
    });

    it('leaves no partial tenant when a later step fails', async () => {
      const u = unique();
      const before = [await tenants(), await users(), await count('SELECT count(*) AS n FROM role')];
      // The sub-company's name breaks the company table's CHECK after the tenant row was written.
      await expect(
        createTenant(
          t.database.db,
          { code: `p${u}`, nameZh: `半途院 ${u}`, admin: { account: `p${u}` }, subCompanies: ['x'.repeat(300)] },
          { at: t.clock.now },
        ),
      ).rejects.toThrow();
      expect([await tenants(), await users(), await count('SELECT count(*) AS n FROM role')]).toEqual(before);
      expect(await count('SELECT count(*) AS n FROM tenant WHERE code = $1', [`p${u}`])).toBe(0);
    });
  });

  describe('the operator API', () => {
    const URL = '/operator/tenant/do/create';
    const call = (payload: object, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
      t.app.inject({ method: 'POST', url: URL, headers: { 'x-language': 'en', ...headers }, payload });

    it('creates a tenant for the operator token and answers the initial password once', async () => {
      const u = unique();
      const res = await call({ name_zh: `接口院 ${u}`, name_en: `Api ${u}`, admin_account: `api-${u}` });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ code: `api-${u}`, name_zh: `接口院 ${u}`, name_en: `Api ${u}` });
      expect(data.admin.account).toBe(`api-${u}`);
      expect(res.headers['cache-control']).toBe('no-store');
      const session = await signIn(t.app, `api-${u}`, data.admin.initial_password);
      expect(session.body.need_change_password).toBe(true);
      // The password is nowhere in the logs.
      expect(t.logs.join('\n')).not.toContain(data.admin.initial_password);
    });

    it('refuses a missing or wrong token (401) and creates nothing', async () => {
      const before = await tenants();
      const body = { name_zh: `无权院 ${unique()}`, admin_account: `x${unique()}` };
      for (const headers of [
        {} as Record<string, string>,
        { authorization: `Bearer ${TOKEN}x` },
        { authorization: TOKEN },
        { authorization: 'Bearer ' },
      ]) {
        const res = await call(body, headers);
        expect(res.statusCode, res.body).toBe(401);
        expect(res.json().code).toBe(401000);
      }
      expect(await tenants()).toBe(before);
    });

    it("answers refusals on their fields in the caller's language", async () => {
      const u = unique();
      await call({ name_zh: `双语院 ${u}`, admin_account: `z${u}` });
      const zh = await call(
        { name_zh: `双语院 ${u}`, admin_account: `z${u}` },
        { authorization: `Bearer ${TOKEN}`, 'x-language': 'zh-CN' },
      );
      expect(zh.statusCode, zh.body).toBe(400);
      expect(zh.json()).toMatchObject({ code: 500001 });
      expect(zh.json().fields).toEqual([
        { field: 'name_zh', label: '租户名称', message: `已有租户名为“双语院 ${u}”` },
        { field: 'admin_account', label: '管理员账号', message: `账号“z${u}”已被使用` },
      ]);
      const en = await call({ name_zh: `双语院 ${u}`, admin_account: 'bad login' });
      expect(en.json().fields).toEqual([
        { field: 'admin_account', label: 'Administrator account', message: '1–50 letters, digits or @ _ . -' },
      ]);
      // Unknown fields, wrong types and missing fields are refused by the schema, never a 5xx.
      for (const body of [
        { name_zh: 'x', admin_account: 'y', tenant_sid: 'z' },
        { name_zh: 1, admin_account: 'y' },
        {},
      ]) {
        const res = await call(body);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().code).toBe(500001);
      }
    });

    it('does not exist without OPERATOR_TOKEN (404), and the token must be long', async () => {
      const off = await createAccountsTestApp();
      try {
        const res = await off.app.inject({
          method: 'POST',
          url: URL,
          headers: { authorization: 'Bearer anything' },
          payload: { name_zh: 'x', admin_account: 'y' },
        });
        expect(res.statusCode, res.body).toBe(404);
      } finally {
        await off.close();
      }
      expect(() => loadConfig({ OPERATOR_TOKEN: 'short' })).toThrow(ConfigError);
      expect(loadConfig({ OPERATOR_TOKEN: '' }).operatorToken).toBeUndefined();
    }, 180_000);
  });

  describe('the operator command line', () => {
    const run = async (args: string[], lang = 'en_US.UTF-8') => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runTenantCreate(
        args,
        { LANG: lang },
        { out: (l) => out.push(l), err: (l) => err.push(l) },
        t.database.db,
      );
      return { code, out, err };
    };

    it('creates a tenant and prints the initial password once', async () => {
      const u = unique();
      const result = await run(['--name', `命令院 ${u}`, '--name-en', `Cli ${u}`, '--admin', `cli-${u}`]);
      expect(result.code, result.err.join('\n')).toBe(0);
      expect(result.out[0]).toBe(`Tenant 命令院 ${u} / Cli ${u} created (code cli-${u}).`);
      const password = /initial password: (\S+)$/.exec(result.out[1]!)?.[1];
      expect(password).toBeDefined();
      await signIn(t.app, `cli-${u}`, password!);
    });

    it('prints refusals in the language of LANG, and usage for missing options', async () => {
      const u = unique();
      const zh = await run(['--name', `命令院 ${u}`, '--admin', 'bad login', '--code', '9'], 'zh_CN.UTF-8');
      expect(zh.code).toBe(1);
      expect(zh.err).toEqual([
        '未创建租户：',
        '  租户编码: 以小写字母开头，2–48 位小写字母、数字、_ 或 -',
        '  管理员账号: 1–50 位字母、数字或 @ _ . -',
      ]);
      const usage = await run(['--name', 'x']);
      expect(usage.code).toBe(2);
      expect(usage.err.join('\n')).toContain('Usage: npm run tenant:create');
      const unknown = await run(['--name', 'x', '--admin', 'y', '--bogus']);
      expect(unknown.code).toBe(2);
    });
  });

  describe("seeded data in the viewer's language", () => {
    it("names the tenant's root company and the first administrator in the language of the request", async () => {
      const u = unique();
      const created = await createTenant(
        t.database.db,
        { nameZh: `语言院 ${u}`, nameEn: `Lingua ${u}`, admin: { account: `l${u}` } },
        { at: t.clock.now },
      );
      const login = (language: string) =>
        loginRequest(t.app, created.admin.account, created.admin.password, { 'x-language': language });
      const en = (await login('en')).json();
      expect(en.companys).toEqual([
        expect.objectContaining({ sid: created.sid, company_name: `语言院 ${u}`, english_name: `Lingua ${u}` }),
      ]);
      // Renamed, the company is called what it was named, in every language.
      await t.database.db.query('UPDATE company SET company_name = $2 WHERE sid = $1', [created.sid, `新名 ${u}`]);
      const renamed = (await login('en')).json();
      expect(renamed.companys[0]).toMatchObject({ company_name: `新名 ${u}`, english_name: null });
    });

    it("lists the default roles in the viewer's language; saving one back in English keeps it seeded; a renamed role shows as named", async () => {
      const tenant = await createTestTenant(t);
      const user = await createUser(t, tenant, { isTenantAdmin: true });
      const session = await signIn(t.app, user.account, user.password);
      const search = async (language: string) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/webapi/model/role/do/search',
          headers: authed(session, { 'x-language': language }),
          payload: { iql: "code = 'ip_specialist'", fl: ['name', 'description', 'version'] },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.rows[0] as { sid: string; name: string; description: string; version: number };
      };
      const specialist = DEFAULT_ROLES.find((r) => r.code === 'ip_specialist')!;
      expect(await search('en')).toMatchObject({ name: specialist.name.en, description: specialist.description.en });
      const zh = await search('zh-CN');
      expect(zh).toMatchObject({ name: specialist.name.zh, description: specialist.description.zh });

      const board = await t.app.inject({
        method: 'POST',
        url: '/webapi/model/role/do/search_for_board',
        headers: authed(session, { 'x-language': 'en' }),
        payload: {},
      });
      expect((board.json().data as Array<{ name: string }>).map((r) => r.name)).toEqual(
        expect.arrayContaining(DEFAULT_ROLES.filter((r) => r.platform === 1).map((r) => r.name.en)),
      );

      const update = (body: object) =>
        t.app.inject({
          method: 'POST',
          url: '/webapi/model/role/do/update',
          headers: authed(session, { 'x-language': 'en' }),
          payload: { sid: zh.sid, ...body },
        });
      const saved = await update({
        version: zh.version,
        name: specialist.name.en,
        description: specialist.description.en,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toMatchObject({ name: specialist.name.en });
      const stored = await t.database.db.query('SELECT name, description FROM role WHERE sid = $1', [zh.sid]);
      expect(stored).toEqual([{ name: specialist.name.zh, description: specialist.description.zh }]);

      const renamed = await update({ version: zh.version + 1, name: '专利专员' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await search('en')).name).toBe('专利专员');
    });
  });
});
