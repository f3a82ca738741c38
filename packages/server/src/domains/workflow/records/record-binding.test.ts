// Processes bound to their record through the generic model API: deleting a patent with a running process
// takes its instances, tasks, history and to-dos along (and the confirmation counts them), other records
// keep theirs; while a process is open, an update may change only what the current step grants its
// assignee (the starter edits freely while it is a draft or back with them), named in a coded error.
// PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../../test/database.js';
import { createWorkflowHttp, type Person, type WorkflowHttp } from '../../../../test/workflow-http.js';

describe(`processes bound to their record (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let w: WorkflowHttp;
  let starter: Person;
  let reviewer: Person;
  let approver: Person;
  let colleague: Person;

  const read = async (who: Person, sid: string) =>
    (await w.call(who, 'GET', `/model/patent/${sid}`)).json().data as Record<string, unknown> & { version: number };
  const update = async (who: Person, sid: string, data: Record<string, unknown>, language = 'en') => {
    const { version } = await read(w.admin, sid);
    return w.call(who, 'POST', '/model/patent/do/update', { sid, version, data }, language);
  };

  beforeAll(async () => {
    w = await createWorkflowHttp();
    [starter, reviewer, approver, colleague] = [await w.person(), await w.person(), await w.person(), await w.person()];
    await w.publish('case_review', {
      reviewers: [reviewer.sid],
      approvers: [approver.sid],
      reviewFields: [
        ['title', 'edit'],
        ['claim_count', 'read'],
      ],
    });
  });
  afterAll(() => w.close());

  it('deletes a patent with its running process: instances, tasks, history and to-dos', async () => {
    const patent = await w.patent(starter);
    const kept = await w.patent(starter);
    const instance = await w.start(starter, 'case_review', patent);
    const other = await w.start(starter, 'case_review', kept);
    const task = await w.taskOf(reviewer, instance);
    const todo = (
      await w.t.database.db.query<{ todo_sid: string }>('SELECT todo_sid FROM workflow_task WHERE sid = $1', [task])
    )[0]!.todo_sid;
    const todosBefore = (await w.call(reviewer, 'GET', '/workflow/my/counts')).json().data.todo;

    const preview = await w.call(w.admin, 'GET', `/model/patent/do/delete-preview/${patent}`);
    expect(preview.json().data.dependents).toContainEqual({ key: 'processes', label: 'Processes', count: 1 });
    const deleted = await w.call(w.admin, 'POST', `/model/patent/do/delete/${patent}`, {});
    expect(deleted.statusCode, deleted.body).toBe(200);

    const left = (table: string, column: string, sid: string) =>
      w.count(`SELECT count(*) AS n FROM ${table} WHERE ${column} = $1`, [sid]);
    expect(await left('workflow_instance', 'sid', instance)).toBe(0);
    expect(await left('workflow_task', 'instance_sid', instance)).toBe(0);
    expect(await left('workflow_token', 'instance_sid', instance)).toBe(0);
    expect(await left('workflow_history', 'instance_sid', instance)).toBe(0);
    expect(await left('todo', 'sid', todo)).toBe(0);
    expect((await w.call(reviewer, 'GET', '/workflow/my/counts')).json().data.todo).toBe(todosBefore - 1);
    expect((await w.call(reviewer, 'POST', `/workflow/tasks/${task}/approve`, {})).json().code).toBe(404703);
    // The other case keeps its process; the delete is audited.
    expect(await left('workflow_instance', 'sid', other)).toBe(1);
    const audit = await w.t.database.db.query<{ detail: Record<string, number> }>(
      "SELECT detail FROM audit_log WHERE action = 'workflow_instance.deleted' AND target = $1",
      [`patent:${patent}`],
    );
    expect(audit.map((a) => a.detail)).toEqual([{ instances: 1, todos: 1 }]);
  });

  it('counts no processes for a record without any, and deletes it as before', async () => {
    const patent = await w.patent(starter);
    const preview = await w.call(w.admin, 'GET', `/model/patent/do/delete-preview/${patent}`);
    expect(preview.json().data.dependents).toContainEqual({ key: 'processes', label: 'Processes', count: 0 });
    expect((await w.call(w.admin, 'POST', `/model/patent/do/delete/${patent}`, {})).statusCode).toBe(200);
  });

  it("batch delete takes each record's processes along, as a single delete does", async () => {
    const [first, second] = [await w.patent(starter), await w.patent(starter)];
    const instances = [await w.start(starter, 'case_review', first), await w.start(starter, 'case_review', second)];
    const deleted = await w.call(w.admin, 'POST', '/model/patent/do/batch-delete', {
      records: [{ sid: first }, { sid: second }],
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const instance of instances)
      expect(await w.count('SELECT count(*) AS n FROM workflow_instance WHERE sid = $1', [instance])).toBe(0);
    const audit = await w.t.database.db.query(
      "SELECT target FROM audit_log WHERE action = 'workflow_instance.deleted' AND target = ANY($1::text[])",
      [[`patent:${first}`, `patent:${second}`]],
    );
    expect(audit).toHaveLength(2);
  });

  it('limits edits while the process runs to the fields the current step grants its assignee', async () => {
    const patent = await w.patent(starter, { ipc: ['ACME'] });
    const instance = await w.start(starter, 'case_review', patent);

    // The reviewer may change the title (edit), not the claim count (read) nor the IPC classes (not listed).
    const title = await update(reviewer, patent, { title: 'Better battery' });
    expect(title.statusCode, title.body).toBe(200);
    const claims = await update(reviewer, patent, { title: 'Better battery', claim_count: 12 });
    expect(claims.statusCode).toBe(403);
    expect(claims.json()).toMatchObject({
      code: 403706,
      message: 'Field "Number of claims" cannot be changed while process "Review case_review" is open',
      fields: [{ field: 'claim_count', label: 'Number of claims', message: expect.stringContaining('read-only') }],
    });
    const zh = await update(reviewer, patent, { ipc: ['Other'] }, 'zh-CN');
    expect(zh.json()).toMatchObject({ code: 403706, message: expect.stringContaining('进行中') });
    // Nothing of a refused update was written.
    expect(await read(w.admin, patent)).toMatchObject({ title: 'Better battery', ipc: ['ACME'] });

    // Neither the starter nor a colleague holds the step: every field is read-only to them now.
    expect((await update(starter, patent, { title: 'Mine' })).json().code).toBe(403706);
    expect((await update(colleague, patent, { title: 'Ours' })).json().code).toBe(403706);
    const lock = (await w.call(reviewer, 'GET', `/workflow/records/patent/${patent}`)).json().data.field_lock;
    expect(lock).toEqual({ locked: true, editable_fields: ['title'] });

    // Returned to the starter, they edit freely; the reviewer no longer may.
    const task = await w.taskOf(reviewer, instance);
    await w.call(reviewer, 'POST', `/workflow/tasks/${task}/return`, {});
    expect((await update(starter, patent, { ipc: ['ACME Ltd'], claim_count: 9 })).statusCode).toBe(200);
    expect((await update(reviewer, patent, { title: 'Late' })).json().code).toBe(403706);
    const starterLock = (await w.call(starter, 'GET', `/workflow/records/patent/${patent}`)).json().data.field_lock;
    expect(starterLock).toEqual({ locked: false, editable_fields: [] });

    // At the approve step (which grants nothing) nobody may change anything; once approved, all is open again.
    await w.call(starter, 'POST', `/workflow/instances/${instance}/resubmit`, {});
    await w.call(reviewer, 'POST', `/workflow/tasks/${await w.taskOf(reviewer, instance)}/approve`, {});
    expect((await update(approver, patent, { title: 'Approver' })).json().code).toBe(403706);
    await w.call(approver, 'POST', `/workflow/tasks/${await w.taskOf(approver, instance)}/approve`, {});
    expect((await update(colleague, patent, { title: 'After', claim_count: 3 })).statusCode).toBe(200);
  });

  it('lets the starter edit a draft freely while others wait, and sending unchanged values is no change', async () => {
    const patent = await w.patent(starter, { ipc: ['ACME'] });
    await w.start(starter, 'case_review', patent, { draft: true });
    expect((await update(starter, patent, { ipc: ['ACME GmbH'] })).statusCode).toBe(200);
    const other = await update(colleague, patent, { ipc: ['Other'] });
    expect(other.json()).toMatchObject({ code: 403706, fields: [{ field: 'ipc', label: 'IPC classes' }] });
    // A form sends every field back: those it did not change are not edits.
    const current = await read(colleague, patent);
    expect((await update(colleague, patent, { title: current.title, ipc: ['ACME GmbH'] })).statusCode).toBe(200);
  });
});
