// Races on a real PostgreSQL server with a real connection pool (skipped on PGlite, which runs one
// transaction at a time anyway): two approvals of one task, and two approvers of a one-submit step
// approving at once. Exactly one wins each race, the other gets taskAlreadyHandled, and no task is lost
// or created twice. WORKFLOW_RACES sets the number of races (the bench runs 1000).
import { isAppError } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.js';
import { onPostgres } from '../../../../test/database.js';
import { byUsers, createWorkflowFixture, linearGraph, type WorkflowFixture } from '../../../../test/workflow-engine.js';
import { approveTask, startProcess, type WorkflowDeps } from './index.js';

const RACES = Number(process.env.WORKFLOW_RACES ?? 100);
const AT_ONCE = 10;

describe.skipIf(!onPostgres)('approval races on PostgreSQL', () => {
  let f: WorkflowFixture;
  let pool: Database;
  let deps: WorkflowDeps;
  let starter: string;
  let u1: string;
  let u2: string;
  let u3: string;
  beforeAll(async () => {
    f = await createWorkflowFixture();
    // A pool wide enough for the races, on the fixture's database (closed with it).
    pool = await f.test.openAnother!({ max: AT_ONCE * 2 });
    deps = { ...f.deps, db: pool };
    [starter, u1, u2, u3] = (await f.users(4)) as [string, string, string, string];
  });
  afterAll(async () => {
    await f?.close();
  });

  /** Runs the races AT_ONCE at a time; each answers its two outcomes. */
  const race = async (
    setup: () => Promise<{ instanceSid: string; attempts: Array<() => Promise<unknown>> }>,
  ): Promise<Array<{ instanceSid: string; outcomes: PromiseSettledResult<unknown>[] }>> => {
    const prepared = [];
    for (let i = 0; i < RACES; i++) prepared.push(await setup());
    const results = [];
    for (let i = 0; i < prepared.length; i += AT_ONCE) {
      const batch = prepared.slice(i, i + AT_ONCE);
      results.push(
        ...(await Promise.all(
          batch.map(async (p) => ({
            instanceSid: p.instanceSid,
            outcomes: await Promise.allSettled(p.attempts.map((attempt) => attempt())),
          })),
        )),
      );
    }
    return results;
  };
  const expectOneWinner = (outcomes: PromiseSettledResult<unknown>[]) => {
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const reason = lost[0]!.reason;
    expect(isAppError(reason) ? reason.message : String(reason)).toBe('taskAlreadyHandled');
  };
  const rowsOf = async (instanceSids: string[]) =>
    f.db.query<{ node_id: string; kind: string; status: string; outcome: string | null; n: number }>(
      `SELECT node_id, kind, status, outcome, count(*)::int AS n FROM workflow_task
        WHERE instance_sid = ANY($1::text[]) AND kind <> 'submit'
        GROUP BY node_id, kind, status, outcome ORDER BY node_id, status, outcome`,
      [instanceSids],
    );

  it(`${RACES} races of two approvals of the same task: one wins, the other finds it handled`, async () => {
    const graph = linearGraph([
      ['a', { approvers: byUsers(u1) }],
      ['b', { approvers: byUsers(u2) }],
    ]);
    await f.publish(graph);
    const results = await race(async () => {
      const started = await startProcess(deps, f.as(starter), {
        definitionKey: graph.settings.key,
        recordSid: await f.record(),
      });
      const taskSid = started.openTasks[0]!.sid;
      const approve = () => approveTask(deps, f.as(u1), { taskSid });
      return { instanceSid: started.instanceSid, attempts: [approve, approve] };
    });
    for (const r of results) expectOneWinner(r.outcomes);
    const sids = results.map((r) => r.instanceSid);
    expect(await rowsOf(sids)).toEqual([
      { node_id: 'a', kind: 'approve', status: 'done', outcome: 'approved', n: RACES },
      { node_id: 'b', kind: 'approve', status: 'open', outcome: null, n: RACES },
    ]);
    const approvals = await f.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM workflow_history WHERE instance_sid = ANY($1::text[]) AND action = 'approve'",
      [sids],
    );
    expect(approvals[0]!.n).toBe(RACES);
    const todos = await f.db.query<{ status: string; n: number }>(
      `SELECT d.status, count(*)::int AS n FROM workflow_task t JOIN todo d ON d.sid = t.todo_sid
        WHERE t.instance_sid = ANY($1::text[]) GROUP BY d.status ORDER BY d.status`,
      [sids],
    );
    expect(todos).toEqual([
      { status: 'done', n: RACES },
      { status: 'open', n: RACES },
    ]);
  });

  it(`${RACES} races of two approvers of a one-submit step: one decides, the other's task is cancelled`, async () => {
    const graph = linearGraph([
      ['a', { approvers: byUsers(u1, u3), voteMode: 5 }],
      ['b', { approvers: byUsers(u2) }],
    ]);
    await f.publish(graph);
    const results = await race(async () => {
      const started = await startProcess(deps, f.as(starter), {
        definitionKey: graph.settings.key,
        recordSid: await f.record(),
      });
      return {
        instanceSid: started.instanceSid,
        attempts: started.openTasks.map(
          (task) => () => approveTask(deps, f.as(task.assigneeSid), { taskSid: task.sid }),
        ),
      };
    });
    for (const r of results) expectOneWinner(r.outcomes);
    expect(await rowsOf(results.map((r) => r.instanceSid))).toEqual([
      { node_id: 'a', kind: 'approve', status: 'cancelled', outcome: null, n: RACES },
      { node_id: 'a', kind: 'approve', status: 'done', outcome: 'approved', n: RACES },
      { node_id: 'b', kind: 'approve', status: 'open', outcome: null, n: RACES },
    ]);
  });
});
