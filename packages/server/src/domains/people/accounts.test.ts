// Login accounts of persons and agents, agency close/reopen and a user's roles, through the HTTP API
// on a real database: the rules and error codes of docs/api/organisation-rbac.md "People", the
// account's effect on signing in, and callers who may not do it. Runs on PGlite and PostgreSQL.
import { checkPassword, errors, newSid } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  loginRequest,
  signIn,
  type AccountsTestApp,
  type SignedIn,
  type TestTenant,
  grantRole,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import { lifecycleActions } from '../../db/migrations/0027-lifecycle-actions.js';

describe(`person and agent accounts, agencies, user roles (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let admin: SignedIn;
  let otherAdmin: SignedIn;
  let enterpriseRole: string;
  let agencyRole: string;
  let otherRole: string;
  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    other = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    const b = await createUser(t, other, { isTenantAdmin: true });
    admin = await signIn(t.app, a.account, a.password);
    otherAdmin = await signIn(t.app, b.account, b.password);
    enterpriseRole = await grantRole(t, tenant, [], { resources: ['person'] });
    agencyRole = await grantRole(t, tenant, [], { platform: 2, resources: [] });
    otherRole = await grantRole(t, other, [], { resources: ['person'] });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const post = (url: string, payload: object, s: SignedIn | null = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/webapi${url}`,
      headers: s ? authed(s) : { 'x-language': 'en' },
      payload,
    });
  const unique = () => newSid().toLowerCase().slice(0, 10);
  const create = async (model: string, data: object, s: SignedIn = admin) => {
    const res = await post(`/model/${model}/do/create`, { data }, s);
    if (res.statusCode !== 200) throw new Error(`create ${model}: ${res.body}`);
    return res.json().data as Record<string, unknown> & { sid: string; version: number };
  };
  const person = (data: object = {}, s: SignedIn = admin) =>
    create('person', { name: '李四', email: `p${unique()}@example.com`, mobile: '13800000000', ...data }, s);
  const agency = () => create('agency', { name: `机构${unique()}`, code: `A${unique()}` });
  const agent = (agencySid: string) =>
    create('agent', { name: '王五', agency: agencySid, email: `a${unique()}@example.com` });
  const openAccount = (model: 'person' | 'agent', sid: string, roles: string[], account = `u${unique()}`, s = admin) =>
    post(`/model/${model}/do/open_account`, { sid, account, role_sids: roles }, s);
  const row = async (table: string, sid: string) =>
    (await db().query<Record<string, unknown>>(`SELECT * FROM ${table} WHERE sid = $1`, [sid]))[0]!;
  const accessVersion = async () =>
    Number(
      (await db().query<{ v: number }>('SELECT access_version AS v FROM tenant WHERE sid = $1', [tenant.sid]))[0]!.v,
    );

  describe('person accounts', () => {
    it('opens an account from the person: initial password shown once, roles, companies, audit without the password', async () => {
      const p = await person({ english_name: 'Li Si' });
      const versionBefore = await accessVersion();
      const res = await openAccount('person', p.sid, [enterpriseRole], 'li.si');
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { user_sid: string; account: string; initial_password: string };
      expect(data.account).toBe('li.si');
      expect(data.initial_password).toHaveLength(16);
      expect(checkPassword(data.initial_password, 'strict').ok).toBe(true);

      const user = await row('user_account', data.user_sid);
      expect(user).toMatchObject({
        tenant_sid: tenant.sid,
        account: 'li.si',
        name: '李四',
        email: p.email,
        mobile: '13800000000',
        user_type_client: 1,
        status: 1,
        must_change_password: true,
        is_tenant_admin: false,
      });
      expect(user.password_hash).not.toContain(data.initial_password);
      const companies = await db().query('SELECT company_sid FROM user_company WHERE user_sid = $1', [data.user_sid]);
      expect(companies).toEqual([{ company_sid: p.company_sid }]);
      const roles = await db().query('SELECT role_sid FROM user_role WHERE user_sid = $1', [data.user_sid]);
      expect(roles).toEqual([{ role_sid: enterpriseRole }]);
      expect(await row('m_person', p.sid)).toMatchObject({ account_user: data.user_sid, version: p.version + 1 });
      expect(await accessVersion()).toBeGreaterThan(versionBefore);

      const audits = await db().query<{ action: string; detail: unknown }>(
        'SELECT action, detail FROM audit_log WHERE target = $1 ORDER BY id',
        [`person:${p.sid}`],
      );
      expect(audits.at(-1)).toMatchObject({ action: 'person.account_opened', detail: { account: 'li.si' } });
      expect(JSON.stringify(audits)).not.toContain(data.initial_password);

      // The initial password signs in, and must be changed first.
      const login = await loginRequest(t.app, 'li.si', data.initial_password);
      expect(login.statusCode).toBe(200);
      expect(login.json().need_change_password).toBe(true);
    });

    it('refuses a second account (409304), a taken name in any tenant (409201), and a bad name (500001)', async () => {
      const p = await person();
      expect((await openAccount('person', p.sid, [])).statusCode).toBe(200);
      const again = await openAccount('person', p.sid, []);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe(409304);

      await createUser(t, other, { account: 'taken.name' });
      const q = await person();
      const taken = await openAccount('person', q.sid, [], 'TAKEN.name');
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({
        code: 409201,
        fields: [{ field: 'account', label: 'Account', message: 'Account "TAKEN.name" already exists' }],
      });
      // Nothing of the failed attempt stays.
      expect((await row('m_person', q.sid)).account_user).toBeNull();
      expect(await db().query('SELECT sid FROM user_account WHERE email = $1', [String(q.email)])).toEqual([]);

      const bad = await openAccount('person', q.sid, [], 'no spaces!');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 500001, fields: [{ field: 'account' }] });
    });

    it("refuses a person whose e-mail is another account's (409201 naming email)", async () => {
      const existing = await createUser(t, other);
      const p = await person({ email: existing.email });
      const res = await openAccount('person', p.sid, []);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 409201, fields: [{ field: 'email' }] });
    });

    it('takes only enterprise roles of the tenant (500001 naming role_sids)', async () => {
      const p = await person();
      for (const roles of [[agencyRole], [otherRole], [newSid()], [enterpriseRole, agencyRole]]) {
        const res = await openAccount('person', p.sid, roles);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 500001,
          fields: [{ field: 'role_sids', label: 'Roles', message: 'refers to data that is invalid or does not exist' }],
        });
      }
      expect((await row('m_person', p.sid)).account_user).toBeNull();
      expect((await openAccount('person', p.sid, [enterpriseRole, enterpriseRole])).statusCode).toBe(200);
    });

    it('closes the account: disabled, sessions ended at once, sign-in refused; closing again is 409305', async () => {
      const p = await person();
      const opened = (await openAccount('person', p.sid, [enterpriseRole])).json().data;
      const session = await signIn(t.app, opened.account, opened.initial_password);
      const me = () => t.app.inject({ method: 'GET', url: '/webapi/model/user_info/do/my', headers: authed(session) });
      expect((await me()).statusCode).toBe(200);

      const closed = await post('/model/person/do/close_account', { sid: p.sid });
      expect(closed.statusCode).toBe(200);
      expect(closed.json().code).toBe(0);
      expect((await row('user_account', opened.user_sid)).status).toBe(0);
      const sessions = await db().query<{ revoked_at: Date | null; revoke_reason: string }>(
        'SELECT revoked_at, revoke_reason FROM auth_session WHERE user_sid = $1',
        [opened.user_sid],
      );
      expect(sessions.length).toBeGreaterThan(0);
      expect(sessions.every((s) => s.revoked_at !== null && s.revoke_reason === 'account_closed')).toBe(true);
      const refused = await me();
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe(30409);
      const login = await loginRequest(t.app, opened.account, opened.initial_password);
      expect(login.json().code).toBe(30102);

      const again = await post('/model/person/do/close_account', { sid: p.sid });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe(409305);
      const never = await post('/model/person/do/close_account', { sid: (await person()).sid });
      expect(never.json().code).toBe(409305);
    });

    it('reopens a closed account under its own name with a new initial password and the given roles', async () => {
      const p = await person();
      const first = (await openAccount('person', p.sid, [enterpriseRole], 'reopen.me')).json().data;
      await post('/model/person/do/close_account', { sid: p.sid });
      const res = await openAccount('person', p.sid, [], 'another.name');
      expect(res.statusCode).toBe(200);
      const second = res.json().data;
      expect(second).toMatchObject({ user_sid: first.user_sid, account: 'reopen.me' });
      expect(second.initial_password).not.toBe(first.initial_password);
      expect(await row('user_account', first.user_sid)).toMatchObject({ status: 1, must_change_password: true });
      expect(await db().query('SELECT role_sid FROM user_role WHERE user_sid = $1', [first.user_sid])).toEqual([]);
      expect(await db().query("SELECT sid FROM user_account WHERE account = 'another.name'")).toEqual([]);
      expect((await loginRequest(t.app, 'reopen.me', first.initial_password)).json().code).toBe(400102);
      expect((await loginRequest(t.app, 'reopen.me', second.initial_password)).statusCode).toBe(200);
    });
  });

  describe('agent accounts and agencies', () => {
    it('opens an agent account on the agency side with agency roles only', async () => {
      const ag = await agency();
      const a = await agent(ag.sid);
      const wrongRole = await openAccount('agent', a.sid, [enterpriseRole]);
      expect(wrongRole.json()).toMatchObject({ code: 500001, fields: [{ field: 'role_sids' }] });
      const res = await openAccount('agent', a.sid, [agencyRole]);
      expect(res.statusCode).toBe(200);
      const user = await row('user_account', res.json().data.user_sid);
      expect(user).toMatchObject({ user_type_client: 2, name: '王五', must_change_password: true });
      expect((await row('m_agent', a.sid)).account_user).toBe(res.json().data.user_sid);
      expect((await openAccount('agent', a.sid, [])).json().code).toBe(409304);
    });

    // Close and reopen are the agency's lifecycle actions (the generic action route): one result per record.
    const agencyAction = async (action: 'close' | 'reopen', sid: string, version?: number) => {
      const res = await post(`/model/agency/do/action/${action}`, {
        sids: [sid],
        ...(version !== undefined && { versions: { [sid]: version } }),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { results: Array<Record<string, unknown>> }).results[0]!;
    };

    it('closes an agency only when none of its agents has an open account, and reopens it', async () => {
      const ag = await agency();
      const a1 = await agent(ag.sid);
      const a2 = await agent(ag.sid);
      await agent(ag.sid); // never had an account
      expect((await openAccount('agent', a1.sid, [agencyRole])).statusCode).toBe(200);
      expect((await openAccount('agent', a2.sid, [agencyRole])).statusCode).toBe(200);

      const blocked = await agencyAction('close', ag.sid);
      expect(blocked).toMatchObject({
        outcome: 'refused',
        code: 409303,
        message: "Close the login accounts of the agency's 2 agent(s) first",
      });
      expect((await post('/model/agent/do/close_account', { sid: a1.sid })).statusCode).toBe(200);
      expect((await agencyAction('close', ag.sid)).code).toBe(409303);
      expect((await post('/model/agent/do/close_account', { sid: a2.sid })).statusCode).toBe(200);
      expect((await post('/model/agent/do/close_account', { sid: a2.sid })).json().code).toBe(409305);

      const closed = await agencyAction('close', ag.sid);
      expect(closed).toMatchObject({ sid: ag.sid, outcome: 'done', status: 'invalid', version: ag.version + 1 });
      const again = await agencyAction('close', ag.sid);
      expect(again).toMatchObject({ outcome: 'refused', code: errors.actionNotFrom.code });

      // An invalid agency gets no agent logins, neither new nor reopened.
      const a4 = await agent(ag.sid).catch(() => undefined);
      expect(a4).toBeUndefined(); // the generic API refuses an invalid agency as reference
      const reopenAccount = await openAccount('agent', a1.sid, [agencyRole]);
      expect(reopenAccount.statusCode).toBe(409);
      expect(reopenAccount.json().code).toBe(409302);
      expect((await row('user_account', (await row('m_agent', a1.sid)).account_user as string)).status).toBe(0);

      const reopened = await agencyAction('reopen', ag.sid);
      expect(reopened).toMatchObject({ outcome: 'done', status: 'valid', version: ag.version + 2 });
      expect((await agencyAction('reopen', ag.sid)).code).toBe(errors.actionNotFrom.code);
      expect((await openAccount('agent', a1.sid, [agencyRole])).statusCode).toBe(200);

      const audits = await db().query<{ action: string; detail: { lifecycle_action?: string } }>(
        'SELECT action, detail FROM audit_log WHERE target = $1 ORDER BY id',
        [`agency:${ag.sid}`],
      );
      expect(audits.map((a) => [a.action, a.detail.lifecycle_action])).toEqual([
        ['agency.created', undefined],
        ['agency.status_changed', 'close'],
        ['agency.status_changed', 'reopen'],
      ]);
    });

    it('checks the version read and refuses the status on update (it moves only by close and reopen)', async () => {
      const ag = await agency();
      expect(await agencyAction('close', ag.sid, ag.version + 1)).toMatchObject({
        outcome: 'refused',
        code: errors.conflict.code,
      });
      const update = await post('/model/agency/do/update', {
        sid: ag.sid,
        version: ag.version,
        data: { status: 'invalid' },
      });
      expect(update.statusCode).toBe(400);
      expect((await row('m_agency', ag.sid)).status).toBe('valid');
      expect(await agencyAction('close', ag.sid, ag.version)).toMatchObject({ outcome: 'done', status: 'invalid' });
    });

    it('lets a role close and reopen agencies only with the action buttons', async () => {
      const editor = await createUser(t, tenant, { companies: [tenant.rootCompany] });
      await grantRole(t, tenant, [editor.sid], { resources: ['agency', 'agency:update', 'agency:close'] });
      const session = await signIn(t.app, editor.account, editor.password);
      const ag = await agency();
      const run = (action: string) =>
        post(`/model/agency/do/action/${action}`, { sids: [ag.sid] }, session).then((res) => res.json());
      expect((await run('close')).data.results[0]).toMatchObject({ outcome: 'done', status: 'invalid' });
      expect((await run('reopen')).code).toBe(errors.forbidden.code);
    });

    it('keeps closing and reopening with roles that held the edit button before (migration 0027)', async () => {
      const editor = await createUser(t, tenant, { companies: [tenant.rootCompany] });
      const role = await grantRole(t, tenant, [editor.sid], { resources: ['agency', 'agency:update'] });
      const bystander = await grantRole(t, tenant, [], { resources: ['agency'] });
      await db().exec(lifecycleActions.sql);
      const held = await db().query<{ role_sid: string; resource_code: string }>(
        'SELECT role_sid, resource_code FROM role_resource WHERE role_sid = ANY($1::text[]) ORDER BY 1, 2',
        [[role, bystander]],
      );
      expect(held.filter((r) => r.role_sid === role).map((r) => r.resource_code)).toEqual([
        'agency',
        'agency:close',
        'agency:reopen',
        'agency:update',
      ]);
      expect(held.filter((r) => r.role_sid === bystander).map((r) => r.resource_code)).toEqual(['agency']);
      await db().exec(lifecycleActions.sql); // twice is harmless
      const session = await signIn(t.app, editor.account, editor.password);
      const ag = await agency();
      const res = await post('/model/agency/do/action/close', { sids: [ag.sid] }, session);
      expect(res.json().data.results[0]).toMatchObject({ outcome: 'done', status: 'invalid' });
    });

    it('refuses an invalid agent (500001 naming sid)', async () => {
      const a = await agent((await agency()).sid);
      await db().query("UPDATE m_agent SET status = 'invalid' WHERE sid = $1", [a.sid]);
      const res = await openAccount('agent', a.sid, [agencyRole]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 500001, fields: [{ field: 'sid', label: 'Agent' }] });
    });
  });

  describe("a user's roles", () => {
    it('replaces the roles of a user of the tenant and platform; the permissions change at once', async () => {
      const p = await person();
      const opened = (await openAccount('person', p.sid, [])).json().data;
      await db().query('UPDATE user_account SET must_change_password = false WHERE sid = $1', [opened.user_sid]);
      const session = await signIn(t.app, opened.account, opened.initial_password);
      const search = () => post('/model/person/do/search', {}, session);
      expect((await search()).json().code).toBe(403301);

      const res = await post('/model/user_info/do/roles', {
        user_sid: opened.user_sid,
        role_sids: [enterpriseRole, enterpriseRole],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ role_sids: [enterpriseRole] });
      expect((await search()).statusCode).toBe(200);

      const wrong = await post('/model/user_info/do/roles', { user_sid: opened.user_sid, role_sids: [agencyRole] });
      expect(wrong.json()).toMatchObject({ code: 500001, fields: [{ field: 'role_sids' }] });
      const cleared = await post('/model/user_info/do/roles', { user_sid: opened.user_sid, role_sids: [] });
      expect(cleared.json().data).toEqual({ role_sids: [] });
      expect((await search()).json().code).toBe(403301);
      const audits = await db().query<{ detail: unknown }>(
        "SELECT detail FROM audit_log WHERE action = 'user.roles_replaced' AND target = $1 ORDER BY id",
        [`user_info:${opened.user_sid}`],
      );
      expect(audits.map((a) => a.detail)).toEqual([
        { before: [], after: [enterpriseRole] },
        { before: [enterpriseRole], after: [] },
      ]);
    });

    it("answers 404 for another tenant's user and an unknown one", async () => {
      const stranger = await createUser(t, other);
      for (const userSid of [stranger.sid, newSid()]) {
        const res = await post('/model/user_info/do/roles', { user_sid: userSid, role_sids: [] });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe(404202);
      }
      expect(await db().query('SELECT role_sid FROM user_role WHERE user_sid = $1', [stranger.sid])).toEqual([]);
    });
  });

  describe('who may call', () => {
    let viewer: SignedIn;
    let ownScope: SignedIn;
    beforeAll(async () => {
      const v = await createUser(t, tenant);
      await grantRole(t, tenant, [v.sid], { resources: ['person', 'agent', 'agency'] });
      viewer = await signIn(t.app, v.account, v.password);
      const o = await createUser(t, tenant);
      await grantRole(t, tenant, [o.sid], {
        resources: ['person', 'person:create', 'person:account'],
        dataScope: 'own',
      });
      ownScope = await signIn(t.app, o.account, o.password);
    });

    const calls = (sid: string) =>
      [
        ['/model/person/do/open_account', { sid, account: `x${unique()}`, role_sids: [] }],
        ['/model/person/do/close_account', { sid }],
        ['/model/person/do/resign', { sid, version: 1, handover_person_sid: sid }],
        ['/model/agent/do/open_account', { sid, account: `x${unique()}`, role_sids: [] }],
        ['/model/agent/do/close_account', { sid }],
        ['/model/agency/do/action/close', { sids: [sid] }],
        ['/model/agency/do/action/reopen', { sids: [sid] }],
        ['/model/user_info/do/roles', { user_sid: sid, role_sids: [] }],
      ] as const;

    it('refuses anonymous callers (401) and users without the resource (403301, 403000 for an action)', async () => {
      const p = await person();
      for (const [url, body] of calls(p.sid)) {
        const anonymous = await post(url, body, null);
        expect(anonymous.statusCode, url).toBe(401);
        const denied = await post(url, body, viewer);
        expect(denied.statusCode, url).toBe(403);
        // The generic action route refuses a button the caller does not hold as forbidden (run-action.ts).
        const code = url.includes('/do/action/') ? errors.forbidden.code : 403301;
        expect(denied.json().code, url).toBe(code);
      }
      expect((await row('m_person', p.sid)).account_user).toBeNull();
    });

    it('lets account managers open accounts without roles, but only system administrators give roles', async () => {
      const manager = await createUser(t, tenant);
      await grantRole(t, tenant, [manager.sid], { resources: ['person', 'person:create', 'person:account'] });
      const session = await signIn(t.app, manager.account, manager.password);
      const strong = await grantRole(t, tenant, [], { resources: 'all' });
      const p = await person();
      const withRole = await post(
        '/model/person/do/open_account',
        { sid: p.sid, account: `x${unique()}`, role_sids: [strong] },
        session,
      );
      expect(withRole.json().code).toBe(403301);
      expect((await row('m_person', p.sid)).account_user).toBeNull();
      const selfGrant = await post(
        '/model/user_info/do/roles',
        { user_sid: manager.sid, role_sids: [strong] },
        session,
      );
      expect(selfGrant.json().code).toBe(403301);
      const plain = await post(
        '/model/person/do/open_account',
        { sid: p.sid, account: `x${unique()}`, role_sids: [] },
        session,
      );
      expect(plain.statusCode, plain.body).toBe(200);
    });

    it("answers 404 for another tenant's records and for records outside the caller's data scope", async () => {
      const theirs = await create('person', { name: '外人' }, otherAdmin);
      const theirAgency = await create('agency', { name: `外机构${unique()}` }, otherAdmin);
      const theirAgent = await create('agent', { name: '外代理', agency: theirAgency.sid }, otherAdmin);
      for (const [url, body] of [
        ['/model/person/do/open_account', { sid: theirs.sid, account: `x${unique()}`, role_sids: [] }],
        ['/model/person/do/close_account', { sid: theirs.sid }],
        ['/model/person/do/resign', { sid: theirs.sid, version: 1, handover_person_sid: theirs.sid }],
        ['/model/agent/do/open_account', { sid: theirAgent.sid, account: `x${unique()}`, role_sids: [] }],
        ['/model/agent/do/close_account', { sid: theirAgent.sid }],
      ] as const) {
        const res = await post(url, body);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code, url).toBe(404202);
      }
      // The agency's actions answer per record: theirs is refused as not found.
      for (const action of ['close', 'reopen']) {
        const res = await post(`/model/agency/do/action/${action}`, { sids: [theirAgency.sid] });
        expect(res.statusCode, action).toBe(200);
        expect(res.json().data.results[0], action).toMatchObject({ outcome: 'refused', code: 404202 });
      }
      expect(await row('m_person', theirs.sid)).toMatchObject({ account_user: null, status: 'active' });
      expect((await row('m_agency', theirAgency.sid)).status).toBe('valid');

      // Own scope: the admin's person is out of reach, the caller's own one is not.
      const adminsPerson = await person();
      const outOfScope = await openAccount('person', adminsPerson.sid, [], `x${unique()}`, ownScope);
      expect(outOfScope.statusCode).toBe(404);
      const mine = await person({}, ownScope);
      expect((await openAccount('person', mine.sid, [], `x${unique()}`, ownScope)).statusCode).toBe(200);
    });

    it('refuses malformed bodies with 500001, never a 5xx', async () => {
      const p = await person();
      const bodies: Array<[string, object]> = [
        ['/model/person/do/open_account', { sid: p.sid, account: 'ok.name', role_sids: [], tenant_sid: tenant.sid }],
        ['/model/person/do/open_account', { sid: 'short', account: 'ok.name', role_sids: [] }],
        ['/model/person/do/open_account', { sid: p.sid, account: 'ok.name' }],
        ['/model/person/do/open_account', { sid: p.sid, account: 'ok.name', role_sids: 'x' }],
        ['/model/person/do/open_account', { sid: p.sid, account: 'x'.repeat(51), role_sids: [] }],
        ['/model/person/do/open_account', { sid: p.sid, account: 'ok', role_sids: Array(101).fill(enterpriseRole) }],
        ['/model/person/do/close_account', { sid: 42 }],
        ['/model/agency/do/action/close', {}],
        ['/model/user_info/do/roles', { user_sid: p.sid, role_sids: ['not a sid'] }],
      ];
      for (const [url, body] of bodies) {
        const res = await post(url, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
        expect(res.json().code).toBe(500001);
      }
      expect((await row('m_person', p.sid)).account_user).toBeNull();
    });
  });
});
