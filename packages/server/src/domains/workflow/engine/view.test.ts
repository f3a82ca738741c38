// The approval panel's view of an instance (status, where it stands, tasks, timeline, and the actions the
// viewer may take now, matching what the commands accept), the user's lists with their counts, and the
// hand-over of a user's open tasks.
import { messages } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../../test/database.js';
import { byUsers, createWorkflowFixture, linearGraph, type WorkflowFixture } from '../../../../test/workflow-engine.js';
import {
  approveTask,
  countMyWorkflow,
  handOverTasks,
  listMyHandledTasks,
  listMyStartedInstances,
  listMyTodoTasks,
  openInstanceView,
  startProcess,
  urgeInstance,
} from './index.js';
import { HISTORY_ACTIONS } from './step.js';
import { INSTANCE_STATUSES, TASK_KINDS, TASK_OUTCOMES } from './tables.js';

describe(`instance view, lists and hand-over (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let f: WorkflowFixture;
  let starter: string;
  let u1: string;
  let u2: string;
  let admin: string;
  beforeAll(async () => {
    f = await createWorkflowFixture();
    [starter, u1, u2] = (await f.users(3)) as [string, string, string];
    admin = await f.user({ admin: true });
  });
  afterAll(() => f.close());

  const t = () => f.tenantSid;
  const graph = () =>
    linearGraph([
      ['a', { approvers: byUsers(u1), addSign: true, freeJump: true, name: '部门审核' }],
      ['b', { approvers: byUsers(u2), name: '知识产权审核' }],
    ]);
  const start = async () => {
    const g = graph();
    await f.publish(g);
    return startProcess(f.deps, f.as(starter), {
      definitionKey: g.settings.key,
      recordSid: await f.record(),
    });
  };
  const view = (instanceSid: string, viewerSid: string) => openInstanceView(f.deps, f.as(viewerSid), { instanceSid });

  it('shows status, current steps, tasks and timeline, and what each viewer may do', async () => {
    const started = await start();
    const forU1 = await view(started.instanceSid, u1);
    expect(forU1).toMatchObject({
      status: 'running',
      model: 'patent',
      starterSid: starter,
      currentNodes: [{ id: 'a', name: '部门审核' }],
      actions: { submit: false, withdraw: false, urge: false, end: false },
    });
    expect(forU1.tasks.map((x) => [x.nodeName, x.kind, x.status, x.assigneeSid])).toEqual([
      ['开始', 'submit', 'done', starter],
      ['部门审核', 'approve', 'open', u1],
    ]);
    expect(forU1.history.map((h) => [h.action, h.actorSid, h.nodeName])).toEqual([['submit', starter, '开始']]);
    expect(forU1.actions.tasks).toEqual([
      {
        taskSid: started.openTasks[0]!.sid,
        nodeId: 'a',
        actions: [
          'approve',
          'reject',
          'transfer',
          'addSignBefore',
          'addSignAfter',
          'addSignParallel',
          'return',
          'jump',
        ],
        returnTargets: [{ id: 'start', name: '开始' }],
        jumpTargets: [
          { id: 'b', name: '知识产权审核' },
          { id: 'end', name: '结束' },
        ],
      },
    ]);
    const forStarter = await view(started.instanceSid, starter);
    expect(forStarter.actions).toMatchObject({ tasks: [], withdraw: true, urge: true, end: true });
    expect((await view(started.instanceSid, admin)).actions).toMatchObject({ withdraw: false, urge: true, end: true });

    await urgeInstance(f.deps, f.as(starter), { instanceSid: started.instanceSid });
    expect((await view(started.instanceSid, starter)).actions.urge).toBe(false);
    const atB = await approveTask(f.deps, f.as(u1), { taskSid: started.openTasks[0]!.sid });
    expect((await view(started.instanceSid, starter)).actions.withdraw).toBe(false);
    expect((await view(started.instanceSid, u1)).actions.withdraw).toBe(true);
    const forU2 = await view(started.instanceSid, u2);
    expect(forU2.currentNodes).toEqual([{ id: 'b', name: '知识产权审核' }]);
    expect(forU2.actions.tasks).toEqual([
      {
        taskSid: atB.openTasks[0]!.sid,
        nodeId: 'b',
        actions: ['approve', 'reject', 'transfer', 'return'],
        returnTargets: [
          { id: 'start', name: '开始' },
          { id: 'a', name: '部门审核' },
        ],
        jumpTargets: [],
      },
    ]);
  });

  it('lists my to-dos, my started processes and my handled tasks, with counts', async () => {
    const [person] = await f.users(1);
    const before = await countMyWorkflow(f.db, f.as(u1));
    const first = await start();
    const second = await start();
    const todo = await listMyTodoTasks(f.db, f.as(u1), { limit: 1 });
    expect(todo.total).toBe(before.todo + 2);
    expect(todo.rows).toHaveLength(1);
    expect(todo.rows[0]).toMatchObject({ nodeName: '部门审核', kind: 'approve', status: 'open', model: 'patent' });
    f.clock.advanceMinutes(5);
    await approveTask(f.deps, f.as(u1), { taskSid: first.openTasks[0]!.sid });
    const handled = await listMyHandledTasks(f.db, f.as(u1));
    expect(handled.total).toBe(before.handled + 1);
    expect(handled.rows[0]).toMatchObject({ instanceSid: first.instanceSid, outcome: 'approved' });
    const started = await listMyStartedInstances(f.db, f.as(starter), { limit: 100 });
    expect(started.rows.map((r) => r.instanceSid)).toEqual(
      expect.arrayContaining([first.instanceSid, second.instanceSid]),
    );
    expect(await countMyWorkflow(f.db, f.as(u1))).toEqual({
      todo: before.todo + 1,
      started: 0,
      handled: before.handled + 1,
      cc: 0,
    });
    expect(await countMyWorkflow(f.db, f.as(person!))).toEqual({
      todo: 0,
      started: 0,
      handled: 0,
      cc: 0,
    });
  });

  it('has a label in both languages for every history action, status, task kind and outcome', () => {
    const keys = [
      ...HISTORY_ACTIONS.map((a) => `workflow.history.${a}`),
      ...INSTANCE_STATUSES.map((s) => `workflow.status.${s}`),
      ...TASK_KINDS.map((k) => `workflow.taskKind.${k}`),
      ...TASK_OUTCOMES.map((o) => `workflow.outcome.${o}`),
    ];
    for (const language of ['zh-CN', 'en'] as const)
      expect(
        keys.filter((key) => !(key in messages[language])),
        language,
      ).toEqual([]);
  });

  it('hands a user’s open tasks over: owner kept, to-dos moved, history written', async () => {
    const leaver = await f.user();
    const heir = await f.user();
    const g = linearGraph([['a', { approvers: byUsers(leaver, u2), voteMode: 4 }]]);
    await f.publish(g);
    const started = await startProcess(f.deps, f.as(starter), {
      definitionKey: g.settings.key,
      recordSid: await f.record(),
    });
    const moved = await f.db.transaction((tx) =>
      handOverTasks(tx, { tenantSid: t(), userSid: admin, now: f.clock.now }, { fromUserSid: leaver, toUserSid: heir }),
    );
    expect(moved).toBe(1);
    const mine = (await f.open(started.instanceSid)).find((x) => x.owner === leaver)!;
    expect(mine).toMatchObject({ assignee: heir, todoAssignee: heir, todoStatus: 'open', status: 'open' });
    const todo = await f.db.query<{ handed_over_from: string }>(
      'SELECT d.handed_over_from FROM workflow_task t JOIN todo d ON d.sid = t.todo_sid WHERE t.sid = $1',
      [mine.sid],
    );
    expect(todo[0]!.handed_over_from).toBe(leaver);
    expect(await f.history(started.instanceSid)).toEqual(['submit@start', 'handOver@a']);
    const done = await approveTask(f.deps, f.as(heir), { taskSid: mine.sid });
    expect(done.openTasks.map((x) => x.assigneeSid)).toEqual([u2]);
  });
});
