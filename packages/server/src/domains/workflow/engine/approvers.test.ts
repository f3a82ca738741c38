// Who approves: level-by-level approval up the starter's department chain (1–8 levels, missing leaders
// and the starter skipped, anything else a levelApproveError), each approver choice of spec §4, the three
// outcomes of a step without approvers, and repeated approvers approved automatically.
import type { ApproverRule, ProcessGraph } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../../test/database.js';
import {
  byUsers,
  createWorkflowFixture,
  linearGraph,
  rejectsWith,
  type WorkflowFixture,
} from '../../../../test/workflow-engine.js';
import { approveTask, rejectTask, startProcess } from './index.js';

describe(`approvers (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let f: WorkflowFixture;
  beforeAll(async () => {
    f = await createWorkflowFixture();
  });
  afterAll(() => f.close());

  const start = async (graph: ProcessGraph, starter: string, record?: string) => {
    await f.publish(graph);
    return startProcess(f.deps, f.as(starter), {
      definitionKey: graph.settings.key,
      recordSid: record ?? (await f.record()),
    });
  };
  const approve = (actorSid: string, taskSid: string) => approveTask(f.deps, f.as(actorSid), { taskSid });

  describe('level by level', () => {
    /** Departments top → bottom with these leaders (null: none); answers them top first. */
    const chain = async (leaders: Array<string | null>) => {
      const departments: string[] = [];
      for (const leader of leaders)
        departments.push(await f.department({ parent: departments.at(-1) ?? null, leader }));
      return departments;
    };

    it.each([1, 2, 3, 4, 5, 6, 7, 8])('%i level(s): one leader after another, nearest first', async (levels) => {
      const leaders = await f.users(9);
      const departments = await chain(leaders);
      const starter = await f.user();
      await f.person(starter, departments.at(-1)!);
      const graph = linearGraph([['chain', { levelApprove: levels }]]);
      let result = await start(graph, starter);
      const asked: string[] = [];
      while (result.status === 'running') {
        expect(result.openTasks).toHaveLength(1);
        const [task] = result.openTasks;
        expect(task!.level).toBe(asked.length + 1);
        asked.push(task!.assigneeSid);
        result = await approve(task!.assigneeSid, task!.sid);
      }
      expect(result.status).toBe('approved');
      expect(asked).toEqual([...leaders].reverse().slice(0, levels));
    });

    it('skips levels without a leader, the starter as leader, and inactive leaders', async () => {
      const [top, upper, inactive] = [await f.user(), await f.user(), await f.user({ active: false })];
      const starter = await f.user();
      // top → upper → (no leader) → inactive → (led by the starter) → the starter's own (led by the starter)
      const departments = await chain([top, upper, null, inactive, starter, starter]);
      await f.person(starter, departments.at(-1)!);
      // The departments the starter leads are below level 1; levels 1–3 are: inactive, none, upper.
      const three = await start(linearGraph([['chain', { levelApprove: 3 }]]), starter);
      expect(three.openTasks.map((t) => [t.assigneeSid, t.level])).toEqual([[upper, 1]]);
      const after = await approve(upper, three.openTasks[0]!.sid);
      expect(after.status).toBe('approved');
      const eight = await start(linearGraph([['chain', { levelApprove: 8 }]]), starter);
      expect(eight.openTasks.map((t) => t.assigneeSid)).toEqual([upper]);
      const second = await approve(upper, eight.openTasks[0]!.sid);
      expect(second.openTasks.map((t) => [t.assigneeSid, t.level])).toEqual([[top, 2]]);
    });

    it('a rejection at a level rejects the process; no higher level is asked', async () => {
      const leaders = await f.users(3);
      const departments = await chain(leaders);
      const starter = await f.user();
      await f.person(starter, departments.at(-1)!);
      const started = await start(linearGraph([['chain', { levelApprove: 3 }]]), starter);
      const second = await approve(leaders[2]!, started.openTasks[0]!.sid);
      const rejected = await rejectTask(f.deps, f.as(leaders[1]!), {
        taskSid: second.openTasks[0]!.sid,
      });
      expect(rejected.status).toBe('rejected');
      expect((await f.tasks(rejected.instanceSid)).filter((t) => t.kind === 'approve')).toHaveLength(2);
    });

    it.each([9, -1, 2.5])('levelApprove %s is a levelApproveError and nothing is started', async (levels) => {
      const starter = await f.user();
      const record = await f.record();
      await rejectsWith(
        start(linearGraph([['chain', { levelApprove: levels }]]), starter, record),
        'levelApproveError',
      );
      const rows = await f.db.query('SELECT 1 FROM workflow_instance WHERE record_sid = $1', [record]);
      expect(rows).toEqual([]);
    });

    it('a starter without a department has nobody to ask: the empty-approver outcome applies', async () => {
      const starter = await f.user();
      const skipped = await start(linearGraph([['chain', { levelApprove: 2, emptyApprovers: 'skip' }]]), starter);
      expect(skipped.status).toBe('approved');
      expect(await f.history(skipped.instanceSid)).toEqual(['submit@start', 'skip@chain', 'finish']);
    });
  });

  describe('approver choices', () => {
    const resolve = async (rules: ApproverRule[], starter: string, record?: string) =>
      (await start(linearGraph([['pick', { approvers: rules, emptyApprovers: 'error' }]]), starter, record)).openTasks
        .map((t) => t.assigneeSid)
        .sort();

    it('user, role, starter and user field; only active accounts, each once', async () => {
      const [a, b, c] = await f.users(3);
      const gone = await f.user({ active: false });
      const starter = await f.user();
      await f.role('patent_reviewer', [b!, c!, gone]);
      expect(await resolve(byUsers(a!, gone, a!), starter)).toEqual([a]);
      expect(await resolve([{ kind: 'role', values: ['PATENT_REVIEWER'] }], starter)).toEqual([b, c].sort());
      expect(await resolve([{ kind: 'starter', values: [] }], starter)).toEqual([starter]);
      const record = await f.record({ reviewer: a, watchers: [b, gone] });
      expect(await resolve([{ kind: 'userField', values: ['reviewer', 'watchers'] }], starter, record)).toEqual(
        [a, b].sort(),
      );
    });

    it('department, company, cross-company, leader, organisation level', async () => {
      const [top, mid, member1, member2] = await f.users(4);
      const root = await f.department({ leader: top });
      const unit = await f.department({ parent: root, leader: mid });
      await f.person(member1!, unit);
      await f.person(member2!, unit);
      const sub = f.tenantSid; // the root company: every fixture user belongs to it
      expect(await resolve([{ kind: 'department', values: [unit] }], member1!)).toEqual([member1, member2].sort());
      const active = await f.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM user_company uc JOIN user_account u ON u.sid = uc.user_sid
          WHERE uc.company_sid = $1 AND u.status = 1`,
        [sub],
      );
      const company = active[0]!.n;
      expect(await resolve([{ kind: 'company', values: [] }], member1!)).toHaveLength(company);
      expect(await resolve([{ kind: 'leader', values: [] }], member1!)).toEqual([mid]);
      // The unit's leader starting: their leader is the one above.
      await f.person(mid!, unit);
      expect(await resolve([{ kind: 'leader', values: [] }], mid!)).toEqual([top]);
      expect(await resolve([{ kind: 'orgLevel', values: ['1'] }], member1!)).toEqual([top]);
      expect(await resolve([{ kind: 'orgLevel', values: ['2'] }], member1!)).toEqual([mid]);
      expect(await resolve([{ kind: 'crossCompany', values: [sub] }], member1!)).toHaveLength(company);
    });

    it('IP supervisor, IPR, contacts and secondary principal: role holders of the instance company', async () => {
      const [supervisor, ipr, contact, principal] = await f.users(4);
      const starter = await f.user();
      await f.role('ip_supervisor', [supervisor!]);
      await f.role('IPR', [ipr!]);
      await f.role('contacts', [contact!]);
      await f.role('secondaryPrincipal', [principal!]);
      expect(await resolve([{ kind: 'ipSupervisor', values: [] }], starter)).toEqual([supervisor]);
      expect(await resolve([{ kind: 'ipr', values: [] }], starter)).toEqual([ipr]);
      expect(await resolve([{ kind: 'contacts', values: [] }], starter)).toEqual([contact]);
      expect(await resolve([{ kind: 'secondaryPrincipal', values: [] }], starter)).toEqual([principal]);
    });
  });

  describe('a step without approvers', () => {
    const empty = { approvers: [{ kind: 'role' as const, values: ['nobody_has_this'] }] };

    it('skip: the step passes, the history says so, the process goes on', async () => {
      const [next, starter] = await f.users(2);
      const result = await start(
        linearGraph([
          ['empty', { ...empty, emptyApprovers: 'skip', variable: 'emptyOutcome' }],
          ['next', { approvers: byUsers(next!) }],
        ]),
        starter!,
      );
      expect(result.openTasks.map((t) => [t.nodeId, t.assigneeSid])).toEqual([['next', next]]);
      expect(await f.history(result.instanceSid)).toEqual(['submit@start', 'skip@empty']);
    });

    it('toAdmin: the tenant administrators approve', async () => {
      const admin = await f.user({ admin: true });
      const starter = await f.user();
      const result = await start(linearGraph([['empty', { ...empty, emptyApprovers: 'toAdmin' }]]), starter);
      expect(result.openTasks.map((t) => t.assigneeSid)).toContain(admin);
      expect(await f.history(result.instanceSid)).toEqual(['submit@start', 'toAdmin@empty']);
    });

    it('error: noApprovers names the step, and nothing is started', async () => {
      const starter = await f.user();
      const record = await f.record();
      const error = await rejectsWith(
        start(linearGraph([['empty', { ...empty, name: '部门审核', emptyApprovers: 'error' }]]), starter, record),
        'noApprovers',
      );
      expect(error.params).toEqual({ node: '部门审核' });
      expect(await f.db.query('SELECT 1 FROM workflow_instance WHERE record_sid = $1', [record])).toEqual([]);
    });
  });

  describe('repeated approvers', () => {
    it('autoApproveAll: someone who approved any earlier step is approved automatically', async () => {
      const [u1, u2, u3, starter] = await f.users(4);
      const graph = linearGraph([
        ['a', { approvers: byUsers(u1!) }],
        ['b', { approvers: byUsers(u2!) }],
        ['c', { approvers: byUsers(u1!, u3!), repeatedMode: 'autoApproveAll' }],
      ]);
      const started = await start(graph, starter!);
      const atB = await approve(u1!, started.openTasks[0]!.sid);
      const atC = await approve(u2!, atB.openTasks[0]!.sid);
      expect(atC.openTasks.map((t) => t.assigneeSid)).toEqual([u3]);
      expect(await f.history(started.instanceSid)).toContain('autoApprove@c');
      expect((await approve(u3!, atC.openTasks[0]!.sid)).status).toBe('approved');
    });

    it('autoApproveConsecutive: only when they approved the step right before', async () => {
      const [u1, u2, starter] = await f.users(3);
      const notRightBefore = linearGraph([
        ['a', { approvers: byUsers(u1!) }],
        ['b', { approvers: byUsers(u2!) }],
        ['c', { approvers: byUsers(u1!), repeatedMode: 'autoApproveConsecutive' }],
      ]);
      const first = await start(notRightBefore, starter!);
      const atB = await approve(u1!, first.openTasks[0]!.sid);
      const atC = await approve(u2!, atB.openTasks[0]!.sid);
      expect(atC.openTasks.map((t) => [t.nodeId, t.assigneeSid])).toEqual([['c', u1]]);

      const rightBefore = linearGraph([
        ['a', { approvers: byUsers(u1!) }],
        ['b', { approvers: byUsers(u1!), repeatedMode: 'autoApproveConsecutive' }],
        ['c', { approvers: byUsers(u2!) }],
      ]);
      const second = await start(rightBefore, starter!);
      const moved = await approve(u1!, second.openTasks[0]!.sid);
      expect(moved.openTasks.map((t) => [t.nodeId, t.assigneeSid])).toEqual([['c', u2]]);
      expect(await f.history(second.instanceSid)).toEqual(['submit@start', 'approve@a', 'autoApprove@b']);
    });

    it('none: asked again', async () => {
      const [u1, starter] = await f.users(2);
      const graph = linearGraph([
        ['a', { approvers: byUsers(u1!) }],
        ['b', { approvers: byUsers(u1!) }],
      ]);
      const started = await start(graph, starter!);
      const atB = await approve(u1!, started.openTasks[0]!.sid);
      expect(atB.openTasks.map((t) => [t.nodeId, t.assigneeSid])).toEqual([['b', u1]]);
    });
  });
});
