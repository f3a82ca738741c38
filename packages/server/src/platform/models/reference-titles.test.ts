// Linked records read as their titles in lists, a record, its history and exports — a patent as case
// number + title — looked up once per target model and page, never per row; and only as far as the
// viewer may see the target (view right, data scope, field rules, tenant): otherwise null ("—" in files).
// A reference without a declared target stops the server from starting. PGlite and PostgreSQL.
import { defineModel, field, MODEL_CATALOG } from '@ipdesk/core';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createTenant,
  createUser,
  grantRole,
  signIn,
  type SignedIn,
  type TestTenant,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import { createCountedTestApp, type QueryCounter } from '../../../test/query-counter.js';
import type { TestApp } from '../../../test/app.js';
import { createModelRegistry } from './registry.js';

type Titles = Record<string, Record<string, string | null>>;
type Row = Record<string, unknown> & { sid: string };

describe('reference targets', () => {
  const label = { zh: '测试', en: 'Test' };
  const title = field('text', { label });

  it('the catalog resolves every reference to a declared model or system table', () => {
    expect(() => createModelRegistry(MODEL_CATALOG)).not.toThrow();
  });

  it('refuses to start with a reference to an undeclared model or a parent field without a target', () => {
    const stray = defineModel({
      name: 'test_stray',
      label,
      titleField: 'title',
      fields: { title, owner: field('project', { label, target: 'no_such_model' }) },
    });
    expect(() => createModelRegistry([...MODEL_CATALOG, stray])).toThrow('test_stray.owner: target no_such_model');
    const orphan = defineModel({
      name: 'test_orphan',
      label,
      titleField: 'title',
      fields: { title, up: field('parent', { label }) },
    });
    expect(() => createModelRegistry([...MODEL_CATALOG, orphan])).toThrow('test_orphan.up: a parent field');
  });
});

describe(`linked records show their titles (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: TestApp & { counter: QueryCounter };
  let tenant: TestTenant;
  let admin: SignedIn;
  /** patent_task, fee, patent_item and agent, but not patent. */
  let noPatentRight: SignedIn;
  /** Patents only of their own (data scope), all deadlines. */
  let ownPatents: SignedIn;
  /** The patent title hidden by a field rule. */
  let titleHidden: SignedIn;
  const patents: Array<{ sid: string; title: string }> = [];
  let ownPatent: { sid: string; title: string };
  let agencySid: string;
  let foreignPatentSid: string;

  const call = async (s: SignedIn, method: 'GET' | 'POST', url: string, payload?: object, language = 'en') => {
    const res = await t.app.inject({
      method,
      url: `/webapi/${url}`,
      headers: authed(s, { 'x-language': language }),
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: unknown; titles: Titles };
  };
  const create = async (s: SignedIn, model: string, data: Record<string, unknown>) =>
    (await call(s, 'POST', `model/${model}/do/create`, { data })).data as Row;
  const search = async (s: SignedIn, model: string, iql: string, rows = 20) => {
    const answer = await call(s, 'POST', `model/${model}/do/search`, { iql, rows });
    return { rows: (answer.data as { rows: Row[] }).rows, titles: answer.titles };
  };

  beforeAll(async () => {
    t = await createCountedTestApp();
    tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    admin = await signIn(t.app, a.account, a.password);
    const others = ['patent_task', 'patent_task:export', 'fee', 'patent_item', 'agent', 'agency'];
    const u1 = await createUser(t, tenant);
    await grantRole(t, tenant, [u1.sid], { resources: others });
    noPatentRight = await signIn(t.app, u1.account, u1.password);
    const u2 = await createUser(t, tenant);
    await grantRole(t, tenant, [u2.sid], {
      resources: ['patent', 'patent:create', ...others],
      modelScopes: [{ model: 'patent', scope: 'own' }],
    });
    ownPatents = await signIn(t.app, u2.account, u2.password);
    const u3 = await createUser(t, tenant);
    await grantRole(t, tenant, [u3.sid], {
      resources: ['patent', ...others],
      fieldRules: [{ model: 'patent', field: 'title', access: 'hidden' }],
    });
    titleHidden = await signIn(t.app, u3.account, u3.password);

    for (let n = 1; n <= 20; n++) {
      const sn = `RT-${String(n).padStart(2, '0')}`;
      const patent = await create(admin, 'patent', {
        title: `锂电池 ${n}`,
        sn,
        patent_type: 'invention',
        country: 'CN',
      });
      patents.push({ sid: patent.sid, title: `${sn} 锂电池 ${n}` });
      await create(admin, 'patent_task', { patent: patent.sid, title: `RT 答复 ${n}`, due_date: '2027-01-15' });
      await create(admin, 'fee', { patent: patent.sid, title: `RT 年费 ${n}`, due_date: '2027-02-01' });
      await create(admin, 'patent_item', {
        patent: patent.sid,
        event: 'office_action',
        title: `RT 通知 ${n}`,
        event_date: '2026-06-01',
      });
    }
    const own = await create(ownPatents, 'patent', {
      title: '自己的案子',
      sn: 'RT-OWN',
      patent_type: 'invention',
      country: 'CN',
    });
    ownPatent = { sid: own.sid, title: 'RT-OWN 自己的案子' };
    await create(admin, 'patent_task', { patent: own.sid, title: 'RT 自己的期限', due_date: '2027-03-01' });
    agencySid = (await create(admin, 'agency', { name: '华知代理' })).sid;
    await create(admin, 'agent', { name: 'RT 王律师', agency: agencySid });

    // Another tenant's case, pointed at by a deadline of ours (only SQL can do that: writes refuse it).
    const other = await createTenant(t);
    const otherAdmin = await createUser(t, other, { isTenantAdmin: true });
    const otherSession = await signIn(t.app, otherAdmin.account, otherAdmin.password);
    foreignPatentSid = (
      await create(otherSession, 'patent', { title: '别家的案子', sn: 'RT-X', patent_type: 'invention', country: 'CN' })
    ).sid;
    const stray = await create(admin, 'patent_task', {
      patent: patents[0]!.sid,
      title: 'RT 串户',
      due_date: '2027-04-01',
    });
    await t.database.db.query('UPDATE m_patent_task SET patent = $1 WHERE sid = $2', [foreignPatentSid, stray.sid]);
  });
  afterAll(() => t?.close());

  const titleOf = (rows: Row[], titles: Titles, rowTitle: string, target = 'patent', field = 'patent') => {
    const row = rows.find((r) => r.title === rowTitle || r.name === rowTitle);
    expect(row, rowTitle).toBeDefined();
    return titles[target]?.[String(row![field])];
  };

  it('shows case number + title for the patent of deadlines, fees and office actions', async () => {
    for (const [model, prefix] of [
      ['patent_task', 'RT 答复'],
      ['fee', 'RT 年费'],
      ['patent_item', 'RT 通知'],
    ] as const) {
      const { rows, titles } = await search(admin, model, `title STARTS WITH '${prefix}'`);
      expect(rows).toHaveLength(20);
      for (let n = 1; n <= 20; n++) expect(titleOf(rows, titles, `${prefix} ${n}`)).toBe(patents[n - 1]!.title);
    }
  });

  it("shows an agent's agency by its name, and the accounts of system columns by name", async () => {
    const { rows, titles } = await search(admin, 'agent', "name = 'RT 王律师'");
    expect(titleOf(rows, titles, 'RT 王律师', 'agency', 'agency')).toBe('华知代理');
    expect(titles.user_info?.[String(rows[0]!.created_by)]).toBe('张三');
    expect(titles.company?.[String(rows[0]!.company_sid)]).toBe('测试院');
  });

  it('answers titles with one record and across its history', async () => {
    const { rows } = await search(admin, 'patent_task', "title = 'RT 答复 1'");
    const task = rows[0]!;
    const read = await call(admin, 'GET', `model/patent_task/${task.sid}`);
    expect(read.titles.patent).toEqual({ [patents[0]!.sid]: patents[0]!.title });
    // A write answers with the titles too (the web shows the saved record from it).
    const updated = await call(admin, 'POST', 'model/patent_task/do/update', {
      sid: task.sid,
      version: task.version,
      data: { patent: patents[1]!.sid },
    });
    expect(updated.titles.patent).toEqual({ [patents[1]!.sid]: patents[1]!.title });
    const history = await call(admin, 'GET', `model/patent_task/do/history/${task.sid}`);
    const changes = (history.data as Array<{ changes: Record<string, { before: unknown; after: unknown }> }>).map(
      (entry) => entry.changes.patent,
    );
    expect(changes.at(-1)).toEqual({ before: patents[0]!.sid, after: patents[1]!.sid });
    expect(history.titles.patent).toEqual({
      [patents[0]!.sid]: patents[0]!.title,
      [patents[1]!.sid]: patents[1]!.title,
    });
    // The viewer without the patent right sees neither in the history.
    const blind = await call(noPatentRight, 'GET', `model/patent_task/do/history/${task.sid}`);
    expect(blind.titles.patent).toEqual({ [patents[0]!.sid]: null, [patents[1]!.sid]: null });
    await call(admin, 'POST', 'model/patent_task/do/update', {
      sid: task.sid,
      version: Number(task.version) + 1,
      data: { patent: patents[0]!.sid },
    });
  });

  it('answers null, never the title, for a target the viewer may not see', async () => {
    // No view right on patents at all.
    const blind = await search(noPatentRight, 'patent_task', "title STARTS WITH 'RT 答复'");
    expect(blind.rows).toHaveLength(20);
    expect(Object.values(blind.titles.patent!)).toEqual(Array(20).fill(null));
    const read = await call(
      noPatentRight,
      'GET',
      `model/fee/${(await search(admin, 'fee', "title = 'RT 年费 3'")).rows[0]!.sid}`,
    );
    expect(read.titles.patent).toEqual({ [patents[2]!.sid]: null });

    // Data scope "own" on patents: their own case reads, the others' do not.
    const scoped = await search(ownPatents, 'patent_task', "title STARTS WITH 'RT '", 50);
    expect(titleOf(scoped.rows, scoped.titles, 'RT 自己的期限')).toBe(ownPatent.title);
    expect(titleOf(scoped.rows, scoped.titles, 'RT 答复 5')).toBeNull();

    // The title field hidden from them by a field rule.
    const hidden = await search(titleHidden, 'patent_task', "title = 'RT 答复 7'");
    expect(titleOf(hidden.rows, hidden.titles, 'RT 答复 7')).toBeNull();

    // Another tenant's case, even for the tenant administrator.
    const stray = await search(admin, 'patent_task', "title = 'RT 串户'");
    expect(stray.titles.patent).toEqual({ [foreignPatentSid]: null });
    expect(JSON.stringify(stray)).not.toContain('别家的案子');
  });

  it('looks titles up once per target model and page: 20 rows cost what 1 row costs', async () => {
    const statementsFor = (rows: number) =>
      t.counter.within(async () => {
        const page = await search(admin, 'patent_task', "title STARTS WITH 'RT 答复' ORDER BY title ASC", rows);
        expect(page.rows).toHaveLength(rows);
        expect(Object.values(page.titles.patent!).filter(Boolean)).toHaveLength(rows);
      });
    await statementsFor(1); // warm the caches (access, tenant models) both runs then share
    const one = await statementsFor(1);
    const twenty = await statementsFor(20);
    expect(twenty).toEqual(one);
    // The page, its count, one query per target — patents, and the accounts and company of its system
    // columns (the session and access are cached) — and the open processes of the page's records (a deadline
    // has a lifecycle: none of its actions is offered while a process runs on it).
    expect(twenty.filter((sql) => /FROM m_patent t\s/.test(sql))).toHaveLength(1);
    expect(twenty.filter((sql) => /FROM workflow_instance/.test(sql))).toHaveLength(1);
    expect(twenty.length).toBeLessThanOrEqual(6);

    // Asked for some fields only (as the web's list does), only their targets are read.
    let listed: Awaited<ReturnType<typeof call>> | undefined;
    const listing = await t.counter.within(async () => {
      listed = await call(admin, 'POST', 'model/patent_task/do/search', {
        iql: "title STARTS WITH 'RT 答复'",
        rows: 20,
        fl: ['title', 'patent'],
      });
    });
    expect(Object.keys(listed!.titles)).toEqual(['patent']);
    expect(listing.length).toBeLessThanOrEqual(3);
  });

  it('exports the linked titles, and "—" for those the exporting user may not see', async () => {
    const exported = async (s: SignedIn) => {
      const link = await call(
        s,
        'POST',
        'model/patent_task/do/export',
        { iql: "title STARTS WITH 'RT 答复'" },
        'zh-CN',
      );
      const file = await t.app.inject({ method: 'GET', url: (link.data as { url: string }).url });
      expect(file.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const head = sheet.getRow(1).values as unknown[];
      const byTitle = new Map<string, unknown>();
      sheet.eachRow((row, n) => {
        if (n > 1)
          byTitle.set(String(row.getCell(head.indexOf('期限名称')).value), row.getCell(head.indexOf('专利')).value);
      });
      return byTitle;
    };
    const full = await exported(admin);
    expect(full.size).toBe(20);
    expect(full.get('RT 答复 4')).toBe(patents[3]!.title);
    const blind = await exported(noPatentRight);
    expect(blind.get('RT 答复 4')).toBe('—');
    expect([...blind.values()].some((value) => String(value).includes('锂电池'))).toBe(false);
  });
});
