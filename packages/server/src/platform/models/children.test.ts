// Child records declared once (ModelDeclaration.parent), on test-only models: a folder owns sheets (which own
// notes) and locks. The registry refuses parents that do not resolve; a folder's delete preview counts its
// sheets and their notes, the delete takes them through the record pipeline (one audit entry each naming the
// parent) or is refused while a lock exists (409203, in the caller's language); iql reaches across the link
// (`parent.title`, `HAS(test_sheet WHERE …)`) within the caller's view right and data scope; the schema names
// the parent and the children. PGlite and PostgreSQL.
import { defineModel, errors, field, MODEL_CATALOG, type ModelDeclaration } from '@ipdesk/core';
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

const text = (zh: string, en: string, required = false) => field('text', { label: { zh, en }, required });

const folder = defineModel({
  name: 'test_folder',
  label: { zh: '测试文件夹', en: 'Test folder' },
  titleField: 'title',
  fields: { title: text('名称', 'Title', true) },
});
const sheet = defineModel({
  name: 'test_sheet',
  label: { zh: '测试表单', en: 'Test sheet' },
  titleField: 'title',
  fields: {
    title: text('名称', 'Title', true),
    status: text('状态', 'Status'),
    folder: field('parent', { label: { zh: '文件夹', en: 'Folder' }, target: 'test_folder', required: true }),
  },
  parent: { model: 'test_folder', field: 'folder', onParentDelete: 'delete' },
});
const note = defineModel({
  name: 'test_note',
  label: { zh: '测试备注', en: 'Test note' },
  titleField: 'title',
  fields: {
    title: text('名称', 'Title', true),
    sheet: field('parent', { label: { zh: '表单', en: 'Sheet' }, target: 'test_sheet', required: true }),
  },
  parent: { model: 'test_sheet', field: 'sheet', onParentDelete: 'delete' },
});
const lock = defineModel({
  name: 'test_lock',
  label: { zh: '测试锁', en: 'Test lock' },
  titleField: 'title',
  fields: {
    title: text('名称', 'Title', true),
    folder: field('parent', { label: { zh: '文件夹', en: 'Folder' }, target: 'test_folder', required: true }),
  },
  parent: { model: 'test_folder', field: 'folder', onParentDelete: 'refuse' },
});
/** Under a sheet, refusing: a folder whose sheet has one cannot be deleted either. */
const pin = defineModel({
  name: 'test_pin',
  label: { zh: '测试图钉', en: 'Test pin' },
  titleField: 'title',
  fields: {
    title: text('名称', 'Title', true),
    sheet: field('parent', { label: { zh: '表单', en: 'Sheet' }, target: 'test_sheet', required: true }),
  },
  parent: { model: 'test_sheet', field: 'sheet', onParentDelete: 'refuse' },
});
const TEST_MODELS = [folder, sheet, note, lock, pin];

describe('the registry refuses parents and references that do not resolve', () => {
  const label = { zh: '测试', en: 'Test' };
  it('names the model and field of a parent or reference pointing at no declared model', () => {
    const stray = defineModel({
      name: 'test_stray',
      label,
      titleField: 'title',
      fields: {
        title: text('名称', 'Title'),
        owner: field('parent', { label, target: 'no_such_model', required: true }),
      },
      parent: { model: 'no_such_model', field: 'owner', onParentDelete: 'delete' },
    });
    expect(() => createModelRegistry([...MODEL_CATALOG, stray])).toThrow(
      'test_stray.owner: target no_such_model is not a declared model',
    );
  });

  it('refuses parents in a circle, and a parent link that is not required (a declaration not made by defineModel)', () => {
    const up = (target: string) => field('parent', { label, target, required: true });
    const a = defineModel({
      name: 'test_a',
      label,
      titleField: 'title',
      fields: { title: text('名称', 'Title'), up: up('test_b') },
      parent: { model: 'test_b', field: 'up', onParentDelete: 'delete' },
    });
    const b = defineModel({
      name: 'test_b',
      label,
      titleField: 'title',
      fields: { title: text('名称', 'Title'), up: up('test_a') },
      parent: { model: 'test_a', field: 'up', onParentDelete: 'delete' },
    });
    expect(() => createModelRegistry([...MODEL_CATALOG, a, b])).toThrow(
      'Parent declarations that do not resolve: test_a.up: parents go round in a circle through test_a',
    );
    const loose: ModelDeclaration = {
      ...sheet,
      name: 'test_loose',
      fields: { ...sheet.fields, folder: { ...sheet.fields.folder, required: false } },
    };
    expect(() => createModelRegistry([...MODEL_CATALOG, folder, loose])).toThrow(
      'test_loose: parent field folder is not required',
    );
  });

  it('derives each model’s children; the shipped catalogue resolves', () => {
    const registry = createModelRegistry([...MODEL_CATALOG, ...TEST_MODELS]);
    expect(registry.children('test_folder')).toEqual([
      { model: 'test_sheet', field: 'folder', onParentDelete: 'delete' },
      { model: 'test_lock', field: 'folder', onParentDelete: 'refuse' },
    ]);
    expect(registry.children('test_sheet')).toEqual([
      { model: 'test_note', field: 'sheet', onParentDelete: 'delete' },
      { model: 'test_pin', field: 'sheet', onParentDelete: 'refuse' },
    ]);
    expect(registry.children('test_note')).toEqual([]);
    expect(
      createModelRegistry()
        .children('patent')
        .map((c) => c.model),
    ).toEqual(['patent_item', 'patent_task', 'fee']);
  });
});

describe(`child records through the API (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let admin: SignedIn;
  /** Sees folders of their own only, every sheet. */
  let ownFolders: SignedIn;
  /** Sees every folder, sheets of their own only. */
  let ownSheets: SignedIn;
  /** May read sheets but not folders. */
  let noFolders: SignedIn;
  let n = 0;

  beforeAll(async () => {
    t = await createAccountsTestApp({}, createModelRegistry([...MODEL_CATALOG, ...TEST_MODELS]));
    tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    admin = await signIn(t.app, a.account, a.password);
    const u1 = await createUser(t, tenant);
    const u2 = await createUser(t, tenant);
    const u3 = await createUser(t, tenant);
    await grantRole(t, tenant, [u1.sid], { modelScopes: [{ model: 'test_folder', scope: 'own' }] });
    await grantRole(t, tenant, [u2.sid], { modelScopes: [{ model: 'test_sheet', scope: 'own' }] });
    await grantRole(t, tenant, [u3.sid], { resources: ['test_sheet', 'test_note'] });
    ownFolders = await signIn(t.app, u1.account, u1.password);
    ownSheets = await signIn(t.app, u2.account, u2.password);
    noFolders = await signIn(t.app, u3.account, u3.password);
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, who = admin, language = 'en') =>
    t.app.inject({ method, url: `/webapi/model/${url}`, headers: authed(who, { 'x-language': language }), payload });
  const create = async (model: string, data: Record<string, unknown>) => {
    const res = await call('POST', `${model}/do/create`, { data });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { sid: string; version: number };
  };
  const titles = async (model: string, iql: string, who = admin) => {
    const res = await call('POST', `${model}/do/search`, { iql: `${iql} ORDER BY title ASC` }, who);
    expect(res.statusCode, `${iql}: ${res.body}`).toBe(200);
    return (res.json().data.rows as Array<{ title: string }>).map((r) => r.title);
  };
  const count = async (sql: string, values: Parameters<typeof t.database.db.query>[1]) =>
    Number((await t.database.db.query<{ n: number }>(sql, values))[0]!.n);
  /** A folder with two sheets, the first with two notes. */
  const tree = async (prefix: string) => {
    const f = await create('test_folder', { title: `${prefix}-folder-${++n}` });
    const s1 = await create('test_sheet', { title: `${prefix}-sheet-a`, status: 'open', folder: f.sid });
    const s2 = await create('test_sheet', { title: `${prefix}-sheet-b`, status: 'done', folder: f.sid });
    await create('test_note', { title: `${prefix}-note-1`, sheet: s1.sid });
    await create('test_note', { title: `${prefix}-note-2`, sheet: s1.sid });
    return { folder: f, sheets: [s1, s2] };
  };

  it('counts the children and grandchildren, deletes them with the parent and audits each', async () => {
    const doomed = await tree('doomed');
    const kept = await tree('kept');
    const preview = await call('GET', `test_folder/do/delete-preview/${doomed.folder.sid}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.dependents).toEqual(
      expect.arrayContaining([
        { key: 'test_sheet', label: 'Test sheet', count: 2 },
        { key: 'test_note', label: 'Test note', count: 2 },
      ]),
    );
    // Locks refuse the delete rather than go with it: never listed as going.
    expect(preview.json().data.dependents.map((d: { key: string }) => d.key)).not.toContain('test_lock');
    const zh = await call('GET', `test_folder/do/delete-preview/${doomed.folder.sid}`, undefined, admin, 'zh-CN');
    expect(zh.json().data.dependents).toEqual(
      expect.arrayContaining([{ key: 'test_note', label: '测试备注', count: 2 }]),
    );

    const del = await call('POST', `test_folder/do/delete/${doomed.folder.sid}`, {});
    expect(del.statusCode, del.body).toBe(200);
    const sheetSids = doomed.sheets.map((s) => s.sid);
    expect(await count('SELECT count(*) AS n FROM m_test_folder WHERE sid = $1', [doomed.folder.sid])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM m_test_sheet WHERE folder = $1', [doomed.folder.sid])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM m_test_note WHERE sheet = ANY($1::text[])', [sheetSids])).toBe(0);
    // The other folder keeps everything.
    expect(await count('SELECT count(*) AS n FROM m_test_sheet WHERE folder = $1', [kept.folder.sid])).toBe(2);
    expect(await count('SELECT count(*) AS n FROM m_test_note WHERE sheet = $1', [kept.sheets[0]!.sid])).toBe(2);

    const entries = await t.database.db.query<{ action: string; target: string; detail: Record<string, unknown> }>(
      `SELECT action, target, detail FROM audit_log
        WHERE target = $1 OR detail->>'parent' = $1 OR detail->>'parent' = ANY($2::text[]) ORDER BY action, target`,
      [`test_folder:${doomed.folder.sid}`, sheetSids.map((sid) => `test_sheet:${sid}`)],
    );
    const deleted = entries.filter((e) => e.action.endsWith('.deleted'));
    expect(deleted.map((e) => e.action)).toEqual([
      'test_folder.deleted',
      'test_note.deleted',
      'test_note.deleted',
      'test_sheet.deleted',
      'test_sheet.deleted',
    ]);
    expect(deleted[0]!.detail.children).toEqual({ test_sheet: 2 });
    expect(deleted.filter((e) => e.action === 'test_sheet.deleted').map((e) => e.detail.parent)).toEqual([
      `test_folder:${doomed.folder.sid}`,
      `test_folder:${doomed.folder.sid}`,
    ]);
    expect(
      deleted.find((e) => e.action === 'test_sheet.deleted' && e.target === `test_sheet:${sheetSids[0]}`)!.detail,
    ).toMatchObject({ children: { test_note: 2 } });
  });

  it('refuses the delete while a child that must stay exists, naming it and the count, and changes nothing', async () => {
    const held = await tree('held');
    await create('test_lock', { title: 'lock-1', folder: held.folder.sid });
    await create('test_lock', { title: 'lock-2', folder: held.folder.sid });
    const preview = await call('GET', `test_folder/do/delete-preview/${held.folder.sid}`);
    const going = (preview.json().data.dependents as Array<{ key: string }>).map((d) => d.key);
    // The sheets and notes would go; the locks refuse the delete, so they are not listed as going.
    expect(going).toEqual(expect.arrayContaining(['test_sheet', 'test_note']));
    expect(going).not.toContain('test_lock');
    const en = await call('POST', `test_folder/do/delete/${held.folder.sid}`, {});
    expect(en.statusCode).toBe(409);
    expect(en.json()).toMatchObject({
      code: errors.childRecordsExist.code,
      message: 'This Test folder still has 2 record(s) of Test lock; delete or move them first',
    });
    const zh = await call('POST', `test_folder/do/delete/${held.folder.sid}`, {}, admin, 'zh-CN');
    expect(zh.json().message).toBe('该测试文件夹下还有 2 条测试锁，请先删除或移走');
    const free = await tree('free');
    const batch = await call('POST', 'test_folder/do/batch-delete', {
      records: [{ sid: free.folder.sid }, { sid: held.folder.sid }],
    });
    expect(batch.statusCode).toBe(409);
    expect(batch.json().code).toBe(errors.childRecordsExist.code);
    for (const f of [held.folder, free.folder]) {
      expect(await count('SELECT count(*) AS n FROM m_test_folder WHERE sid = $1', [f.sid])).toBe(1);
      expect(await count('SELECT count(*) AS n FROM m_test_sheet WHERE folder = $1', [f.sid])).toBe(2);
    }
    expect(
      await count("SELECT count(*) AS n FROM audit_log WHERE detail->>'parent' = $1", [
        `test_folder:${held.folder.sid}`,
      ]),
    ).toBe(0);
  });

  it('refuses the delete when a grandchild refuses, and rolls back the children already taken', async () => {
    const deep = await tree('deep');
    // Pinned: the sheet that goes last (sheets go in sid order), so the other one has gone when it refuses.
    const [first, last] = [...deep.sheets].sort((a, b) => (a.sid < b.sid ? -1 : 1));
    await create('test_pin', { title: 'pin', sheet: last!.sid });
    const res = await call('POST', `test_folder/do/delete/${deep.folder.sid}`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This Test sheet still has 1 record(s) of Test pin; delete or move them first');
    // The sheet that went before the pinned one refused is back, with its notes.
    expect(await count('SELECT count(*) AS n FROM m_test_sheet WHERE sid = $1', [first!.sid])).toBe(1);
    expect(await count('SELECT count(*) AS n FROM m_test_sheet WHERE folder = $1', [deep.folder.sid])).toBe(2);
    expect(await count('SELECT count(*) AS n FROM m_test_note WHERE sheet = $1', [deep.sheets[0]!.sid])).toBe(2);
    expect(
      await count("SELECT count(*) AS n FROM audit_log WHERE detail->>'parent' = $1", [
        `test_folder:${deep.folder.sid}`,
      ]),
    ).toBe(0);
  });

  it('batch-deletes parents with their children, counting only the records asked for', async () => {
    const [x, y] = [await tree('bx'), await tree('by')];
    const res = await call('POST', 'test_folder/do/batch-delete', {
      records: [{ sid: x.folder.sid, version: x.folder.version }, { sid: y.folder.sid }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ deleted: 2 });
    expect(
      await count('SELECT count(*) AS n FROM m_test_sheet WHERE folder = ANY($1::text[])', [
        [x.folder.sid, y.folder.sid],
      ]),
    ).toBe(0);
  });

  it('filters children by their parent’s fields and parents by their children, in iql', async () => {
    const q = await tree('q');
    const empty = await create('test_folder', { title: 'q-empty' });
    const qFolder = (await call('GET', `test_folder/${q.folder.sid}`)).json().data.title as string;
    expect(await titles('test_sheet', `parent.title = '${qFolder}'`)).toEqual(['q-sheet-a', 'q-sheet-b']);
    expect(await titles('test_note', `parent.title = 'q-sheet-a' AND parent.status = 'open'`)).toEqual([
      'q-note-1',
      'q-note-2',
    ]);
    expect(await titles('test_folder', `title STARTS WITH 'q-' AND HAS(test_sheet)`)).toEqual([qFolder]);
    expect(await titles('test_folder', `title STARTS WITH 'q-' AND NOT HAS(test_sheet)`)).toEqual(['q-empty']);
    expect(await titles('test_folder', `title STARTS WITH 'q-' AND HAS(test_sheet WHERE status = 'open')`)).toEqual([
      qFolder,
    ]);
    expect(await titles('test_folder', `title STARTS WITH 'q-' AND HAS(test_sheet WHERE status = 'gone')`)).toEqual([]);
    // Nested: folders with a sheet that has notes; a child's condition may itself reach its parent.
    expect(await titles('test_folder', `title STARTS WITH 'q-' AND HAS(test_sheet WHERE HAS(test_note))`)).toEqual([
      qFolder,
    ]);
    expect(
      await titles('test_folder', `title STARTS WITH 'q-' AND HAS(test_sheet WHERE parent.title = 'q-empty')`),
    ).toEqual([]);
    const counted = await call('POST', 'test_folder/do/count', { iql: `HAS(test_sheet WHERE status = 'done')` });
    expect(counted.statusCode, counted.body).toBe(200);
    expect(empty.sid).toBeTruthy();
  });

  it('keeps the related model’s data scope and view right across the link', async () => {
    await tree('scoped');
    const folderTitle = `scoped-folder-${n}`;
    // The admin's folder is out of this user's scope: its sheets are visible, filtering them by it finds none.
    expect(await titles('test_sheet', `title STARTS WITH 'scoped-'`, ownFolders)).toEqual([
      'scoped-sheet-a',
      'scoped-sheet-b',
    ]);
    expect(await titles('test_sheet', `parent.title = '${folderTitle}'`, ownFolders)).toEqual([]);
    expect(await titles('test_sheet', `parent.title IS NOT NULL AND title STARTS WITH 'scoped-'`, ownFolders)).toEqual(
      [],
    );
    // Sheets they did not create do not count for HAS.
    expect(await titles('test_folder', `title = '${folderTitle}'`, ownSheets)).toEqual([folderTitle]);
    expect(await titles('test_folder', `title = '${folderTitle}' AND HAS(test_sheet)`, ownSheets)).toEqual([]);
    // Without the view right on folders, their fields cannot be probed at all.
    const refused = await call('POST', 'test_sheet/do/search', { iql: `parent.title = 'x'` }, noFolders);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields[0].message).toBe(
      'Position 1: you may not read the records behind "parent.title", so they cannot be searched',
    );
  });

  it.each([
    ['test_folder', 'HAS(test_note)', 'Position 5: "test_note" is not a child model of this one that you may search'],
    ['test_folder', "title = 'x' AND HAS(patent)", 'Position 21: "patent" is not a child model'],
    ['test_sheet', 'HAS(test_folder)', 'Position 5: "test_folder" is not a child model'],
    ['test_sheet', 'parent.nope = 1', 'Position 1: there is no field "parent.nope"'],
    ['test_folder', 'parent.title = 1', 'Position 1: there is no field "parent.title"'],
    ['test_folder', "HAS(test_sheet WHERE nope = 'x')", 'Position 22: there is no field "nope"'],
    ['test_folder', 'HAS(test_sheet WHERE', 'position 21'],
  ])('refuses %s: %s with its position', async (model, iql, message) => {
    const res = await call('POST', `${model}/do/search`, { iql });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(500001);
    expect(res.json().fields[0].message).toContain(message);
  });

  it('reaches a case from its items and fees, and cases from their children (the shipped declarations)', async () => {
    const cn = await create('patent', {
      title: '子记录 CN',
      sn: `CHILD-CN-${++n}`,
      patent_type: 'invention',
      country: 'CN',
    });
    const us = await create('patent', {
      title: '子记录 US',
      sn: `CHILD-US-${n}`,
      patent_type: 'invention',
      country: 'US',
    });
    for (const patent of [cn, us])
      await create('patent_item', {
        patent: patent.sid,
        event: 'office_action',
        title: `OA ${patent.sid}`,
        event_date: '2026-06-01',
      });
    const items = await titles('patent_item', `parent.country = 'CN' AND parent.sn STARTS WITH 'CHILD-'`);
    expect(items).toEqual([`OA ${cn.sid}`]);
    const cases = await titles('patent', `sn STARTS WITH 'CHILD-' AND HAS(patent_item WHERE parent.country = 'US')`);
    expect(cases).toEqual(['子记录 US']);
    expect(await titles('patent', `sn STARTS WITH 'CHILD-' AND NOT HAS(patent_item)`)).toEqual([]);
  });

  it('names the parent and the children the caller may list in the schema', async () => {
    const schema = (await call('GET', 'test_folder/do/schema')).json().data;
    expect(schema.children).toEqual([
      { model: 'test_sheet', field: 'folder', label: 'Test sheet' },
      { model: 'test_lock', field: 'folder', label: 'Test lock' },
    ]);
    expect(schema.parent).toBeUndefined();
    const child = (await call('GET', 'test_sheet/do/schema', undefined, noFolders)).json().data;
    expect(child.parent).toEqual({ model: 'test_folder', field: 'folder' });
    // The pins are a child model this user may not view: no tab for them.
    expect(child.children).toEqual([{ model: 'test_note', field: 'sheet', label: 'Test note' }]);
    const patent = (await call('GET', 'patent/do/schema', undefined, admin, 'zh-CN')).json().data;
    expect(patent.children.map((c: { model: string }) => c.model)).toEqual(['patent_item', 'patent_task', 'fee']);
  });
});
