// The batch delete of the generic model API: all or none in one transaction, each record audited and its
// hooks run as a single delete runs them; a record out of scope, gone or changed since read refuses the
// whole batch naming it; a hook failing half-way leaves everything; bad input answers validation errors.
// Runs on PGlite and PostgreSQL.
import { AppError, defineModel, field, MODEL_CATALOG, newSid } from '@ipdesk/core';
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
import { createModelRegistry } from './registry.js';

const widget = defineModel({
  name: 'test_widget',
  label: { zh: '测试部件', en: 'Test widget' },
  titleField: 'title',
  fields: { title: field('text', { label: { zh: '名称', en: 'Title' }, required: true, maxLength: 40 }) },
});

/** A title the test's hook refuses to see deleted (a dependent that cannot go). */
const STUCK = 'stuck';

describe(`batch delete (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let admin: SignedIn;
  const removedAfterCommit: string[] = [];
  beforeAll(async () => {
    const registry = createModelRegistry([...MODEL_CATALOG, widget]);
    registry.hooks.add(widget, {
      async beforeDelete(_tx, { record }) {
        if (record.title === STUCK) throw new AppError('conflict');
      },
      async afterDelete({ record }) {
        removedAfterCommit.push(record.sid);
      },
    });
    t = await createAccountsTestApp({}, registry);
    tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    admin = await signIn(t.app, a.account, a.password);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, who: SignedIn = admin) =>
    t.app.inject({ method: 'POST', url: `/webapi/model/test_widget/${url}`, headers: authed(who), payload });
  const make = async (title: string, who: SignedIn = admin) => {
    const res = await post('do/create', { data: { title } }, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { sid: string; version: number };
  };
  const exists = async (sid: string) =>
    (await t.database.db.query('SELECT 1 FROM m_test_widget WHERE sid = $1', [sid])).length === 1;
  const batch = (records: object[], who?: SignedIn) => post('do/batch-delete', { records }, who);

  it('deletes every listed record in one call, audits each and runs the after-commit hook', async () => {
    const rows = [await make('a'), await make('b'), await make('c')];
    const res = await batch(rows.map((r) => ({ sid: r.sid, version: r.version })));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ deleted: 3 });
    for (const r of rows) expect(await exists(r.sid)).toBe(false);
    const audits = await t.database.db.query<{ target: string }>(
      "SELECT target FROM audit_log WHERE action = 'test_widget.deleted' AND target = ANY($1::text[])",
      [rows.map((r) => `test_widget:${r.sid}`)],
    );
    expect(audits).toHaveLength(3);
    expect(removedAfterCommit).toEqual(expect.arrayContaining(rows.map((r) => r.sid)));
  });

  it('deletes none when one is out of scope, naming it (404202)', async () => {
    const mine = await make('mine');
    const other = await createTenant(t);
    const stranger = await createUser(t, other, { isTenantAdmin: true });
    const theirs = await make('theirs', await signIn(t.app, stranger.account, stranger.password));
    const res = await batch([{ sid: mine.sid }, { sid: theirs.sid }, { sid: newSid() }]);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404202);
    expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual(['records.1.sid', 'records.2.sid']);
    expect(await exists(mine.sid)).toBe(true);
    expect(await exists(theirs.sid)).toBe(true);
  });

  it("deletes none of another role's records beyond its data scope", async () => {
    const user = await createUser(t, tenant);
    await grantRole(t, tenant, [user.sid], { resources: ['test_widget', 'test_widget:delete'], dataScope: 'own' });
    const limited = await signIn(t.app, user.account, user.password);
    const adminsOwn = await make('admin');
    const res = await batch([{ sid: adminsOwn.sid }], limited);
    expect(res.json().code).toBe(404202);
    expect(await exists(adminsOwn.sid)).toBe(true);
  });

  it('deletes none when one changed since it was read (409000)', async () => {
    const a = await make('a');
    const b = await make('b');
    expect((await post('do/update', { sid: b.sid, version: 1, data: { title: 'b2' } })).statusCode).toBe(200);
    const res = await batch([
      { sid: a.sid, version: 1 },
      { sid: b.sid, version: 1 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(409000);
    expect(res.json().fields.map((f: { field: string }) => f.field)).toEqual(['records.1.sid']);
    expect(await exists(a.sid)).toBe(true);
  });

  it('rolls every delete back when a hook refuses one half-way', async () => {
    const rows = [await make('first'), await make(STUCK), await make('last')];
    const before = removedAfterCommit.length;
    const res = await batch(rows.map((r) => ({ sid: r.sid })));
    expect(res.json().code).toBe(409000);
    for (const r of rows) expect(await exists(r.sid)).toBe(true);
    expect(removedAfterCommit).toHaveLength(before);
    const audits = await t.database.db.query(
      "SELECT 1 FROM audit_log WHERE action = 'test_widget.deleted' AND target = ANY($1::text[])",
      [rows.map((r) => `test_widget:${r.sid}`)],
    );
    expect(audits).toEqual([]);
  });

  it('refuses an empty list, more than 1,000, duplicates and bad ids (400, in the language asked)', async () => {
    const a = await make('a');
    const cases: Array<[object[], string]> = [
      [[], 'records'],
      [Array.from({ length: 1001 }, () => ({ sid: newSid() })), 'records'],
      [[{ sid: a.sid }, { sid: a.sid }], 'records'],
      [[{ sid: 'not an id' }], 'records.0.sid'],
      [[{ sid: a.sid, version: 0 }], 'records.0.version'],
    ];
    for (const [records, path] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/webapi/model/test_widget/do/batch-delete',
        headers: authed(admin, { 'x-language': 'en' }),
        payload: { records },
      });
      expect(res.statusCode, JSON.stringify(records).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe(500001);
      expect(res.json().fields[0].field).toBe(path);
    }
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/test_widget/do/batch-delete',
      headers: authed(admin, { 'x-language': 'zh-CN' }),
      payload: { records: [{ sid: a.sid }, { sid: a.sid }] },
    });
    expect(duplicate.json().fields[0].message).toBe('同一条记录出现了不止一次');
    expect(await exists(a.sid)).toBe(true);
  });

  it('refuses a role without the delete right (403301)', async () => {
    const user = await createUser(t, tenant);
    await grantRole(t, tenant, [user.sid], { resources: ['test_widget'] });
    const viewer = await signIn(t.app, user.account, user.password);
    const a = await make('a');
    const res = await batch([{ sid: a.sid }], viewer);
    expect(res.json().code).toBe(403301);
    expect(await exists(a.sid)).toBe(true);
  });
});
