// A case's family through the API: cases reached through relations (any depth, both ways) and through a
// shared family ID, with their offices, numbers, statuses and dates and the relations between them;
// cases the caller may not see are left out and not walked through; the walk stops at its cap; 403
// without the resource, 404 for other tenants' and out-of-scope cases. PGlite and PostgreSQL.
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
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import type { Principal } from '../../http/context.js';
import { tenantModels } from '../../modules/custom-fields/service.js';
import { administratorAccess } from '../../modules/rbac/access.js';
import { contextOf } from '../../platform/context.js';
import { familyTree } from './family.js';

describe(`patent family (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let editor: SignedIn;
  let nobody: SignedIn;
  let ownOnly: SignedIn;
  let hiddenDates: SignedIn;
  let stranger: SignedIn;

  const call = (method: 'GET' | 'POST', url: string, s: SignedIn, payload?: object) =>
    t.app.inject({ method, url: `/webapi${url}`, headers: authed(s), ...(payload ? { payload } : {}) });
  const createCase = async (s: SignedIn, data: object = {}) => {
    const res = await call('POST', '/model/patent/do/create', s, {
      data: { title: 'Case', sn: `P-${newSid()}`, patent_type: 'invention', country: 'CN', ...data },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { sid: string; sn: string };
  };
  const relate = async (s: SignedIn, parent: string, child: string, type: string, acknowledged: string[] = []) => {
    const res = await call('POST', `/patent/${child}/relations`, s, {
      type,
      other_sid: parent,
      direction: 'parent',
      acknowledged,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const family = (sid: string, s: SignedIn = editor) => call('GET', `/patent/${sid}/family`, s);

  beforeAll(async () => {
    t = await createAccountsTestApp();
    const tenant = await createTenant(t);
    const other = await createTenant(t);
    const [e, n, o, h] = [
      await createUser(t, tenant),
      await createUser(t, tenant),
      await createUser(t, tenant),
      await createUser(t, tenant),
    ];
    const x = await createUser(t, other, { isTenantAdmin: true });
    await grantRole(t, tenant, [e.sid], { resources: ['patent', 'patent:create', 'patent:update'] });
    await grantRole(t, tenant, [n.sid], { resources: [] });
    await grantRole(t, tenant, [o.sid], { resources: ['patent', 'patent:create', 'patent:update'], dataScope: 'own' });
    await grantRole(t, tenant, [h.sid], {
      resources: ['patent'],
      fieldRules: [{ model: 'patent', field: 'filing_date', access: 'hidden' }],
    });
    editor = await signIn(t.app, e.account, e.password);
    nobody = await signIn(t.app, n.account, n.password);
    ownOnly = await signIn(t.app, o.account, o.password);
    hiddenDates = await signIn(t.app, h.account, h.password);
    stranger = await signIn(t.app, x.account, x.password);
  });
  afterAll(() => t.close());

  it('walks relations both ways and shared family IDs, across countries', async () => {
    // CN priority → WO (PCT) → US and EP national phases; a JP case only shares the family ID;
    // a DE case is unrelated.
    const cn = await createCase(editor, {
      application_number: '201310699744.2',
      filing_date: '2013-01-10',
      family_id: 'FAM-A',
    });
    const wo = await createCase(editor, {
      country: 'WO',
      application_number: 'PCT/CN2014/000123',
      filing_date: '2014-01-09',
    });
    const us = await createCase(editor, { country: 'US', application_number: '15/123,456', filing_date: '2014-01-09' });
    const ep = await createCase(editor, { country: 'EP', application_number: '15150367.9', filing_date: '2014-01-09' });
    const jp = await createCase(editor, { country: 'JP', filing_date: '2014-01-09', family_id: 'FAM-A' });
    const de = await createCase(editor, { country: 'DE' });
    await relate(editor, cn.sid, wo.sid, 'PCT');
    await relate(editor, wo.sid, us.sid, 'PCTA');
    await relate(editor, wo.sid, ep.sid, 'PCTA');

    for (const start of [cn.sid, ep.sid, jp.sid]) {
      const res = await family(start);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.root).toBe(start);
      expect(data.truncated).toBe(false);
      expect(data.nodes.map((n: { country: string }) => n.country)).toEqual(['CN', 'EP', 'JP', 'US', 'WO']);
      expect(data.nodes.map((n: { sid: string }) => n.sid)).not.toContain(de.sid);
      expect(data.edges).toHaveLength(3);
    }
    const data = (await family(us.sid)).json().data;
    expect(data.nodes.find((n: { sid: string }) => n.sid === ep.sid)).toMatchObject({
      sn: ep.sn,
      title: 'Case',
      country: 'EP',
      application_number: '15150367.9',
      patent_type: 'invention',
      filing_date: '2014-01-09',
      priority_date: null,
      publication_date: null,
      grant_date: null,
    });
    expect(data.edges).toContainEqual(expect.objectContaining({ parent_sid: wo.sid, child_sid: us.sid, type: 'PCTA' }));

    const alone = (await family(de.sid)).json().data;
    expect(alone.nodes.map((n: { sid: string }) => n.sid)).toEqual([de.sid]);
    expect(alone.edges).toEqual([]);
  });

  it('leaves out cases the caller may not see, and does not walk through them', async () => {
    // own → hidden (editor's) → beyond (own): the caller sees their two cases but not the link.
    const own = await createCase(ownOnly, { country: 'CN' });
    const hidden = await createCase(editor, { country: 'WO' });
    const beyond = await createCase(ownOnly, { country: 'US' });
    await relate(editor, own.sid, hidden.sid, 'PCT');
    await relate(editor, hidden.sid, beyond.sid, 'PCTA');
    const mine = (await family(own.sid, ownOnly)).json().data;
    expect(mine.nodes.map((n: { sid: string }) => n.sid)).toEqual([own.sid]);
    expect(mine.edges).toEqual([]);
    expect((await family(own.sid, editor)).json().data.nodes).toHaveLength(3);

    // Hidden fields answer null in the nodes.
    const withoutDates = (await family(own.sid, hiddenDates)).json().data;
    expect(withoutDates.nodes).toHaveLength(3);
    expect(withoutDates.nodes.every((n: { filing_date: unknown }) => n.filing_date === null)).toBe(true);
  });

  it('stops at the cap and says so', async () => {
    const root = await createCase(editor, { family_id: 'FAM-BIG' });
    for (let i = 0; i < 5; i++) await createCase(editor, { country: 'US', family_id: 'FAM-BIG' });
    expect((await family(root.sid)).json().data).toMatchObject({ truncated: false });
    expect((await family(root.sid)).json().data.nodes).toHaveLength(6);
    // The API's cap is 500; the walk takes it as a parameter, so three make the point here.
    const [row] = await t.database.db.query<{ tenant_sid: string; created_by: string }>(
      'SELECT tenant_sid, created_by FROM m_patent WHERE sid = $1',
      [root.sid],
    );
    const principal: Principal = {
      userSid: row!.created_by,
      tenantSid: row!.tenant_sid,
      sessionSid: 'test',
      side: 1,
      isTenantAdmin: true,
      companySid: undefined,
      passwordChangeRequired: false,
      access: administratorAccess(t.app.registry.resources),
    };
    const deps = {
      accounts: t.app.accounts,
      registry: t.app.registry,
      models: tenantModels(t.database.db, t.app.registry, () => new Date()),
    };
    const ctx = contextOf(principal, { language: 'en', requestId: 'test', now: t.app.accounts.now() });
    const capped = await familyTree(deps, ctx, { sid: root.sid, cap: 3 });
    expect(capped.truncated).toBe(true);
    expect(capped.nodes).toHaveLength(3);
    expect(capped.nodes.map((n) => n.sid)).toContain(root.sid);
  });

  it('refuses callers without the resource (403) and cases they may not see (404)', async () => {
    const kase = await createCase(editor);
    const theirs = await createCase(stranger);
    expect((await family(kase.sid, nobody)).statusCode).toBe(403);
    for (const res of [await family(kase.sid, stranger), await family(kase.sid, ownOnly), await family(theirs.sid)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(404202);
    }
  });
});
