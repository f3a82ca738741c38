// Dates any model dockets (docs/models.md "Dates a model dockets"), on a test-only domain (test/domains/
// certificates): creating a certificate computes its rule deadlines with their bases, explained in zh-CN and
// en (a CN holiday roll-forward lists the skipped days); an update of another field writes nothing; a new
// expiry moves open deadlines and keeps done and hand-made ones; a kind the `when` rule no longer matches
// cancels its deadline (and reopens it when it matches again); a refused update writes nothing; a delete
// takes the deadlines and their bases along; the deadlines list, calendar feed and explanation span the
// patent and certificate stores for an administrator, and a user without view right on the certificate
// store sees only the patents'; a rules change is recomputed at start. PGlite and PostgreSQL.
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
import { DEADLINES_RESOURCE } from '@ipdesk/core';
import { onPostgres } from '../../../test/database.js';
import { certificatesServer } from '../../../test/domains/certificates/server.js';
import { DOMAINS } from '../../domains/index.js';
import { deadlinePages } from '../../db/migrations/0035-deadline-pages.js';
import { recomputeChangedDockets } from './recompute.js';

interface Deadline {
  sid: string;
  version: number;
  title: string;
  due_date: string;
  opens_on: string | null;
  status: string;
  origin: string;
  rule_code: string | null;
  base_date: string | null;
  unadjusted_date: string | null;
  rules_fingerprint: string | null;
}

describe(`dated rules any model dockets (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let admin: SignedIn;
  /** May view patents and their deadlines, not the certificates' store. */
  let patentsOnly: SignedIn;
  let n = 0;

  beforeAll(async () => {
    t = await createAccountsTestApp({}, undefined, [...DOMAINS, certificatesServer]);
    tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    const p = await createUser(t, tenant);
    await grantRole(t, tenant, [p.sid], { resources: ['patent', 'patent_task', 'test_certificate'] });
    admin = await signIn(t.app, a.account, a.password);
    patentsOnly = await signIn(t.app, p.account, p.password);
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const call = (method: 'GET' | 'POST', url: string, payload?: object, who = admin, language = 'en') =>
    t.app.inject({ method, url: `/webapi/${url}`, headers: authed(who, { 'x-language': language }), payload });
  const create = async (model: string, data: Record<string, unknown>) => {
    const res = await call('POST', `model/${model}/do/create`, { data });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { sid: string; version: number };
  };
  const update = async (model: string, sid: string, data: Record<string, unknown>) => {
    const { version } = (await call('GET', `model/${model}/${sid}`)).json().data as { version: number };
    return call('POST', `model/${model}/do/update`, { sid, version, data });
  };
  const certificate = (data: Record<string, unknown> = {}) =>
    create('test_certificate', {
      title: `证书 ${++n}`,
      expiry_date: '2026-10-01',
      country: 'CN',
      kind: 'mark',
      ...data,
    });
  /** Every deadline of a certificate, straight from its store. */
  const stored = async (sid: string) =>
    db().query<Deadline>(
      `SELECT sid, version, title, due_date, opens_on, status, origin, rule_code, base_date, unadjusted_date, rules_fingerprint
         FROM m_test_certificate_deadline WHERE test_certificate = $1 ORDER BY rule_code NULLS LAST, sid`,
      [sid],
    );
  const byRule = async (sid: string) => new Map((await stored(sid)).map((d) => [d.rule_code ?? d.title, d]));
  const explained = async (store: string, sid: string, language = 'en', who = admin) => {
    const res = await call('GET', `deadlines/${store}/${sid}`, undefined, who, language);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, unknown> & { explanation: string; skipped: Array<{ name: string }> };
  };

  it('computes a new record’s deadlines with their bases and explains them in both languages', async () => {
    const cert = await certificate({ title: 'CERT-A' });
    const list = await byRule(cert.sid);
    expect([...list.keys()]).toEqual(['CERT-GRACE', 'CERT-RENEW', 'CERT-RENEW-WINDOW']);
    expect(list.get('CERT-RENEW-WINDOW')).toMatchObject({
      due_date: '2025-10-01',
      base_date: '2026-10-01',
      status: 'open',
      origin: 'rule',
    });
    // 1–7 October 2026 are the National Day holidays: renewal by expiry rolls to Thursday 8 October.
    const renew = list.get('CERT-RENEW')!;
    expect(renew).toMatchObject({ due_date: '2026-10-08', unadjusted_date: '2026-10-01', opens_on: '2025-10-01' });
    expect(renew.rules_fingerprint).toMatch(/^[0-9a-f]{8}$/);
    // 2026-10-01 + 6 months = 2027-04-01, a Thursday.
    expect(list.get('CERT-GRACE')).toMatchObject({ due_date: '2027-04-01', status: 'open' });

    const en = await explained('test_certificate_deadline', renew.sid);
    expect(en).toMatchObject({
      model: 'test_certificate_deadline',
      model_label: 'Test certificate deadlines',
      record: { model: 'test_certificate', sid: cert.sid, title: 'CERT-A' },
      title: 'Renew by expiry',
      citation: 'Test rule 2',
    });
    expect(en.explanation).toBe(
      'Expiry date 2026-10-01 + 0 days = 2026-10-01 (Thursday, National Day) → 2026-10-08 (Thursday, first working day); rule CERT-RENEW (Test rule 2)',
    );
    expect(en.skipped).toHaveLength(7);
    expect(en.skipped[0]).toEqual({ date: '2026-10-01', reason: 'holiday', name: 'National Day' });
    const zh = await explained('test_certificate_deadline', renew.sid, 'zh-CN');
    expect(zh.title).toBe('续期截止');
    expect(zh.explanation).toBe(
      '届满日 2026-10-01 + 0日 = 2026-10-01（星期四，国庆节）→ 2026-10-08（星期四，顺延至首个工作日）；规则 CERT-RENEW（测试规则第2条）',
    );
    const window = await explained('test_certificate_deadline', list.get('CERT-RENEW-WINDOW')!.sid);
    expect(window.explanation).toContain('Expiry date 2026-10-01 + −12 months = 2025-10-01');

    // Hook writes: one entry per deadline, by the request's user and with its request id.
    const entries = await db().query<{
      action: string;
      actor_sid: string;
      request_id: string;
      detail: { by_hook?: string };
    }>(
      `SELECT action, actor_sid, request_id, detail FROM audit_log
        WHERE tenant_sid = $1 AND (target = $2 OR target = ANY($3::text[])) ORDER BY id`,
      [tenant.sid, `test_certificate:${cert.sid}`, [...list.values()].map((d) => `test_certificate_deadline:${d.sid}`)],
    );
    expect(entries.map((e) => e.action).sort()).toEqual([
      'test_certificate.created',
      'test_certificate_deadline.created',
      'test_certificate_deadline.created',
      'test_certificate_deadline.created',
    ]);
    expect(new Set(entries.map((e) => e.request_id)).size).toBe(1);
    expect(entries.filter((e) => e.detail.by_hook === 'docket')).toHaveLength(3);
  });

  it('writes nothing when a field the rules do not read changes', async () => {
    const cert = await certificate();
    const before = await stored(cert.sid);
    const auditBefore = await db().query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_log WHERE tenant_sid = $1',
      [tenant.sid],
    );
    const res = await update('test_certificate', cert.sid, { remark: 'only a remark', title: 'renamed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(cert.sid)).toEqual(before);
    const auditAfter = await db().query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_log WHERE tenant_sid = $1',
      [tenant.sid],
    );
    // Only the certificate's own entry.
    expect(auditAfter[0]!.n).toBe(auditBefore[0]!.n + 1);
  });

  it('moves open deadlines with a new expiry, keeping a done one and a hand-made one', async () => {
    const cert = await certificate();
    const window = (await byRule(cert.sid)).get('CERT-RENEW-WINDOW')!;
    const done = await call('POST', 'model/test_certificate_deadline/do/action/complete', {
      sids: [window.sid],
      values: { completed_on: '2025-10-09' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const byHand = await create('test_certificate_deadline', {
      test_certificate: cert.sid,
      title: 'Ask the owner',
      due_date: '2026-08-01',
    });
    const res = await update('test_certificate', cert.sid, { expiry_date: '2027-03-01' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await byRule(cert.sid);
    // 1 March 2027 is a Monday: not rolled.
    expect(after.get('CERT-RENEW')).toMatchObject({ due_date: '2027-03-01', opens_on: '2026-03-01', status: 'open' });
    expect(after.get('CERT-GRACE')).toMatchObject({ due_date: '2027-09-01', status: 'open' });
    // Done: history, at the date it had.
    expect(after.get('CERT-RENEW-WINDOW')).toMatchObject({ sid: window.sid, due_date: '2025-10-01', status: 'done' });
    expect(after.get('Ask the owner')).toMatchObject({ sid: byHand.sid, due_date: '2026-08-01', origin: 'manual' });
    const en = await explained('test_certificate_deadline', after.get('CERT-RENEW')!.sid);
    // The built-in CN calendar ends with 2026: the explanation says only weekends were considered.
    expect(en.explanation).toBe(
      'Expiry date 2027-03-01 + 0 days = 2027-03-01 (Monday); note: the CN calendar does not cover 2027, only weekends were considered; rule CERT-RENEW (Test rule 2)',
    );
  });

  it('cancels the deadline of a `when` rule that no longer applies, and reopens it when it applies again', async () => {
    const cert = await certificate();
    const grace = (await byRule(cert.sid)).get('CERT-GRACE')!;
    expect((await update('test_certificate', cert.sid, { kind: 'patent' })).statusCode).toBe(200);
    const cancelled = (await byRule(cert.sid)).get('CERT-GRACE')!;
    expect(cancelled).toMatchObject({ sid: grace.sid, status: 'cancelled', due_date: grace.due_date });
    expect(cancelled.version).toBe(grace.version + 1);
    expect((await byRule(cert.sid)).get('CERT-RENEW')?.status).toBe('open');
    expect((await update('test_certificate', cert.sid, { kind: 'mark', expiry_date: '2026-12-31' })).statusCode).toBe(
      200,
    );
    expect((await byRule(cert.sid)).get('CERT-GRACE')).toMatchObject({
      sid: grace.sid,
      status: 'open',
      due_date: '2027-06-30',
    });
  });

  it('recomputes on a lifecycle action that changes a `when` field, audited as the action’s hook writes', async () => {
    const cert = await certificate();
    const renew = (await byRule(cert.sid)).get('CERT-RENEW')!;
    const res = await call('POST', 'model/test_certificate/do/action/lapse', { sids: [cert.sid] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.results[0]).toMatchObject({ sid: cert.sid, status: 'expired' });
    const after = await byRule(cert.sid);
    expect(after.get('CERT-RENEW')).toMatchObject({ sid: renew.sid, status: 'cancelled', version: renew.version + 1 });
    // The rules that do not read the status stay as they were.
    expect(after.get('CERT-RENEW-WINDOW')?.status).toBe('open');
    const entries = await db().query<{ action: string; request_id: string }>(
      `SELECT action, request_id FROM audit_log WHERE tenant_sid = $1 AND target = ANY($2::text[]) AND action <> 'test_certificate.created'
        AND action <> 'test_certificate_deadline.created' ORDER BY id`,
      [tenant.sid, [`test_certificate:${cert.sid}`, `test_certificate_deadline:${renew.sid}`]],
    );
    expect(entries.map((e) => e.action)).toEqual([
      'test_certificate_deadline.updated',
      'test_certificate.status_changed',
    ]);
    expect(entries[0]!.request_id).toBe(entries[1]!.request_id);
  });

  it('refuses a bad date with its code in the caller’s language, writing no deadline', async () => {
    const cert = await certificate();
    const before = await stored(cert.sid);
    const { version } = (await call('GET', `model/test_certificate/${cert.sid}`)).json().data as { version: number };
    for (const language of ['en', 'zh-CN']) {
      const res = await call(
        'POST',
        'model/test_certificate/do/update',
        { sid: cert.sid, version, data: { expiry_date: '2026-02-30' } },
        admin,
        language,
      );
      expect(res.statusCode).toBe(400);
      const body = res.json() as { code: number; fields: Array<{ field: string; message: string }> };
      expect(body.code).toBeGreaterThan(0);
      expect(body.fields[0]).toMatchObject({ field: 'expiry_date' });
      expect(body.fields[0]!.message).toMatch(language === 'en' ? /valid/ : /有效/);
    }
    expect(await stored(cert.sid)).toEqual(before);
  });

  it('deletes the deadlines and their bases with the record', async () => {
    const cert = await certificate();
    const sids = (await stored(cert.sid)).map((d) => d.sid);
    expect(sids.length).toBe(3);
    const res = await call('POST', `model/test_certificate/do/delete/${cert.sid}`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(cert.sid)).toEqual([]);
    const bases = await db().query<{ n: number }>(
      'SELECT count(*)::int AS n FROM docket_basis WHERE deadline_sid = ANY($1::text[])',
      [sids],
    );
    expect(bases[0]!.n).toBe(0);
  });

  it('lists, feeds and explains the deadlines of every store the caller may view', async () => {
    const cert = await certificate({ title: 'CERT-CAL', expiry_date: '2030-05-06' });
    const patent = await create('patent', {
      title: '电池 日历',
      sn: 'CN-CAL-1',
      patent_type: 'invention',
      country: 'CN',
      filing_date: '2028-03-14',
    });
    const iql = "status = 'open' AND due_date BETWEEN '2029-01-01' AND '2031-12-31' ORDER BY due_date ASC";
    const list = async (who: SignedIn, language = 'en') => {
      const res = await call('GET', `deadlines?iql=${encodeURIComponent(iql)}`, undefined, who, language);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        rows: Array<{
          sid: string;
          model: string;
          title: string;
          due_date: string;
          record: { model: string; sid: string; title: string | null };
        }>;
        truncated: boolean;
      };
    };
    const all = await list(admin);
    expect(all.truncated).toBe(false);
    const certRows = all.rows.filter((r) => r.record.sid === cert.sid);
    const patentRows = all.rows.filter((r) => r.record.sid === patent.sid);
    expect(certRows.map((r) => r.title).sort()).toEqual([
      'Grace period ends',
      'Renew by expiry',
      'Renewal window opens',
    ]);
    expect(certRows[0]).toMatchObject({
      model: 'test_certificate_deadline',
      record: { model: 'test_certificate', title: 'CERT-CAL' },
    });
    expect(patentRows.length).toBeGreaterThan(0);
    expect(patentRows[0]).toMatchObject({ model: 'patent_task', patent: patent.sid, record: { model: 'patent' } });
    expect(patentRows[0]!.record.title).toContain('CN-CAL-1');
    // Earliest first across the stores.
    const dates = all.rows.map((r) => r.due_date);
    expect(dates).toEqual([...dates].sort());
    const zh = await list(admin, 'zh-CN');
    expect(
      zh.rows
        .filter((r) => r.record.sid === cert.sid)
        .map((r) => r.title)
        .sort(),
    ).toEqual(['宽展期届满', '续期截止', '续期窗口开启']);

    const ical = await call('GET', `deadlines/ical?iql=${encodeURIComponent(iql)}`);
    expect(ical.statusCode, ical.body).toBe(200);
    expect(ical.headers['content-type']).toContain('text/calendar');
    expect(ical.body).toContain('SUMMARY:Renew by expiry — CERT-CAL');
    expect(ical.body).toContain('CN-CAL-1');
    expect(ical.body).toContain(`UID:${patentRows[0]!.sid}@ipdesk`);

    // Without view right on the certificates' store: the patents' deadlines only, and none of the certificate's.
    const partial = await list(patentsOnly);
    expect(partial.rows.every((r) => r.model === 'patent_task')).toBe(true);
    expect(partial.rows.map((r) => r.sid)).toEqual(all.rows.filter((r) => r.model === 'patent_task').map((r) => r.sid));
    const partialIcal = await call('GET', `deadlines/ical?iql=${encodeURIComponent(iql)}`, undefined, patentsOnly);
    expect(partialIcal.statusCode).toBe(200);
    expect(partialIcal.body).not.toContain('CERT-CAL');
    expect(partialIcal.body).toContain('CN-CAL-1');
    const refused = await call(
      'GET',
      `deadlines/test_certificate_deadline/${certRows[0]!.sid}`,
      undefined,
      patentsOnly,
    );
    expect(refused.statusCode).toBe(404);
    // The patent deadline explains itself through the same route.
    const exam = patentRows.find((r) => r.title.includes('xamination'));
    expect(exam).toBeDefined();
    const explainedExam = await explained('patent_task', exam!.sid, 'en', patentsOnly);
    expect(explainedExam.explanation).toContain('filing date 2028-03-14 + 36 months');
    // A model that is not a deadline store answers as unknown.
    const notStore = await call('GET', `deadlines/patent/${patent.sid}`);
    expect(notStore.statusCode).toBe(404);
    // A bad query names its problem.
    const bad = await call('GET', `deadlines?iql=${encodeURIComponent("status = 'open' AND")}`);
    expect(bad.statusCode).toBe(400);
  });

  it('keeps a user who may view only trademark deadlines to theirs, on the list and calendar pages they open', async () => {
    const u = await createUser(t, tenant);
    await grantRole(t, tenant, [u.sid], { resources: ['trademarks', 'trademark_deadline', DEADLINES_RESOURCE] });
    const marksOnly = await signIn(t.app, u.account, u.password);
    const mark = await create('trademarks', {
      name: '期限星',
      sn: `TM-${++n}`,
      country: 'CN',
      status: 'registered',
      expiry_date: '2032-03-31',
    });
    const patent = await create('patent', {
      title: '电池 期限',
      sn: 'CN-DL-1',
      patent_type: 'invention',
      country: 'CN',
      filing_date: '2029-03-20',
    });
    const iql = "due_date BETWEEN '2031-01-01' AND '2032-12-31' ORDER BY due_date ASC";
    const list = async (who: SignedIn, stores?: string) => {
      const query = `iql=${encodeURIComponent(iql)}${stores === undefined ? '' : `&stores=${stores}`}`;
      const res = await call('GET', `deadlines?${query}`, undefined, who);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { rows: Array<{ model: string; title: string; record: { sid: string } }> }).rows;
    };
    const all = await list(admin);
    expect(new Set(all.map((r) => r.model))).toEqual(new Set(['patent_task', 'trademark_deadline']));
    expect(all.some((r) => r.record.sid === patent.sid)).toBe(true);
    const marks = all.filter((r) => r.model === 'trademark_deadline');
    expect(marks.filter((r) => r.record.sid === mark.sid).map((r) => r.title)).toEqual([
      'Trademark renewal',
      'Trademark renewal grace period ends',
    ]);

    // Only the trademark store's rows, whatever is asked for.
    expect(await list(marksOnly)).toEqual(marks);
    expect(await list(marksOnly, 'patent_task')).toEqual([]);
    expect(await list(marksOnly, 'patent_task,trademark_deadline')).toEqual(marks);
    // The record kind filter: only the stores named; a name that is no store adds nothing.
    expect(await list(admin, 'trademark_deadline')).toEqual(marks);
    expect(await list(admin, 'patent_task')).toEqual(all.filter((r) => r.model === 'patent_task'));
    expect(await list(admin, 'patent')).toEqual([]);
    // A malformed list of names is refused in the caller's language.
    const bad = await call('GET', 'deadlines?stores=Patent_Task,', undefined, admin, 'zh-CN');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 500001,
      message: '模型：格式不正确',
      fields: [{ field: 'stores', label: '模型' }],
    });

    // Its menus: the Deadlines group with the list and the calendar, nothing of the patents' docket.
    const my = await call('GET', 'menu/do/my', undefined, marksOnly);
    expect(my.statusCode, my.body).toBe(200);
    const menus = my.json().data as {
      menus: Array<{ name_en: string; children: Array<{ name_en: string; path: string; resource_code: string }> }>;
      resources: string[];
    };
    expect(menus.resources).toContain(DEADLINES_RESOURCE);
    const group = menus.menus.find((m) => m.name_en === 'Deadlines');
    expect(group?.children.map((c) => [c.name_en, c.path, c.resource_code])).toEqual([
      ['All deadlines', '/deadlines', DEADLINES_RESOURCE],
      ['Deadline calendar', '/patents/calendar', DEADLINES_RESOURCE],
    ]);
    expect(menus.menus.map((m) => m.name_en)).not.toContain('Patent docket');
  });

  it('gives the deadline pages to the roles of existing tenants that could open the calendar (migration 0035)', async () => {
    const caseDeadlines = await grantRole(t, tenant, [], { resources: ['patent', 'patent_task'] });
    const casesOnly = await grantRole(t, tenant, [], { resources: ['patent'] });
    await db().exec(deadlinePages.sql);
    await db().exec(deadlinePages.sql); // twice is harmless
    const held = await db().query<{ role_sid: string; resource_code: string }>(
      'SELECT role_sid, resource_code FROM role_resource WHERE role_sid = ANY($1::text[]) ORDER BY 1, 2',
      [[caseDeadlines, casesOnly]],
    );
    expect(held.filter((r) => r.role_sid === caseDeadlines).map((r) => r.resource_code)).toEqual([
      DEADLINES_RESOURCE,
      'patent',
      'patent_task',
    ]);
    expect(held.filter((r) => r.role_sid === casesOnly).map((r) => r.resource_code)).toEqual(['patent']);
  });

  it('dockets the renewal of a registered CN trademark (TML 40): 12 months before expiry, 6 months’ grace', async () => {
    const mark = await create('trademarks', {
      name: '锂星',
      sn: `TM-${++n}`,
      country: 'CN',
      status: 'registered',
      expiry_date: '2027-05-31',
    });
    const rows = await db().query<Deadline>(
      `SELECT sid, version, title, due_date, opens_on, status, origin, rule_code, base_date, unadjusted_date, rules_fingerprint
         FROM m_trademark_deadline WHERE trademarks = $1 ORDER BY due_date`,
      [mark.sid],
    );
    expect(rows.map((r) => [r.rule_code, r.due_date, r.opens_on])).toEqual([
      ['CN-TM-RENEWAL', '2027-05-31', '2026-05-31'],
      ['CN-TM-RENEWAL-GRACE', '2027-11-30', null],
    ]);
    const zh = await explained('trademark_deadline', rows[0]!.sid, 'zh-CN');
    expect(zh.title).toBe('商标续展');
    expect(zh.explanation).toContain('专用权到期日 2027-05-31 + 0日 = 2027-05-31');
    expect(zh.explanation).toContain('《商标法》第40条');
    // Not registered (or not CN): no renewal to docket.
    expect((await update('trademarks', mark.sid, { status: 'expired' })).statusCode).toBe(200);
    const after = await db().query<{ status: string }>(
      'SELECT status FROM m_trademark_deadline WHERE trademarks = $1 ORDER BY due_date',
      [mark.sid],
    );
    expect(after.map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
    const us = await create('trademarks', {
      name: 'Star',
      sn: `TM-${++n}`,
      country: 'US',
      status: 'registered',
      expiry_date: '2027-05-31',
    });
    const none = await db().query('SELECT sid FROM m_trademark_deadline WHERE trademarks = $1', [us.sid]);
    expect(none).toEqual([]);
  });

  it('recomputes at start the records whose deadlines were computed with other rules', async () => {
    const now = () => t.clock.now;
    // The first start records every docketed model's print (the trademarks' too), recomputing their records.
    await recomputeChangedDockets(db(), t.app.registry, { now });
    const cert = await certificate({ expiry_date: '2031-06-02' });
    const renew = (await byRule(cert.sid)).get('CERT-RENEW')!;
    const print = renew.rules_fingerprint;
    // As if computed with an older rule set: another print, another date, and the print recorded for it.
    await db().query(
      "UPDATE m_test_certificate_deadline SET rules_fingerprint = 'stale000', due_date = '2031-01-01' WHERE sid = $1",
      [renew.sid],
    );
    await db().query(
      `INSERT INTO docket_print (model, fingerprint, recorded_at) VALUES ('test_certificate', 'stale000', now())
       ON CONFLICT (model) DO UPDATE SET fingerprint = 'stale000'`,
    );
    const reports = await recomputeChangedDockets(db(), t.app.registry, { now });
    expect(reports.map((r) => r.model)).toEqual(['test_certificate']);
    expect(reports[0]!.counts.updated).toBeGreaterThanOrEqual(1);
    expect((await byRule(cert.sid)).get('CERT-RENEW')).toMatchObject({
      sid: renew.sid,
      due_date: '2031-06-02',
      rules_fingerprint: print,
      version: renew.version + 1,
    });
    const summary = await db().query<{ detail: { records: number } }>(
      "SELECT detail FROM audit_log WHERE tenant_sid = $1 AND action = 'docket.recomputed' AND target = 'test_certificate'",
      [tenant.sid],
    );
    // One per start that found the print changed: the first (no print yet) and this one.
    expect(summary).toHaveLength(2);
    // Recorded: the next start has nothing to do.
    expect(await recomputeChangedDockets(db(), t.app.registry, { now })).toEqual([]);
  });
});
