// The reminder run (issue 19): a deadline's reminders at each lead time exactly once as the clock moves day by
// day; a run after days down sends only the nearest passed lead time; working days of the office calendar
// (an imported holiday moves the reminder earlier); done and cancelled deadlines get none; nobody without the
// case's and the deadline's read rights is told; a moved due date starts over; escalation once to the
// assignee's department lead and the IP supervisors; fees due at their own lead times; rendered in each
// reader's language. PGlite and PostgreSQL; the clock is moved, never waited for.
import { addDays, newSid } from '@ipdesk/core';
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
} from '../../../../test/accounts.js';
import { onPostgres } from '../../../../test/database.js';
import { storeCalendarDays } from '../../../domains/patents/calendars.js';
import { localDate } from '../../models/relative-dates.js';
import { renderForReader } from '../for-reader.js';
import { recipientPrincipal } from '../notify.js';
import { runDeadlineReminders } from './run-reminders.js';

const TIME_ZONE = 'Asia/Shanghai';

interface Case {
  tenant: TestTenant;
  admin: SignedIn;
  users: Record<'assignee' | 'manager' | 'noRight' | 'caseOnly' | 'lead' | 'supervisor', string>;
  patent: string;
}

interface EventRow {
  event: string;
  dedupe_key: string;
  record_sid: string;
  params: Record<string, unknown>;
  day: string;
  recipients: string[];
}

describe(`deadline reminders (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  beforeAll(async () => {
    t = await createAccountsTestApp();
  });
  afterAll(() => t?.close());

  const db = () => t.database.db;
  const today = () => localDate(t.clock.now, TIME_ZONE);
  const nextDay = () => t.clock.advanceMinutes(24 * 60);
  const run = (database = db()) =>
    runDeadlineReminders({ db: database, registry: t.app.registry, timeZone: TIME_ZONE }, { now: t.clock.now });

  /** A tenant with its people: the assignee and the IP manager may read cases and deadlines; others less. */
  async function newCase(): Promise<Case> {
    const tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    // The clock runs months ahead here: passwords set now by the clock, so none has expired.
    await db().query('UPDATE user_account SET password_changed_at = $2 WHERE sid = $1', [a.sid, t.clock.now]);
    const admin = await signIn(t.app, a.account, a.password);
    const users = {} as Case['users'];
    for (const key of ['assignee', 'manager', 'noRight', 'caseOnly', 'lead', 'supervisor'] as const)
      users[key] = (
        await createUser(t, tenant, { email: `${key.toLowerCase()}.${tenant.sid.toLowerCase()}@example.com` })
      ).sid;
    await grantRole(t, tenant, [users.assignee, users.manager, users.lead], {
      resources: ['patent', 'patent_task', 'fee'],
    });
    await grantRole(t, tenant, [users.noRight], { resources: ['patent_task'] });
    // May read the case but not its deadlines: told of nothing that shows a deadline.
    await grantRole(t, tenant, [users.caseOnly], { resources: ['patent'] });
    const supervisors = await grantRole(t, tenant, [users.supervisor], { resources: ['patent', 'patent_task'] });
    await db().query("UPDATE role SET code = 'ip_supervisor' WHERE sid = $1", [supervisors]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/patent/do/create',
      headers: authed(admin),
      payload: {
        data: {
          title: '提醒测试',
          sn: `RM-${newSid().slice(0, 6)}`,
          patent_type: 'invention',
          country: 'CN',
          ip_manager: users.manager,
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { tenant, admin, users, patent: res.json().data.sid };
  }

  async function deadline(
    c: Case,
    due: string,
    options: { assignee?: string; office?: string; rule?: string; title?: string } = {},
  ): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/patent_task/do/create',
      headers: authed(c.admin),
      payload: {
        data: {
          patent: c.patent,
          title: options.title ?? 'Hand-made deadline',
          due_date: due,
          assignee: options.assignee ?? c.users.assignee,
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sid: string = res.json().data.sid;
    // Office and rule are the rules' (managed fields): set as a rule deadline would carry them.
    if (options.office || options.rule)
      await db().query('UPDATE m_patent_task SET office = $2, rule_code = $3 WHERE sid = $1', [
        sid,
        options.office ?? null,
        options.rule ?? null,
      ]);
    return sid;
  }

  async function eventsOf(tenantSid: string, event?: string): Promise<EventRow[]> {
    return db().query<EventRow>(
      `SELECT e.event, e.dedupe_key, e.record_sid, e.params, to_char(e.created_at AT TIME ZONE '${TIME_ZONE}', 'YYYY-MM-DD') AS day,
              array_agg(n.recipient_sid ORDER BY n.recipient_sid) AS recipients
         FROM notification_event e JOIN notification n ON n.event_sid = e.sid
        WHERE e.tenant_sid = $1 AND ($2::text IS NULL OR e.event = $2)
        GROUP BY e.sid ORDER BY e.created_at, e.dedupe_key`,
      [tenantSid, event ?? null],
    );
  }
  const leadOf = (key: string) => Number(key.split(':').at(-1));

  it('reminds at each lead time exactly once, on the day, as the clock moves day by day', async () => {
    const c = await newCase();
    const due = addDays(today(), 95);
    const sid = await deadline(c, due);
    for (let day = 0; day <= 96; day += 1) {
      await run();
      await run(); // a second run the same day (another server, a restart) adds nothing
      nextDay();
    }
    const reminders = await eventsOf(c.tenant.sid, 'deadline.reminder');
    expect(reminders.map((r) => r.dedupe_key)).toEqual(
      [90, 30, 7, 1, 0].map((lead) => `deadline:patent_task:${sid}:${due}:${lead}`),
    );
    // Each on its day: the due date minus the lead time (calendar days: the deadline names no office).
    expect(reminders.map((r) => r.day)).toEqual([90, 30, 7, 1, 0].map((lead) => addDays(due, -lead)));
    for (const r of reminders) {
      expect(r.record_sid).toBe(c.patent); // about the case, which the link opens
      expect(r.recipients).toEqual([c.users.assignee, c.users.manager].sort());
      expect(r.params).toMatchObject({ due, deadline: { zh: 'Hand-made deadline', en: 'Hand-made deadline' } });
    }
    expect(reminders.map((r) => r.params.days)).toEqual([90, 30, 7, 1, 0]);
    // None to people who may not read the case (noRight) or its deadlines (caseOnly): they were never asked.
  });

  it('catches up after days down with the nearest passed lead time only', async () => {
    const c = await newCase();
    const due = addDays(today(), 40);
    const sid = await deadline(c, due);
    await run(); // 40 days before: the 90-day reminder has passed unsent, so it goes now
    for (let i = 0; i < 35; i += 1) nextDay(); // down for 35 days: the 30-day and 7-day reminders passed
    await run();
    await run();
    nextDay(); // 4 days before: nothing new
    await run();
    for (let i = 0; i < 3; i += 1) nextDay(); // the day before
    await run();
    const keys = (await eventsOf(c.tenant.sid, 'deadline.reminder')).map((r) => r.dedupe_key);
    expect(keys.map(leadOf)).toEqual([90, 7, 1]);
    expect(keys[0]).toBe(`deadline:patent_task:${sid}:${due}:90`);
  });

  it("counts working days of the deadline's office calendar: an imported holiday moves the reminder earlier", async () => {
    const c = await newCase();
    // Lead times of 3 days; the due date a Friday two weeks on, the Wednesday before it closed for the office.
    await putSettings(c.admin, { lead_times: { default: [3] }, escalate_within_days: 0 });
    let friday = addDays(today(), 14);
    while (new Date(`${friday}T00:00:00Z`).getUTCDay() !== 5) friday = addDays(friday, 1);
    const [monday, tuesday, wednesday] = [-4, -3, -2].map((d) => addDays(friday, d));
    await db().transaction((tx) =>
      storeCalendarDays(
        tx,
        c.tenant.sid,
        [{ office: 'CN', date: wednesday!, type: 'closed', name_zh: '测试闭馆', name_en: 'Test closure' }],
        c.users.manager,
        t.clock.now,
      ),
    );
    const onCalendar = await deadline(c, friday, { office: 'CN' });
    const usOffice = await deadline(c, friday, { office: 'US' });
    const noOffice = await deadline(c, friday);
    while (today() <= friday) {
      await run();
      nextDay();
    }
    const days = Object.fromEntries(
      (await eventsOf(c.tenant.sid, 'deadline.reminder'))
        .filter((r) => leadOf(r.dedupe_key) === 3)
        .map((r) => [r.dedupe_key.split(':')[2], r.day]),
    );
    // CN: Thursday, (Wednesday closed), Tuesday, Monday is the 3rd working day before. US (no such closure):
    // Thursday, Wednesday, Tuesday. No office: three calendar days before.
    expect(days).toEqual({ [onCalendar]: monday, [usOffice]: tuesday, [noOffice]: tuesday });
  });

  it('reminds of no done or cancelled deadline, and starts over when the due date moves', async () => {
    const c = await newCase();
    const due = addDays(today(), 5);
    const done = await deadline(c, due);
    const cancelled = await deadline(c, due);
    const moved = await deadline(c, due);
    await db().query("UPDATE m_patent_task SET status = 'done', completed_on = $2 WHERE sid = $1", [done, today()]);
    await db().query("UPDATE m_patent_task SET status = 'cancelled' WHERE sid = $1", [cancelled]);
    await run();
    const later = addDays(due, 60);
    await db().query('UPDATE m_patent_task SET due_date = $2 WHERE sid = $1', [moved, later]);
    await run();
    const keys = (await eventsOf(c.tenant.sid, 'deadline.reminder')).map((r) => r.dedupe_key);
    expect(keys).toEqual([`deadline:patent_task:${moved}:${due}:7`, `deadline:patent_task:${moved}:${later}:90`]);
  });

  it('tells only people who may read both the case and the deadline', async () => {
    const c = await newCase();
    const due = addDays(today(), 1);
    await deadline(c, due, { assignee: c.users.noRight });
    await deadline(c, due, { assignee: c.users.caseOnly });
    await run();
    const reminders = await eventsOf(c.tenant.sid, 'deadline.reminder');
    expect(reminders).toHaveLength(2);
    // The assignees may not read the case (noRight) or the deadline (caseOnly): only the manager is told.
    for (const r of reminders) expect(r.recipients).toEqual([c.users.manager]);
  });

  it('reminds office-action replies at their own lead times, and a rule code at the tenant’s own', async () => {
    const c = await newCase();
    const due = addDays(today(), 20);
    const reply = await deadline(c, due, { rule: 'CN-OA-REPLY-FIRST', office: 'CN' });
    const exam = await deadline(c, due, { rule: 'CN-EXAM-REQUEST', office: 'CN' });
    const pct = await deadline(c, due, { rule: 'CN-PCT-ENTRY', office: 'CN' });
    await putSettings(c.admin, { lead_times: { 'CN-PCT-ENTRY': [45] }, escalate_within_days: 0 });
    await run();
    const byRow = Object.fromEntries(
      (await eventsOf(c.tenant.sid, 'deadline.reminder')).map((r) => [
        r.dedupe_key.split(':')[2],
        leadOf(r.dedupe_key),
      ]),
    );
    // 20 days out: an OA reply's nearest passed lead time is 30 (its list: 30, 14, 7, 3, 1, 0); a general
    // deadline's is 30 too, but only after 90; the tenant's own list for CN-PCT-ENTRY is 45.
    expect(byRow).toEqual({ [reply]: 30, [exam]: 30, [pct]: 45 });
  });

  it('escalates an open deadline once, to the assignee’s department lead and the IP supervisors', async () => {
    const c = await newCase();
    const [top, team] = [newSid(), newSid()];
    await db().query(
      `INSERT INTO department (sid, tenant_sid, company_sid, parent_sid, path, name, leader_sid)
       VALUES ($1, $3, $4, NULL, '/' || $1 || '/', '知识产权部', $5),
              ($2, $3, $4, $1, '/' || $1 || '/' || $2 || '/', '专利组', $6)`,
      [top, team, c.tenant.sid, c.tenant.rootCompany, c.users.lead, c.users.assignee],
    );
    // The assignee leads their own team: the lead above them is told.
    await db().query(
      `INSERT INTO m_person (sid, tenant_sid, company_sid, created_at, updated_at, name, status, department, account_user)
       VALUES ($1, $2, $2, now(), now(), '经办人', 'active', $3, $4)`,
      [newSid(), c.tenant.sid, team, c.users.assignee],
    );
    const nearDue = addDays(today(), 6);
    const near = await deadline(c, nearDue);
    await deadline(c, addDays(today(), 9)); // outside 7 days, still on the next day
    await run();
    await run();
    nextDay();
    await run();
    const escalated = await eventsOf(c.tenant.sid, 'deadline.escalated');
    expect(escalated).toHaveLength(1);
    expect(escalated[0]!.dedupe_key).toBe(`escalate:patent_task:${near}:${nearDue}`);
    expect(escalated[0]!.recipients).toEqual([c.users.lead, c.users.supervisor].sort());
    // Rendered for the lead in their language.
    const [lead] = await db().query<{ sid: string; tenant_sid: string; side: 1 | 2; is_tenant_admin: boolean }>(
      'SELECT sid, tenant_sid, user_type_client AS side, is_tenant_admin FROM user_account WHERE sid = $1',
      [c.users.lead],
    );
    const source = {
      event: 'deadline.escalated' as const,
      model: 'patent',
      record_sid: c.patent,
      params: escalated[0]!.params as never,
      link: null,
    };
    const principal = await recipientPrincipal(db(), t.app.registry, lead!);
    const [en] = await renderForReader(db(), t.app.registry, principal, 'en', [source]);
    const [zh] = await renderForReader(db(), t.app.registry, principal, 'zh-CN', [source]);
    const due = String(escalated[0]!.params.due);
    expect(en!.title).toMatch(new RegExp(`^Hand-made deadline is due on ${due} and still open \\(6 days left\\) · `));
    expect(zh!.title).toContain(due);
    expect(en!.link).toBe(`/model/patent/${c.patent}`);
  });

  it('reminds of unpaid fees at the fee lead times, to the case’s responsible people', async () => {
    const c = await newCase();
    const due = addDays(today(), 10);
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/fee/do/create',
      headers: authed(c.admin),
      payload: { data: { patent: c.patent, title: '第5年年费', due_date: due, amount: 900 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    const fee: string = res.json().data.sid;
    const paid = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/fee/do/create',
      headers: authed(c.admin),
      payload: { data: { patent: c.patent, title: '已缴', due_date: due, amount: 900 } },
    });
    await db().query("UPDATE m_fee SET status = 'paid' WHERE sid = $1", [paid.json().data.sid]);
    await run();
    for (let i = 0; i < 3; i += 1) nextDay();
    await run();
    const fees = await eventsOf(c.tenant.sid, 'fee.due');
    // 10 days out: the 30-day reminder (90, 60, 30, 7, 0); 7 days out: the 7-day one. None for the paid fee.
    expect(fees.map((f) => f.dedupe_key)).toEqual([`fee:${fee}:${due}:30`, `fee:${fee}:${due}:7`]);
    expect(fees[0]!.recipients).toEqual([c.users.manager]);
    expect(fees[0]!.params).toMatchObject({ fee: { zh: '第5年年费', en: '第5年年费' }, due });
  });

  it.runIf(onPostgres)('sends each reminder once when two servers run at the same time', async () => {
    const c = await newCase();
    const due = addDays(today(), 3);
    const sids: string[] = [];
    for (let i = 0; i < 12; i += 1) sids.push(await deadline(c, due));
    const other = await t.database.openAnother!({ max: 4 });
    const reports = await Promise.all([run(), run(other), run(other), run()]);
    const reminders = await eventsOf(c.tenant.sid, 'deadline.reminder');
    expect(reminders.map((r) => r.dedupe_key).sort()).toEqual(
      sids.map((s) => `deadline:patent_task:${s}:${due}:7`).sort(),
    );
    const rows = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notification n JOIN notification_event e ON e.sid = n.event_sid
        WHERE e.tenant_sid = $1 AND e.event = 'deadline.reminder'`,
      [c.tenant.sid],
    );
    expect(rows[0]!.n).toBe(12 * 2);
    expect(reports.every((r) => r.failed === 0)).toBe(true);
  });

  it('settings: defaults, saved lists, refusals in the caller’s language, administrators only', async () => {
    const c = await newCase();
    const get = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/webapi/tenant/notification-settings',
        headers: authed(c.admin, { 'x-language': 'en' }),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const put = (payload: object, language = 'en', who = c.admin) =>
      t.app.inject({
        method: 'PUT',
        url: '/webapi/tenant/notification-settings',
        headers: authed(who, { 'x-language': language }),
        payload,
      });
    const first = await get();
    expect(first.lead_times).toEqual({
      default: [90, 30, 7, 1, 0],
      office_action: [30, 14, 7, 3, 1, 0],
      fee: [90, 60, 30, 7, 0],
    });
    expect(first.escalate_within_days).toBe(7);
    expect(first.updated_at).toBeNull();
    expect(first.types).toEqual(
      expect.arrayContaining([
        { type: 'office_action', kind: 'category', label: 'Office-action replies' },
        { type: 'CN-OA-REPLY-FIRST', kind: 'rule', label: 'CN-OA-REPLY-FIRST · Reply to the first office action' },
      ]),
    );
    const saved = await put({
      lead_times: { default: [0, 60, 14], 'CN-PCT-ENTRY': [] },
      escalate_within_days: 3,
      updated_at: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await get();
    expect(after.lead_times).toMatchObject({ default: [60, 14, 0], fee: [90, 60, 30, 7, 0], 'CN-PCT-ENTRY': [] });
    expect(after.escalate_within_days).toBe(3);
    const audit = await db().query<{ detail: Record<string, unknown> }>(
      "SELECT detail FROM audit_log WHERE tenant_sid = $1 AND action = 'tenant.reminder_settings_updated'",
      [c.tenant.sid],
    );
    expect(audit).toHaveLength(1);
    // Refused: an unknown type, a repeated day, more than 10, out of range, a negative escalation; a stale read.
    const refusals: Array<[object, string, string]> = [
      [{ lead_times: { annuity: [30] } }, 'lead_times.annuity', 'There is no deadline type "annuity"'],
      [{ lead_times: { default: [7, 7] } }, 'lead_times.default', 'The lead times of "default" repeat a day'],
      [{ lead_times: { fee: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] } }, 'lead_times.fee', ''],
      [{ lead_times: { fee: [366] } }, 'lead_times.fee.0', ''],
      [{ lead_times: {}, escalate_within_days: -1 }, 'escalate_within_days', ''],
    ];
    for (const [body, field, message] of refusals) {
      const res = await put({ lead_times: {}, escalate_within_days: 7, ...body, updated_at: after.updated_at });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe(500001);
      expect(res.json().fields[0].field).toBe(field);
      if (message) expect(res.json().fields[0].message).toBe(message);
    }
    const zh = await put(
      { lead_times: { annuity: [30] }, escalate_within_days: 7, updated_at: after.updated_at },
      'zh-CN',
    );
    expect(zh.json().fields[0]).toMatchObject({ label: '提醒提前天数', message: '没有“annuity”这种期限类型' });
    const stale = await put({ lead_times: {}, escalate_within_days: 7, updated_at: null });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(409000);
    expect((await get()).escalate_within_days).toBe(3);
    // Not an administrator: refused both ways.
    const manager = await db().query<{ account: string }>('SELECT account FROM user_account WHERE sid = $1', [
      c.users.manager,
    ]);
    expect(manager).toHaveLength(1);
    const someone = await createUser(t, c.tenant);
    await db().query('UPDATE user_account SET password_changed_at = $2 WHERE sid = $1', [someone.sid, t.clock.now]);
    await grantRole(t, c.tenant, [someone.sid], { resources: ['patent'] });
    const user = await signIn(t.app, someone.account, someone.password);
    expect(
      (await t.app.inject({ method: 'GET', url: '/webapi/tenant/notification-settings', headers: authed(user) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await put({ lead_times: {}, escalate_within_days: 1, updated_at: after.updated_at }, 'en', user)).statusCode,
    ).toBe(403);
  });

  async function putSettings(
    admin: SignedIn,
    body: { lead_times: Record<string, number[]>; escalate_within_days: number },
  ) {
    const read = await t.app.inject({
      method: 'GET',
      url: '/webapi/tenant/notification-settings',
      headers: authed(admin),
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/webapi/tenant/notification-settings',
      headers: authed(admin),
      payload: { ...body, updated_at: read.json().data.updated_at },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
