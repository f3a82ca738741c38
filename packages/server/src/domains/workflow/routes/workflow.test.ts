// Processes through HTTP: a whole path (publish through the definitions API, start on a patent, both steps
// approved by their assignees, lists and badge counts following, the panel offering what the engine would
// accept), who may call what (401 without a session, 404 for another tenant or a record out of reach, 403
// for someone else's task or a record one may not edit), bad inputs naming their fields, and a double
// approval racing through HTTP. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, signIn } from '../../../../test/accounts.js';
import { onPostgres } from '../../../../test/database.js';
import { createWorkflowHttp, type Person, type WorkflowHttp } from '../../../../test/workflow-http.js';

describe(`process routes (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let w: WorkflowHttp;
  let starter: Person;
  let reviewer: Person;
  let approver: Person;
  /** May see every patent, holds no task. */
  let onlooker: Person;
  /** Holds no patent resource at all. */
  let outsider: Person;
  let stranger: Person;

  const counts = async (who: Person) => (await w.call(who, 'GET', '/workflow/my/counts')).json().data;

  beforeAll(async () => {
    w = await createWorkflowHttp();
    [starter, reviewer, approver] = [await w.person(), await w.person(), await w.person()];
    onlooker = await w.person({ resources: ['patent'] });
    outsider = await w.person({ resources: [] });
    await w.publish('patent_review', { reviewers: [reviewer.sid], approvers: [approver.sid], addSign: true });
    // Another tenant's administrator.
    const otherTenant = await createTenant(w.t);
    const user = await createUser(w.t, otherTenant, { isTenantAdmin: true });
    stranger = { sid: user.sid, session: await signIn(w.t.app, user.account, user.password) };
  });
  afterAll(() => w.close());

  it('runs a process on a patent from start to approval, with lists and counts following', async () => {
    const patent = await w.patent(starter, { title: '固态电池' });
    const before = await counts(reviewer);
    const started = await w.call(starter, 'POST', '/workflow/instances', {
      definition_key: 'patent_review',
      model: 'patent',
      record_sid: patent,
      comment: 'please review',
    });
    expect(started.statusCode, started.body).toBe(200);
    const result = started.json().data;
    expect(result).toMatchObject({ status: 'running', status_label: 'In approval' });
    expect(result.open_tasks).toEqual([expect.objectContaining({ node_id: 'review', assignee_sid: reviewer.sid })]);
    const instance = result.instance_sid as string;
    expect(await counts(reviewer)).toEqual({ ...before, todo: before.todo + 1 });

    const todos = (await w.call(reviewer, 'GET', '/workflow/my/todos')).json().data;
    expect(todos.rows[0]).toMatchObject({
      instance_sid: instance,
      node_name: 'Review',
      process_name: 'Review patent_review',
      model: 'patent',
      record_sid: patent,
      record_title: '固态电池',
      kind_label: 'Approval',
    });
    const started1 = (await w.call(starter, 'GET', '/workflow/my/started?size=50')).json().data;
    expect(started1.rows.map((r: { instance_sid: string }) => r.instance_sid)).toContain(instance);

    // The reviewer's panel offers what the engine accepts at this step.
    const view = await w.call(reviewer, 'GET', `/workflow/instances/${instance}`);
    expect(view.statusCode, view.body).toBe(200);
    const panel = view.json().data;
    expect(panel.current_nodes).toEqual([{ id: 'review', name: 'Review' }]);
    expect(panel.definition).toMatchObject({ key: 'patent_review', version: 1 });
    const mine = panel.actions.tasks[0];
    expect(mine.actions).toEqual(
      expect.arrayContaining(['approve', 'reject', 'transfer', 'return', 'addSignBefore', 'addSignAfter']),
    );
    expect(mine.return_targets).toEqual([{ id: 'start', name: 'Start' }]);
    expect(panel.history.map((h: { action_label: string }) => h.action_label)).toEqual(['Submitted']);
    // The starter sees the same instance with their own actions only.
    const starterView = (await w.call(starter, 'GET', `/workflow/instances/${instance}`)).json().data;
    expect(starterView.actions).toMatchObject({ tasks: [], withdraw: true, urge: true, end: true });

    const diagram = (await w.call(reviewer, 'GET', `/workflow/instances/${instance}/diagram`)).json().data;
    expect(diagram).toMatchObject({ key: 'patent_review', version: 1, current_node_ids: ['review'] });
    expect(diagram.xml).toContain('<bpmn:userTask id="review"');
    expect(diagram.visited_node_ids).toContain('start');

    const approved = await w.call(reviewer, 'POST', `/workflow/tasks/${mine.task_sid}/approve`, { comment: 'ok' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.open_tasks).toEqual([
      expect.objectContaining({ node_id: 'approve', assignee_sid: approver.sid }),
    ]);
    expect(await counts(reviewer)).toEqual({ ...before, handled: before.handled + 1 });
    const handled = (await w.call(reviewer, 'GET', '/workflow/my/handled')).json().data;
    expect(handled.rows[0]).toMatchObject({ task_sid: mine.task_sid, outcome: 'approved', outcome_label: 'Approved' });

    const last = await w.taskOf(approver, instance);
    const done = await w.call(approver, 'POST', `/workflow/tasks/${last}/agree`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'approved', open_tasks: [] });

    const record = (await w.call(starter, 'GET', `/workflow/records/patent/${patent}`)).json().data;
    expect(record.instance).toMatchObject({ sid: instance, status: 'approved', current_nodes: [] });
    expect(record.startable).toEqual([{ key: 'patent_review', name: 'Review patent_review', version: 1 }]);
    expect(record.field_lock).toEqual({ locked: false, editable_fields: [] });
    const zh = (await w.call(starter, 'GET', `/workflow/records/patent/${patent}`, undefined, 'zh-CN')).json().data;
    expect(zh.instance.status_label).toBe('已通过');
  });

  it('offers only the processes the caller may start (each process’s own who-may-start)', async () => {
    await w.publish('patent_restricted', {
      reviewers: [reviewer.sid],
      approvers: [approver.sid],
      starters: [reviewer.sid],
    });
    const patent = await w.patent(starter);
    const offered = async (who: Person) =>
      ((await w.call(who, 'GET', `/workflow/records/patent/${patent}`)).json().data.startable as Array<{ key: string }>)
        .map((p) => p.key)
        .sort();
    expect(await offered(starter)).toEqual(['patent_review']);
    expect(await offered(reviewer)).toEqual(['patent_restricted', 'patent_review']);
    // And the start command agrees with the offer.
    const refused = await w.call(starter, 'POST', '/workflow/instances', {
      definition_key: 'patent_restricted',
      model: 'patent',
      record_sid: patent,
    });
    expect(refused.json().code).toBe(403703);
  });

  it('answers a record without processes with null, and the status of a page of records', async () => {
    const quiet = await w.patent(starter);
    const busy = await w.patent(starter);
    const instance = await w.start(starter, 'patent_review', busy);
    const record = (await w.call(onlooker, 'GET', `/workflow/records/patent/${quiet}`)).json().data;
    // The onlooker may see the case but not edit it: nothing to start.
    expect(record).toEqual({ instance: null, startable: [], field_lock: { locked: false, editable_fields: [] } });
    const statuses = await w.call(onlooker, 'POST', '/workflow/records/patent/do/statuses', {
      record_sids: [quiet, busy],
    });
    expect(statuses.statusCode, statuses.body).toBe(200);
    expect(statuses.json().data).toEqual([
      {
        record_sid: busy,
        instance_sid: instance,
        status: 'running',
        status_label: 'In approval',
        process_name: 'Review patent_review',
        current_nodes: ['Review'],
      },
    ]);
    // Someone who may not see patents learns nothing.
    const none = await w.call(outsider, 'POST', '/workflow/records/patent/do/statuses', { record_sids: [busy] });
    expect(none.json().data).toEqual([]);
  });

  it('refuses callers without a session, from another tenant, without the task or out of reach', async () => {
    const patent = await w.patent(starter);
    const instance = await w.start(starter, 'patent_review', patent);
    const task = await w.taskOf(reviewer, instance);
    const routes: Array<['GET' | 'POST', string]> = [
      ['GET', `/workflow/instances/${instance}`],
      ['GET', `/workflow/instances/${instance}/diagram`],
      ['GET', `/workflow/records/patent/${patent}`],
      ['POST', `/workflow/tasks/${task}/approve`],
      ['POST', `/workflow/tasks/${task}/reject`],
      ['POST', `/workflow/instances/${instance}/end`],
      ['POST', `/workflow/instances/${instance}/urge`],
    ];
    for (const [method, url] of routes) {
      const payload = method === 'POST' ? {} : undefined;
      expect((await w.call(null, method, url, payload)).statusCode, url).toBe(401);
      const foreign = await w.call(stranger, method, url, payload);
      expect(foreign.statusCode, `${url}: ${foreign.body}`).toBe(404);
      const blind = await w.call(outsider, method, url, payload);
      expect(blind.statusCode, `${url}: ${blind.body}`).toBe(404);
    }
    for (const path of ['/workflow/my/todos', '/workflow/my/counts'])
      expect((await w.call(null, 'GET', path)).statusCode).toBe(401);

    // Seeing the case is not holding its task.
    const notMine = await w.call(onlooker, 'POST', `/workflow/tasks/${task}/approve`, {});
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json()).toMatchObject({ code: 403701, message: 'You are not the assignee of this task' });
    expect((await w.call(onlooker, 'POST', `/workflow/instances/${instance}/end`, {})).json().code).toBe(403702);

    // A data scope of "own records" hides someone else's case, its process and its task.
    const own = await w.person({ resources: ['patent', 'patent:update'], dataScope: 'own' });
    expect((await w.call(own, 'GET', `/workflow/instances/${instance}`)).json().code).toBe(404702);
    expect((await w.call(own, 'POST', `/workflow/tasks/${task}/approve`, {})).json().code).toBe(404703);
    expect((await w.call(own, 'GET', `/workflow/records/patent/${patent}`)).json().code).toBe(404202);

    // Starting needs the right to edit the record: 403 without it, 404 out of scope.
    const other = await w.patent(starter);
    const start = (who: Person) =>
      w.call(who, 'POST', '/workflow/instances', {
        definition_key: 'patent_review',
        model: 'patent',
        record_sid: other,
      });
    expect((await start(onlooker)).json().code).toBe(403301);
    expect((await start(own)).json().code).toBe(404202);
    expect((await start(stranger)).statusCode).toBe(404);
    // The process must be one of the record's model.
    await w.publish('project_review', { reviewers: [reviewer.sid], approvers: [approver.sid], model: 'project' });
    const wrongModel = await w.call(starter, 'POST', '/workflow/instances', {
      definition_key: 'project_review',
      model: 'patent',
      record_sid: other,
    });
    expect(wrongModel.json()).toMatchObject({
      code: 400706,
      message: 'Process "project_review" runs on project, not on patent',
    });
    const unknown = await w.call(starter, 'POST', '/workflow/instances', {
      definition_key: 'nothing_here',
      model: 'patent',
      record_sid: other,
    });
    expect(unknown.json().code).toBe(404701);
    // One open process per record.
    await w.start(starter, 'patent_review', other);
    expect((await start(starter)).json().code).toBe(409701);
  });

  it('refuses bad inputs with the failing field named', async () => {
    const patent = await w.patent(starter);
    const instance = await w.start(starter, 'patent_review', patent);
    const task = await w.taskOf(reviewer, instance);
    const post = (url: string, payload: object) => w.call(reviewer, 'POST', url, payload);

    const extra = await post(`/workflow/tasks/${task}/approve`, { comment: 'ok', target_node_id: 'end' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fields[0]).toMatchObject({ message: expect.stringContaining('target_node_id') });

    const long = await post(`/workflow/tasks/${task}/reject`, { comment: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 500001, message: 'Comment: must be at most 2000 characters' });

    const badSid = await w.call(reviewer, 'POST', '/workflow/tasks/not-a-sid/approve', {});
    expect(badSid.statusCode).toBe(400);
    expect(badSid.json().fields[0].label).toBe('Approval task');

    const noSigners = await post(`/workflow/tasks/${task}/add-sign`, { mode: 'before', signer_sids: [] });
    expect(noSigners.json().fields[0]).toMatchObject({ label: 'Signers', message: 'needs at least 1 items' });
    const tooMany = await post(`/workflow/tasks/${task}/add-sign`, {
      mode: 'after',
      signer_sids: Array.from({ length: 21 }, () => starter.sid),
    });
    expect(tooMany.json().fields[0]).toMatchObject({ label: 'Signers', message: 'allows at most 20 items' });
    const badMode = await post(`/workflow/tasks/${task}/add-sign`, { mode: 'sideways', signer_sids: [starter.sid] });
    expect(badMode.json().fields[0].label).toBe('Add-sign mode');
    const noTarget = await post(`/workflow/tasks/${task}/jump`, {});
    expect(noTarget.json().fields[0]).toMatchObject({ label: 'Target step', message: 'is required' });
    const noUser = await post(`/workflow/tasks/${task}/transfer`, { to_user_sid: 'x' });
    expect(noUser.json().fields[0].label).toBe('Transfer to');

    const file = await post(`/workflow/tasks/${task}/approve`, {
      attachments: [{ file_sid: 'Z'.repeat(16), name: 'minutes.pdf' }],
    });
    expect(file.statusCode).toBe(400);
    expect(file.json().fields).toEqual([
      {
        field: 'attachments.0.file_sid',
        label: 'Attachment file',
        message: 'is not a file uploaded in your organisation',
      },
    ]);
    const tooManyFiles = await post(`/workflow/tasks/${task}/approve`, {
      attachments: Array.from({ length: 21 }, () => ({ file_sid: 'Z'.repeat(16), name: 'a' })),
    });
    expect(tooManyFiles.json().fields[0].label).toBe('Attachments');

    const badVariables = await w.call(starter, 'POST', '/workflow/instances', {
      definition_key: 'patent_review',
      model: 'patent',
      record_sid: await w.patent(starter),
      variables: { 'bad name': 1 },
    });
    expect(badVariables.json().fields[0]).toMatchObject({ field: 'variables.bad name', label: 'Process variables' });
    const badPage = await w.call(reviewer, 'GET', '/workflow/my/todos?size=30');
    expect(badPage.json().fields[0]).toMatchObject({ label: 'Rows per page', message: 'must be one of: 20, 50, 100' });

    // Nothing of the refused calls reached the engine.
    expect((await w.call(reviewer, 'GET', `/workflow/instances/${instance}`)).json().data.tasks).toHaveLength(2);
  });

  it('lets one of two racing approvals through and answers the other 409703 in its language', async () => {
    const patent = await w.patent(starter);
    const instance = await w.start(starter, 'patent_review', patent);
    const task = await w.taskOf(reviewer, instance);
    const [a, b] = await Promise.all([
      w.call(reviewer, 'POST', `/workflow/tasks/${task}/approve`, {}, 'zh-CN'),
      w.call(reviewer, 'POST', `/workflow/tasks/${task}/approve`, {}, 'zh-CN'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const lost = a.statusCode === 409 ? a : b;
    expect(lost.json()).toMatchObject({ code: 409703, message: '该任务已被处理' });
    const approvals = await w.count(
      "SELECT count(*) AS n FROM workflow_history WHERE instance_sid = $1 AND action = 'approve'",
      [instance],
    );
    expect(approvals).toBe(1);
  });

  it('saves a draft, submits it, and takes the other task and instance actions through HTTP', async () => {
    const patent = await w.patent(starter);
    const draft = await w.call(starter, 'POST', '/workflow/instances', {
      definition_key: 'patent_review',
      model: 'patent',
      record_sid: patent,
      draft: true,
      variables: { priority: 'high', budget: 3 },
    });
    expect(draft.json().data).toMatchObject({ status: 'draft', open_tasks: [] });
    const instance = draft.json().data.instance_sid as string;
    expect((await w.call(reviewer, 'POST', `/workflow/instances/${instance}/submit`, {})).json().code).toBe(403702);
    // An attachment is a file stored in the tenant beforehand.
    const fileSid = 'F'.repeat(16);
    await w.t.database.db.query(
      `INSERT INTO stored_file (sid, tenant_sid, purpose, media_type, size_bytes, storage_key)
       VALUES ($1, $2, 'workflow_attachment', 'application/pdf', 10, 'k')`,
      [fileSid, w.tenant.sid],
    );
    const submitted = await w.call(starter, 'POST', `/workflow/instances/${instance}/submit`, {
      comment: 'go',
      attachments: [{ file_sid: fileSid, name: '说明.pdf' }],
    });
    expect(submitted.json().data.status).toBe('running');
    const submission = (await w.call(starter, 'GET', `/workflow/instances/${instance}`)).json().data.history.at(-1);
    expect(submission).toMatchObject({
      action: 'submit',
      comment: 'go',
      attachments: [{ file_sid: fileSid, name: '说明.pdf' }],
    });

    // Transfer to the onlooker and back; add a signer after; return to the starter; resubmit; end.
    const task = await w.taskOf(reviewer, instance);
    const moved = await w.call(reviewer, 'POST', `/workflow/tasks/${task}/transfer`, { to_user_sid: onlooker.sid });
    expect(moved.json().data.open_tasks[0].assignee_sid).toBe(onlooker.sid);
    await w.call(onlooker, 'POST', `/workflow/tasks/${task}/transfer`, { to_user_sid: reviewer.sid });
    const signed = await w.call(reviewer, 'POST', `/workflow/tasks/${task}/add-sign`, {
      mode: 'before',
      signer_sids: [onlooker.sid],
      comment: 'please have a look first',
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const signerTask = await w.taskOf(onlooker, instance);
    expect((await w.call(onlooker, 'POST', `/workflow/tasks/${signerTask}/agree`, {})).statusCode).toBe(200);
    const back = await w.call(reviewer, 'POST', `/workflow/tasks/${task}/return`, { comment: 'fill in the claims' });
    expect(back.json().data.open_tasks).toEqual([
      expect.objectContaining({ kind: 'submit', assignee_sid: starter.sid }),
    ]);
    const jumpless = await w.call(reviewer, 'POST', `/workflow/tasks/${task}/jump`, { target_node_id: 'end' });
    expect(jumpless.json().code).toBe(409703);
    expect((await w.call(starter, 'POST', `/workflow/instances/${instance}/resubmit`, {})).json().data.status).toBe(
      'running',
    );
    expect((await w.call(starter, 'POST', `/workflow/instances/${instance}/urge`, {})).statusCode).toBe(200);
    expect((await w.call(starter, 'POST', `/workflow/instances/${instance}/urge`, {})).json().code).toBe(429701);
    const ended = await w.call(starter, 'POST', `/workflow/instances/${instance}/end`, { comment: 'stop' });
    expect(ended.json().data).toMatchObject({ status: 'ended', status_label: 'Ended' });
    const history = (await w.call(starter, 'GET', `/workflow/instances/${instance}`)).json().data.history;
    expect(history.map((h: { action: string }) => h.action)).toEqual(
      expect.arrayContaining(['saveDraft', 'submit', 'transfer', 'addSignBefore', 'return', 'resubmit', 'urge', 'end']),
    );
  });
});
