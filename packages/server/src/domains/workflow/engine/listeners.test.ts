// Listeners (spec §4 events): named by a step or the process, or global for some events; inTransaction
// ones run inside the command and refusing rolls all of it back; afterCommit ones go through the outbox,
// delivered only after the commit, retried after a failure (at least once).
import { AppError, type ListenerSpec, type ProcessGraph } from '@ipdesk/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../../test/database.js';
import {
  byUsers,
  createWorkflowFixture,
  linearGraph,
  rejectsWith,
  type WorkflowFixture,
} from '../../../../test/workflow-engine.js';
import { approveTask, dispatchOutbox, registerWorkflowListener, startProcess, type WorkflowEvent } from './index.js';

describe(`workflow listeners (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let f: WorkflowFixture;
  let starter: string;
  let u1: string;
  let u2: string;
  const unregister: Array<() => void> = [];
  beforeAll(async () => {
    f = await createWorkflowFixture();
    [starter, u1, u2] = (await f.users(3)) as [string, string, string];
  });
  afterEach(() => {
    for (const off of unregister.splice(0)) off();
  });
  afterAll(() => f.close());

  const t = () => f.tenantSid;
  const spec = (name: string, event: ListenerSpec['event']): ListenerSpec => ({ name, event, phase: 'inTransaction' });
  const graphWith = (a: ListenerSpec[], b: ListenerSpec[] = [], processListeners: ListenerSpec[] = []) => {
    const graph = linearGraph(
      [
        ['a', { approvers: byUsers(u1) }],
        ['b', { approvers: byUsers(u2) }],
      ],
      { listeners: processListeners },
    );
    graph.nodes.a!.listeners = a;
    graph.nodes.b!.listeners = b;
    return graph;
  };
  const start = async (graph: ProcessGraph, record?: string) => {
    await f.publish(graph);
    return startProcess(f.deps, f.as(starter), {
      definitionKey: graph.settings.key,
      recordSid: record ?? (await f.record()),
    });
  };
  const count = async (sql: string, params: unknown[]) => (await f.db.query<{ n: number }>(sql, params as never))[0]!.n;

  it('runs the named ones in order with the event, the step and the task', async () => {
    const seen: string[] = [];
    unregister.push(
      registerWorkflowListener('trace', {
        phase: 'inTransaction',
        handle: (e) => {
          seen.push(`${e.event}:${e.nodeId ?? '-'}:${e.assigneeSid === u1 ? 'u1' : e.assigneeSid ? 'other' : '-'}`);
        },
      }),
    );
    const trace = (...events: Array<ListenerSpec['event']>) => events.map((e) => spec('trace', e));
    const graph = graphWith(
      trace('start', 'create', 'assignment', 'complete', 'end'),
      [spec('not-registered', 'create')],
      trace('start', 'end'),
    );
    const started = await start(graph);
    expect(seen).toEqual(['start:-:-', 'start:a:-', 'create:a:u1', 'assignment:a:u1']);
    await approveTask(f.deps, f.as(u1), { taskSid: started.openTasks[0]!.sid });
    expect(seen.slice(4)).toEqual(['complete:a:u1', 'end:a:-']);
  });

  it('an inTransaction listener refusing rolls the whole command back', async () => {
    unregister.push(
      registerWorkflowListener('guard', {
        phase: 'inTransaction',
        handle: async (e, tx) => {
          await tx.query('INSERT INTO audit_log (tenant_sid, action, created_at) VALUES ($1, $2, now())', [
            e.tenantSid,
            `guard.${e.event}`,
          ]);
          throw new AppError('forbidden');
        },
      }),
      registerWorkflowListener('later', { phase: 'afterCommit', handle: () => undefined }),
    );
    // Refused at the start: no instance, no to-do, no outbox row, no audit row of the listener.
    const record = await f.record();
    const todos = () =>
      count("SELECT count(*)::int AS n FROM todo WHERE assignee_sid = $1 AND source = 'workflow'", [u1]);
    const outbox = () => count('SELECT count(*)::int AS n FROM workflow_outbox WHERE tenant_sid = $1', [t()]);
    const [todosBefore, outboxBefore] = [await todos(), await outbox()];
    const refusing = graphWith([spec('later', 'create'), spec('guard', 'create')]);
    await rejectsWith(start(refusing, record), 'forbidden');
    expect(await count('SELECT count(*)::int AS n FROM workflow_instance WHERE record_sid = $1', [record])).toBe(0);
    expect([await todos(), await outbox()]).toEqual([todosBefore, outboxBefore]);
    expect(await count("SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'guard.%'", [])).toBe(0);

    // Refused on approving: the task stays open with its to-do, no history, nothing at the next step.
    const started = await start(graphWith([spec('guard', 'complete')]));
    const task = started.openTasks[0]!.sid;
    await rejectsWith(approveTask(f.deps, f.as(u1), { taskSid: task }), 'forbidden');
    expect(await f.open(started.instanceSid)).toMatchObject([{ sid: task, status: 'open', todoStatus: 'open' }]);
    expect(await f.history(started.instanceSid)).toEqual(['submit@start']);
  });

  it('an afterCommit listener is delivered through the outbox only after the commit, retried on failure', async () => {
    const delivered: WorkflowEvent[] = [];
    let failures = 1;
    unregister.push(
      registerWorkflowListener('mailer', {
        phase: 'afterCommit',
        handle: (e) => {
          if (failures-- > 0) throw new Error('mail server down');
          delivered.push(e);
        },
      }),
    );
    const started = await start(graphWith([{ name: 'mailer', event: 'create', phase: 'afterCommit' }]));
    expect(delivered).toEqual([]);
    const pending = await f.db.query<{ event: string; processed_at: Date | null; payload: Record<string, unknown> }>(
      'SELECT event, processed_at, payload FROM workflow_outbox WHERE instance_sid = $1',
      [started.instanceSid],
    );
    expect(pending).toMatchObject([{ event: 'listener', processed_at: null, payload: { listener: 'mailer' } }]);

    expect(await dispatchOutbox(f.deps)).toEqual({ delivered: 0, failed: 1 });
    const failed = await f.db.query<{ attempts: number; last_error: string }>(
      'SELECT attempts, last_error FROM workflow_outbox WHERE instance_sid = $1',
      [started.instanceSid],
    );
    expect(failed).toEqual([{ attempts: 1, last_error: 'mail server down' }]);
    // Not again at once: later, by the app clock.
    expect(await dispatchOutbox(f.deps)).toEqual({ delivered: 0, failed: 0 });
    f.clock.advanceMinutes(1);
    expect(await dispatchOutbox(f.deps)).toEqual({ delivered: 1, failed: 0 });
    expect(delivered).toMatchObject([
      { event: 'create', nodeId: 'a', assigneeSid: u1, instanceSid: started.instanceSid, actorSid: starter },
    ]);
    expect(await dispatchOutbox(f.deps)).toEqual({ delivered: 0, failed: 0 });
  });

  it('a global listener hears its events from every process', async () => {
    const heard: string[] = [];
    unregister.push(
      registerWorkflowListener('audit-all', {
        phase: 'inTransaction',
        events: ['complete', 'delete'],
        handle: (e) => {
          heard.push(`${e.event}:${e.nodeId}:${e.outcome}`);
        },
      }),
    );
    const started = await start(graphWith([]));
    expect(heard).toEqual(['complete:start:submitted']);
    await approveTask(f.deps, f.as(u1), { taskSid: started.openTasks[0]!.sid });
    expect(heard).toEqual(['complete:start:submitted', 'complete:a:approved']);
  });
});
