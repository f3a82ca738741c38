// Processes copied to me through HTTP: a step's cc people find the instance in /workflow/my/cc once the step
// is approved, counted unread until they open it; a copied person who may not see the record still cannot
// open it (404), and nobody without a session reads the list (401). PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../../test/database.js';
import { createWorkflowHttp, type Person, type WorkflowHttp } from '../../../../test/workflow-http.js';

describe(`processes copied to me (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let w: WorkflowHttp;
  let starter: Person;
  let reviewer: Person;
  let approver: Person;
  let copied: Person;
  /** Copied too, but holds no patent resource. */
  let outsider: Person;

  const counts = async (who: Person) => (await w.call(who, 'GET', '/workflow/my/counts')).json().data;
  const ccList = async (who: Person) => {
    const answer = await w.call(who, 'GET', '/workflow/my/cc?size=20&page=1');
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data;
  };

  beforeAll(async () => {
    w = await createWorkflowHttp();
    [starter, reviewer, approver, copied] = [await w.person(), await w.person(), await w.person(), await w.person()];
    outsider = await w.person({ resources: [] });
    await w.publish('patent_cc', {
      reviewers: [reviewer.sid],
      approvers: [approver.sid],
      cc: [copied.sid, outsider.sid],
    });
  });
  afterAll(() => w.close());

  it('lists and counts the copy once the step is approved, read once opened', async () => {
    const patent = await w.patent(starter, { title: '钠离子电池' });
    const started = await w.call(starter, 'POST', '/workflow/instances', {
      definition_key: 'patent_cc',
      model: 'patent',
      record_sid: patent,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { instance_sid: instance, open_tasks: tasks } = started.json().data;
    expect((await ccList(copied)).total).toBe(0);
    expect((await counts(copied)).cc).toBe(0);

    const approved = await w.call(reviewer, 'POST', `/workflow/tasks/${tasks[0].sid}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);

    const page = await ccList(copied);
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      instance_sid: instance,
      process_name: 'Review patent_cc',
      record_sid: patent,
      record_title: '钠离子电池',
      status: 'running',
      node_id: 'review',
      node_name: 'Review',
      read_at: null,
    });
    expect(await counts(copied)).toMatchObject({ cc: 1 });

    const view = await w.call(copied, 'GET', `/workflow/instances/${instance}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().data.history.map((h: { action: string }) => h.action)).toContain('cc');
    expect(await counts(copied)).toMatchObject({ cc: 0 });
    expect((await ccList(copied)).rows[0].read_at).not.toBeNull();

    // Copied, but the record is out of their reach: the instance stays out of reach too.
    expect((await counts(outsider)).cc).toBe(1);
    expect((await w.call(outsider, 'GET', `/workflow/instances/${instance}`)).statusCode).toBe(404);
    expect((await counts(outsider)).cc).toBe(1);
    expect((await ccList(outsider)).rows[0].record_title).toBeNull();
  });

  it('answers 401 without a session', async () => {
    expect((await w.call(null, 'GET', '/workflow/my/cc')).statusCode).toBe(401);
  });
});
