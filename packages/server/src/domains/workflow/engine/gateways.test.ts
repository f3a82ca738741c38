// Gateways on a real database: exclusive branches by record fields and process variables (default flow,
// noBranch), a parallel fork with a join waiting for every branch, and the parallel limits of spec §5 that
// the Java engines got wrong: no return, withdraw or jump across a parallel gateway, or between branches.
import type { ProcessGraph } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../../test/database.js';
import {
  byUsers,
  createWorkflowFixture,
  GraphBuilder,
  rejectsWith,
  type WorkflowFixture,
} from '../../../../test/workflow-engine.js';
import { approveTask, jumpTask, returnTask, startProcess, withdrawInstance, type CommandResult } from './index.js';

describe(`gateways (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let f: WorkflowFixture;
  let starter: string;
  let u: string[];
  beforeAll(async () => {
    f = await createWorkflowFixture();
    starter = await f.user();
    u = await f.users(6);
  });
  afterAll(() => f.close());

  const start = async (graph: ProcessGraph, custom: Record<string, unknown> = {}) => {
    await f.publish(graph);
    return startProcess(f.deps, f.as(starter), {
      definitionKey: graph.settings.key,
      recordSid: await f.record(custom),
    });
  };
  const at = (result: CommandResult) => result.openTasks.map((x) => x.nodeId).sort();
  const taskAt = (result: CommandResult, nodeId: string) => result.openTasks.find((x) => x.nodeId === nodeId)!;
  const approveAt = (result: CommandResult, nodeId: string) => {
    const task = taskAt(result, nodeId);
    return approveTask(f.deps, f.as(task.assigneeSid), { taskSid: task.sid });
  };

  describe('exclusive', () => {
    const amountGraph = (withDefault: boolean) =>
      new GraphBuilder()
        .exclusive('x')
        .task('big', { approvers: byUsers(u[0]!) })
        .task('small', { approvers: byUsers(u[1]!) })
        .end()
        .flow('start', 'x')
        .flow('x', 'big', 'record.amount > 1000')
        .flow('x', 'small', withDefault ? null : 'record.amount <= 10', { default: withDefault })
        .chain('big', 'end')
        .flow('small', 'end')
        .build();

    it('takes the branch whose condition holds, else the default flow', async () => {
      expect(at(await start(amountGraph(true), { amount: 5000 }))).toEqual(['big']);
      expect(at(await start(amountGraph(true), { amount: 500 }))).toEqual(['small']);
    });

    it('no branch holds and no default: noBranch, nothing started', async () => {
      const graph = amountGraph(false);
      expect(at(await start(graph, { amount: 3 }))).toEqual(['small']);
      const error = await rejectsWith(start(graph, { amount: 500 }), 'noBranch');
      expect(error.params).toEqual({ node: 'x' });
    });

    it("reads process variables: a step's outcome", async () => {
      const graph = new GraphBuilder()
        .task('a', { approvers: byUsers(u[0]!), variable: 'aResult' })
        .exclusive('x')
        .task('yes', { approvers: byUsers(u[1]!) })
        .end()
        .chain('start', 'a', 'x')
        .flow('x', 'yes', "var.aResult = 'approved'")
        .flow('x', 'end', null, { default: true })
        .flow('yes', 'end')
        .build();
      const started = await start(graph);
      expect(at(await approveAt(started, 'a'))).toEqual(['yes']);
    });
  });

  describe('parallel', () => {
    // start → a → fork → (b → b2) | c → join → d → end; b, b2, c and d may jump.
    const forkGraph = () =>
      new GraphBuilder()
        .task('a', { approvers: byUsers(u[0]!) })
        .parallel('fork')
        .task('b', { approvers: byUsers(u[1]!), freeJump: true })
        .task('b2', { approvers: byUsers(u[2]!) })
        .task('c', { approvers: byUsers(u[3]!), freeJump: true })
        .parallel('join')
        .task('d', { approvers: byUsers(u[4]!), freeJump: true })
        .end()
        .chain('start', 'a', 'fork', 'b', 'b2', 'join', 'd', 'end')
        .chain('fork', 'c', 'join')
        .build();
    /** The assignee of the task at this step, acting, and the task. */
    const act = (result: CommandResult, nodeId: string) => {
      const task = taskAt(result, nodeId);
      return { ctx: f.as(task.assigneeSid), taskSid: task.sid };
    };

    it('forks into one token per branch; the join waits for all of them', async () => {
      const started = await start(forkGraph());
      const forked = await approveAt(started, 'a');
      expect(at(forked)).toEqual(['b', 'c']);
      const b2 = await approveAt(forked, 'b');
      expect(at(b2)).toEqual(['b2', 'c']);
      const waiting = await approveAt(b2, 'b2');
      expect(at(waiting)).toEqual(['c']);
      const joined = await approveAt(waiting, 'c');
      expect(at(joined)).toEqual(['d']);
      const tokens = await f.db.query<{ node_id: string; status: string }>(
        `SELECT node_id, status FROM workflow_token WHERE instance_sid = $1 AND status IN ('active', 'waiting')`,
        [started.instanceSid],
      );
      expect(tokens).toEqual([{ node_id: 'd', status: 'active' }]);
      expect((await approveAt(joined, 'd')).status).toBe('approved');
    });

    it('no return across the fork or between branches; returns inside one branch work', async () => {
      const started = await start(forkGraph());
      const forked = await approveAt(started, 'a');
      const ret = (result: CommandResult, nodeId: string, targetNodeId?: string) => {
        const { ctx, taskSid } = act(result, nodeId);
        return returnTask(f.deps, ctx, { taskSid, targetNodeId });
      };
      await rejectsWith(ret(forked, 'b'), 'returnAcrossParallel');
      await rejectsWith(ret(forked, 'b', 'a'), 'returnAcrossParallel');
      const b2 = await approveAt(forked, 'b');
      await rejectsWith(ret(b2, 'c', 'b'), 'returnAcrossParallel');
      const backToB = await ret(b2, 'b2', 'b');
      expect(at(backToB)).toEqual(['b', 'c']);
      // The branch carries on normally and the join still needs both branches.
      const again = await approveAt(await approveAt(backToB, 'b'), 'b2');
      expect(at(again)).toEqual(['c']);
      const joined = await approveAt(again, 'c');
      expect(at(joined)).toEqual(['d']);
      await rejectsWith(ret(joined, 'd', 'b'), 'returnAcrossParallel');
      await rejectsWith(ret(joined, 'd', 'c'), 'returnAcrossParallel');
      // Back over the whole parallel region to a step before it is fine: the fork runs again.
      const toA = await ret(joined, 'd', 'a');
      expect(at(toA)).toEqual(['a']);
      expect(at(await approveAt(toA, 'a'))).toEqual(['b', 'c']);
    });

    it('no withdraw across the fork or the join; withdrawing into a waiting join is fine', async () => {
      const started = await start(forkGraph());
      const forked = await approveAt(started, 'a');
      const withdraw = (actorSid: string) =>
        withdrawInstance(f.deps, f.as(actorSid), { instanceSid: started.instanceSid });
      await rejectsWith(withdraw(u[0]!), 'withdrawNotAllowed');
      const waiting = await approveAt(await approveAt(forked, 'b'), 'b2');
      expect(at(waiting)).toEqual(['c']);
      const reopened = await withdraw(u[2]!);
      expect(at(reopened)).toEqual(['b2', 'c']);
      const joined = await approveAt(await approveAt(reopened, 'b2'), 'c');
      expect(at(joined)).toEqual(['d']);
      await rejectsWith(withdraw(u[3]!), 'withdrawNotAllowed');
      await rejectsWith(withdraw(u[2]!), 'withdrawNotAllowed');
    });

    it('no free jump out of, into or between branches', async () => {
      const started = await start(forkGraph());
      const forked = await approveAt(started, 'a');
      const jump = (result: CommandResult, nodeId: string, targetNodeId: string) => {
        const { ctx, taskSid } = act(result, nodeId);
        return jumpTask(f.deps, ctx, { taskSid, targetNodeId });
      };
      await rejectsWith(jump(forked, 'b', 'd'), 'returnAcrossParallel');
      await rejectsWith(jump(forked, 'b', 'c'), 'returnAcrossParallel');
      await rejectsWith(jump(forked, 'b', 'end'), 'returnAcrossParallel');
      const inBranch = await jump(forked, 'b', 'b2');
      expect(at(inBranch)).toEqual(['b2', 'c']);
      const joined = await approveAt(await approveAt(inBranch, 'b2'), 'c');
      await rejectsWith(jump(joined, 'd', 'b'), 'returnAcrossParallel');
      expect((await jump(joined, 'd', 'end')).status).toBe('approved');
    });
  });
});
