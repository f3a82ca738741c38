// record.statusChanged (issue 19): a lifecycle action on a deadline tells its assignee (responsible), its
// watchers and the watchers of its patent, each reading it in their language with the tenant's status labels;
// never the actor, nobody without the deadline's view right or outside their scope; one notification per
// record of a batch; a refused action tells nobody. PGlite and PostgreSQL.
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

type Who = 'assignee' | 'taskWatcher' | 'caseWatcher' | 'noTaskRight' | 'outOfScope';

describe(`status changes tell watchers and responsible people (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let admin: SignedIn;
  const sessions = {} as Record<Who, SignedIn>;
  const sids = {} as Record<Who | 'admin', string>;
  let patentSid = '';

  const post = (who: SignedIn, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/webapi${url}`, headers: authed(who), payload });
  const newTask = async (title: string) => {
    const res = await post(admin, '/model/patent_task/do/create', {
      data: { patent: patentSid, title, due_date: '2027-03-01', assignee: sids.assignee },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.sid as string;
  };
  const inbox = async (who: SignedIn, language: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/webapi/notifications?limit=100',
      headers: authed(who, { 'x-language': language }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items as Array<{ title: string; record_sid: string | null; link: string | null }>;
  };

  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    sids.admin = a.sid;
    admin = await signIn(t.app, a.account, a.password);
    for (const who of ['assignee', 'taskWatcher', 'caseWatcher', 'noTaskRight', 'outOfScope'] as const) {
      const user = await createUser(t, tenant);
      sids[who] = user.sid;
      sessions[who] = await signIn(t.app, user.account, user.password);
    }
    await grantRole(t, tenant, [sids.assignee, sids.taskWatcher, sids.caseWatcher], {
      resources: ['patent', 'patent_task'],
    });
    await grantRole(t, tenant, [sids.noTaskRight], { resources: ['patent'] });
    await grantRole(t, tenant, [sids.outOfScope], { resources: ['patent', 'patent_task'], dataScope: 'own' });
    const res = await post(admin, '/model/patent/do/create', {
      data: { title: '状态通知', sn: 'SC-1', patent_type: 'invention', country: 'CN' },
    });
    expect(res.statusCode, res.body).toBe(200);
    patentSid = res.json().data.sid;
  });
  afterAll(() => t?.close());

  it('tells the assignee, the watchers of the deadline and of its case, in their language; not the actor', async () => {
    const task = await newTask('答复审查意见');
    // The case is watched through the button's route; the deadline's watchers likewise.
    for (const who of ['caseWatcher', 'noTaskRight'] as const)
      expect((await post(sessions[who], `/model/patent/do/watch/${patentSid}`, {})).statusCode).toBe(200);
    expect((await post(sessions.taskWatcher, `/model/patent_task/do/watch/${task}`, {})).statusCode).toBe(200);
    expect((await post(admin, `/model/patent_task/do/watch/${task}`, {})).statusCode).toBe(200);
    // Out of scope: could not watch through the route, so watching is written as a fixture (a watcher who lost access).
    expect((await post(sessions.outOfScope, `/model/patent_task/do/watch/${task}`, {})).statusCode).toBe(404);
    await t.database.db.query(
      `INSERT INTO record_watch (tenant_sid, model, record_sid, user_sid, created_at) VALUES ($1, 'patent_task', $2, $3, $4)`,
      [tenant.sid, task, sids.outOfScope, t.clock.now],
    );

    const res = await post(admin, '/model/patent_task/do/action/complete', {
      sids: [task],
      values: { completed_on: '2026-11-21' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.done).toBe(1);

    const recipients = await t.database.db.query<{ recipient_sid: string }>(
      `SELECT n.recipient_sid FROM notification n JOIN notification_event e ON e.sid = n.event_sid
        WHERE e.record_sid = $1 AND e.event = 'record.statusChanged'`,
      [task],
    );
    expect(new Set(recipients.map((r) => r.recipient_sid))).toEqual(
      new Set([sids.assignee, sids.taskWatcher, sids.caseWatcher]),
    );
    const [zh] = await inbox(sessions.assignee, 'zh-CN');
    expect(zh).toMatchObject({
      title: '答复审查意见 的状态由“待处理”变为“已完成”',
      record_sid: task,
      link: `/model/patent_task/${task}`,
    });
    const [en] = await inbox(sessions.caseWatcher, 'en');
    expect(en!.title).toBe('答复审查意见 changed from "Open" to "Done"');
    expect(await inbox(admin, 'en')).toEqual([]);
    expect(await inbox(sessions.noTaskRight, 'en')).toEqual([]);
    expect(await inbox(sessions.outOfScope, 'en')).toEqual([]);
  });

  it('tells once per record of a batch, and nothing for a refused record', async () => {
    const tasks = [await newTask('年费 1'), await newTask('年费 2'), await newTask('年费 3')];
    const before = (await inbox(sessions.assignee, 'en')).length;
    t.clock.advanceMinutes(1);
    const res = await post(admin, '/model/patent_task/do/action/complete', {
      sids: tasks,
      values: { completed_on: '2026-11-21' },
      versions: { [tasks[2]!]: 99 },
    });
    expect(res.json().data).toMatchObject({ done: 2, refused: 1 });
    const items = await inbox(sessions.assignee, 'en');
    expect(items.length - before).toBe(2);
    expect(new Set(items.slice(0, 2).map((i) => i.record_sid))).toEqual(new Set(tasks.slice(0, 2)));
  });
});
