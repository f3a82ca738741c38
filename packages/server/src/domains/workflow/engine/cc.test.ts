// Carbon copies: a step that names cc rules copies the instance to those people once it is approved (a
// rejected step copies nobody); the copy is listed, counted while unread, and read once the view is opened.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../../test/database.js';
import { byUsers, createWorkflowFixture, linearGraph, type WorkflowFixture } from '../../../../test/workflow-engine.js';
import {
  approveTask,
  countMyWorkflow,
  listMyCcInstances,
  openInstanceView,
  rejectTask,
  startProcess,
} from './index.js';

describe(`carbon copies (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let f: WorkflowFixture;
  let starter: string;
  let approver: string;
  let copied: string;
  beforeAll(async () => {
    f = await createWorkflowFixture();
    [starter, approver, copied] = (await f.users(3)) as [string, string, string];
  });
  afterAll(() => f.close());

  const t = () => f.tenantSid;
  const start = async () => {
    const g = linearGraph([
      ['a', { approvers: byUsers(approver), cc: [...byUsers(copied, copied), { kind: 'starter', values: [] }] }],
    ]);
    await f.publish(g);
    return startProcess(f.deps, f.as(starter), {
      definitionKey: g.settings.key,
      recordSid: await f.record(),
    });
  };
  const me = (userSid: string) => ({ tenantSid: t(), userSid });

  it('copies an approved step to its cc people, counts it unread until the view is opened', async () => {
    const started = await start();
    expect((await listMyCcInstances(f.db, me(copied))).total).toBe(0);
    await approveTask(f.deps, f.as(approver), { taskSid: started.openTasks[0]!.sid });

    const page = await listMyCcInstances(f.db, me(copied));
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      instanceSid: started.instanceSid,
      nodeId: 'a',
      status: 'approved',
      model: 'patent',
      readAt: null,
    });
    expect((await countMyWorkflow(f.db, me(copied))).cc).toBe(1);
    expect((await countMyWorkflow(f.db, me(starter))).cc).toBe(1);
    expect((await countMyWorkflow(f.db, me(approver))).cc).toBe(0);

    const view = await openInstanceView(f.deps, f.as(copied), { instanceSid: started.instanceSid });
    expect(view.history.find((h) => h.action === 'cc')).toMatchObject({ nodeName: 'a' });
    expect((await countMyWorkflow(f.db, me(copied))).cc).toBe(0);
    const read = await listMyCcInstances(f.db, me(copied));
    expect(read.total).toBe(1);
    expect(read.rows[0]!.readAt).not.toBeNull();
  });

  it('copies nobody when the step is rejected', async () => {
    const before = (await listMyCcInstances(f.db, me(copied))).total;
    const started = await start();
    await rejectTask(f.deps, f.as(approver), { taskSid: started.openTasks[0]!.sid });
    expect((await listMyCcInstances(f.db, me(copied))).total).toBe(before);
    const view = await openInstanceView(f.deps, f.as(copied), { instanceSid: started.instanceSid });
    expect(view.history.map((h) => h.action)).not.toContain('cc');
  });
});
