// Roles' field permissions, data permissions and desensitisation, as the model layer enforces them on
// read, write, iql, group counts, history and export; invalid references; the menu resource header.
// Runs on PGlite and PostgreSQL.
import { newSid } from '@ipdesk/core';
import ExcelJS from 'exceljs';
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

describe(`field and data permissions, masking (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true, companies: [tenant.rootCompany, tenant.subCompany] });
    admin = await signIn(t.app, a.account, a.password);
  });
  afterAll(() => t.close());

  const call = (s: SignedIn, method: 'GET' | 'POST', url: string, payload?: object, headers = {}) =>
    t.app.inject({ method, url: `/webapi${url}`, headers: authed(s, headers), ...(payload ? { payload } : {}) });
  const rowsOf = async (s: SignedIn, model: string, iql = '', headers = {}) => {
    const res = await call(s, 'POST', `/model/${model}/do/search`, { iql, rows: 100 }, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.rows as Array<Record<string, unknown>>;
  };
  const create = async (s: SignedIn, model: string, data: object, headers = {}) => {
    const res = await call(s, 'POST', `/model/${model}/do/create`, { data }, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, unknown> & { sid: string; version: number };
  };
  /** A user holding a fresh role with these options, signed in. */
  const member = async (role: Parameters<typeof grantRole>[3], companies?: string[]) => {
    const user = await createUser(t, tenant, companies ? { companies } : {});
    await grantRole(t, tenant, [user.sid], role);
    return { sid: user.sid, session: await signIn(t.app, user.account, user.password) };
  };

  describe('field permissions', () => {
    let limited: SignedIn;
    let projectSid: string;
    beforeAll(async () => {
      const project = await create(admin, 'project', {
        name: '电池项目',
        code: `P-${newSid().slice(0, 6)}`,
        status: 'planned',
        budget: 1200.5,
      });
      projectSid = project.sid;
      limited = (
        await member({
          resources: ['project', 'project:create', 'project:update', 'project:export'],
          fieldRules: [
            { model: 'project', field: 'budget', access: 'hidden' },
            { model: 'project', field: 'status', access: 'read_only' },
          ],
        })
      ).session;
    });

    it('leaves a hidden field out of the schema, search rows, record reads and history', async () => {
      const schema = (await call(limited, 'GET', '/model/project/do/schema')).json().data;
      const names = schema.fields.map((f: { name: string }) => f.name);
      expect(names).not.toContain('budget');
      expect(schema.fields.find((f: { name: string }) => f.name === 'status')).toMatchObject({ read_only: true });
      expect(schema.abilities).toEqual({ create: true, update: true, delete: false, import: false, export: true });
      const [row] = await rowsOf(limited, 'project', `sid = '${projectSid}'`);
      expect(row).toBeDefined();
      expect(row).not.toHaveProperty('budget');
      expect(row).toHaveProperty('name', '电池项目');
      const read = (await call(limited, 'GET', `/model/project/${projectSid}`)).json().data;
      expect(read).not.toHaveProperty('budget');
      const history = (await call(limited, 'GET', `/model/project/do/history/${projectSid}`)).json().data;
      expect(history[0].changes).toHaveProperty('name');
      expect(history[0].changes).not.toHaveProperty('budget');
      // The administrator still sees it.
      expect((await call(admin, 'GET', `/model/project/${projectSid}`)).json().data.budget).toBe(1200.5);
    });

    it('refuses a hidden field in filters and orders, and in group counts', async () => {
      for (const iql of ['budget > 1', "name = 'x' ORDER BY budget DESC"]) {
        const res = await call(limited, 'POST', '/model/project/do/search', { iql });
        expect(res.statusCode, iql).toBe(400);
        expect(res.json().code).toBe(500001);
      }
      const grouped = await call(limited, 'POST', '/model/project/do/aggregateSearch', { group_by: 'budget' });
      expect(grouped.statusCode).toBe(400);
    });

    it('refuses writes to hidden and read-only fields, and changes nothing', async () => {
      const hidden = await call(limited, 'POST', '/model/project/do/create', {
        data: { name: 'x', code: 'H-1', budget: 5 },
      });
      expect(hidden.statusCode).toBe(400);
      expect(hidden.json().fields[0]).toMatchObject({ field: 'budget' });
      const readOnly = await call(limited, 'POST', '/model/project/do/update', {
        sid: projectSid,
        version: 1,
        data: { status: 'closed' },
      });
      expect(readOnly.statusCode).toBe(400);
      expect(readOnly.json()).toMatchObject({ code: 500005, message: expect.stringContaining('Status') });
      const renamed = await call(limited, 'POST', '/model/project/do/update', {
        sid: projectSid,
        version: 1,
        data: { name: '电池项目二期' },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const stored = (await call(admin, 'GET', `/model/project/${projectSid}`)).json().data;
      expect(stored).toMatchObject({ name: '电池项目二期', status: 'planned', budget: 1200.5 });
      const deleted = await call(limited, 'POST', `/model/project/do/delete/${projectSid}`, {});
      expect(deleted.json().code).toBe(403301);
    });

    it('exports without the hidden field', async () => {
      const link = await call(limited, 'POST', '/model/project/do/export', { iql: `sid = '${projectSid}'` });
      expect(link.statusCode, link.body).toBe(200);
      const file = await t.app.inject({ method: 'GET', url: link.json().data.url });
      expect(file.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const head = (workbook.worksheets[0]!.getRow(1).values as unknown[]).filter(Boolean);
      expect(head).toContain('Project name');
      expect(head).not.toContain('Budget (CNY)');
      expect(workbook.worksheets[0]!.actualRowCount).toBe(2);
    });

    it('leaves hidden and read-only fields out of the import template', async () => {
      const importer = await member({
        resources: ['project', 'project:import'],
        fieldRules: [
          { model: 'project', field: 'budget', access: 'hidden' },
          { model: 'project', field: 'status', access: 'read_only' },
        ],
      });
      const file = await call(importer.session, 'GET', '/model/project/do/import_template');
      expect(file.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const head = (workbook.worksheets[0]!.getRow(1).values as unknown[]).filter(Boolean).map(String);
      expect(head.some((h) => h.includes('Project name'))).toBe(true);
      expect(head.some((h) => h.includes('Budget') || h.includes('Status'))).toBe(false);
    });

    it('combines roles as a union: a second role without the rule shows the field again', async () => {
      const user = await createUser(t, tenant);
      await grantRole(t, tenant, [user.sid], {
        resources: ['project'],
        fieldRules: [{ model: 'project', field: 'budget', access: 'hidden' }],
      });
      const s = await signIn(t.app, user.account, user.password);
      expect((await rowsOf(s, 'project', `sid = '${projectSid}'`))[0]).not.toHaveProperty('budget');
      await grantRole(t, tenant, [user.sid], {
        resources: ['project'],
        fieldRules: [{ model: 'project', field: 'budget', access: 'read_only' }],
      });
      // The grant bumped the access version: the next request sees the new union.
      expect((await rowsOf(s, 'project', `sid = '${projectSid}'`))[0]).toHaveProperty('budget', 1200.5);
    });

    it('refuses models and actions whose resources the role lacks, and menu codes it does not hold', async () => {
      expect((await call(limited, 'POST', '/model/patent/do/search', {})).json().code).toBe(403301);
      expect((await call(limited, 'GET', '/model/patent/do/schema')).json().code).toBe(403301);
      const menu = await call(limited, 'POST', '/model/project/do/search', {}, { 'x-menu-resource-code': 'patent' });
      expect(menu.statusCode).toBe(403);
      expect(menu.json().code).toBe(403302);
      const held = await call(limited, 'POST', '/model/project/do/search', {}, { 'x-menu-resource-code': 'project' });
      expect(held.statusCode).toBe(200);
      const unknownModel = await call(limited, 'POST', '/model/no_such_model/do/search', {});
      expect(unknownModel.json().code).toBe(404201);
    });
  });

  describe('data permissions', () => {
    // Departments: research (with the battery group below it) and legal; people with accounts in each.
    const research = newSid();
    const battery = newSid();
    const legal = newSid();
    const users: Record<string, { sid: string; session: SignedIn }> = {};
    const made: Record<string, string> = {};
    const code = () => `D-${newSid().slice(0, 8)}`;

    beforeAll(async () => {
      const db = t.database.db;
      const department = (sid: string, name: string, parent?: string) =>
        db.query(
          `INSERT INTO department (sid, tenant_sid, company_sid, parent_sid, path, name)
           VALUES ($1, $2, $3, $4, COALESCE((SELECT path FROM department WHERE sid = $4), '/') || $1 || '/', $5)`,
          [sid, tenant.sid, tenant.rootCompany, parent ?? null, name],
        );
      await department(research, '研究部');
      await department(battery, '电池组', research);
      await department(legal, '法务部');
      const placed = async (key: string, departmentSid: string, role: Parameters<typeof grantRole>[3]) => {
        users[key] = await member(role);
        await db.query(
          `INSERT INTO m_person (sid, tenant_sid, company_sid, created_at, updated_at, name, status, department, account_user)
           VALUES ($1, $2, $2, now(), now(), $3, 'active', $4, $5)`,
          [newSid(), tenant.sid, key, departmentSid, users[key]!.sid],
        );
      };
      const writer = { resources: ['project', 'project:create'], dataScope: 'own' as const };
      await placed('head', research, { ...writer, dataScope: 'department' });
      await placed('chemist', battery, writer);
      await placed('lawyer', legal, writer);
      await placed('auditor', legal, { ...writer, dataScope: 'departments', dataDepartments: [battery] });
      // Each makes one project.
      for (const key of ['head', 'chemist', 'lawyer', 'auditor'])
        made[key] = (await create(users[key]!.session, 'project', { name: `${key} 项目`, code: code() })).sid;
      made.admin = (await create(admin, 'project', { name: 'admin 项目', code: code() })).sid;
    });

    const visible = async (key: string) =>
      new Set(
        (await rowsOf(users[key]!.session, 'project', `name CONTAINS '项目'`))
          .map((r) => r.sid as string)
          .filter((sid) => Object.values(made).includes(sid)),
      );

    it('own records: a member sees what they created and nothing else', async () => {
      expect(await visible('chemist')).toEqual(new Set([made.chemist]));
      expect(await visible('lawyer')).toEqual(new Set([made.lawyer]));
      const other = await call(users.lawyer!.session, 'GET', `/model/project/${made.chemist}`);
      expect(other.statusCode).toBe(404);
    });

    it('own department and its children', async () => {
      expect(await visible('head')).toEqual(new Set([made.head, made.chemist]));
    });

    it('specified departments, together with the role holder', async () => {
      expect(await visible('auditor')).toEqual(new Set([made.chemist]));
    });

    it('several roles combine as a union', async () => {
      await grantRole(t, tenant, [users.lawyer!.sid], {
        resources: ['project'],
        dataScope: 'departments',
        dataDepartments: [research],
      });
      expect(await visible('lawyer')).toEqual(new Set([made.lawyer, made.head, made.chemist]));
    });

    it('a per-model scope overrides the role default; all sees everything', async () => {
      const viewer = await member({
        resources: ['project'],
        dataScope: 'own',
        modelScopes: [{ model: 'project', scope: 'all' }],
      });
      users.viewer = viewer;
      expect(await visible('viewer')).toEqual(new Set(Object.values(made)));
    });

    it('own company: records of the member companies and their sub-companies only', async () => {
      const sub = await create(
        admin,
        'project',
        { name: 'sub 项目', code: code() },
        {
          'x-sub-company-sid': tenant.subCompany,
        },
      );
      expect(sub.company_sid).toBe(tenant.subCompany);
      users.branch = await member({ resources: ['project'], dataScope: 'company' }, [tenant.subCompany]);
      const seen = new Set((await rowsOf(users.branch.session, 'project', `name CONTAINS '项目'`)).map((r) => r.sid));
      expect(seen.has(sub.sid)).toBe(true);
      expect(seen.has(made.admin)).toBe(false);
      const count = await call(users.branch.session, 'POST', '/model/project/do/count', {
        iql: `name CONTAINS '项目'`,
      });
      expect(count.json().data.total).toBe(seen.size);
    });

    it("history: out of scope is not found even when the record has history (the chemist's project, for the lawyer)", async () => {
      const mine = await call(users.chemist!.session, 'GET', `/model/project/do/history/${made.chemist}`);
      expect(mine.statusCode).toBe(200);
      expect(mine.json().data[0].changes.name.after).toBe('chemist 项目');
      const lawyerOnly = await member({ resources: ['project'], dataScope: 'own' });
      const theirs = await call(lawyerOnly.session, 'GET', `/model/project/do/history/${made.chemist}`);
      expect(theirs.statusCode, theirs.body).toBe(404);
      expect(theirs.json().code).toBe(404202);
      expect(theirs.body).not.toContain('chemist 项目');
    });

    it('history of a deleted record: only to those who could have read it and hold the audit right', async () => {
      const gone = await create(users.chemist!.session, 'project', { name: '已删项目', code: code() });
      const deleted = await call(admin, 'POST', `/model/project/do/delete/${gone.sid}`, {});
      expect(deleted.statusCode, deleted.body).toBe(200);
      const history = (s: SignedIn) => call(s, 'GET', `/model/project/do/history/${gone.sid}`);
      // The administrator holds the audit right and sees every record.
      const seen = await history(admin);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json().data.map((e: { action: string }) => e.action)).toEqual(['project.created', 'project.deleted']);
      // Its creator could read it, but lacks the audit right.
      const creator = await history(users.chemist!.session);
      expect(creator.statusCode).toBe(403);
      expect(creator.json().code).toBe(403301);
      // An auditor of another department: holds the right, but never saw the record.
      const outsider = await member({ resources: ['project', 'system.audit'], dataScope: 'own' });
      expect((await history(outsider.session)).statusCode).toBe(404);
      // An auditor whose scope covers the creator's department sees it; hidden fields stay out.
      const auditor = await member({
        resources: ['project', 'system.audit'],
        dataScope: 'departments',
        dataDepartments: [research],
        fieldRules: [{ model: 'project', field: 'code', access: 'hidden' }],
      });
      const audited = await history(auditor.session);
      expect(audited.statusCode, audited.body).toBe(200);
      const removal = audited.json().data[1];
      expect(removal.changes.name.before).toBe('已删项目');
      expect(removal.changes).not.toHaveProperty('code');
    });

    it('a user without roles holds no model resource at all', async () => {
      const bare = await createUser(t, tenant);
      const s = await signIn(t.app, bare.account, bare.password);
      expect((await call(s, 'POST', '/model/project/do/search', {})).json().code).toBe(403301);
    });
  });

  describe('desensitisation and person rules', () => {
    let personSid: string;
    beforeAll(async () => {
      personSid = (
        await create(admin, 'person', {
          name: '李四',
          mobile: '13812345678',
          id_type: 'id_card',
          id_number: '11010519491231002X',
        })
      ).sid;
    });

    it('masks ID and mobile numbers for roles without the right, in answers, history and export', async () => {
      const { session } = await member({ resources: ['person', 'person:update', 'person:export'] });
      const [row] = await rowsOf(session, 'person', `sid = '${personSid}'`);
      expect(row).toMatchObject({ mobile: '138****5678', id_number: '110***********002X', status: 'active' });
      const history = (await call(session, 'GET', `/model/person/do/history/${personSid}`)).json().data;
      expect(history[0].changes.mobile.after).toBe('138****5678');
      const schema = (await call(session, 'GET', '/model/person/do/schema')).json().data;
      expect(schema.fields.find((f: { name: string }) => f.name === 'mobile')).toMatchObject({ masked: true });
      const link = await call(session, 'POST', '/model/person/do/export', { iql: `sid = '${personSid}'` });
      const file = await t.app.inject({ method: 'GET', url: link.json().data.url });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const head = sheet.getRow(1).values as unknown[];
      expect(sheet.getRow(2).getCell(head.indexOf('Mobile')).value).toBe('138****5678');
      // A masked value can be neither probed by a filter nor overwritten.
      const probe = await call(session, 'POST', '/model/person/do/search', { iql: "mobile = '13812345678'" });
      expect(probe.json()).toMatchObject({ code: 500001 });
      const write = await call(session, 'POST', '/model/person/do/update', {
        sid: personSid,
        version: 1,
        data: { mobile: '13900000000' },
      });
      expect(write.json().code).toBe(500005);
    });

    it('shows them unmasked to roles with the right', async () => {
      const { session } = await member({ resources: ['person'], showSensitive: true });
      const [row] = await rowsOf(session, 'person', `sid = '${personSid}'`);
      expect(row).toMatchObject({ mobile: '13812345678', id_number: '11010519491231002X' });
    });

    it('checks ID numbers by type (GB 11643 check digit) and refuses managed fields', async () => {
      const bad = await call(admin, 'POST', '/model/person/do/create', {
        data: { name: '王五', id_type: 'id_card', id_number: '110105194912310021' },
      });
      expect(bad.json()).toMatchObject({ code: 500005, fields: [{ field: 'id_number', label: 'ID number' }] });
      const passport = await call(admin, 'POST', '/model/person/do/create', {
        data: { name: '王五', id_type: 'passport', id_number: 'E1234567-' },
      });
      expect(passport.json().code).toBe(500005);
      const mobile = await call(admin, 'POST', '/model/person/do/create', {
        data: { name: '王五', mobile: '23812345678' },
      });
      expect(mobile.json().fields[0]).toMatchObject({ field: 'mobile' });
      const status = await call(admin, 'POST', '/model/person/do/create', {
        data: { name: '王五', status: 'resigned' },
      });
      expect(status.json().fields[0]).toMatchObject({ field: 'status', message: 'cannot be changed by you' });
      const fine = await create(admin, 'person', { name: '王五', id_type: 'passport', id_number: 'E12345678' });
      expect(fine.status).toBe('active');
    });

    it('refuses references to invalid data and to other tenants', async () => {
      const agency = await create(admin, 'agency', { name: `代理所${newSid().slice(0, 4)}` });
      const ok = await create(admin, 'agent', { name: '赵六', agency: agency.sid });
      expect(ok.agency).toBe(agency.sid);
      await t.database.db.query("UPDATE m_agency SET status = 'invalid' WHERE sid = $1", [agency.sid]);
      const refused = await call(admin, 'POST', '/model/agent/do/create', {
        data: { name: '钱七', agency: agency.sid },
      });
      expect(refused.json()).toMatchObject({ code: 500005, fields: [{ field: 'agency' }] });
      // The agent that already points at it keeps its reference.
      expect((await call(admin, 'GET', `/model/agent/${ok.sid}`)).json().data.agency).toBe(agency.sid);
      const other = await createTenant(t);
      const foreign = newSid();
      await t.database.db.query(
        `INSERT INTO m_agency (sid, tenant_sid, company_sid, created_at, updated_at, name, status) VALUES ($1, $2, $2, now(), now(), 'x', 'valid')`,
        [foreign, other.sid],
      );
      const crossTenant = await call(admin, 'POST', '/model/agent/do/create', {
        data: { name: '钱七', agency: foreign },
      });
      expect(crossTenant.json().code).toBe(500005);
    });
  });
});
