// Vote modes (spec §4) on a real database: each mode passing, failing, and deciding early with the
// remaining tasks cancelled by the system (history and to-dos too); the decision table itself first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../../test/database.js';
import { byUsers, createWorkflowFixture, linearGraph, type WorkflowFixture } from '../../../../test/workflow-engine.js';
import { approveTask, rejectTask, startProcess } from './index.js';
import { decideVotes, type Vote } from './votes.js';

describe('the decision table of the vote modes', () => {
  const a = 'approved' as const;
  const r = 'rejected' as const;
  const cases: Array<[1 | 2 | 3 | 4 | 5, Vote[], Vote | null]> = [
    [1, [a, a, null], null],
    [1, [a, r, null], null],
    [1, [a, a, a], a],
    [1, [a, r, a], r],
    [2, [a, null, null, null], null],
    [2, [a, a, null, null], a],
    [2, [r, r, null, null], null],
    [2, [r, r, r, null], r],
    [2, [a, null, null], null],
    [2, [r, r, null], r],
    [3, [r, null, null], null],
    [3, [r, a, null], a],
    [3, [r, r, r], r],
    [4, [a, a, null], null],
    [4, [a, r, null], r],
    [4, [a, a, a], a],
    [5, [null, null], null],
    [5, [r, null], r],
    [5, [null, a], a],
  ];
  it.each(cases)('mode %i with %j decides %j', (mode, votes, expected) => {
    expect(decideVotes(mode, votes)).toBe(expected);
  });
});

describe(`vote modes on one step (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let f: WorkflowFixture;
  let starter: string;
  beforeAll(async () => {
    f = await createWorkflowFixture();
    starter = await f.user();
  });
  afterAll(() => f.close());

  /** A process with one step of N approvers in this vote mode; answers the instance and its tasks. */
  const run = async (voteMode: 1 | 2 | 3 | 4 | 5, n: number) => {
    const approvers = await f.users(n);
    const graph = linearGraph([['review', { approvers: byUsers(...approvers), voteMode }]]);
    await f.publish(graph);
    const started = await startProcess(f.deps, f.as(starter), {
      definitionKey: graph.settings.key,
      recordSid: await f.record(),
    });
    expect(started.status).toBe('running');
    expect(started.openTasks.map((t) => t.assigneeSid)).toEqual(approvers);
    const taskOf = (i: number) => started.openTasks[i]!.sid;
    const act = (i: number, yes: boolean) =>
      (yes ? approveTask : rejectTask)(f.deps, f.as(approvers[i]!), { taskSid: taskOf(i) });
    return { instance: started.instanceSid, act, approvers, taskOf };
  };
  const cancelledBySystem = async (instance: string) =>
    (await f.tasks(instance)).filter((t) => t.status === 'cancelled').map((t) => [t.assignee, t.todoStatus]);

  it('1 all submit: waits for every opinion; all approve → approved', async () => {
    const p = await run(1, 3);
    await p.act(0, true);
    expect((await p.act(1, true)).status).toBe('running');
    const done = await p.act(2, true);
    expect(done.status).toBe('approved');
    expect(done.openTasks).toEqual([]);
    expect((await f.tasks(p.instance)).map((t) => [t.kind, t.status, t.todoStatus])).toEqual([
      ['submit', 'done', null],
      ['approve', 'done', 'done'],
      ['approve', 'done', 'done'],
      ['approve', 'done', 'done'],
    ]);
    expect(await f.history(p.instance)).toEqual([
      'submit@start',
      'approve@review',
      'approve@review',
      'approve@review',
      'finish',
    ]);
  });

  it('1 all submit: a rejection still waits for the others, then rejects', async () => {
    const p = await run(1, 3);
    expect((await p.act(0, false)).status).toBe('running');
    await p.act(1, true);
    expect((await p.act(2, true)).status).toBe('rejected');
  });

  it('2 half pass: approved once half approved, the rest cancelled by the system', async () => {
    const p = await run(2, 4);
    await p.act(0, true);
    expect(await f.status(p.instance)).toBe('running');
    expect((await p.act(1, true)).status).toBe('approved');
    expect(await cancelledBySystem(p.instance)).toEqual([
      [p.approvers[2], 'cancelled'],
      [p.approvers[3], 'cancelled'],
    ]);
    expect((await f.history(p.instance)).filter((h) => h === 'cancel@review')).toHaveLength(2);
  });

  it('2 half pass: rejected as soon as half can no longer approve', async () => {
    const p = await run(2, 3);
    await p.act(0, false);
    expect((await p.act(1, false)).status).toBe('rejected');
    expect(await cancelledBySystem(p.instance)).toEqual([[p.approvers[2], 'cancelled']]);
  });

  it('3 one pass: the first approval passes; rejected only when all rejected', async () => {
    const p = await run(3, 3);
    await p.act(0, false);
    expect((await p.act(1, true)).status).toBe('approved');
    expect(await cancelledBySystem(p.instance)).toEqual([[p.approvers[2], 'cancelled']]);
    const q = await run(3, 2);
    await q.act(0, false);
    expect(await f.status(q.instance)).toBe('running');
    expect((await q.act(1, false)).status).toBe('rejected');
  });

  it('4 all pass: the first rejection rejects and cancels the rest; all approvals pass', async () => {
    const p = await run(4, 3);
    await p.act(0, true);
    expect((await p.act(1, false)).status).toBe('rejected');
    expect(await cancelledBySystem(p.instance)).toEqual([[p.approvers[2], 'cancelled']]);
    const q = await run(4, 2);
    await q.act(0, true);
    expect((await q.act(1, true)).status).toBe('approved');
  });

  it('5 one submit: the first opinion decides, either way', async () => {
    const p = await run(5, 3);
    expect((await p.act(2, false)).status).toBe('rejected');
    expect(await cancelledBySystem(p.instance)).toEqual([
      [p.approvers[0], 'cancelled'],
      [p.approvers[1], 'cancelled'],
    ]);
    const q = await run(5, 3);
    expect((await q.act(1, true)).status).toBe('approved');
  });
});
