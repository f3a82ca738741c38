// The process actions of spec §4 on a real database: start (draft, rights, one open process per record,
// versions), return and resubmit (restart modes 1 and 2), withdraw, free jump, transfer, urge and end,
// each with the cases it must refuse.
import type { ProcessGraph, UserTaskNode } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../../test/database.js';
import {
  byUsers,
  createWorkflowFixture,
  linearGraph,
  rejectsWith,
  type WorkflowFixture,
} from '../../../../test/workflow-engine.js';
import {
  approveTask,
  endInstance,
  jumpTask,
  openInstanceView,
  rejectTask,
  resubmitInstance,
  returnTask,
  startProcess,
  submitDraft,
  transferTask,
  urgeInstance,
  withdrawInstance,
  type CommandResult,
} from './index.js';

describe(`process actions (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let f: WorkflowFixture;
  let starter: string;
  let u1: string;
  let u2: string;
  let u3: string;
  beforeAll(async () => {
    f = await createWorkflowFixture();
    [starter, u1, u2, u3] = (await f.users(4)) as [string, string, string, string];
  });
  afterAll(() => f.close());

  const start = async (graph: ProcessGraph, options: { record?: string; actor?: string; draft?: boolean } = {}) => {
    await f.publish(graph);
    return startProcess(f.deps, f.as(options.actor ?? starter), {
      definitionKey: graph.settings.key,
      recordSid: options.record ?? (await f.record()),
      draft: options.draft,
    });
  };
  const approve = (actorSid: string, taskSid: string) => approveTask(f.deps, f.as(actorSid), { taskSid });
  const at = (result: CommandResult) => result.openTasks.map((x) => [x.nodeId, x.assigneeSid]);
  const threeSteps = (settings: Partial<ProcessGraph['settings']> = {}, freeJump = false) =>
    linearGraph(
      [
        ['a', { approvers: byUsers(u1), freeJump }],
        ['b', { approvers: byUsers(u2), freeJump }],
        ['c', { approvers: byUsers(u3) }],
      ],
      settings,
    );

  describe('start', () => {
    it('saves a draft, then its starter submits it; one open process per record', async () => {
      const graph = threeSteps();
      const record = await f.record();
      const draft = await start(graph, { record, draft: true });
      expect(draft).toMatchObject({ status: 'draft', openTasks: [] });
      await rejectsWith(start(graph, { record }), 'instanceAlreadyOpen');
      await rejectsWith(submitDraft(f.deps, f.as(u1), { instanceSid: draft.instanceSid }), 'notStarter');
      const submitted = await submitDraft(f.deps, f.as(starter), { instanceSid: draft.instanceSid });
      expect(at(submitted)).toEqual([['a', u1]]);
      await rejectsWith(submitDraft(f.deps, f.as(starter), { instanceSid: draft.instanceSid }), 'instanceNotRunning');
      expect(await f.history(draft.instanceSid)).toEqual(['saveDraft', 'submit@start']);
    });

    it('refuses an unknown process, a record of another tenant or none, and starters not allowed', async () => {
      await rejectsWith(
        startProcess(f.deps, f.as(starter), { definitionKey: 'nope', recordSid: await f.record() }),
        'workflowNotPublished',
      );
      const graph = threeSteps();
      await rejectsWith(start(graph, { record: 'NoSuchRecord0001' }), 'recordNotFound');
      // Another tenant on the same database: its record is not found from here.
      const other = await createWorkflowFixture(f.test);
      await rejectsWith(start(graph, { record: await other.record() }), 'recordNotFound');
      const restricted = threeSteps({ approveUsers: [u1] });
      await rejectsWith(start(restricted), 'startNotAllowed');
      expect((await start(restricted, { actor: u1 })).status).toBe('running');
      await f.role('case_starter', [u2]);
      const byRole = threeSteps({ approveRoles: ['case_starter'] });
      expect((await start(byRole, { actor: u2 })).status).toBe('running');
    });

    it('a running instance stays on the version it started with', async () => {
      const graph = threeSteps();
      const old = await start(graph);
      graph.nodes.a = { ...(graph.nodes.a as UserTaskNode), approvers: byUsers(u3) };
      const fresh = await start(graph);
      expect(at(fresh)).toEqual([['a', u3]]);
      const moved = await approve(u1, old.openTasks[0]!.sid);
      expect(at(moved)).toEqual([['b', u2]]);
    });
  });

  describe('opinions', () => {
    it('refuses a non-assignee (notAssignee) and a second opinion (taskAlreadyHandled)', async () => {
      const started = await start(threeSteps());
      const task = started.openTasks[0]!.sid;
      await rejectsWith(approve(u2, task), 'notAssignee');
      await approve(u1, task);
      await rejectsWith(approve(u1, task), 'taskAlreadyHandled');
      await rejectsWith(rejectTask(f.deps, f.as(u1), { taskSid: task }), 'taskAlreadyHandled');
      await rejectsWith(approve(u1, 'NoSuchTask000001'), 'taskNotFound');
    });
  });

  describe('return and resubmit', () => {
    it('returns to the starter by default; restart mode 1 reviews again from the start', async () => {
      const started = await start(threeSteps({ restartMode: 1 }));
      const atB = await approve(u1, started.openTasks[0]!.sid);
      const back = await returnTask(f.deps, f.as(u2), { taskSid: atB.openTasks[0]!.sid });
      expect(back.status).toBe('running');
      expect(back.openTasks.map((x) => [x.nodeId, x.assigneeSid, x.kind])).toEqual([['start', starter, 'submit']]);
      const todo = await f.open(started.instanceSid, 'start');
      expect(todo[0]).toMatchObject({ todoStatus: 'open', todoAssignee: starter });
      await rejectsWith(resubmitInstance(f.deps, f.as(u1), { instanceSid: started.instanceSid }), 'notAssignee');
      const again = await resubmitInstance(f.deps, f.as(starter), {
        instanceSid: started.instanceSid,
      });
      expect(at(again)).toEqual([['a', u1]]);
      expect(await f.history(started.instanceSid)).toEqual(['submit@start', 'approve@a', 'return@b', 'resubmit@start']);
    });

    it('restart mode 2 goes straight back to the step that returned it (also when approving the submit task)', async () => {
      const started = await start(threeSteps({ restartMode: 2 }));
      const atB = await approve(u1, started.openTasks[0]!.sid);
      const back = await returnTask(f.deps, f.as(u2), { taskSid: atB.openTasks[0]!.sid });
      const again = await approve(starter, back.openTasks[0]!.sid);
      expect(at(again)).toEqual([['b', u2]]);
    });

    it('returns to an earlier handled step; not to itself, a later step or a gateway', async () => {
      const started = await start(threeSteps());
      const atB = await approve(u1, started.openTasks[0]!.sid);
      const task = atB.openTasks[0]!.sid;
      const ret = (targetNodeId: string) => returnTask(f.deps, f.as(u2), { taskSid: task, targetNodeId });
      await rejectsWith(ret('b'), 'returnTargetInvalid');
      await rejectsWith(ret('c'), 'returnTargetInvalid');
      await rejectsWith(ret('end'), 'returnTargetInvalid');
      const back = await ret('a');
      expect(at(back)).toEqual([['a', u1]]);
      const rounds = await f.db.query<{ round: number }>(
        "SELECT round FROM workflow_token WHERE instance_sid = $1 AND node_id = 'a' ORDER BY seq",
        [started.instanceSid],
      );
      expect(rounds.map((r) => r.round)).toEqual([1, 2]);
    });

    it('writes a return or jump before the cancellations it causes, each naming whose task was cancelled', async () => {
      const graph = linearGraph([
        ['a', { approvers: byUsers(u1) }],
        ['b', { approvers: byUsers(u2, u3), voteMode: 4, freeJump: true }],
        ['c', { approvers: byUsers(u1) }],
      ]);
      const names = async (sids: string[]) =>
        (await f.db.query<{ name: string }>('SELECT name FROM user_account WHERE sid = ANY($1::text[])', [sids])).map(
          (r) => r.name,
        );
      const [u3Name] = await names([u3]);
      const cancelled = async (instanceSid: string) =>
        (await openInstanceView(f.deps, f.as(starter), { instanceSid })).history
          .filter((h) => h.action === 'cancel')
          .map((h) => [h.nodeName, h.assigneeSid, h.assigneeName]);

      const returned = await start(graph);
      const atB = await approve(u1, returned.openTasks[0]!.sid);
      const mine = atB.openTasks.find((x) => x.assigneeSid === u2)!.sid;
      await returnTask(f.deps, f.as(u2), { taskSid: mine });
      expect(await f.history(returned.instanceSid)).toEqual(['submit@start', 'approve@a', 'return@b', 'cancel@b']);
      expect(await cancelled(returned.instanceSid)).toEqual([['b', u3, u3Name]]);

      const jumped = await start(graph);
      const atB2 = await approve(u1, jumped.openTasks[0]!.sid);
      const mine2 = atB2.openTasks.find((x) => x.assigneeSid === u2)!.sid;
      await jumpTask(f.deps, f.as(u2), { taskSid: mine2, targetNodeId: 'c' });
      expect(await f.history(jumped.instanceSid)).toEqual(['submit@start', 'approve@a', 'jump@b', 'cancel@b']);
      expect(await cancelled(jumped.instanceSid)).toEqual([['b', u3, u3Name]]);
    });
  });

  describe('withdraw', () => {
    const withdraw = (actorSid: string, instanceSid: string) =>
      withdrawInstance(f.deps, f.as(actorSid), { instanceSid });

    it('the last actor withdraws while the next step has not acted: next tasks cancelled, theirs reopened', async () => {
      const started = await start(threeSteps());
      const atB = await approve(u1, started.openTasks[0]!.sid);
      const withdrawn = await withdraw(u1, started.instanceSid);
      expect(at(withdrawn)).toEqual([['a', u1]]);
      // The withdraw comes before the cancellation it causes in the timeline.
      expect(await f.history(started.instanceSid)).toEqual(['submit@start', 'approve@a', 'withdraw@a', 'cancel@b']);
      const tasks = await f.tasks(started.instanceSid);
      expect(tasks.find((x) => x.sid === atB.openTasks[0]!.sid)).toMatchObject({
        status: 'cancelled',
        todoStatus: 'cancelled',
      });
      expect(tasks.filter((x) => x.nodeId === 'a').map((x) => [x.status, x.outcome])).toEqual([
        ['cancelled', 'withdrawn'],
        ['open', null],
      ]);
      // Approving again moves on as before.
      const atB2 = await approve(u1, withdrawn.openTasks[0]!.sid);
      const atC = await approve(u2, atB2.openTasks[0]!.sid);
      expect(at(atC)).toEqual([['c', u3]]);
      // u1's next step acted: no withdrawing any more; u2 still may.
      await rejectsWith(withdraw(u1, started.instanceSid), 'withdrawNotAllowed');
      await rejectsWith(withdraw(u3, started.instanceSid), 'withdrawNotAllowed');
      expect(at(await withdraw(u2, started.instanceSid))).toEqual([['b', u2]]);
    });

    it('restores the tasks its decision cancelled (one pass)', async () => {
      const graph = linearGraph([
        ['a', { approvers: byUsers(u1, u3), voteMode: 3 }],
        ['b', { approvers: byUsers(u2) }],
      ]);
      const started = await start(graph);
      await approve(u1, started.openTasks[0]!.sid);
      const withdrawn = await withdraw(u1, started.instanceSid);
      expect(at(withdrawn).sort()).toEqual(
        [
          ['a', u1],
          ['a', u3],
        ].sort(),
      );
    });

    it('the starter withdraws the submission: withdrawn, resubmitted later', async () => {
      const started = await start(threeSteps());
      const withdrawn = await withdraw(starter, started.instanceSid);
      expect(withdrawn.status).toBe('withdrawn');
      expect(withdrawn.openTasks.map((x) => [x.nodeId, x.kind])).toEqual([['start', 'submit']]);
      const again = await resubmitInstance(f.deps, f.as(starter), {
        instanceSid: started.instanceSid,
      });
      expect(again.status).toBe('running');
      expect(at(again)).toEqual([['a', u1]]);
      await approve(u1, again.openTasks[0]!.sid);
      await rejectsWith(withdraw(starter, started.instanceSid), 'withdrawNotAllowed');
    });
  });

  describe('free jump', () => {
    it('jumps where the step allows it, to another user task or an end', async () => {
      const started = await start(threeSteps({}, true));
      const jump = (taskSid: string, actorSid: string, targetNodeId: string) =>
        jumpTask(f.deps, f.as(actorSid), { taskSid, targetNodeId });
      const task = started.openTasks[0]!.sid;
      await rejectsWith(jump(task, u1, 'start'), 'jumpTargetInvalid');
      await rejectsWith(jump(task, u1, 'a'), 'jumpTargetInvalid');
      await rejectsWith(jump(task, u2, 'c'), 'notAssignee');
      const atC = await jump(task, u1, 'c');
      expect(at(atC)).toEqual([['c', u3]]);
      await rejectsWith(jump(atC.openTasks[0]!.sid, u3, 'end'), 'freeJumpNotAllowed');

      const other = await start(threeSteps({}, true));
      expect((await jump(other.openTasks[0]!.sid, u1, 'end')).status).toBe('approved');
    });
  });

  describe('transfer', () => {
    it('gives the task to someone else, owner kept; refuses a finished task and invalid people', async () => {
      const started = await start(threeSteps());
      const task = started.openTasks[0]!.sid;
      const transfer = (actorSid: string, toUserSid: string, taskSid = task) =>
        transferTask(f.deps, f.as(actorSid), { taskSid, toUserSid });
      await rejectsWith(transfer(u2, u3), 'notAssignee');
      await rejectsWith(transfer(u1, u1), 'assigneeInvalid');
      await rejectsWith(transfer(u1, await f.user({ active: false })), 'assigneeInvalid');
      const moved = await transfer(u1, u3);
      expect(at(moved)).toEqual([['a', u3]]);
      expect((await f.open(started.instanceSid))[0]).toMatchObject({ owner: u1, assignee: u3, todoAssignee: u3 });
      await rejectsWith(approve(u1, task), 'notAssignee');
      await approve(u3, task);
      await rejectsWith(transfer(u3, u2), 'taskAlreadyHandled');
    });
  });

  describe('urge', () => {
    it('notifies the current assignees with the comment, at most once per 10 minutes per person', async () => {
      const admin = await f.user({ admin: true });
      await f.readers([u1, u2]);
      const started = await start(linearGraph([['a', { approvers: byUsers(u1, u2) }]]));
      const urge = (actorSid: string) =>
        urgeInstance(f.deps, f.as(actorSid), { instanceSid: started.instanceSid, comment: '请尽快' });
      await rejectsWith(urge(u3), 'notStarter');
      await urge(starter);
      const tooSoon = await rejectsWith(urge(starter), 'urgeTooSoon');
      expect(tooSoon.params).toEqual({ minutes: 10 });
      await urge(admin);
      f.clock.advanceMinutes(7);
      expect((await rejectsWith(urge(starter), 'urgeTooSoon')).params).toEqual({ minutes: 3 });
      f.clock.advanceMinutes(3);
      await urge(starter);
      const urged = (await f.notices(started.instanceSid)).filter((n) => n.event === 'todo.urged');
      const who = (sid: string | null) => ({ [starter]: 'starter', [admin]: 'admin', [u1]: 'u1', [u2]: 'u2' })[sid!];
      expect(urged.map((n) => `${who(n.actor)}→${who(n.recipient)}`).sort()).toEqual(
        ['starter→u1', 'starter→u2', 'admin→u1', 'admin→u2', 'starter→u1', 'starter→u2'].sort(),
      );
      expect(urged[0]!.params).toMatchObject({ comment: '请尽快', task: 'a' });
    });
  });

  describe('end', () => {
    it('the starter or an administrator ends it; remaining tasks are cancelled by the system', async () => {
      const admin = await f.user({ admin: true });
      const started = await start(linearGraph([['a', { approvers: byUsers(u1, u2) }]]));
      const end = (actorSid: string) => endInstance(f.deps, f.as(actorSid), { instanceSid: started.instanceSid });
      await rejectsWith(end(u1), 'notStarter');
      const ended = await end(starter);
      expect(ended).toMatchObject({ status: 'ended', openTasks: [] });
      expect((await f.tasks(started.instanceSid)).filter((x) => x.kind === 'approve').map((x) => x.todoStatus)).toEqual(
        ['cancelled', 'cancelled'],
      );
      expect(await f.history(started.instanceSid)).toEqual(['submit@start', 'end', 'cancel@a', 'cancel@a', 'finish']);
      await rejectsWith(end(starter), 'instanceNotRunning');
      const other = await start(linearGraph([['a', { approvers: byUsers(u1) }]]));
      expect((await endInstance(f.deps, f.as(admin), { instanceSid: other.instanceSid })).status).toBe('ended');
      await rejectsWith(approve(u1, other.openTasks[0]!.sid), 'taskAlreadyHandled');
    });
  });
});
