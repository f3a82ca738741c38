// Process definitions through the API: create from the template and from XML, save drafts with the
// optimistic check, publish (linted on the server with the designer's rules; errors refused with the
// same rule ids), versions and retirement, the model lock, bad XML, who may call what (403 without the
// resource, 404 for another tenant's key), messages in both languages, and the audit trail.
import { lintProcess, parseProcessXml, translate } from '@ipdesk/core';
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
} from '../../../../test/accounts.js';
import { onPostgres } from '../../../../test/database.js';
import { brokenXml, template } from '../../../../test/workflow.js';

describe(`workflow definitions (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenantSid: string;
  let designer: SignedIn;
  let reader: SignedIn;
  let nobody: SignedIn;
  let admin: SignedIn;
  let stranger: SignedIn;

  const call = (method: 'GET' | 'POST', url: string, s: SignedIn, payload?: object, language = 'en') =>
    t.app.inject({
      method,
      url: `/webapi/workflow/definitions${url}`,
      headers: authed(s, { 'x-language': language }),
      ...(payload ? { payload } : {}),
    });
  const create = async (s: SignedIn, body: object) => {
    const res = await call('POST', '', s, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { key: string; version: number; status: string; updated_at: string; problems: unknown[] };
  };

  beforeAll(async () => {
    t = await createAccountsTestApp();
    const tenant = await createTenant(t);
    tenantSid = tenant.sid;
    const other = await createTenant(t);
    const [d, r, n, a] = [
      await createUser(t, tenant),
      await createUser(t, tenant),
      await createUser(t, tenant),
      await createUser(t, tenant, { isTenantAdmin: true }),
    ];
    const x = await createUser(t, other, { isTenantAdmin: true });
    await grantRole(t, tenant, [d.sid], { resources: ['workflow', 'workflow:update'] });
    await grantRole(t, tenant, [r.sid], { resources: ['workflow'] });
    await grantRole(t, tenant, [n.sid], { resources: ['patent'] });
    designer = await signIn(t.app, d.account, d.password);
    reader = await signIn(t.app, r.account, r.password);
    nobody = await signIn(t.app, n.account, n.password);
    admin = await signIn(t.app, a.account, a.password);
    stranger = await signIn(t.app, x.account, x.password);
  });
  afterAll(() => t.close());

  it('refuses approvers and copy recipients of another tenant when created, saved or imported, naming them', async () => {
    const db = t.database.db;
    const [foreignTenant] = await db.query<{ tenant_sid: string }>(
      'SELECT tenant_sid FROM user_account WHERE tenant_sid <> $1 LIMIT 1',
      [tenantSid],
    );
    const foreign = foreignTenant!.tenant_sid;
    const [theirUser] = await db.query<{ sid: string }>('SELECT sid FROM user_account WHERE tenant_sid = $1', [
      foreign,
    ]);
    const [theirCompany] = await db.query<{ sid: string }>('SELECT sid FROM company WHERE tenant_sid = $1', [foreign]);
    const [ownUser] = await db.query<{ sid: string }>('SELECT sid FROM user_account WHERE tenant_sid = $1', [
      tenantSid,
    ]);
    const [ownCompany] = await db.query<{ sid: string }>('SELECT sid FROM company WHERE tenant_sid = $1', [tenantSid]);
    // The template's review step, with approvers and copies set as the designer would write them.
    const withApprovers = (key: string, approvers: string, cc = '') =>
      template(key).replace('<ipdesk:Approval>', `<ipdesk:Approval>${approvers}${cc}`);
    const foreignXml = withApprovers(
      'cross_tenant',
      `<ipdesk:Approver kind="user" values="${ownUser!.sid},${theirUser!.sid}"/><ipdesk:Approver kind="role" values="no_such_role"/>`,
      `<ipdesk:Cc kind="company" values="${theirCompany!.sid}"/>`,
    );
    expect(foreignXml).toContain(theirUser!.sid);
    const refused = await call('POST', '/do/create-from-xml', designer, { xml: foreignXml });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().code).toBe(400810);
    expect(refused.json().message).toBe(
      '3 approver or copy setting(s) name people, roles, departments or companies your tenant does not have',
    );
    const messages = refused.json().fields.map((f: { message: string }) => f.message);
    expect(messages.join('\n')).toContain(theirUser!.sid);
    expect(messages.join('\n')).not.toContain(ownUser!.sid);
    expect(messages.join('\n')).toContain('no_such_role');
    expect(messages.join('\n')).toContain(theirCompany!.sid);
    expect((await call('GET', '/cross_tenant/versions', designer)).statusCode).toBe(404);
    // Saving a draft over a clean one is refused alike, and leaves the draft as it was.
    const clean = await create(designer, { key: 'own_tenant', name: 'Own', model: 'patent' });
    const saved = await call('POST', '/own_tenant/draft', designer, {
      xml: withApprovers('own_tenant', `<ipdesk:Approver kind="user" values="${theirUser!.sid}"/>`),
      version: clean.version,
      updated_at: clean.updated_at,
    });
    expect(saved.json().code, saved.body).toBe(400810);
    // The tenant's own people and companies are fine.
    const ok = await call('POST', '/own_tenant/draft', designer, {
      xml: withApprovers(
        'own_tenant',
        `<ipdesk:Approver kind="user" values="${ownUser!.sid}"/>`,
        `<ipdesk:Cc kind="company" values="${ownCompany!.sid}"/>`,
      ),
      version: clean.version,
      updated_at: clean.updated_at,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('creates from the template: a clean draft, listed, readable with its XML and graph', async () => {
    const created = await create(designer, { key: 'patent_review', name: '专利审查', model: 'patent' });
    expect(created).toMatchObject({ key: 'patent_review', version: 1, status: 'draft', problems: [] });
    const list = await call('GET', '', reader);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toContainEqual(
      expect.objectContaining({
        key: 'patent_review',
        name: '专利审查',
        model: 'patent',
        latest_version: 1,
        latest_status: 'draft',
        draft_version: 1,
        published_version: null,
      }),
    );
    const one = await call('GET', '/patent_review/versions/1', reader);
    expect(one.statusCode, one.body).toBe(200);
    const data = one.json().data;
    expect(data.xml).toContain('<ipdesk:ProcessSettings model="patent"');
    expect(data.graph.start).toBe('StartEvent_1');
    expect(data.problems).toEqual([]);
    // The template's labels follow the creator's language (jsonb keeps no key order: sorted here).
    expect(
      Object.values(data.graph.nodes as Record<string, { name: string }>)
        .map((n) => n.name)
        .sort(),
    ).toEqual(['End', 'Start', 'Submit']);
  });

  it('refuses a key already taken and a model the server does not declare', async () => {
    const again = await call('POST', '', designer, { key: 'patent_review', name: 'x', model: 'patent' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(409801);
    const unknown = await call('POST', '', designer, { key: 'no_model', name: 'x', model: 'spaceship' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe(400805);
    const badKey = await call('POST', '', designer, { key: '9 lives', name: 'x', model: 'patent' });
    expect(badKey.json().code).toBe(500001);
  });

  it('publishes, then saves a new draft version, checks the base it was loaded from, and retires on publish', async () => {
    const created = await create(designer, { key: 'proposal_flow', name: 'Proposal', model: 'patent' });
    const published = await call('POST', '/proposal_flow/publish', designer, {
      version: 1,
      updated_at: created.updated_at,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ version: 1, status: 'published' });
    const v1 = published.json().data as { updated_at: string };
    expect(
      (await call('POST', '/proposal_flow/publish', designer, { version: 1, updated_at: v1.updated_at })).json().code,
    ).toBe(409804);

    // Editing a published version makes draft 2; a stale base (the draft's own creation) is refused.
    const xml = template('proposal_flow', 'patent', 'Proposal v2');
    const stale = await call('POST', '/proposal_flow/draft', designer, {
      xml,
      version: 1,
      updated_at: created.updated_at,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(409802);
    const draft = await call('POST', '/proposal_flow/draft', designer, { xml, version: 1, updated_at: v1.updated_at });
    expect(draft.statusCode, draft.body).toBe(200);
    const d2 = draft.json().data as { version: number; status: string; updated_at: string; name: string };
    expect(d2).toMatchObject({ version: 2, status: 'draft', name: 'Proposal v2' });
    // Saving again updates draft 2 (same version, new updated_at); the old token is then stale.
    const again = await call('POST', '/proposal_flow/draft', designer, { xml, version: 2, updated_at: d2.updated_at });
    expect(again.json().data.version).toBe(2);
    expect(again.json().data.updated_at).not.toBe(d2.updated_at);
    const lost = await call('POST', '/proposal_flow/draft', designer, { xml, version: 2, updated_at: d2.updated_at });
    expect(lost.json().code).toBe(409802);

    const p2 = await call('POST', '/proposal_flow/publish', designer, {
      version: 2,
      updated_at: again.json().data.updated_at,
    });
    expect(p2.statusCode, p2.body).toBe(200);
    const versions = await call('GET', '/proposal_flow/versions', reader);
    expect(versions.json().data.map((v: { version: number; status: string }) => [v.version, v.status])).toEqual([
      [2, 'published'],
      [1, 'retired'],
    ]);
    const rows = await t.database.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE tenant_sid = $1 AND detail->>'key' = 'proposal_flow' ORDER BY id`,
      [tenantSid],
    );
    expect(rows.map((r) => r.action)).toEqual([
      'workflow_definition.created',
      'workflow_definition.published',
      'workflow_definition.saved',
      'workflow_definition.saved',
      'workflow_definition.published',
    ]);
  });

  it('lets one of two saves from the same base win, and refuses the other (409802)', async () => {
    const created = await create(designer, { key: 'raced', name: 'Raced', model: 'patent' });
    const save = (name: string) =>
      call('POST', '/raced/draft', designer, {
        xml: template('raced', 'patent', name),
        version: 1,
        updated_at: created.updated_at,
      });
    const answers = await Promise.all([save('First'), save('Second')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.statusCode === 200)!.json().data.name;
    const stored = await call('GET', '/raced/versions/1', reader);
    expect(stored.json().data.name).toBe(winner);
  });

  it('never changes the model of a process, nor takes XML of another key', async () => {
    const created = await create(designer, { key: 'locked_model', name: 'Locked', model: 'patent' });
    const base = { version: 1, updated_at: created.updated_at };
    const other = await call('POST', '/locked_model/draft', designer, {
      xml: template('locked_model', 'project'),
      ...base,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      code: 409803,
      message: 'The model of a process cannot be changed once it is created (it is patent, not project)',
    });
    const wrongKey = await call('POST', '/locked_model/draft', designer, { xml: template('another_key'), ...base });
    expect(wrongKey.json().code).toBe(400803);
  });

  it('answers bad XML with a coded error', async () => {
    const created = await create(designer, { key: 'bad_xml', name: 'Bad', model: 'patent' });
    const base = { version: 1, updated_at: created.updated_at };
    const res = await call('POST', '/bad_xml/draft', designer, { xml: '<bpmn:definitions><unclosed', ...base });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400801, message: 'The process file is not valid BPMN XML (near line 1)' });
    const fromXml = await call('POST', '/do/create-from-xml', designer, { xml: 'plain text' });
    expect(fromXml.json().code).toBe(400801);
  });

  it('saves a draft with design problems but refuses to publish it, with the rule ids the core lint gives', async () => {
    const xml = brokenXml('broken_flow');
    const created = await call('POST', '/do/create-from-xml', designer, { xml });
    expect(created.statusCode, created.body).toBe(200);
    const { definitions } = await parseProcessXml(xml);
    const expected = (await lintProcess(definitions)).map((p) => `${p.rule}:${p.elementId}`);
    expect(expected).toEqual(expect.arrayContaining(['level-approve-link:f1', 'end-needs-merge:X']));
    const saved = created.json().data as { updated_at: string; problems: Array<{ rule: string; element_id: string }> };
    expect(saved.problems.map((p) => `${p.rule}:${p.element_id}`)).toEqual(expected);

    const publish = (language: string) =>
      call('POST', '/broken_flow/publish', designer, { version: 1, updated_at: saved.updated_at }, language);
    const en = await publish('en');
    expect(en.statusCode).toBe(400);
    const body = en.json() as {
      code: number;
      message: string;
      fields: Array<{ field: string; label: string; message: string }>;
    };
    expect(body.code).toBe(400804);
    expect(body.message).toBe(`The process design has ${expected.length} problem(s) to fix before it can be published`);
    expect(body.fields.map((f) => f.field)).toEqual(expected);
    expect(body.fields.find((f) => f.field === 'level-approve-link:f1')!.label).toBe(
      'No direct link to level-by-level approval',
    );
    const zh = (await publish('zh-CN')).json() as typeof body;
    expect(zh.message).toBe(translate('zh-CN', 'error.workflowDesignInvalid', { count: expected.length }));
    expect(zh.message).toContain('流程设计有');
    expect(zh.fields.find((f) => f.field === 'level-approve-link:f1')!.label).toBe('逐级审批不可直连');
    // Nothing was published.
    const versions = await call('GET', '/broken_flow/versions', reader);
    expect(versions.json().data.map((v: { status: string }) => v.status)).toEqual(['draft']);
  });

  it('checks XML without saving it', async () => {
    const res = await call('POST', '/do/check', reader, { xml: brokenXml('not_saved') });
    expect(res.statusCode, res.body).toBe(200);
    const problems = res.json().data.problems as Array<{ rule: string; message: string }>;
    expect(problems.map((p) => p.rule)).toContain('level-approve-link');
    expect(problems.every((p) => p.message.length > 0)).toBe(true);
    expect((await call('GET', '/not_saved/versions', reader)).statusCode).toBe(404);
  });

  it('lets only holders of the resources in: reading with workflow, changing with workflow:update', async () => {
    for (const [method, url, body] of [
      ['GET', '', undefined],
      ['GET', '/patent_review/versions/1', undefined],
      ['POST', '', { key: 'x1', name: 'x', model: 'patent' }],
    ] as const) {
      const res = await call(method, url, nobody, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const readerCreates = await call('POST', '', reader, { key: 'x2', name: 'x', model: 'patent' });
    expect(readerCreates.statusCode).toBe(403);
    const readerSaves = await call('POST', '/patent_review/draft', reader, {
      xml: template('patent_review'),
      version: 1,
      updated_at: new Date().toISOString(),
    });
    expect(readerSaves.statusCode).toBe(403);
    // Tenant administrators hold everything.
    expect((await create(admin, { key: 'admin_made', name: 'By admin', model: 'project' })).version).toBe(1);
  });

  it("does not show or serve another tenant's definitions (404)", async () => {
    const list = await call('GET', '', stranger);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([]);
    for (const url of ['/patent_review/versions', '/patent_review/versions/1', '/patent_review/versions/1/export']) {
      const res = await call('GET', url, stranger);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe(404801);
    }
    const save = await call('POST', '/patent_review/draft', stranger, {
      xml: template('patent_review'),
      version: 1,
      updated_at: new Date().toISOString(),
    });
    expect(save.statusCode).toBe(404);
    // The same key is free in the other tenant.
    expect((await create(stranger, { key: 'patent_review', name: 'Theirs', model: 'patent' })).version).toBe(1);
  });
});
