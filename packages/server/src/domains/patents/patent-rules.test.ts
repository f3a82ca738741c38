// Deadlines, fees and expiry of cases kept in step with the rules through the generic API: computed
// on create, following date and item changes, done ones kept, explained in both languages; the fee
// schedule; iCalendar export; calendar import moving deadlines; a changed pack recomputed at start;
// and who may call what. Runs on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errors } from '@ipdesk/core';
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
import { BUILT_IN_PACKS } from './compute.js';
import { recomputeChangedPacks, recomputeTenant } from './recompute.js';

interface Deadline {
  sid: string;
  version: number;
  rule_code: string | null;
  title: string;
  due_date: string;
  status: string;
  explanation: string | null;
  citation: string | null;
}

describe(`patent deadlines and fees (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let admin: SignedIn;
  let viewer: SignedIn;
  let outsider: SignedIn;

  const create = async (model: string, data: Record<string, unknown>, who = admin) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/webapi/model/${model}/do/create`,
      headers: authed(who),
      payload: { data },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { sid: string; version: number } & Record<string, unknown>;
  };
  const update = async (model: string, sid: string, version: number, data: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/webapi/model/${model}/do/update`,
      headers: authed(admin),
      payload: { sid, version, data },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { sid: string; version: number } & Record<string, unknown>;
  };
  /** Runs a lifecycle action on one record: its result (done with the status and version, or refused). */
  const action = async (
    model: string,
    name: string,
    sid: string,
    body: { version?: number; values?: Record<string, unknown>; comment?: string } = {},
    who = admin,
  ) => {
    const { version, ...rest } = body;
    const res = await t.app.inject({
      method: 'POST',
      url: `/webapi/model/${model}/do/action/${name}`,
      headers: authed(who, { 'x-language': 'en' }),
      payload: { sids: [sid], ...(version !== undefined && { versions: { [sid]: version } }), ...rest },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { results: Array<Record<string, unknown>> }).results[0]!;
  };
  const readRecord = async (model: string, sid: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/webapi/model/${model}/${sid}`, headers: authed(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { sid: string; version: number } & Record<string, unknown>;
  };
  const deadlines = async (sid: string, language = 'en', who = admin) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/webapi/patent/${sid}/deadlines`,
      headers: authed(who, { 'x-language': language }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Deadline[];
  };
  const byRule = (list: Deadline[], code: string) => list.find((d) => d.rule_code === code);
  let sn = 0;
  const cnInvention = (extra: Record<string, unknown> = {}) =>
    create('patent', {
      title: `电池 ${++sn}`,
      sn: `CN-T-${sn}`,
      patent_type: 'invention',
      country: 'CN',
      filing_date: '2023-03-14',
      ...extra,
    });

  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    const other = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    const v = await createUser(t, tenant);
    const o = await createUser(t, other, { isTenantAdmin: true });
    await grantRole(t, tenant, [v.sid], { resources: ['patent'] });
    admin = await signIn(t.app, a.account, a.password);
    viewer = await signIn(t.app, v.account, v.password);
    outsider = await signIn(t.app, o.account, o.password);
  });
  afterAll(() => t?.close());

  it('computes the deadlines of a new case and explains them in both languages', async () => {
    const patent = await cnInvention();
    const list = await deadlines(patent.sid);
    const exam = byRule(list, 'CN-EXAM-REQUEST');
    // CNL 35 / CNR 113: 3 years from filing; 14 Mar 2026 is a Saturday → Monday 16 Mar.
    expect(exam).toMatchObject({ due_date: '2026-03-16', status: 'open' });
    expect(exam!.explanation).toContain('filing date 2023-03-14 + 36 months = 2026-03-14 (Saturday) → 2026-03-16');
    expect(exam!.citation).toContain('Art. 35');
    const zh = byRule(await deadlines(patent.sid, 'zh-CN'), 'CN-EXAM-REQUEST')!;
    expect(zh.explanation).toContain('申请日 2023-03-14 + 36个月 = 2026-03-14（星期六）→ 2026-03-16');
    expect(zh.title).not.toBe(exam!.title);
    // The case's expiry follows its term: 20 years from filing (CNL 42(1)).
    const read = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/patent/${patent.sid}`,
      headers: authed(admin),
    });
    expect(read.json().data.expiry_date).toBe('2043-03-13');
  });

  it('gives the term end one date: the term deadline, the expiry field, the fee schedule and counts by expiry', async () => {
    const patent = await cnInvention({ filing_date: '2023-02-14', grant_date: '2025-05-10' });
    // CNL 42(1), Guidelines V-9 §2.1: filed 2023-02-14 → protected to 2043-02-13 (the anniversary ends it).
    expect(byRule(await deadlines(patent.sid), 'CN-TERM-INVENTION')?.due_date).toBe('2043-02-13');
    const read = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/patent/${patent.sid}`,
      headers: authed(admin),
    });
    expect(read.json().data.expiry_date).toBe('2043-02-13');
    const schedule = await t.app.inject({
      method: 'GET',
      url: `/webapi/patent/${patent.sid}/fee-schedule`,
      headers: authed(admin),
    });
    expect(schedule.json().data.term_end).toBe('2043-02-13');
    const lines = schedule.json().data.lines as Array<{ patent_year: number; due_date: string }>;
    expect(lines.at(-1)).toMatchObject({ patent_year: 20, due_date: '2042-02-14' });
    const counted = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/patent/do/search',
      headers: authed(admin),
      payload: { iql: `sn = '${String(patent.sn)}' AND expiry_date = '2043-02-13'` },
    });
    expect(counted.json().data.rows).toHaveLength(1);
  });

  it('follows office actions: a reply period per item, rolled over National Day, gone with the item', async () => {
    const patent = await cnInvention();
    const item = await create('patent_item', {
      patent: patent.sid,
      event: 'office_action',
      title: '第一次审查意见通知书',
      event_date: '2026-06-01',
    });
    const reply = byRule(await deadlines(patent.sid), 'CN-OA-REPLY-FIRST');
    // CNL 37, CNR 50: 4 months for a first office action on an invention; 1 Oct 2026 is National Day.
    expect(reply).toMatchObject({ due_date: '2026-10-08', status: 'open' });
    expect(reply!.explanation).toContain('National Day');
    const moved = await update('patent_item', item.sid, item.version, { event_date: '2026-06-15' });
    expect(byRule(await deadlines(patent.sid), 'CN-OA-REPLY-FIRST')!.due_date).toBe('2026-10-15');
    const del = await t.app.inject({
      method: 'POST',
      url: `/webapi/model/patent_item/do/delete/${item.sid}`,
      headers: authed(admin),
      payload: { version: moved.version },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(byRule(await deadlines(patent.sid), 'CN-OA-REPLY-FIRST')).toBeUndefined();
  });

  it('moves open deadlines when the filing date changes and keeps done ones as history', async () => {
    const patent = await cnInvention({ priority_date: '2022-09-01' });
    const list = await deadlines(patent.sid);
    const exam = byRule(list, 'CN-EXAM-REQUEST')!;
    // CNR 12: with a priority claim the 3 years count from the priority date.
    expect(exam.due_date).toBe('2025-09-01');
    const done = await action('patent_task', 'complete', exam.sid, {
      version: exam.version,
      values: { completed_on: '2025-08-01' },
    });
    expect(done.status).toBe('done');
    const fresh = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/patent/${patent.sid}`,
      headers: authed(admin),
    });
    await update('patent', patent.sid, fresh.json().data.version, { priority_date: null, filing_date: '2023-05-04' });
    const after = await deadlines(patent.sid);
    expect(byRule(after, 'CN-EXAM-REQUEST')).toMatchObject({ sid: exam.sid, status: 'done', due_date: '2025-09-01' });
    // The open ones followed: the term now counts from the new filing date (not rolled: CNL 42), its last
    // day the day before the 20th anniversary.
    expect(byRule(after, 'CN-TERM-INVENTION')?.due_date).toBe('2043-05-03');
  });

  it('marks a deadline done only by its complete action, with the day it was done, and reopens it', async () => {
    const patent = await cnInvention();
    const exam = byRule(await deadlines(patent.sid), 'CN-EXAM-REQUEST')!;
    // The status is the lifecycle's: an update may not set it (nor the day done, which complete sets).
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/patent_task/do/update',
      headers: authed(admin),
      payload: { sid: exam.sid, version: exam.version, data: { status: 'done' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(errors.fieldRule.code);

    const missing = await action('patent_task', 'complete', exam.sid, { version: exam.version });
    expect(missing).toMatchObject({ outcome: 'refused', code: errors.fieldRule.code });
    expect(missing.message).toContain('Completed on');
    const stale = await action('patent_task', 'complete', exam.sid, {
      version: exam.version + 1,
      values: { completed_on: '2025-08-01' },
    });
    expect(stale).toMatchObject({ outcome: 'refused', code: errors.conflict.code });

    const done = await action('patent_task', 'complete', exam.sid, {
      version: exam.version,
      values: { completed_on: '2025-08-01' },
    });
    expect(done).toMatchObject({ outcome: 'done', status: 'done', version: exam.version + 1 });
    expect(await readRecord('patent_task', exam.sid)).toMatchObject({ status: 'done', completed_on: '2025-08-01' });
    expect(await action('patent_task', 'complete', exam.sid)).toMatchObject({
      outcome: 'refused',
      code: errors.actionNotFrom.code,
    });
    // Without the button: a viewer of the case may not mark its deadlines.
    const denied = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/patent_task/do/action/reopen',
      headers: authed(viewer),
      payload: { sids: [exam.sid] },
    });
    expect(denied.statusCode).toBe(403);

    expect(await action('patent_task', 'reopen', exam.sid)).toMatchObject({ outcome: 'done', status: 'open' });
    // Open again, it is not done on any day.
    expect((await readRecord('patent_task', exam.sid)).completed_on ?? null).toBeNull();
    const history = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/patent_task/do/history/${exam.sid}`,
      headers: authed(admin),
    });
    const entries = history.json().data as Array<{ action: string; lifecycle_action?: string }>;
    expect(entries.filter((e) => e.action === 'patent_task.status_changed').map((e) => e.lifecycle_action)).toEqual([
      'complete',
      'reopen',
    ]);
  });

  it('schedules annuities once granted, stops at abandonment, and shows the whole schedule', async () => {
    const patent = await cnInvention({ grant_date: '2025-05-10' });
    const fees = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/fee/do/search',
      headers: authed(admin),
      payload: { iql: `patent = '${patent.sid}' ORDER BY due_date ASC` },
    });
    expect(fees.statusCode, fees.body).toBe(200);
    const rows = fees.json().data.rows as Array<{
      patent_year: number;
      due_date: string;
      amount: number;
      status: string;
    }>;
    // Fees whose grace ended before today (2026-11-21) are not stored; the 5th year is next: 14 Mar 2027.
    expect(rows[0]).toMatchObject({ patent_year: 5, due_date: '2027-03-14', amount: 1200, status: 'unpaid' });
    expect(rows.at(-1)!.patent_year).toBe(20);
    const schedule = await t.app.inject({
      method: 'GET',
      url: `/webapi/patent/${patent.sid}/fee-schedule`,
      headers: authed(admin, { 'x-language': 'en' }),
    });
    expect(schedule.statusCode, schedule.body).toBe(200);
    const data = schedule.json().data;
    expect(data.term_end).toBe('2043-03-13');
    // The official filing fee comes first (2 months from filing; grace ended long ago, so no record).
    expect(data.lines[0]).toMatchObject({ fee_code: 'CN-FILING', due_date: '2023-05-14', amount: 900, record: null });
    const annuities = data.lines.filter((l: { fee_code: string }) => l.fee_code === 'CN-ANNUITY');
    expect(annuities[0]).toMatchObject({ patent_year: 3, due_date: '2025-05-10', amount: 900, record: null });
    const year5 = data.lines.find((l: { patent_year: number }) => l.patent_year === 5);
    expect(year5.record).toMatchObject({ status: 'unpaid' });
    // CN grace surcharges by month of delay (CNR 115): none in the first month, then 5 % … 25 % of the full fee.
    expect(year5.surcharges.map((s: { rate: number }) => s.rate)).toEqual([0.05, 0.1, 0.15, 0.2, 0.25]);

    const read = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/patent/${patent.sid}`,
      headers: authed(admin),
    });
    await update('patent', patent.sid, read.json().data.version, { status: 'abandoned', ended_date: '2027-06-01' });
    const left = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/fee/do/search',
      headers: authed(admin),
      payload: { iql: `patent = '${patent.sid}' ORDER BY due_date ASC` },
    });
    expect((left.json().data.rows as Array<{ patent_year: number }>).map((r) => r.patent_year)).toEqual([5]);
  });

  it('stores the official filing and examination fees of a new case, reduced, and drops the exam fee once requested', async () => {
    const patent = await cnInvention({ filing_date: '2026-11-02', fee_reduction: 'r85' });
    const search = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/webapi/model/fee/do/search',
        headers: authed(admin, { 'x-language': 'en' }),
        payload: { iql: `patent = '${patent.sid}' ORDER BY due_date ASC` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.rows as Array<Record<string, unknown>>;
    };
    const rows = await search();
    expect(rows).toMatchObject([
      // 2 months from filing; 900 less 85 % (财税〔2016〕78号); no grace period.
      {
        fee_code: 'CN-FILING',
        fee_rule: 'CN-FILING-INV',
        patent_year: null,
        due_date: '2027-01-02',
        grace_end_date: '2027-01-02',
      },
      // With the exam request: 3 years from filing (CNL 35, CNR 113).
      { fee_code: 'CN-EXAM', fee_rule: 'CN-EXAM-FEE', due_date: '2029-11-02', title: 'Substantive examination fee' },
    ]);
    expect(rows.map((r) => [Number(r.base_amount), Number(r.amount), r.status])).toEqual([
      [900, 135, 'unpaid'],
      [2500, 375, 'unpaid'],
    ]);
    expect(rows[0]!.title).toBe('Invention filing fee');
    await create('patent_item', {
      patent: patent.sid,
      event: 'exam_requested',
      title: '实审请求',
      event_date: '2027-03-01',
    });
    expect((await search()).map((r) => r.fee_code)).toEqual(['CN-FILING']);
  });

  it('makes the record of the grant-year annuity on request, keeps it through recomputes, refuses twice', async () => {
    const patent = await cnInvention({ grant_date: '2025-05-10' });
    const scheduleLine = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/webapi/patent/${patent.sid}/fee-schedule`,
        headers: authed(admin, { 'x-language': 'en' }),
      });
      return (
        res.json().data.lines as Array<{ key: string; patent_year: number; record: Record<string, unknown> | null }>
      ).find((l) => l.patent_year === 3)!;
    };
    // Paid with the registration before the grant was announced: past, so no record was generated.
    const before = await scheduleLine();
    expect(before).toMatchObject({ key: 'CN-ANNUITY|3', record: null });
    const make = (key: string, who = admin) =>
      t.app.inject({
        method: 'POST',
        url: `/webapi/patent/${patent.sid}/fee-records`,
        headers: authed(who, { 'x-language': 'en' }),
        payload: { key },
      });
    const made = await make(before.key);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({
      title: 'Invention annuity, year 3',
      patent_year: 3,
      due_date: '2025-05-10',
      status: 'unpaid',
      fee_rule: 'CN-ANNUITY-INV',
    });
    // The pay action records its payment; a recompute neither deletes the record nor makes another.
    const fee = made.json().data as { sid: string; version: number };
    const paidFee = await action('fee', 'pay', fee.sid, {
      version: fee.version,
      values: { paid_date: '2025-04-20', paid_amount: 900 },
    });
    expect(paidFee).toMatchObject({ outcome: 'done', status: 'paid' });
    const recomputed = await t.app.inject({
      method: 'POST',
      url: `/webapi/patent/${patent.sid}/recompute`,
      headers: authed(admin),
    });
    expect(recomputed.statusCode, recomputed.body).toBe(200);
    expect((await scheduleLine()).record).toMatchObject({ sid: fee.sid, status: 'paid' });
    // Once only; an unknown line, a malformed key, a case of another tenant, a caller without the right.
    expect((await make(before.key)).json()).toMatchObject({
      code: 409402,
      message: 'This fee already has a fee record',
    });
    expect((await make('CN-ANNUITY|25')).json()).toMatchObject({ code: 404402 });
    expect((await make('drop table')).statusCode).toBe(400);
    expect((await make(before.key, outsider)).statusCode).toBe(404);
    expect((await make(before.key, viewer)).statusCode).toBe(403);
  });

  it('keeps an unpaid record made on request when the case is saved again, and follows its dates', async () => {
    const patent = await cnInvention({ grant_date: '2025-05-10' });
    const made = await t.app.inject({
      method: 'POST',
      url: `/webapi/patent/${patent.sid}/fee-records`,
      headers: authed(admin),
      payload: { key: 'CN-ANNUITY|3' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const read = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/patent/${patent.sid}`,
      headers: authed(admin),
    });
    await update('patent', patent.sid, read.json().data.version, { grant_date: '2025-05-12' });
    const after = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/fee/${String(made.json().data.sid)}`,
      headers: authed(admin),
    });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data).toMatchObject({ status: 'unpaid', due_date: '2025-05-12' });
  });

  it('records payments with the late surcharge of the rules, and abandoning decisions', async () => {
    const patent = await cnInvention({ grant_date: '2025-05-10' });
    const found = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/fee/do/search',
      headers: authed(admin),
      payload: { iql: `patent = '${patent.sid}' ORDER BY due_date ASC` },
    });
    const [year5, year6] = found.json().data.rows as Array<{ sid: string; version: number; due_date: string }>;
    // A payment needs its date (and its amount), and the status moves only by the fee's actions.
    const undated = await action('fee', 'pay', year5!.sid, { version: year5!.version, values: { paid_amount: 1320 } });
    expect(undated).toMatchObject({ outcome: 'refused', code: errors.fieldRule.code });
    expect(undated.message).toContain('Paid on');
    const byUpdate = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/fee/do/update',
      headers: authed(admin, { 'x-language': 'en' }),
      payload: { sid: year5!.sid, version: year5!.version, data: { status: 'paid' } },
    });
    expect(byUpdate.statusCode).toBe(400);
    expect(byUpdate.json().fields[0]).toMatchObject({ field: 'status' });
    // Due 2027-03-14; paid 2027-05-20 is in the 3rd month of delay: 10 % of the full 1,200 (CNR 115).
    const paid = await action('fee', 'pay', year5!.sid, {
      version: year5!.version,
      values: { paid_date: '2027-05-20', paid_amount: 1320, payment_reference: 'R-2027-5' },
    });
    expect(paid).toMatchObject({ outcome: 'done', status: 'paid' });
    expect(await readRecord('fee', year5!.sid)).toMatchObject({
      status: 'paid',
      surcharge: 120,
      paid_date: '2027-05-20',
      paid_amount: 1320,
      payment_reference: 'R-2027-5',
    });
    expect(await action('fee', 'abandon', year5!.sid, { comment: 'late' })).toMatchObject({
      outcome: 'refused',
      code: errors.actionNotFrom.code,
    });
    // Deciding to abandon is the abandon action's; maintaining stays an edit.
    const decidedByUpdate = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/fee/do/update',
      headers: authed(admin, { 'x-language': 'en' }),
      payload: { sid: year6!.sid, version: year6!.version, data: { decision: 'abandon' } },
    });
    expect(decidedByUpdate.statusCode).toBe(400);
    expect(decidedByUpdate.json().fields[0]).toMatchObject({ field: 'decision', label: 'Decision' });
    expect(await readRecord('fee', year6!.sid)).toMatchObject({ status: 'unpaid', decision: null });
    const maintained = await update('fee', year6!.sid, year6!.version, { decision: 'maintain' });
    expect(maintained).toMatchObject({ status: 'unpaid', decision: 'maintain' });
    // Abandoning needs a reason; it is the decision to abandon too.
    expect(await action('fee', 'abandon', year6!.sid, { version: maintained.version })).toMatchObject({
      outcome: 'refused',
      code: errors.actionCommentRequired.code,
    });
    const abandoned = await action('fee', 'abandon', year6!.sid, {
      version: maintained.version,
      comment: 'The product line is discontinued',
    });
    expect(abandoned).toMatchObject({ outcome: 'done', status: 'abandoned' });
    expect(await readRecord('fee', year6!.sid)).toMatchObject({ status: 'abandoned', decision: 'abandon' });
    // Paid and abandoned fees are history: a change of the case leaves them as they are.
    const read = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/patent/${patent.sid}`,
      headers: authed(admin),
    });
    await update('patent', patent.sid, read.json().data.version, { filing_date: '2023-04-14' });
    const after = await t.app.inject({ method: 'GET', url: `/webapi/model/fee/${year5!.sid}`, headers: authed(admin) });
    expect(after.json().data).toMatchObject({ status: 'paid', due_date: '2027-03-14', surcharge: 120 });
  });

  it('exports open deadlines as iCalendar with the case numbers', async () => {
    const patent = await cnInvention();
    const res = await t.app.inject({
      method: 'GET',
      url: `/webapi/patent-deadlines/ical?iql=${encodeURIComponent(`patent = '${patent.sid}' ORDER BY due_date ASC`)}`,
      headers: authed(admin, { 'x-language': 'en' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.body).toContain('BEGIN:VCALENDAR');
    expect(res.body).toContain('DTSTART;VALUE=DATE:20260316');
    expect(res.body).toContain(`— CN-T-${sn}`);
    expect(res.body.match(/BEGIN:VEVENT/g)!.length).toBe((await deadlines(patent.sid)).length);
  });

  it('escapes a carriage return typed into a deadline title, so the SUMMARY stays one content line (RFC 5545)', async () => {
    const patent = await cnInvention();
    await create('patent_task', { patent: patent.sid, title: 'Call\rclient; now', due_date: '2026-12-01' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/webapi/patent-deadlines/ical?iql=${encodeURIComponent(`patent = '${patent.sid}' AND origin = 'manual'`)}`,
      headers: authed(admin, { 'x-language': 'en' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.split('\r\n')).toContain(`SUMMARY:Call\\nclient\\; now — CN-T-${sn}`);
    expect(res.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('imports calendar days: bad rows are refused by row, good ones move open deadlines', async () => {
    const patent = await cnInvention();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/webapi/patent-calendars/import',
      headers: authed(admin, { 'x-language': 'en' }),
      payload: { rows: [{ office: 'CN', date: '2026-02-30', type: 'closed' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400400 });
    expect(bad.json().message).toContain('row 1');
    expect(byRule(await deadlines(patent.sid), 'CN-EXAM-REQUEST')!.due_date).toBe('2026-03-16');

    const good = await t.app.inject({
      method: 'POST',
      url: '/webapi/patent-calendars/import',
      headers: authed(admin),
      payload: {
        rows: [{ office: 'CN', date: '2026-03-16', type: 'closed', name_zh: '测试闭馆日', name_en: 'Test closure' }],
      },
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data).toMatchObject({ rows: 1, offices: ['CN'] });
    const exam = byRule(await deadlines(patent.sid), 'CN-EXAM-REQUEST')!;
    expect(exam.due_date).toBe('2026-03-17');
    expect(exam.explanation).toContain('Test closure');
    const days = await t.app.inject({
      method: 'GET',
      url: '/webapi/patent-calendars/CN?year=2026',
      headers: authed(admin, { 'x-language': 'en' }),
    });
    expect(days.json().data.closed).toContainEqual({ date: '2026-03-16', name: 'Test closure', imported: true });
    // Make-up working days of the built-in CN calendar are listed (e.g. the Saturday before National Day).
    expect(days.json().data.working.length).toBeGreaterThan(0);
    // What the calendar is, for users and in their language: no reviewers' notes (file names, UNVERIFIED).
    expect(days.json().data.source).toContain("The State Council's yearly holiday notices");
    const zh = await t.app.inject({
      method: 'GET',
      url: '/webapi/patent-calendars/CN?year=2026',
      headers: authed(admin, { 'x-language': 'zh-CN' }),
    });
    expect(zh.json().data.source).toContain('国务院办公厅历年节假日安排通知');
    for (const office of ['CN', 'US', 'EP', 'JP', 'WO', 'KR']) {
      for (const language of ['en', 'zh-CN']) {
        const answer = await t.app.inject({
          method: 'GET',
          url: `/webapi/patent-calendars/${office}?year=2026`,
          headers: authed(admin, { 'x-language': language }),
        });
        expect(answer.statusCode, answer.body).toBe(200);
        expect(String(answer.json().data.source)).not.toMatch(/patent-rules\.md|UNVERIFIED|ASSUMPTION|MUST/);
      }
    }
  });

  it('recomputes at start the cases of a pack whose fingerprint changed', async () => {
    const patent = await cnInvention();
    const exam = byRule(await deadlines(patent.sid), 'CN-EXAM-REQUEST')!;
    // The first run finds no record of this tenant's packs: it computes and records them.
    await recomputeChangedPacks(t.database.db, { now: () => t.clock.now, timeZone: 'Asia/Shanghai' });
    await t.database.db.query("UPDATE m_patent_task SET due_date = '2030-01-01' WHERE sid = $1", [exam.sid]);
    await recomputeChangedPacks(t.database.db, { now: () => t.clock.now, timeZone: 'Asia/Shanghai' });
    // Fingerprints recorded: unchanged packs do nothing.
    expect(byRule(await deadlines(patent.sid), 'CN-EXAM-REQUEST')!.due_date).toBe('2030-01-01');
    // A new pack version whose rules all print the same gives nothing to recompute.
    await t.database.db.query("UPDATE rule_pack_state SET fingerprint = 'old' WHERE pack = 'deadlines:CN'");
    await recomputeChangedPacks(t.database.db, { now: () => t.clock.now, timeZone: 'Asia/Shanghai' });
    expect(byRule(await deadlines(patent.sid), 'CN-EXAM-REQUEST')!.due_date).toBe('2030-01-01');
    // Without the rules' prints (a state from before they were kept) every case of the office is recomputed.
    await t.database.db.query(
      "UPDATE rule_pack_state SET fingerprint = 'old', rules = NULL WHERE pack = 'deadlines:CN'",
    );
    await recomputeChangedPacks(t.database.db, { now: () => t.clock.now, timeZone: 'Asia/Shanghai' });
    expect(byRule(await deadlines(patent.sid), 'CN-EXAM-REQUEST')!.due_date).toBe('2026-03-17');
  });

  it('after a new pack version rewrites only the deadlines of the rule that changed', async () => {
    await recomputeChangedPacks(t.database.db, { now: () => t.clock.now, timeZone: 'Asia/Shanghai' });
    // A state recorded before rule prints were kept gets them from an unchanged pack.
    await t.database.db.query('UPDATE rule_pack_state SET rules = NULL WHERE tenant_sid = $1', [tenant.sid]);
    await recomputeChangedPacks(t.database.db, { now: () => t.clock.now, timeZone: 'Asia/Shanghai' });
    const [cnState] = await t.database.db.query<{ rules: Record<string, string> | null }>(
      "SELECT rules FROM rule_pack_state WHERE tenant_sid = $1 AND pack = 'deadlines:CN'",
      [tenant.sid],
    );
    expect(Object.keys(cnState?.rules ?? {})).toContain('CN-EXAM-REQUEST');
    const patent = await cnInvention();
    const before = await deadlines(patent.sid);
    const exam = byRule(before, 'CN-EXAM-REQUEST')!;
    const others = before.filter((d) => d.rule_code !== 'CN-EXAM-REQUEST' && d.status === 'open');
    expect(others.length).toBeGreaterThan(0);
    // The same CN pack as a new version in which only the examination request period is one month longer.
    const deadlinePacks = BUILT_IN_PACKS.deadlines.map((pack) =>
      pack.office !== 'CN'
        ? pack
        : {
            ...pack,
            version: `${pack.version}-next`,
            rules: pack.rules.map((rule) =>
              rule.code === 'CN-EXAM-REQUEST' ? { ...rule, offset: { ...rule.offset, months: 37 } } : rule,
            ),
          },
    );
    const packs = { deadlines: deadlinePacks, fees: BUILT_IN_PACKS.fees };
    const reports = await recomputeChangedPacks(t.database.db, {
      now: () => t.clock.now,
      timeZone: 'Asia/Shanghai',
      packs,
    });
    const report = reports.find((r) => r.tenantSid === tenant.sid)!;
    expect(report.offices).toEqual(['CN']);
    expect(report.changedRules).toEqual(['CN-EXAM-REQUEST']);
    const after = await deadlines(patent.sid);
    const movedExam = byRule(after, 'CN-EXAM-REQUEST')!;
    expect(movedExam.due_date).toBe('2026-04-14');
    expect(movedExam.version).toBe(exam.version + 1);
    // The other rules' deadlines are untouched: same row version, same pack version in the basis.
    for (const other of others) expect(after.find((d) => d.sid === other.sid)?.version).toBe(other.version);
    const stored = await t.database.db.query<{ rule_code: string; pack_version: string }>(
      "SELECT rule_code, pack_version FROM m_patent_task WHERE patent = $1 AND origin = 'rule' AND status = 'open'",
      [patent.sid],
    );
    const cnVersion = BUILT_IN_PACKS.deadlines.find((p) => p.office === 'CN')!.version;
    for (const row of stored)
      expect(row.pack_version).toBe(row.rule_code === 'CN-EXAM-REQUEST' ? `${cnVersion}-next` : cnVersion);
    // A fee rule change recomputes the fees of the cases under that rule only; a removed deadline rule
    // takes its open deadlines along.
    const granted = await cnInvention({ grant_date: '2025-06-01' });
    const feesBefore = await t.database.db.query<{ sid: string; amount: string; version: number }>(
      "SELECT sid, amount, version FROM m_fee WHERE patent = $1 AND origin = 'rule' ORDER BY patent_year",
      [granted.sid],
    );
    expect(feesBefore.length).toBeGreaterThan(0);
    const grantedDeadlines = await deadlines(granted.sid);
    const feePacks = BUILT_IN_PACKS.fees.map((pack) =>
      pack.office !== 'CN'
        ? pack
        : {
            ...pack,
            version: `${pack.version}-next`,
            rules: pack.rules.map((rule) =>
              rule.code === 'CN-ANNUITY-INV'
                ? { ...rule, amounts: rule.amounts.map((row) => ({ ...row, amount: row.amount + 100 })) }
                : rule,
            ),
          },
    );
    const withoutExam = deadlinePacks.map((pack) =>
      pack.office !== 'CN' ? pack : { ...pack, rules: pack.rules.filter((rule) => rule.code !== 'CN-EXAM-REQUEST') },
    );
    const [feeReport] = await recomputeChangedPacks(t.database.db, {
      now: () => t.clock.now,
      timeZone: 'Asia/Shanghai',
      packs: { deadlines: withoutExam, fees: feePacks },
    });
    expect(feeReport?.changedRules).toEqual(['CN-EXAM-REQUEST', 'CN-ANNUITY-INV']);
    const feesAfter = await t.database.db.query<{ sid: string; amount: string; version: number }>(
      "SELECT sid, amount, version FROM m_fee WHERE patent = $1 AND origin = 'rule' ORDER BY patent_year",
      [granted.sid],
    );
    expect(feesAfter.map((f) => Number(f.amount))).toEqual(feesBefore.map((f) => Number(f.amount) + 100));
    expect(byRule(await deadlines(granted.sid), 'CN-EXAM-REQUEST')).toBeUndefined();
    for (const other of grantedDeadlines.filter((d) => d.rule_code !== 'CN-EXAM-REQUEST'))
      expect((await deadlines(granted.sid)).find((d) => d.sid === other.sid)?.version).toBe(other.version);
    await recomputeChangedPacks(t.database.db, { now: () => t.clock.now, timeZone: 'Asia/Shanghai', packs });
    expect(byRule(await deadlines(granted.sid), 'CN-EXAM-REQUEST')).toBeDefined();

    // Nothing recorded as changed the second time; back to the built-in packs moves the deadline back.
    expect(
      await recomputeChangedPacks(t.database.db, { now: () => t.clock.now, timeZone: 'Asia/Shanghai', packs }),
    ).toEqual([]);
    await recomputeChangedPacks(t.database.db, { now: () => t.clock.now, timeZone: 'Asia/Shanghai' });
    expect(byRule(await deadlines(patent.sid), 'CN-EXAM-REQUEST')!.due_date).toBe(exam.due_date);
  });

  it('recomputes all cases of some offices in small batches, two at once where the engine allows', async () => {
    const cn = [];
    for (let i = 0; i < 5; i++) cn.push(await cnInvention());
    const us = await create('patent', {
      title: `Battery ${++sn}`,
      sn: `US-T-${sn}`,
      patent_type: 'invention',
      country: 'US',
      filing_date: '2023-03-14',
    });
    const examDue = byRule(await deadlines(cn[0]!.sid), 'CN-EXAM-REQUEST')!.due_date;
    expect(examDue).not.toBe('2031-01-01');
    const spoil =
      "UPDATE m_patent_task SET due_date = '2031-01-01' WHERE patent = ANY($1::text[]) AND origin = 'rule' AND status = 'open'";
    await t.database.db.query(spoil, [[...cn.map((p) => p.sid), us.sid]]);
    const [counted] = await t.database.db.query<{ total: number }>(
      "SELECT count(*)::int AS total FROM m_patent WHERE tenant_sid = $1 AND country = 'CN'",
      [tenant.sid],
    );
    const report = await recomputeTenant(t.database.db, {
      tenantSid: tenant.sid,
      offices: ['CN'],
      now: t.clock.now,
      timeZone: 'Asia/Shanghai',
      actorSid: null,
      batchSize: 2,
      concurrency: 2,
    });
    expect(report.cases).toBe(counted?.total);
    for (const p of cn) expect(byRule(await deadlines(p.sid), 'CN-EXAM-REQUEST')!.due_date).toBe(examDue);
    // Cases of other offices are left as they are.
    expect((await deadlines(us.sid)).every((d) => d.status !== 'open' || d.due_date === '2031-01-01')).toBe(true);
  });

  it('refuses callers without the resource, and cases of other tenants or out of scope', async () => {
    const patent = await cnInvention();
    const noTasks = await t.app.inject({
      method: 'GET',
      url: `/webapi/patent/${patent.sid}/deadlines`,
      headers: authed(viewer),
    });
    expect(noTasks.statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/webapi/patent/${patent.sid}/deadlines`,
      headers: authed(outsider),
    });
    expect(foreign.statusCode).toBe(404);
    const foreignFees = await t.app.inject({
      method: 'GET',
      url: `/webapi/patent/${patent.sid}/fee-schedule`,
      headers: authed(outsider),
    });
    expect(foreignFees.statusCode).toBe(404);
    const recompute = await t.app.inject({
      method: 'POST',
      url: `/webapi/patent/${patent.sid}/recompute`,
      headers: authed(viewer),
    });
    expect(recompute.statusCode).toBe(403);
    const importing = await t.app.inject({
      method: 'POST',
      url: '/webapi/patent-calendars/import',
      headers: authed(viewer),
      payload: { rows: [{ office: 'CN', date: '2026-03-20', type: 'closed' }] },
    });
    expect(importing.statusCode).toBe(403);
    const ical = await t.app.inject({ method: 'GET', url: '/webapi/patent-deadlines/ical', headers: authed(viewer) });
    expect(ical.statusCode).toBe(403);
  });
});
