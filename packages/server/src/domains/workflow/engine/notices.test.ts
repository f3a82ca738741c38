// What the workflow tells people (issue 19): each event of a process — a new to-do, a transfer, an urge with
// its comment, added signers, a carbon copy, the starter's process approved / rejected / returned / withdrawn,
// a timer's reminder and overdue notice — queues one notification per person concerned, rendered in their
// own language; never to the one who acted, never to someone who may not read the case; a command that
// rolls back tells nobody. PGlite and PostgreSQL.
import type { Language } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../../test/database.js';
import {
  byUsers,
  createWorkflowFixture,
  linearGraph,
  rejectsWith,
  type WorkflowFixture,
} from '../../../../test/workflow-engine.js';
import { renderForReader, type NotificationSource } from '../../../platform/notifications/for-reader.js';
import { recipientPrincipal } from '../../../platform/notifications/notify.js';
import {
  addSign,
  approveTask,
  rejectTask,
  returnTask,
  runDueJobs,
  startProcess,
  transferTask,
  urgeInstance,
  withdrawInstance,
} from './index.js';

type Graph = ReturnType<typeof linearGraph>;

describe(`workflow notifications (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let f: WorkflowFixture;
  // Readers of every patent: the one who acts, a zh-CN and an en reader, and two starters, one per language.
  let acts: string;
  let zh: string;
  let en: string;
  let starterZh: string;
  let starterEn: string;
  // An account without the patent view right.
  let outsider: string;
  const languages = new Map<string, Language>();

  beforeAll(async () => {
    f = await createWorkflowFixture();
    acts = await f.user({ name: '王审批' });
    zh = await f.user({ name: '张三' });
    en = await f.user({ name: 'Ellen' });
    starterZh = await f.user({ name: '李发起' });
    starterEn = await f.user({ name: 'Sam' });
    outsider = await f.user({ name: '外人' });
    await f.readers([acts, zh, en, starterZh, starterEn]);
    for (const sid of [en, starterEn]) {
      languages.set(sid, 'en');
      await f.db.query("INSERT INTO notification_settings (user_sid, language) VALUES ($1, 'en')", [sid]);
    }
  });
  afterAll(() => f.close());

  const start = async (graph: Graph, starter: string) => {
    await f.publish(graph);
    const record = await f.record();
    await f.db.query("UPDATE m_patent SET title = '电池' WHERE sid = $1", [record]);
    return startProcess(f.deps, f.as(starter), { definitionKey: graph.settings.key, recordSid: record });
  };
  const process = (tasks: Parameters<typeof linearGraph>[0]) => linearGraph(tasks, { name: '立案审批' });

  /** Each recipient's notifications of this event about the instance's record, rendered in their language. */
  const told = async (instanceSid: string, event: string): Promise<Record<string, string[]>> => {
    const rows = await f.db.query<NotificationSource & { recipient_sid: string }>(
      `SELECT n.recipient_sid, e.event, e.model, e.record_sid, e.params, e.link
         FROM notification n JOIN notification_event e ON e.sid = n.event_sid
         JOIN workflow_instance i ON i.model = e.model AND i.record_sid = e.record_sid
        WHERE i.sid = $1 AND e.event = $2
        ORDER BY e.created_at, n.recipient_sid`,
      [instanceSid, event],
    );
    const titles: Record<string, string[]> = {};
    for (const row of rows) {
      const [user] = await f.db.query<{ sid: string; tenant_sid: string; side: 1 | 2; is_tenant_admin: boolean }>(
        'SELECT sid, tenant_sid, user_type_client AS side, is_tenant_admin FROM user_account WHERE sid = $1',
        [row.recipient_sid],
      );
      const principal = await recipientPrincipal(f.db, f.registry, user!);
      const language = languages.get(row.recipient_sid) ?? 'zh-CN';
      const [rendered] = await renderForReader(f.db, f.registry, principal, language, [row]);
      expect(rendered!.link).toBe(`/model/patent/${row.record_sid}`);
      (titles[row.recipient_sid] ??= []).push(rendered!.title);
    }
    return titles;
  };

  it('a new to-do: to its assignees who may read the case, not to the starter acting nor an outsider', async () => {
    const started = await start(process([['a', { approvers: byUsers(starterZh, zh, en, outsider) }]]), starterZh);
    expect(await told(started.instanceSid, 'todo.assigned')).toEqual({
      [zh]: ['新待办：a · 电池'],
      [en]: ['New to-do: a · 电池'],
    });
  });

  it('a transfer: to the new assignee, by name of the one who transferred', async () => {
    const started = await start(process([['a', { approvers: byUsers(zh) }]]), starterZh);
    const first = await transferTask(f.deps, f.as(zh), { taskSid: started.openTasks[0]!.sid, toUserSid: en });
    // Passed on to someone who may not read the case: they have the to-do, but no notice of it.
    await transferTask(f.deps, f.as(en), { taskSid: first.openTasks[0]!.sid, toUserSid: outsider });
    expect(await told(started.instanceSid, 'todo.transferred')).toEqual({
      [en]: ['张三 transferred the to-do "a" to you · 电池'],
    });
  });

  it("an urge: to the current assignees, with the urger's comment", async () => {
    const started = await start(process([['a', { approvers: byUsers(zh, en, outsider) }]]), starterZh);
    await urgeInstance(f.deps, f.as(starterZh), { instanceSid: started.instanceSid, comment: '请尽快' });
    expect(await told(started.instanceSid, 'todo.urged')).toEqual({
      [zh]: ['李发起 催办“a”：请尽快 · 电池'],
      [en]: ['李发起 urges "a": 请尽快 · 电池'],
    });
  });

  it('added signers: each is asked to co-sign', async () => {
    const started = await start(process([['a', { approvers: byUsers(acts), addSign: true }]]), starterZh);
    await addSign(f.deps, f.as(acts), {
      taskSid: started.openTasks[0]!.sid,
      mode: 'before',
      signerSids: [zh, en, outsider],
    });
    expect(await told(started.instanceSid, 'todo.addSigned')).toEqual({
      [zh]: ['王审批 邀请您加签“a” · 电池'],
      [en]: ['王审批 asks you to co-sign "a" · 电池'],
    });
    // Their new tasks are not told twice as plain to-dos (the approver's to-do is from the start).
    expect(await told(started.instanceSid, 'todo.assigned')).toEqual({ [acts]: ['新待办：a · 电池'] });
  });

  it('a carbon copy to the people copied, and the approved process to its starter', async () => {
    const graph = process([['a', { approvers: byUsers(acts), cc: byUsers(zh, en, outsider, acts) }]]);
    const started = await start(graph, starterEn);
    await approveTask(f.deps, f.as(acts), { taskSid: started.openTasks[0]!.sid });
    expect(await told(started.instanceSid, 'todo.cc')).toEqual({
      [zh]: ['王审批 抄送给您：立案审批 · 电池'],
      [en]: ['王审批 copied you: 立案审批 · 电池'],
    });
    expect(await told(started.instanceSid, 'process.approved')).toEqual({
      [starterEn]: ['Process "立案审批" approved · 电池'],
    });
  });

  it('a rejected process to its starter; a starter who may not read the case is not told', async () => {
    const started = await start(process([['a', { approvers: byUsers(acts) }]]), starterZh);
    await rejectTask(f.deps, f.as(acts), { taskSid: started.openTasks[0]!.sid, comment: '材料不全' });
    expect(await told(started.instanceSid, 'process.rejected')).toEqual({
      [starterZh]: ['流程“立案审批”被驳回 · 电池'],
    });
    const blind = await start(process([['a', { approvers: byUsers(acts) }]]), outsider);
    await rejectTask(f.deps, f.as(acts), { taskSid: blind.openTasks[0]!.sid });
    expect(await told(blind.instanceSid, 'process.rejected')).toEqual({});
  });

  it('a returned process to its starter (whose own resubmission task is not a second notice)', async () => {
    const started = await start(process([['a', { approvers: byUsers(acts) }]]), starterEn);
    await returnTask(f.deps, f.as(acts), { taskSid: started.openTasks[0]!.sid, comment: '请补充' });
    expect(await told(started.instanceSid, 'process.returned')).toEqual({
      [starterEn]: ['Process "立案审批" returned · 电池'],
    });
    expect((await told(started.instanceSid, 'todo.assigned'))[starterEn]).toBeUndefined();
  });

  it('a withdrawal to the starter and to the people whose to-dos it took away', async () => {
    const graph = process([
      ['a', { approvers: byUsers(acts) }],
      ['b', { approvers: byUsers(zh, en, outsider) }],
    ]);
    const started = await start(graph, starterZh);
    await approveTask(f.deps, f.as(acts), { taskSid: started.openTasks[0]!.sid });
    await withdrawInstance(f.deps, f.as(acts), { instanceSid: started.instanceSid });
    expect(await told(started.instanceSid, 'process.withdrawn')).toEqual({
      [starterZh]: ['流程“立案审批”已撤回 · 电池'],
      [zh]: ['流程“立案审批”已撤回 · 电池'],
      [en]: ['Process "立案审批" withdrawn · 电池'],
    });
    // The approver's reopened task is their own doing: their one to-do notice is from the start.
    expect((await told(started.instanceSid, 'todo.assigned'))[acts]).toEqual(['新待办：a · 电池']);
  });

  it("a step's reminder and its overdue notice, each once", async () => {
    const graph = process([['a', { approvers: byUsers(zh, en, outsider), remindHours: 1, dueHours: 2 }]]);
    const started = await start(graph, starterZh);
    f.clock.advanceMinutes(61);
    await runDueJobs(f.deps);
    await runDueJobs(f.deps);
    expect(await told(started.instanceSid, 'todo.reminder')).toEqual({
      [zh]: ['提醒：待办“a”仍待您处理 · 电池'],
      [en]: ['Reminder: the to-do "a" is waiting for you · 电池'],
    });
    f.clock.advanceMinutes(60);
    await runDueJobs(f.deps);
    expect(await told(started.instanceSid, 'todo.overdue')).toEqual({
      [zh]: ['待办“a”已超时 · 电池'],
      [en]: ['The to-do "a" is overdue · 电池'],
    });
  });

  it('a command that fails tells nobody of what it had done before failing', async () => {
    // Approving a copies the step to zh and en, then finds no approver for b: the whole approval rolls back.
    const graph = process([
      ['a', { approvers: byUsers(acts), cc: byUsers(zh, en) }],
      ['b', { approvers: [], emptyApprovers: 'error' }],
    ]);
    const started = await start(graph, starterZh);
    const count = async () =>
      (await f.db.query<{ n: number }>('SELECT count(*)::int AS n FROM notification')).map((r) => r.n)[0];
    const before = await count();
    await rejectsWith(approveTask(f.deps, f.as(acts), { taskSid: started.openTasks[0]!.sid }), 'noApprovers');
    expect(await count()).toBe(before);
    expect(await told(started.instanceSid, 'todo.cc')).toEqual({});
  });
});
