// Approval-bound lifecycle actions (issue 18) on the paper of spec §4, whose `report` is declared with
// `approval: { rejected: 'draft' }`: without a bound process it runs directly; with one published, running
// it starts the process (the paper stays not_reported and field-locked, report is not offered meanwhile),
// and the process's end moves the status: approved → reported (audited as the starter's action, naming the
// process), rejected → draft, withdrawn or ended → unchanged. One published process per action.
// PGlite and PostgreSQL.
import { errors } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../../../test/database.js';
import { createWorkflowHttp, twoStepXml, type Person, type WorkflowHttp } from '../../../../test/workflow-http.js';

interface ActionAnswer {
  results: Array<{
    sid: string;
    outcome: string;
    status?: string;
    instance_sid?: string;
    code?: number;
    message?: string;
  }>;
  done: number;
  started: number;
  refused: number;
}

const PAPER_WRITER = {
  resources: [
    'scientific_paper',
    'scientific_paper:create',
    'scientific_paper:update',
    'scientific_paper:submit',
    'scientific_paper:redraft',
    'scientific_paper:report',
    'scientific_paper:abandon',
  ],
};

describe(`approval-bound lifecycle actions (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let w: WorkflowHttp;
  let author: Person;
  let reviewer: Person;
  let approver: Person;

  const act = async (who: Person, action: string, sids: string[], body: object = {}, language = 'en') => {
    const res = await w.call(who, 'POST', `/model/scientific_paper/do/action/${action}`, { sids, ...body }, language);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ActionAnswer;
  };
  const read = async (sid: string, who: Person = author) => {
    const res = await w.call(who, 'GET', `/model/scientific_paper/${sid}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { status: string; version: number; _actions: string[] };
  };
  /** A paper by the author, submitted: not_reported, ready to be reported. */
  const paper = async (title: string) => {
    const res = await w.call(author, 'POST', '/model/scientific_paper/do/create', { data: { title } });
    expect(res.statusCode, res.body).toBe(200);
    const sid = res.json().data.sid as string;
    expect((await act(author, 'submit', [sid])).done).toBe(1);
    return sid;
  };
  const decide = async (who: Person, instance: string, decision: 'approve' | 'reject') => {
    const res = await w.call(who, 'POST', `/workflow/tasks/${await w.taskOf(who, instance)}/${decision}`, {
      comment: decision,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const report = async (sid: string, comment = 'Please report') => {
    const answer = await act(author, 'report', [sid], { comment });
    expect(answer).toMatchObject({ done: 0, started: 1, refused: 0 });
    expect(answer.results[0]).toEqual({ sid, outcome: 'started', instance_sid: expect.any(String) });
    return answer.results[0]!.instance_sid!;
  };
  const statusAudits = (sid: string) =>
    w.t.database.db.query<{ actor_sid: string; detail: Record<string, unknown> }>(
      "SELECT actor_sid, detail FROM audit_log WHERE action = 'scientific_paper.status_changed' AND target = $1 ORDER BY id",
      [`scientific_paper:${sid}`],
    );

  beforeAll(async () => {
    w = await createWorkflowHttp();
    author = await w.person(PAPER_WRITER);
    reviewer = await w.person({ resources: ['scientific_paper'] });
    approver = await w.person({ resources: ['scientific_paper'] });
  });
  afterAll(() => w.close());

  it('runs report directly while no process is bound to it', async () => {
    const sid = await paper('Direct report');
    const answer = await act(author, 'report', [sid]);
    expect(answer).toMatchObject({ done: 1, started: 0, refused: 0 });
    expect((await read(sid)).status).toBe('reported');
  });

  it('refuses binding a process to an unknown action or one declared without approval (design rule)', async () => {
    for (const action of ['publish', 'submit']) {
      const key = `paper_${action}`;
      const created = await w.call(w.admin, 'POST', '/workflow/definitions/do/create-from-xml', {
        xml: twoStepXml(key, {
          reviewers: [reviewer.sid],
          approvers: [approver.sid],
          model: 'scientific_paper',
          action,
        }),
      });
      expect(created.statusCode, created.body).toBe(200);
      const problems = created.json().data.problems as Array<{ rule: string; message_key: string }>;
      expect(problems.map((p) => `${p.rule}:${p.message_key}`)).toEqual([
        `lifecycle-action:workflowDesign.problem.${action === 'publish' ? 'actionUnknown' : 'actionNotApproval'}`,
      ]);
      const { version, updated_at } = created.json().data;
      const published = await w.call(w.admin, 'POST', `/workflow/definitions/${key}/publish`, { version, updated_at });
      expect(published.json().code).toBe(errors.workflowDesignInvalid.code);
    }
  });

  it('publishes one process per action: a second one bound to report is refused', async () => {
    await w.publish('paper_report', {
      reviewers: [reviewer.sid],
      approvers: [approver.sid],
      model: 'scientific_paper',
      action: 'report',
    });
    const created = await w.call(w.admin, 'POST', '/workflow/definitions/do/create-from-xml', {
      xml: twoStepXml('paper_report_2', {
        reviewers: [reviewer.sid],
        approvers: [approver.sid],
        model: 'scientific_paper',
        action: 'report',
      }),
    });
    const { version, updated_at } = created.json().data;
    for (const [language, message] of [
      ['en', 'Action "Report" is already bound to the published process "paper_report"'],
      ['zh-CN', '操作“上报”已绑定已发布的流程“paper_report”'],
    ] as const) {
      const refused = await w.call(
        w.admin,
        'POST',
        '/workflow/definitions/paper_report_2/publish',
        { version, updated_at },
        language,
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: errors.workflowActionBound.code,
        message: expect.stringContaining(message),
      });
    }
    // A new version of the bound process itself replaces the old one.
    const newest = (await w.call(w.admin, 'GET', '/workflow/definitions/paper_report/versions')).json().data[0];
    const again = await w.call(w.admin, 'POST', '/workflow/definitions/paper_report/draft', {
      xml: twoStepXml('paper_report', {
        reviewers: [reviewer.sid],
        approvers: [approver.sid],
        model: 'scientific_paper',
        action: 'report',
      }),
      version: newest.version,
      updated_at: newest.updated_at,
    });
    expect(again.statusCode, again.body).toBe(200);
    const draft = again.json().data;
    const republished = await w.call(w.admin, 'POST', '/workflow/definitions/paper_report/publish', {
      version: draft.version,
      updated_at: draft.updated_at,
    });
    expect(republished.statusCode, republished.body).toBe(200);
  });

  it('starts a bound process only by its action: not offered nor started on its own', async () => {
    const sid = await paper('Generic start');
    const record = (await w.call(author, 'GET', `/workflow/records/scientific_paper/${sid}`)).json().data;
    expect(record.startable).toEqual([]);
    const res = await w.call(author, 'POST', '/workflow/instances', {
      definition_key: 'paper_report',
      model: 'scientific_paper',
      record_sid: sid,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: errors.instanceActionBound.code,
      message: 'Process "paper_report" approves the action "Report": run that action to start it',
    });
  });

  it('starts the bound process: the paper stays not_reported, locked, and report is not offered', async () => {
    const sid = await paper('Battery anodes');
    const instance = await report(sid);
    const read1 = await read(sid);
    expect(read1.status).toBe('not_reported');
    // No action is offered while the process is open: its outcome alone moves the status.
    expect(read1._actions).toEqual([]);
    // The list answers the same, from one query for the page.
    const listed = await w.call(author, 'POST', '/model/scientific_paper/do/search', {});
    expect(listed.statusCode, listed.body).toBe(200);
    const row = (listed.json().data.rows as Array<{ sid: string; _actions: string[] }>).find((r) => r.sid === sid);
    expect(row?._actions).toEqual([]);
    const variables = await w.t.database.db.query<{ variables: Record<string, unknown> }>(
      'SELECT variables FROM workflow_instance WHERE sid = $1',
      [instance],
    );
    expect(variables[0]!.variables).toEqual({
      lifecycle_action: { name: 'report', comment: 'Please report', values: {} },
    });

    // Another action on it is refused while the process runs, naming it in the caller's language, and so is
    // the action again (the engine's one open process per record).
    const redraft = await act(author, 'redraft', [sid]);
    expect(redraft.results[0]).toMatchObject({
      outcome: 'refused',
      code: errors.actionWhileInProcess.code,
      message: `"Back to draft" cannot run while the process "Review paper_report" is open on this record: its status moves when the process ends`,
    });
    const zh = await act(author, 'abandon', [sid], { comment: '不再投稿' }, 'zh-CN');
    expect(zh.results[0]).toMatchObject({
      outcome: 'refused',
      message: '该记录的流程“Review paper_report”进行中，不能执行“放弃”：状态随流程结束而变更',
    });
    const twice = await act(author, 'report', [sid]);
    expect(twice.results[0]).toMatchObject({ outcome: 'refused', code: errors.instanceAlreadyOpen.code });
    expect((await read(sid)).status).toBe('not_reported');
    expect(await statusAudits(sid)).toHaveLength(1);

    // Approved: reported, as the author's report naming the process.
    await decide(reviewer, instance, 'approve');
    expect((await read(sid)).status).toBe('not_reported');
    await decide(approver, instance, 'approve');
    const approved = await read(sid);
    expect(approved.status).toBe('reported');
    expect(approved._actions).toEqual(['abandon']);
    const audits = await statusAudits(sid);
    expect(audits).toHaveLength(2);
    expect(audits[1]).toMatchObject({
      actor_sid: author.sid,
      detail: {
        changes: { status: { before: 'not_reported', after: 'reported' } },
        lifecycle_action: 'report',
        comment: 'Please report',
        instance_sid: instance,
      },
    });
    const history = await w.call(author, 'GET', `/model/scientific_paper/do/history/${sid}`);
    expect(history.json().data.at(-1)).toMatchObject({ lifecycle_action: 'report', instance_sid: instance });
  });

  it('moves a rejected paper back to draft', async () => {
    const sid = await paper('Rejected');
    const instance = await report(sid);
    await decide(reviewer, instance, 'reject');
    const rejected = await read(sid);
    expect(rejected.status).toBe('draft');
    expect(rejected._actions).toEqual(['submit', 'abandon']);
    expect((await statusAudits(sid)).at(-1)).toMatchObject({
      actor_sid: author.sid,
      detail: { changes: { status: { before: 'not_reported', after: 'draft' } }, instance_sid: instance },
    });
  });

  it('keeps the status while returned to the starter, and moves it when the resubmitted process is approved', async () => {
    const sid = await paper('Returned');
    const instance = await report(sid);
    const task = await w.taskOf(reviewer, instance);
    const back = await w.call(reviewer, 'POST', `/workflow/tasks/${task}/return`, { comment: 'Cite the dataset' });
    expect(back.statusCode, back.body).toBe(200);
    const returned = await read(sid);
    expect(returned.status).toBe('not_reported');
    // Still in approval (with the starter): neither report again nor another action while it is open.
    expect(returned._actions).toEqual([]);
    // The starter may edit the returned paper's fields, but not move its status meanwhile.
    const edited = await w.call(author, 'POST', '/model/scientific_paper/do/update', {
      sid,
      version: returned.version,
      data: { journal: 'Journal of Power Sources' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await act(author, 'redraft', [sid])).results[0]).toMatchObject({
      outcome: 'refused',
      code: errors.actionWhileInProcess.code,
    });
    expect(await statusAudits(sid)).toHaveLength(1);

    const again = await w.call(author, 'POST', `/workflow/instances/${instance}/resubmit`, {});
    expect(again.statusCode, again.body).toBe(200);
    await decide(reviewer, instance, 'approve');
    await decide(approver, instance, 'approve');
    expect((await read(sid)).status).toBe('reported');
    expect((await statusAudits(sid)).at(-1)).toMatchObject({
      detail: { changes: { status: { before: 'not_reported', after: 'reported' } }, instance_sid: instance },
    });
  });

  it('leaves the status where it was when the starter withdraws, and when an administrator ends it', async () => {
    const sid = await paper('Withdrawn');
    const instance = await report(sid);
    const withdrawn = await w.call(author, 'POST', `/workflow/instances/${instance}/withdraw`, {});
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const afterWithdraw = await read(sid);
    expect(afterWithdraw.status).toBe('not_reported');
    // Still open (back with the author): nothing is offered until it ends.
    expect(afterWithdraw._actions).toEqual([]);

    const ended = await w.call(w.admin, 'POST', `/workflow/instances/${instance}/end`, { comment: 'Stop' });
    expect(ended.statusCode, ended.body).toBe(200);
    const afterEnd = await read(sid);
    expect(afterEnd.status).toBe('not_reported');
    expect(afterEnd._actions).toEqual(['redraft', 'report', 'abandon']);
    expect(await statusAudits(sid)).toHaveLength(1);

    // Ended while running (not withdrawn first): also unchanged.
    const other = await paper('Ended');
    const running = await report(other);
    expect((await w.call(w.admin, 'POST', `/workflow/instances/${running}/end`, {})).statusCode).toBe(200);
    expect((await read(other)).status).toBe('not_reported');
  });
});
