// Relations between cases through the API: the check (errors and warnings in the caller's language,
// nothing written), adding with confirmed warnings (409350 until every warning is confirmed), the same
// case (400351), duplicates either way (409351), the list both ways, deleting, audit, and who may call
// what (403 without the resource, 404 for cases of other tenants or out of scope). PGlite and PostgreSQL.
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
import { countPatentLinks, deletePatentLinks } from './relations.js';

describe(`patent relations (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenantSid: string;
  let editor: SignedIn;
  let viewer: SignedIn;
  let nobody: SignedIn;
  let ownOnly: SignedIn;
  let stranger: SignedIn;
  let strangerCase: string;

  const call = (method: 'GET' | 'POST', url: string, s: SignedIn, payload?: object, language = 'en') =>
    t.app.inject({
      method,
      url: `/webapi${url}`,
      headers: authed(s, { 'x-language': language }),
      ...(payload ? { payload } : {}),
    });
  const createCase = async (s: SignedIn, data: object = {}) => {
    const res = await call('POST', '/model/patent/do/create', s, {
      data: { title: 'Case', sn: `P-${newSid()}`, patent_type: 'invention', country: 'CN', ...data },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { sid: string; sn: string; version: number };
  };

  beforeAll(async () => {
    t = await createAccountsTestApp();
    const tenant = await createTenant(t);
    tenantSid = tenant.sid;
    const other = await createTenant(t);
    const [e, v, n, o] = [
      await createUser(t, tenant),
      await createUser(t, tenant),
      await createUser(t, tenant),
      await createUser(t, tenant),
    ];
    const x = await createUser(t, other, { isTenantAdmin: true });
    await grantRole(t, tenant, [e.sid], { resources: ['patent', 'patent:create', 'patent:update'] });
    await grantRole(t, tenant, [v.sid], { resources: ['patent'] });
    await grantRole(t, tenant, [n.sid], { resources: [] });
    await grantRole(t, tenant, [o.sid], { resources: ['patent', 'patent:create', 'patent:update'], dataScope: 'own' });
    editor = await signIn(t.app, e.account, e.password);
    viewer = await signIn(t.app, v.account, v.password);
    nobody = await signIn(t.app, n.account, n.password);
    ownOnly = await signIn(t.app, o.account, o.password);
    stranger = await signIn(t.app, x.account, x.password);
    strangerCase = (await createCase(stranger, { country: 'WO' })).sid;
  });
  afterAll(() => t.close());

  it('checks without writing: a PCT relation to a WO parent warns twice, in the caller’s language', async () => {
    const cn = await createCase(editor, { application_number: '201310699744.2' });
    const wo = await createCase(editor, { country: 'WO', application_number: 'PCT/CN2023/123456' });
    const body = { type: 'PCT', other_sid: wo.sid, direction: 'parent' };
    const res = await call('POST', `/patent/${cn.sid}/relations/check`, viewer, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      errors: [],
      warnings: [
        { code: 'pctParentWo', message: 'PCT international filing: the parent must not be a WO case' },
        {
          code: 'pctChildNotWo',
          message: 'PCT international filing: the child must be a WO case (the international application)',
        },
      ],
    });
    const zh = await call('POST', `/patent/${cn.sid}/relations/check`, viewer, body, 'zh-CN');
    expect(zh.json().data.warnings[0].message).toBe('PCT 国际申请：母案不应是 WO 案件');
    // The other way round it is a well-formed PCT filing.
    const fine = await call('POST', `/patent/${cn.sid}/relations/check`, viewer, { ...body, direction: 'child' });
    expect(fine.json().data).toEqual({ errors: [], warnings: [] });
    expect((await call('GET', `/patent/${cn.sid}/relations`, viewer)).json().data).toEqual([]);
  });

  it('refuses unconfirmed warnings (409350, listed), then stores the confirmed ones', async () => {
    const cn = await createCase(editor, { filing_date: '2023-06-01', family_id: 'FAM-1' });
    const wo = await createCase(editor, { country: 'WO', filing_date: '2023-01-01', family_id: 'FAM-2' });
    const body = { type: 'PCT', other_sid: wo.sid, direction: 'parent', acknowledged: [] as string[] };
    const refused = await call('POST', `/patent/${cn.sid}/relations`, editor, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(409350);
    expect(refused.json().message).toBe('This relation has 3 warning(s): confirm them to save it');
    expect(refused.json().fields.map((f: { field: string }) => f.field)).toEqual([
      'familyMismatch',
      'pctParentWo',
      'pctChildNotWo',
    ]);
    expect(refused.json().fields[0]).toEqual({
      field: 'familyMismatch',
      label: 'Warning',
      message: 'The two cases belong to different families',
    });
    const partly = await call('POST', `/patent/${cn.sid}/relations`, editor, {
      ...body,
      acknowledged: ['pctParentWo', 'pctChildNotWo'],
    });
    expect(partly.statusCode).toBe(409);
    expect(partly.json().message).toBe('This relation has 1 warning(s): confirm them to save it');

    const saved = await call('POST', `/patent/${cn.sid}/relations`, editor, {
      ...body,
      acknowledged: ['pctParentWo', 'pctChildNotWo', 'familyMismatch', 'parisWo'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const relation = saved.json().data;
    expect(relation).toMatchObject({ parent_sid: wo.sid, child_sid: cn.sid, type: 'PCT' });
    // Only the warnings that applied are stored (parisWo was sent but did not apply).
    expect(relation.warnings.map((w: { code: string }) => w.code)).toEqual([
      'familyMismatch',
      'pctParentWo',
      'pctChildNotWo',
    ]);

    // Listed from both cases, each seeing the other, with the confirmed warnings.
    const fromChild = (await call('GET', `/patent/${cn.sid}/relations`, viewer)).json().data;
    expect(fromChild).toHaveLength(1);
    expect(fromChild[0]).toMatchObject({
      sid: relation.sid,
      type: 'PCT',
      type_label: 'PCT international filing',
      role: 'parent',
      other: { sid: wo.sid, sn: wo.sn, title: 'Case', country: 'WO', filing_date: '2023-01-01' },
    });
    expect(fromChild[0].warnings).toHaveLength(3);
    const fromParent = (await call('GET', `/patent/${wo.sid}/relations`, viewer, undefined, 'zh-CN')).json().data;
    expect(fromParent[0]).toMatchObject({
      role: 'child',
      type_label: 'PCT 国际申请（要求优先权）',
      other: { sid: cn.sid },
    });
    expect(fromParent[0].warnings[1].message).toBe('PCT 国际申请：母案不应是 WO 案件');

    const audits = await t.database.db.query<{ target: string; detail: { changes: object } }>(
      `SELECT target, detail FROM audit_log WHERE action = 'patent_relation.created' AND detail->>'relation' = $1 ORDER BY target`,
      [relation.sid],
    );
    expect(audits.map((a) => a.target).sort()).toEqual([`patent:${cn.sid}`, `patent:${wo.sid}`].sort());
    // Each case's entry names the case that became related to it, and what that case is to it.
    const onChild = audits.find((a) => a.target === `patent:${cn.sid}`)!;
    expect(onChild.detail.changes).toEqual({
      related_case: { before: null, after: { case: wo.sid, type: relation.type, role: 'parent' } },
    });
  });

  it('adds a relation without warnings straight away, and refuses it again either way round (409351)', async () => {
    const first = await createCase(editor, { country: 'CN', filing_date: '2022-01-01' });
    const second = await createCase(editor, { country: 'US', filing_date: '2022-12-01' });
    const add = (from: string, other: string, direction: string) =>
      call('POST', `/patent/${from}/relations`, editor, {
        type: 'PARIS',
        other_sid: other,
        direction,
        acknowledged: [],
      });
    const saved = await add(second.sid, first.sid, 'parent');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.warnings).toEqual([]);
    for (const res of [await add(second.sid, first.sid, 'parent'), await add(first.sid, second.sid, 'parent')]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe(409351);
    }
    // Another type between the same cases is another relation.
    const family = await call('POST', `/patent/${first.sid}/relations`, editor, {
      type: 'FAMILY',
      other_sid: second.sid,
      direction: 'child',
      acknowledged: [],
    });
    expect(family.statusCode, family.body).toBe(200);
    expect((await call('GET', `/patent/${first.sid}/relations`, editor)).json().data).toHaveLength(2);
  });

  it('refuses a case related to itself (400351) and bad input (500001)', async () => {
    const kase = await createCase(editor);
    const check = await call('POST', `/patent/${kase.sid}/relations/check`, editor, {
      type: 'DIV',
      other_sid: kase.sid,
      direction: 'child',
    });
    expect(check.json().data).toEqual({
      errors: [{ code: 'sameCase', message: 'A case cannot be related to itself' }],
      warnings: [],
    });
    const res = await call('POST', `/patent/${kase.sid}/relations`, editor, {
      type: 'DIV',
      other_sid: kase.sid,
      direction: 'child',
      acknowledged: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400351);
    for (const body of [
      { type: 'SIBLING', other_sid: kase.sid, direction: 'child', acknowledged: [] },
      { type: 'DIV', other_sid: 'short', direction: 'child', acknowledged: [] },
      { type: 'DIV', other_sid: kase.sid, direction: 'sideways', acknowledged: [] },
      { type: 'DIV', other_sid: kase.sid, direction: 'child', acknowledged: ['madeUp'] },
      { type: 'DIV', other_sid: kase.sid, direction: 'child' },
    ]) {
      const bad = await call('POST', `/patent/${kase.sid}/relations`, editor, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().code).toBe(500001);
    }
  });

  it('deletes a relation (audited); a second delete answers 404350', async () => {
    const a = await createCase(editor, { country: 'US' });
    const b = await createCase(editor, { country: 'US' });
    const saved = await call('POST', `/patent/${a.sid}/relations`, editor, {
      type: 'CA',
      other_sid: b.sid,
      direction: 'child',
      acknowledged: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sid = saved.json().data.sid;
    expect((await call('POST', `/patent/relations/${sid}/delete`, viewer)).statusCode).toBe(403);
    expect((await call('POST', `/patent/relations/${sid}/delete`, stranger)).statusCode).toBe(404);
    const removed = await call('POST', `/patent/relations/${sid}/delete`, editor);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', `/patent/${a.sid}/relations`, editor)).json().data).toEqual([]);
    const again = await call('POST', `/patent/relations/${sid}/delete`, editor);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe(404350);
    const audits = await t.database.db.query<{ target: string; detail: { changes: object } }>(
      `SELECT target, detail FROM audit_log WHERE action = 'patent_relation.deleted' AND detail->>'relation' = $1`,
      [sid],
    );
    expect(audits).toHaveLength(2);
    // On the parent's history: its child case went.
    expect(audits.find((e) => e.target === `patent:${a.sid}`)!.detail.changes).toEqual({
      related_case: { before: { case: b.sid, type: 'CA', role: 'child' }, after: null },
    });
  });

  it('refuses callers without the resource (403) and cases they may not see (404)', async () => {
    const mine = await createCase(editor);
    const theirs = await createCase(editor, { country: 'US' });
    const own = await createCase(ownOnly, { country: 'JP' });
    const check = { type: 'FAMILY', other_sid: theirs.sid, direction: 'child' };
    const add = { ...check, acknowledged: [] };
    expect((await call('GET', `/patent/${mine.sid}/relations`, nobody)).statusCode).toBe(403);
    expect((await call('POST', `/patent/${mine.sid}/relations/check`, nobody, check)).statusCode).toBe(403);
    expect((await call('POST', `/patent/${mine.sid}/relations`, viewer, add)).statusCode).toBe(403);
    expect((await call('POST', `/patent/${mine.sid}/relations`, nobody, add)).statusCode).toBe(403);
    const notFound = [
      // Another tenant, for either case.
      await call('GET', `/patent/${mine.sid}/relations`, stranger),
      await call('POST', `/patent/${mine.sid}/relations/check`, stranger, check),
      await call('POST', `/patent/${strangerCase}/relations`, editor, add),
      await call('POST', `/patent/${mine.sid}/relations`, editor, { ...add, other_sid: strangerCase }),
      await call('POST', `/patent/${mine.sid}/relations/check`, editor, { ...check, other_sid: strangerCase }),
      // Out of the caller's data scope, for either case.
      await call('GET', `/patent/${mine.sid}/relations`, ownOnly),
      await call('POST', `/patent/${own.sid}/relations`, ownOnly, { ...add, other_sid: mine.sid }),
      await call('POST', `/patent/${own.sid}/relations/check`, ownOnly, { ...check, other_sid: mine.sid }),
    ];
    for (const res of notFound) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe(404202);
    }
    // A relation to a case the caller may not see is left out of their list, and they cannot delete it.
    const linked = await call('POST', `/patent/${mine.sid}/relations`, editor, { ...add, other_sid: own.sid });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await call('GET', `/patent/${own.sid}/relations`, ownOnly)).json().data).toEqual([]);
    expect((await call('GET', `/patent/${own.sid}/relations`, editor)).json().data).toHaveLength(1);
    const hidden = await call('POST', `/patent/relations/${linked.json().data.sid}/delete`, ownOnly);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe(404350);
  });

  it('checks application numbers against the case’s office on create and update (500005)', async () => {
    const create = (data: object) =>
      call('POST', '/model/patent/do/create', editor, {
        data: { title: 'Numbered', sn: `P-${newSid()}`, patent_type: 'invention', ...data },
      });
    const wrongDigit = await create({ country: 'CN', application_number: '201310699744.3' });
    expect(wrongDigit.statusCode).toBe(400);
    expect(wrongDigit.json().code).toBe(500005);
    expect(wrongDigit.json().fields[0].field).toBe('application_number');
    // 2013106997442 is a known-good number (patent-rules.md): its check digit is 2.
    expect(wrongDigit.json().message).toBe(
      'Application number: has a wrong check digit: the check digit for this number is 2',
    );
    const badFormat = await create({ country: 'US', application_number: 'PCT/CN2023/123456' });
    expect(badFormat.json().fields[0].message).toBe("does not match the office's application number format");
    const good = await create({ country: 'CN', application_number: '2013106997442' });
    expect(good.statusCode, good.body).toBe(200);
    // Changing the office re-checks the stored number against the new one.
    const moved = await call('POST', '/model/patent/do/update', editor, {
      sid: good.json().data.sid,
      version: good.json().data.version,
      data: { country: 'JP' },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().code).toBe(500005);
  });

  it('counts and deletes a case’s links for the case-deletion hook', async () => {
    const a = await createCase(editor, { country: 'CN' });
    const b = await createCase(editor, { country: 'US' });
    const c = await createCase(editor, { country: 'JP' });
    for (const [from, other] of [
      [a.sid, b.sid],
      [c.sid, a.sid],
    ])
      expect(
        (
          await call('POST', `/patent/${from}/relations`, editor, {
            type: 'FAMILY',
            other_sid: other,
            direction: 'child',
            acknowledged: [],
          })
        ).statusCode,
      ).toBe(200);
    await call('POST', `/patent/${a.sid}/inventors`, editor, {
      version: a.version,
      inventors: [
        { name: 'A', contribution: 50 },
        { name: 'B', contribution: 50 },
      ],
    });
    const db = t.database.db;
    expect(await countPatentLinks(db, tenantSid, a.sid)).toEqual([
      { key: 'inventors', label: { zh: '发明人', en: 'Inventors' }, count: 2 },
      { key: 'relations', label: { zh: '关联案件', en: 'Case relations' }, count: 2 },
    ]);
    await db.transaction((tx) => deletePatentLinks(tx, tenantSid, a.sid));
    expect((await countPatentLinks(db, tenantSid, a.sid)).map((d) => d.count)).toEqual([0, 0]);
    // Other tenants' counts never include ours.
    expect((await countPatentLinks(db, 'Z'.repeat(16), b.sid)).map((d) => d.count)).toEqual([0, 0]);
  });
});
