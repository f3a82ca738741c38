// Resignation with hand-over through the HTTP API on a real database, with a real SMTP server: the
// account closes, open to-dos and workflow tasks move to the handover person, all or nothing; the notice
// mail and its settings; the caller's open to-dos. Runs on PGlite and PostgreSQL.
import { newSid } from '@ipdesk/core';
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
import { startMailServer, type TestMailServer } from '../../../test/smtp.js';
import { byUsers, linearGraph } from '../../../test/workflow-engine.js';
import { approveTask, startProcess } from '../workflow/engine/index.js';

describe(`resignation, hand-over, notices and to-dos (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let mail: TestMailServer;
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let admin: SignedIn;
  let otherAdmin: SignedIn;
  let adminEmail: string;
  beforeAll(async () => {
    mail = await startMailServer();
    // A tenant mail server on 127.0.0.1 below: allowed for the test.
    t = await createAccountsTestApp({ SMTP_URL: mail.url, SMTP_ALLOW_INTERNAL_HOSTS: 'true' });
    tenant = await createTenant(t);
    other = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    adminEmail = a.email;
    admin = await signIn(t.app, a.account, a.password);
    const b = await createUser(t, other, { isTenantAdmin: true });
    otherAdmin = await signIn(t.app, b.account, b.password);
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  const db = () => t.database.db;
  const unique = () => newSid().toLowerCase().slice(0, 10);
  const post = (url: string, payload: object, s: SignedIn | null = admin) =>
    t.app.inject({ method: 'POST', url: `/webapi${url}`, headers: s ? authed(s) : { 'x-language': 'en' }, payload });
  const get = (url: string, s: SignedIn | null = admin) =>
    t.app.inject({ method: 'GET', url: `/webapi${url}`, headers: s ? authed(s) : { 'x-language': 'en' } });

  interface Person {
    sid: string;
    version: number;
    email: string;
    name: string;
  }
  interface WithAccount extends Person {
    userSid: string;
    account: string;
    password: string;
  }
  const person = async (name = '李四', s: SignedIn = admin): Promise<Person> => {
    const res = await post('/model/person/do/create', { data: { name, email: `p${unique()}@example.com` } }, s);
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().data;
  };
  /** A person with an open account whose initial password was already changed (a usable session). */
  const personWithAccount = async (name = '李四', s: SignedIn = admin): Promise<WithAccount> => {
    const p = await person(name, s);
    const res = await post('/model/person/do/open_account', { sid: p.sid, account: `u${unique()}`, role_sids: [] }, s);
    if (res.statusCode !== 200) throw new Error(res.body);
    const opened = res.json().data;
    await db().query('UPDATE user_account SET must_change_password = false WHERE sid = $1', [opened.user_sid]);
    return {
      ...p,
      version: p.version + 1,
      userSid: opened.user_sid,
      account: opened.account,
      password: opened.initial_password,
    };
  };
  const todo = async (
    assignee: string,
    title: string,
    status = 'open',
    createdAt = new Date(),
    tenantSid = tenant.sid,
  ) => {
    const sid = newSid();
    await db().query(
      'INSERT INTO todo (sid, tenant_sid, assignee_sid, title, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)',
      [sid, tenantSid, assignee, title, status, createdAt],
    );
    return sid;
  };
  const todos = (assignee: string) =>
    db().query<{ sid: string; status: string; handed_over_from: string | null }>(
      'SELECT sid, status, handed_over_from FROM todo WHERE assignee_sid = $1 ORDER BY sid',
      [assignee],
    );
  const resign = (body: object, s: SignedIn | null = admin) => post('/model/person/do/resign', body, s);
  const personRow = async (sid: string) =>
    (await db().query<Record<string, unknown>>('SELECT * FROM m_person WHERE sid = $1', [sid]))[0]!;
  const userStatus = async (sid: string) =>
    (await db().query<{ status: number }>('SELECT status FROM user_account WHERE sid = $1', [sid]))[0]!.status;
  /** Saves the settings over the ones just read, as the page does (unless the body names another time). */
  const setNotice = async (body: object, s: SignedIn = admin) => {
    const read = await get('/setting/resignation_notice');
    return post('/setting/resignation_notice/do/update', { updated_at: read.json().data.updated_at, ...body }, s);
  };

  it('hands over: account closed, 3 open to-dos move to the handover person, the done one stays, notice mailed', async () => {
    const leaver = await personWithAccount('赵六');
    const heir = await personWithAccount('钱七');
    const session = await signIn(t.app, leaver.account, leaver.password);
    const open = [await todo(leaver.userSid, 'a'), await todo(leaver.userSid, 'b'), await todo(leaver.userSid, 'c')];
    const done = await todo(leaver.userSid, 'd', 'done');

    const arriving = mail.nextMessageTo(heir.email);
    const res = await resign({ sid: leaver.sid, version: leaver.version, handover_person_sid: heir.sid });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      sid: leaver.sid,
      status: 'resigned',
      resigned_on: '2026-11-21',
      handover_person: heir.sid,
      account_user: leaver.userSid,
      version: leaver.version + 1,
    });

    // The account is closed: the existing session and a new sign-in are refused.
    expect(await userStatus(leaver.userSid)).toBe(0);
    const me = await get('/model/user_info/do/my', session);
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe(30409);
    expect((await loginRequest(t.app, leaver.account, leaver.password)).json().code).toBe(30102);

    // The open to-dos are the handover person's now; the done one is untouched.
    const moved = await todos(heir.userSid);
    expect(moved.map((x) => x.sid).sort()).toEqual([...open].sort());
    expect(moved.every((x) => x.handed_over_from === leaver.userSid && x.status === 'open')).toBe(true);
    expect(await todos(leaver.userSid)).toEqual([{ sid: done, status: 'done', handed_over_from: null }]);
    const heirSession = await signIn(t.app, heir.account, heir.password);
    const mine = await get('/todo/do/my', heirSession);
    expect(mine.statusCode).toBe(200);
    expect((mine.json().data as Array<{ sid: string }>).map((x) => x.sid).sort()).toEqual([...open].sort());

    const message = await arriving;
    expect(message.subject).toBe('【IPDesk】工作交接通知 / [IPDesk] Work handed over');
    expect(message.text).toContain('赵六 已于 2026-11-21 离职，工作交接人为 钱七。其 3 条未完成待办已转交给 钱七');
    expect(message.text).toContain('赵六 resigned on 2026-11-21; the handover person is 钱七. Their 3 open to-do(s)');

    const audits = await db().query<{ action: string; detail: Record<string, unknown> }>(
      "SELECT action, detail FROM audit_log WHERE target = $1 AND action = 'person.resigned'",
      [`person:${leaver.sid}`],
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.detail).toMatchObject({ todos_handed_over: 3, account_closed: true });
    const history = await get(`/model/person/do/history/${leaver.sid}`);
    expect(history.json().data.at(-1)).toMatchObject({
      action: 'person.resigned',
      changes: { status: { before: 'active', after: 'resigned' }, handover_person: { before: null, after: heir.sid } },
    });

    // Resigned: cannot resign again, cannot get an account.
    const again = await resign({ sid: leaver.sid, version: leaver.version + 1, handover_person_sid: heir.sid });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(409306);
    const reopen = await post('/model/person/do/open_account', {
      sid: leaver.sid,
      account: `u${unique()}`,
      role_sids: [],
    });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().code).toBe(409301);
    expect(await userStatus(leaver.userSid)).toBe(0);
  });

  it('hands open workflow tasks over through the engine: owner kept, to-do moved, history written', async () => {
    const leaver = await personWithAccount('吴十');
    const heir = await personWithAccount('郑十一');
    const graph = linearGraph([['review', { approvers: byUsers(leaver.userSid), name: '部门审核' }]]);
    const record = newSid();
    await db().query(
      'INSERT INTO m_patent (sid, tenant_sid, company_sid, created_at, updated_at) VALUES ($1, $2, $2, now(), now())',
      [record, tenant.sid],
    );
    await db().query(
      `INSERT INTO workflow_definition (sid, tenant_sid, key, version, name, model, status, xml, graph)
       VALUES ($1, $2, $3, 1, '专利审核', 'patent', 'published', '<definitions/>', $4)`,
      [newSid(), tenant.sid, graph.settings.key, JSON.stringify(graph)],
    );
    const started = await startProcess(
      t.app.workflow,
      { tenantSid: tenant.sid, userSid: heir.userSid },
      {
        definitionKey: graph.settings.key,
        recordSid: record,
      },
    );
    const task = started.openTasks[0]!.sid;
    const manual = await todo(leaver.userSid, 'manual');

    const res = await resign({ sid: leaver.sid, version: leaver.version, handover_person_sid: heir.sid });
    expect(res.statusCode).toBe(200);
    const moved = await db().query<{ assignee_sid: string; owner_sid: string; todo_assignee: string; from: string }>(
      `SELECT t.assignee_sid, t.owner_sid, d.assignee_sid AS todo_assignee, d.handed_over_from AS from
         FROM workflow_task t JOIN todo d ON d.sid = t.todo_sid WHERE t.sid = $1`,
      [task],
    );
    expect(moved).toEqual([
      { assignee_sid: heir.userSid, owner_sid: leaver.userSid, todo_assignee: heir.userSid, from: leaver.userSid },
    ]);
    expect((await todos(heir.userSid)).map((x) => x.sid)).toContain(manual);
    const history = await db().query<{ action: string; actor_sid: string }>(
      'SELECT action, actor_sid FROM workflow_history WHERE instance_sid = $1 ORDER BY id',
      [started.instanceSid],
    );
    expect(history.map((h) => h.action)).toEqual(['submit', 'handOver']);
    const audits = await db().query<{ detail: Record<string, unknown> }>(
      "SELECT detail FROM audit_log WHERE target = $1 AND action = 'person.resigned'",
      [`person:${leaver.sid}`],
    );
    expect(audits[0]!.detail).toMatchObject({ todos_handed_over: 2 });
    // The heir decides it now, as its assignee.
    const done = await approveTask(t.app.workflow, { tenantSid: tenant.sid, userSid: heir.userSid }, { taskSid: task });
    expect(done.status).toBe('approved');
  });

  it('changes nothing when the handover person is not valid (400301) or the version is stale (409000)', async () => {
    const leaver = await personWithAccount();
    const session = await signIn(t.app, leaver.account, leaver.password);
    const openTodo = await todo(leaver.userSid, 'keep me');
    const noAccount = await person();
    const closed = await personWithAccount();
    await post('/model/person/do/close_account', { sid: closed.sid });
    const gone = await personWithAccount();
    const heir = await personWithAccount();
    expect((await resign({ sid: gone.sid, version: gone.version, handover_person_sid: heir.sid })).statusCode).toBe(
      200,
    );
    const theirs = (await post('/model/person/do/create', { data: { name: '外人' } }, otherAdmin)).json().data;

    for (const handover of [leaver.sid, noAccount.sid, closed.sid, gone.sid, theirs.sid, newSid()]) {
      const res = await resign({ sid: leaver.sid, version: leaver.version, handover_person_sid: handover });
      expect(res.statusCode, handover).toBe(400);
      expect(res.json()).toMatchObject({
        code: 400301,
        message: 'The handover person must be another active person of your organisation with a login account',
      });
    }
    const stale = await resign({ sid: leaver.sid, version: leaver.version - 1, handover_person_sid: heir.sid });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe(409000);

    expect(await personRow(leaver.sid)).toMatchObject({
      status: 'active',
      resigned_on: null,
      handover_person: null,
      version: leaver.version,
    });
    expect(await userStatus(leaver.userSid)).toBe(1);
    expect((await get('/model/user_info/do/my', session)).statusCode).toBe(200);
    expect(await todos(leaver.userSid)).toEqual([{ sid: openTodo, status: 'open', handed_over_from: null }]);
    const audits = await db().query("SELECT id FROM audit_log WHERE target = $1 AND action = 'person.resigned'", [
      `person:${leaver.sid}`,
    ]);
    expect(audits).toEqual([]);
  });

  it('rolls everything back when a step fails after the first writes', async () => {
    const leaver = await personWithAccount();
    const heir = await personWithAccount();
    const session = await signIn(t.app, leaver.account, leaver.password);
    const kept = await todo(leaver.userSid, 'fine');
    const poisoned = await todo(leaver.userSid, 'explode');
    // A fault injected into the hand-over step, after the person and account were already written.
    await db().query(`CREATE FUNCTION people_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.title = 'explode' THEN RAISE EXCEPTION 'injected failure'; END IF; RETURN NEW; END $$`);
    await db().query(
      'CREATE TRIGGER people_test_fail BEFORE UPDATE ON todo FOR EACH ROW EXECUTE FUNCTION people_test_fail()',
    );
    try {
      const res = await resign({ sid: leaver.sid, version: leaver.version, handover_person_sid: heir.sid });
      expect(res.statusCode).toBe(500);
    } finally {
      await db().query('DROP TRIGGER people_test_fail ON todo');
      await db().query('DROP FUNCTION people_test_fail()');
    }
    expect(await personRow(leaver.sid)).toMatchObject({ status: 'active', version: leaver.version });
    expect(await userStatus(leaver.userSid)).toBe(1);
    expect((await get('/model/user_info/do/my', session)).statusCode).toBe(200);
    expect((await todos(leaver.userSid)).map((x) => x.sid).sort()).toEqual([kept, poisoned].sort());
    expect(await todos(heir.userSid)).toEqual([]);
  });

  it('takes a given date, checks it, and lets a person without an account resign', async () => {
    const heir = await personWithAccount();
    const p = await person();
    // Year 0 is no date PostgreSQL stores (it answered 500 before the shared calendar check).
    for (const resignedOn of ['2026-02-30', '0000-01-01']) {
      const bad = await resign({
        sid: p.sid,
        version: p.version,
        handover_person_sid: heir.sid,
        resigned_on: resignedOn,
      });
      expect(bad.statusCode, resignedOn).toBe(400);
      expect(bad.json()).toMatchObject({
        code: 500001,
        fields: [
          { field: 'resigned_on', label: 'Resigned on', message: 'must be a valid date in the form YYYY-MM-DD' },
        ],
      });
    }
    const res = await resign({
      sid: p.sid,
      version: p.version,
      handover_person_sid: heir.sid,
      resigned_on: '2026-10-31',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'resigned', resigned_on: '2026-10-31', account_user: null });
  });

  it('refuses callers without person:account (403301), anonymous ones (401) and sids of others (404)', async () => {
    const heir = await personWithAccount();
    const p = await person();
    const u = await createUser(t, tenant);
    await grantRole(t, tenant, [u.sid], { resources: ['person', 'person:update'] });
    const viewer = await signIn(t.app, u.account, u.password);
    const body = { sid: p.sid, version: p.version, handover_person_sid: heir.sid };
    expect((await resign(body, viewer)).json().code).toBe(403301);
    expect((await resign(body, null)).statusCode).toBe(401);
    const foreign = await resign(body, otherAdmin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe(404202);
    for (const broken of [
      { ...body, version: 0 },
      { ...body, handover_person_sid: 'x' },
      { ...body, status: 'resigned' },
      { sid: p.sid, handover_person_sid: heir.sid },
    ]) {
      const res = await resign(broken);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(500001);
    }
    expect((await personRow(p.sid)).status).toBe('active');
  });

  describe('notice settings', () => {
    it('has defaults, saves checked addresses once each, and audits the change', async () => {
      const initial = await get('/setting/resignation_notice');
      expect(initial.json().data).toEqual({
        notify_handover: true,
        notify_admins: false,
        extra_recipients: [],
        updated_at: null,
      });
      const saved = await setNotice({
        notify_handover: false,
        notify_admins: true,
        extra_recipients: ['hr@example.com', ' HR@example.com ', 'it@example.com'],
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().data).toEqual({
        notify_handover: false,
        notify_admins: true,
        extra_recipients: ['hr@example.com', 'it@example.com'],
        updated_at: t.clock.now.toISOString(),
      });
      expect((await get('/setting/resignation_notice')).json().data).toEqual(saved.json().data);
      const audits = await db().query(
        "SELECT id FROM audit_log WHERE action = 'resignation_notice.updated' AND tenant_sid = $1",
        [tenant.sid],
      );
      expect(audits).toHaveLength(1);
      // Another tenant still has its own (default) settings.
      expect((await get('/setting/resignation_notice', otherAdmin)).json().data.notify_handover).toBe(true);
      await setNotice({ notify_handover: true, notify_admins: false, extra_recipients: [] });
    });

    it('refuses a save over settings saved since they were read (409000), keeping those', async () => {
      const read = (await get('/setting/resignation_notice')).json().data;
      t.clock.advanceMinutes(1);
      const first = await post('/setting/resignation_notice/do/update', {
        ...read,
        extra_recipients: ['first@example.com'],
      });
      expect(first.statusCode, first.body).toBe(200);
      // A second administrator read the same settings before the first saved.
      const second = await post('/setting/resignation_notice/do/update', { ...read, notify_admins: true });
      expect(second.statusCode).toBe(409);
      expect(second.json().code).toBe(409000);
      expect((await get('/setting/resignation_notice')).json().data.extra_recipients).toEqual(['first@example.com']);
      // A first save over defaults that someone else has saved meanwhile is stale too.
      const overDefaults = await post('/setting/resignation_notice/do/update', { ...read, updated_at: null });
      expect(overDefaults.json().code).toBe(409000);
      // Without the time read, nothing is saved.
      const unread = await post('/setting/resignation_notice/do/update', {
        notify_handover: true,
        notify_admins: false,
        extra_recipients: [],
      });
      expect(unread.json().fields[0].field).toBe('updated_at');
      await setNotice({ notify_handover: true, notify_admins: false, extra_recipients: [] });
    });

    it('refuses bad addresses, more than 20, missing fields; and callers without system.settings', async () => {
      for (const body of [
        { notify_handover: true, notify_admins: false, extra_recipients: ['not-an-address'] },
        { notify_handover: true, notify_admins: false, extra_recipients: ['a@b.c\r\nBcc: x@y.z'] },
        {
          notify_handover: true,
          notify_admins: false,
          extra_recipients: Array.from({ length: 21 }, (_, i) => `r${i}@example.com`),
        },
        { notify_handover: true, extra_recipients: [] },
        { notify_handover: 'yes', notify_admins: false, extra_recipients: [] },
      ]) {
        const res = await setNotice(body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
        expect(res.json().code).toBe(500001);
      }
      const bad = await setNotice({ notify_handover: true, notify_admins: false, extra_recipients: ['nope'] });
      expect(bad.json().fields[0]).toMatchObject({
        field: 'extra_recipients.0',
        message: 'is not a valid e-mail address',
      });

      const u = await createUser(t, tenant);
      await grantRole(t, tenant, [u.sid], { resources: ['person', 'person:account'] });
      const user = await signIn(t.app, u.account, u.password);
      expect((await get('/setting/resignation_notice', user)).json().code).toBe(403301);
      expect(
        (await setNotice({ notify_handover: false, notify_admins: false, extra_recipients: [] }, user)).json().code,
      ).toBe(403301);
      expect((await get('/setting/resignation_notice', null)).statusCode).toBe(401);
      expect((await get('/setting/resignation_notice')).json().data.notify_handover).toBe(true);
    });

    it('mails whom the settings name: not the handover person when off, administrators and extra addresses when on', async () => {
      const extra = `extra${unique()}@example.com`;
      await setNotice({ notify_handover: false, notify_admins: true, extra_recipients: [extra] });
      const leaver = await personWithAccount('孙八');
      const heir = await personWithAccount('周九');
      const toAdmin = mail.nextMessageTo(adminEmail);
      const toExtra = mail.nextMessageTo(extra);
      const res = await resign({ sid: leaver.sid, version: leaver.version, handover_person_sid: heir.sid });
      expect(res.statusCode).toBe(200);
      expect((await toAdmin).text).toContain('孙八');
      expect((await toExtra).text).toContain('周九');
      // Mail is sent before the answer; none went to the handover person.
      expect(mail.messages.some((m) => JSON.stringify(m.to).includes(heir.email))).toBe(false);
      await setNotice({ notify_handover: true, notify_admins: false, extra_recipients: [] });
    });

    it("logs a mail failure and still resigns (the tenant's own mail server is down)", async () => {
      await db().query(
        "INSERT INTO tenant_mail_settings (tenant_sid, host, port, from_address) VALUES ($1, '127.0.0.1', 1, 'x@example.com')",
        [other.sid],
      );
      const p = (await post('/model/person/do/create', { data: { name: '外一' } }, otherAdmin)).json().data;
      const h = (
        await post('/model/person/do/create', { data: { name: '外二', email: `h${unique()}@example.com` } }, otherAdmin)
      ).json().data;
      expect(
        (
          await post(
            '/model/person/do/open_account',
            { sid: h.sid, account: `u${unique()}`, role_sids: [] },
            otherAdmin,
          )
        ).statusCode,
      ).toBe(200);
      const res = await resign({ sid: p.sid, version: p.version, handover_person_sid: h.sid }, otherAdmin);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.status).toBe('resigned');
      expect(t.logs.some((line) => line.includes('resignation notice could not be sent'))).toBe(true);
    });
  });

  describe('my to-dos', () => {
    it("lists the caller's open to-dos only, newest first, at most 200", async () => {
      const me = await personWithAccount();
      const someone = await personWithAccount();
      const session = await signIn(t.app, me.account, me.password);
      const base = new Date('2026-01-01T00:00:00Z').getTime();
      for (let i = 0; i < 205; i++) await todo(me.userSid, `t${i}`, 'open', new Date(base + i * 60_000));
      await todo(me.userSid, 'finished', 'done', new Date(base + 999 * 60_000));
      await todo(me.userSid, 'dropped', 'cancelled', new Date(base + 999 * 60_000));
      await todo(someone.userSid, 'not mine', 'open', new Date(base + 999 * 60_000));

      const res = await get('/todo/do/my', session);
      expect(res.statusCode).toBe(200);
      const rows = res.json().data as Array<{ title: string; status: string }>;
      expect(rows).toHaveLength(200);
      expect(rows[0]!.title).toBe('t204');
      expect(rows.at(-1)!.title).toBe('t5');
      expect(rows.every((r) => r.status === 'open')).toBe(true);
      expect((await get('/todo/do/my', null)).statusCode).toBe(401);
      expect((await get('/todo/do/my', otherAdmin)).json().data).toEqual([]);
    });
  });
});
