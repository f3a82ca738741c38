// Add-sign on a real database: before (the approver waits for the added signers), after (their approval
// completes the approver's vote at the same step), parallel (an extra vote in the same round), and what
// is refused: steps without add-sign, the approver themself, people already at the step, inactive ones.
import type { ProcessGraph, VoteMode } from '@ipdesk/core';
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
  addSign,
  approveTask,
  rejectTask,
  startProcess,
  withdrawInstance,
  type AddSignMode,
  type CommandResult,
} from './index.js';

describe(`add-sign (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let f: WorkflowFixture;
  let starter: string;
  let u1: string;
  let u2: string;
  let u3: string;
  let next: string;
  beforeAll(async () => {
    f = await createWorkflowFixture();
    [starter, u1, u2, u3, next] = (await f.users(5)) as [string, string, string, string, string];
  });
  afterAll(() => f.close());

  const graphOf = (voteMode: VoteMode = 1, addSignAllowed = true, approvers = [u1]): ProcessGraph =>
    linearGraph([
      ['a', { approvers: byUsers(...approvers), voteMode, addSign: addSignAllowed }],
      ['b', { approvers: byUsers(next) }],
    ]);
  const start = async (graph: ProcessGraph) => {
    await f.publish(graph);
    return startProcess(f.deps, f.as(starter), {
      definitionKey: graph.settings.key,
      recordSid: await f.record(),
    });
  };
  const sign = (taskSid: string, mode: AddSignMode, signerSids: string[], actorSid = u1) =>
    addSign(f.deps, f.as(actorSid), { taskSid, mode, signerSids, comment: '请会签' });
  const approve = (actorSid: string, taskSid: string) => approveTask(f.deps, f.as(actorSid), { taskSid });
  const taskOf = (result: CommandResult, assignee: string) => result.openTasks.find((x) => x.assigneeSid === assignee)!;
  const shape = (result: CommandResult) => result.openTasks.map((x) => [x.nodeId, x.assigneeSid, x.kind]);

  it('before: the signer acts first; the approver waits (pending), then decides', async () => {
    const started = await start(graphOf());
    const mine = started.openTasks[0]!.sid;
    const signed = await sign(mine, 'before', [u2, u3]);
    expect(shape(signed)).toEqual([
      ['a', u1, 'approve'],
      ['a', u2, 'signBefore'],
      ['a', u3, 'signBefore'],
    ]);
    expect((await f.open(started.instanceSid)).find((x) => x.sid === mine)).toMatchObject({
      status: 'pending',
      todoStatus: 'open',
    });
    await rejectsWith(approve(u1, mine), 'taskWaitingForSigners');
    await approve(u2, taskOf(signed, u2).sid);
    await rejectsWith(approve(u1, mine), 'taskWaitingForSigners');
    // A signer before only advises: their rejection does not reject the step.
    const back = await rejectTask(f.deps, f.as(u3), { taskSid: taskOf(signed, u3).sid });
    expect(back.status).toBe('running');
    expect((await f.open(started.instanceSid)).map((x) => [x.sid, x.status])).toEqual([[mine, 'open']]);
    expect(shape(await approve(u1, mine))).toEqual([['b', next, 'approve']]);
    expect(await f.history(started.instanceSid)).toEqual([
      'submit@start',
      'addSignBefore@a',
      'approve@a',
      'reject@a',
      'approve@a',
    ]);
  });

  it('after: the approver approves now; the signer completes the step, or rejects it', async () => {
    const started = await start(graphOf());
    const signed = await sign(started.openTasks[0]!.sid, 'after', [u2]);
    expect(shape(signed)).toEqual([['a', u2, 'signAfter']]);
    expect(shape(await approve(u2, signed.openTasks[0]!.sid))).toEqual([['b', next, 'approve']]);

    const other = await start(graphOf());
    const signedToo = await sign(other.openTasks[0]!.sid, 'after', [u2]);
    const rejected = await rejectTask(f.deps, f.as(u2), { taskSid: signedToo.openTasks[0]!.sid });
    expect(rejected.status).toBe('rejected');
  });

  it('after, then withdrawn by the approver before the signer acted: the signer task goes', async () => {
    const started = await start(graphOf());
    const signed = await sign(started.openTasks[0]!.sid, 'after', [u2]);
    const withdrawn = await withdrawInstance(f.deps, f.as(u1), { instanceSid: started.instanceSid });
    expect(shape(withdrawn)).toEqual([['a', u1, 'approve']]);
    expect((await f.tasks(started.instanceSid)).find((x) => x.sid === signed.openTasks[0]!.sid)).toMatchObject({
      status: 'cancelled',
      todoStatus: 'cancelled',
    });
  });

  it('parallel: an extra vote in the same round (all pass needs it, one pass may be decided by it)', async () => {
    const allPass = await start(graphOf(4));
    const signed = await sign(allPass.openTasks[0]!.sid, 'parallel', [u2]);
    expect(shape(signed)).toEqual([
      ['a', u1, 'approve'],
      ['a', u2, 'signParallel'],
    ]);
    const first = await approve(u1, taskOf(signed, u1).sid);
    expect(shape(first)).toEqual([['a', u2, 'signParallel']]);
    expect(shape(await approve(u2, taskOf(signed, u2).sid))).toEqual([['b', next, 'approve']]);

    const onePass = await start(graphOf(3));
    const added = await sign(onePass.openTasks[0]!.sid, 'parallel', [u2]);
    const decided = await approve(u2, taskOf(added, u2).sid);
    expect(shape(decided)).toEqual([['b', next, 'approve']]);
    expect((await f.tasks(onePass.instanceSid)).find((x) => x.assignee === u1)).toMatchObject({
      status: 'cancelled',
      todoStatus: 'cancelled',
    });
  });

  it('refuses steps without add-sign, the approver themself, people already at the step, inactive people', async () => {
    const closed = await start(graphOf(1, false));
    await rejectsWith(sign(closed.openTasks[0]!.sid, 'before', [u2]), 'addSignNotAllowed');
    const open = await start(graphOf(1, true, [u1, u3]));
    const mine = taskOf(open, u1).sid;
    await rejectsWith(sign(mine, 'parallel', [u1]), 'assigneeInvalid');
    await rejectsWith(sign(mine, 'parallel', [u3]), 'assigneeInvalid');
    await rejectsWith(sign(mine, 'parallel', []), 'assigneeInvalid');
    await rejectsWith(sign(mine, 'after', [await f.user({ active: false })]), 'assigneeInvalid');
    await rejectsWith(sign(mine, 'before', [u2], u2), 'notAssignee');
    const before = await sign(mine, 'before', [u2]);
    await rejectsWith(sign(taskOf(before, u2).sid, 'parallel', [next], u2), 'addSignNotAllowed');
  });
});
