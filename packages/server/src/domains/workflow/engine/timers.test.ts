// Durable timers: a step's remind and due hours become job rows with the task, fire from the database
// after the app was closed and another one started on the same database (the clock moved on meanwhile),
// once each even with two runners, and never for a task that ended first. PGlite and PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../../test/database.js';
import { byUsers, createWorkflowFixture, linearGraph, type WorkflowFixture } from '../../../../test/workflow-engine.js';
import { loadConfig } from '../../../config.js';
import { buildApp } from '../../../http/app.js';
import { approveTask, runDueJobs, startProcess, startWorkflowRunner } from './index.js';

describe(`workflow timers (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let f: WorkflowFixture;
  let dataDir: string;
  beforeAll(async () => {
    f = await createWorkflowFixture();
    dataDir = mkdtempSync(path.join(tmpdir(), 'ipdesk-wf-timers-'));
  });
  afterAll(async () => {
    await f.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** An app on the fixture's database and clock, as startServer would build it. */
  const app = () =>
    buildApp({
      config: loadConfig({ WEB_DIST_DIR: '/nonexistent-web-dist', LOG_LEVEL: 'silent', DATA_DIR: dataDir }),
      db: f.db,
      now: () => f.clock.now,
      registry: f.registry,
    });
  const start = async (fx: WorkflowFixture, approver: string, hours: { remind: number | null; due: number | null }) => {
    await fx.readers([approver]);
    const graph = linearGraph([
      ['a', { approvers: byUsers(approver), remindHours: hours.remind, dueHours: hours.due }],
    ]);
    await fx.publish(graph);
    return startProcess(fx.deps, fx.as(await fx.user()), {
      definitionKey: graph.settings.key,
      recordSid: await fx.record(),
    });
  };
  const jobs = (instanceSid: string) =>
    f.db.query<{ kind: string; status: string; run_at: Date }>(
      'SELECT kind, status, run_at FROM workflow_job WHERE instance_sid = $1 ORDER BY run_at',
      [instanceSid],
    );
  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 200; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('timed out waiting');
  };

  it('fire after a restart of the app on the same database', async () => {
    const approver = await f.user();
    const started = await start(f, approver, { remind: 1, due: 2 });
    const base = f.clock.now.getTime();
    expect(
      (await jobs(started.instanceSid)).map((j) => [j.kind, j.status, new Date(j.run_at).getTime() - base]),
    ).toEqual([
      ['remind', 'waiting', 3_600_000],
      ['due', 'waiting', 7_200_000],
    ]);
    const [task] = await f.open(started.instanceSid);
    const dueAt = await f.db.query<{ due_at: Date }>('SELECT due_at FROM workflow_task WHERE sid = $1', [task!.sid]);
    expect(new Date(dueAt[0]!.due_at).getTime() - base).toBe(7_200_000);

    // The first app runs its loop a while: nothing is due yet. Then it closes.
    let first: FastifyInstance | undefined = await app();
    const firstRunner = startWorkflowRunner(first.workflow, { intervalMs: 10 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await firstRunner.stop();
    await first.close();
    first = undefined;
    expect((await jobs(started.instanceSid)).map((j) => j.status)).toEqual(['waiting', 'waiting']);

    // 90 minutes later another app starts: the reminder fires, the due date not yet.
    f.clock.advanceMinutes(90);
    const second = await app();
    const told = async () =>
      (await f.notices(started.instanceSid)).filter((n) => n.event === 'todo.reminder' || n.event === 'todo.overdue');
    const secondRunner = startWorkflowRunner(second.workflow, { intervalMs: 10 });
    try {
      await until(async () => (await told()).length === 1);
      expect((await jobs(started.instanceSid)).map((j) => j.status)).toEqual(['done', 'waiting']);
      expect((await told())[0]).toMatchObject({ event: 'todo.reminder', recipient: approver, params: { task: 'a' } });
      expect(await f.history(started.instanceSid)).toEqual(['submit@start', 'remind@a']);
      f.clock.advanceMinutes(60);
      await until(async () => (await told()).length === 2);
      expect((await told())[1]).toMatchObject({ event: 'todo.overdue', recipient: approver });
      expect(await f.history(started.instanceSid)).toEqual(['submit@start', 'remind@a', 'due@a']);
    } finally {
      await secondRunner.stop();
      await second.close();
    }
  });

  it('a task that ended first cancels its timers; they never fire', async () => {
    const approver = await f.user();
    const started = await start(f, approver, { remind: 1, due: 3 });
    await approveTask(f.deps, f.as(approver), { taskSid: started.openTasks[0]!.sid });
    expect((await jobs(started.instanceSid)).map((j) => j.status)).toEqual(['cancelled', 'cancelled']);
    f.clock.advanceMinutes(600);
    await runDueJobs(f.deps);
    expect(await f.history(started.instanceSid)).toEqual(['submit@start', 'approve@a', 'finish']);
  });

  it('two runners at once fire each due job once', async () => {
    const approver = await f.user();
    const instances: string[] = [];
    for (let i = 0; i < 12; i++) instances.push((await start(f, approver, { remind: 1, due: null })).instanceSid);
    f.clock.advanceMinutes(61);
    const [a, b] = await Promise.all([runDueJobs(f.deps), runDueJobs({ ...f.deps })]);
    expect(a + b).toBe(12);
    const fired = await f.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM workflow_history WHERE action = 'remind' AND instance_sid = ANY($1::text[])",
      [instances],
    );
    expect(fired[0]!.n).toBe(12);
    // One reminder each, however many runners.
    const reminders = await f.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notification n JOIN notification_event e ON e.sid = n.event_sid
         JOIN workflow_instance i ON i.record_sid = e.record_sid
        WHERE e.event = 'todo.reminder' AND i.sid = ANY($1::text[])`,
      [instances],
    );
    expect(reminders[0]!.n).toBe(12);
  });
});
