// Lifecycle actions over HTTP, on the paper of spec §4 (draft → not_reported → reported → scored, abandon
// from any open status): the schema and reads say what may run, only actions move the status, each record
// of a batch moves or is refused on its own, and the history names the action. PGlite and PostgreSQL.
import { errors, MODEL_CATALOG } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authed,
  createAccountsTestApp,
  createTenant,
  createUser,
  grantRole,
  signIn,
  type AccountsTestApp,
  type SignedIn,
  type TestTenant,
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import { createModelRegistry } from './registry.js';

interface Result {
  sid: string;
  outcome: 'done' | 'started' | 'refused';
  status?: string;
  version?: number;
  code?: number;
  message?: string;
}

describe(`lifecycle actions (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let office: SignedIn;
  let author: SignedIn;
  beforeAll(async () => {
    t = await createAccountsTestApp({}, createModelRegistry(MODEL_CATALOG));
    tenant = await createTenant(t);
    const officeUser = await createUser(t, tenant, { companies: [tenant.rootCompany] });
    await grantRole(t, tenant, [officeUser.sid]);
    office = await signIn(t.app, officeUser.account, officeUser.password);
    // An author may write papers and run every action but scoring.
    const authorUser = await createUser(t, tenant, { companies: [tenant.rootCompany] });
    await grantRole(t, tenant, [authorUser.sid], {
      resources: [
        'scientific_paper',
        'scientific_paper:create',
        'scientific_paper:update',
        'scientific_paper:submit',
        'scientific_paper:redraft',
        'scientific_paper:report',
        'scientific_paper:abandon',
      ],
    });
    author = await signIn(t.app, authorUser.account, authorUser.password);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, s: SignedIn = office, language = 'zh-CN') =>
    t.app.inject({
      method: 'POST',
      url: `/webapi/model/scientific_paper/${url}`,
      headers: authed(s, { 'x-language': language }),
      payload,
    });
  const newPaper = async (title: string, s: SignedIn = office) => {
    const res = await post('do/create', { data: { title } }, s);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { sid: string; version: number; status: string; _actions?: string[] };
  };
  const read = async (sid: string, s: SignedIn = office) => {
    const res = await t.app.inject({ method: 'GET', url: `/webapi/model/scientific_paper/${sid}`, headers: authed(s) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, unknown> & { version: number; _actions: string[] };
  };
  const act = async (action: string, body: object, s: SignedIn = office, language?: string) => {
    const res = await post(`do/action/${action}`, body, s, language);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { results: Result[]; done: number; started: number; refused: number };
  };

  it('describes the lifecycle in the schema, with the statuses labelled and the actions the caller holds', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/webapi/model/scientific_paper/do/schema',
      headers: authed(author, { 'x-language': 'en' }),
    });
    const lifecycle = res.json().data.lifecycle as {
      field: string;
      initial: string;
      statuses: Array<{ key: string; label: string; color: string; final: boolean }>;
      actions: Array<{ name: string; label: string; from: string[]; to: string; allowed: boolean; comment: string }>;
    };
    expect(lifecycle.field).toBe('status');
    expect(lifecycle.initial).toBe('draft');
    expect(lifecycle.statuses.find((s) => s.key === 'scored')).toEqual({
      key: 'scored',
      label: 'Scored',
      color: 'green',
      final: true,
    });
    const byName = new Map(lifecycle.actions.map((a) => [a.name, a]));
    expect(byName.get('abandon')).toMatchObject({
      label: 'Abandon',
      from: ['draft', 'not_reported', 'reported'],
      comment: 'required',
      allowed: true,
    });
    expect(byName.get('score')?.allowed).toBe(false);
    const status = (res.json().data.fields as Array<{ name: string; read_only: boolean }>).find(
      (f) => f.name === 'status',
    );
    expect(status?.read_only).toBe(true);
  });

  it('starts a paper as a draft, refuses the status on create and update, and lists what may run', async () => {
    const refused = await post('do/create', { data: { title: '自拟状态', status: 'scored' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(errors.fieldRule.code);

    const paper = await newPaper('锂电池负极材料', author);
    expect(paper.status).toBe('draft');
    const update = await post('do/update', { sid: paper.sid, version: paper.version, data: { status: 'reported' } });
    expect(update.statusCode).toBe(400);
    expect((await read(paper.sid, author))._actions).toEqual(['submit', 'abandon']);
    expect((await read(paper.sid, office))._actions).toEqual(['submit', 'abandon']);
  });

  it('moves a paper draft → not_reported → reported → scored, and refuses reported → draft with a clear message', async () => {
    const paper = await newPaper('固态电解质', author);
    expect((await act('submit', { sids: [paper.sid] }, author)).results[0]).toMatchObject({
      outcome: 'done',
      status: 'not_reported',
      version: paper.version + 1,
    });
    await act('report', { sids: [paper.sid], comment: '请审核' }, author);
    const reported = await read(paper.sid);
    expect(reported.status).toBe('reported');
    expect(reported._actions).toEqual(['score', 'abandon']);
    expect((await read(paper.sid, author))._actions).toEqual(['abandon']);

    const back = await act('redraft', { sids: [paper.sid] }, author);
    expect(back.results[0]).toEqual({
      sid: paper.sid,
      outcome: 'refused',
      code: errors.actionNotFrom.code,
      message: '状态为“已上报”的记录不能执行“退回草稿”',
    });
    const backEn = await act('redraft', { sids: [paper.sid] }, author, 'en');
    expect(backEn.results[0]?.message).toBe('“Back to draft” cannot be done on a record that is Reported');

    // The author may not score; the office must give a score.
    const notHeld = await post(`do/action/score`, { sids: [paper.sid], values: { score: 90 } }, author);
    expect(notHeld.statusCode).toBe(403);
    const noScore = await act('score', { sids: [paper.sid] });
    expect(noScore.results[0]).toMatchObject({ outcome: 'refused', code: errors.fieldRule.code });
    expect(noScore.results[0]?.message).toContain('评分');
    const tooHigh = await post('do/action/score', { sids: [paper.sid], values: { score: 101 } });
    expect(tooHigh.statusCode).toBe(400);
    const scored = await act('score', {
      sids: [paper.sid],
      values: { score: 88.5 },
      versions: { [paper.sid]: reported.version },
    });
    expect(scored.results[0]).toMatchObject({ outcome: 'done', status: 'scored' });
    const final = await read(paper.sid);
    expect(final).toMatchObject({ status: 'scored', score: 88.5, _actions: [] });
    // A score is set by the action only.
    const rescore = await post('do/update', { sid: paper.sid, version: final.version, data: { score: 60 } });
    expect(rescore.statusCode).toBe(400);
  });

  it('keeps the action and the comment in the history, with the status change', async () => {
    const paper = await newPaper('钠离子电池', author);
    await act('abandon', { sids: [paper.sid], comment: '重复投稿' }, author);
    const res = await t.app.inject({
      method: 'GET',
      url: `/webapi/model/scientific_paper/do/history/${paper.sid}`,
      headers: authed(office),
    });
    const entries = res.json().data as Array<{
      action: string;
      changes: Record<string, unknown>;
      lifecycle_action?: string;
      comment?: string;
    }>;
    const moved = entries.find((e) => e.action === 'scientific_paper.status_changed');
    expect(moved?.changes.status).toEqual({ before: 'draft', after: 'abandon' });
    expect(moved).toMatchObject({ lifecycle_action: 'abandon', comment: '重复投稿' });
    const audit = await t.database.db.query<{ detail: { lifecycle_action: string; comment: string } }>(
      `SELECT detail FROM audit_log WHERE target = $1 AND action = 'scientific_paper.status_changed'`,
      [`scientific_paper:${paper.sid}`],
    );
    expect(audit[0]?.detail).toMatchObject({ lifecycle_action: 'abandon', comment: '重复投稿' });
  });

  it('runs a batch record by record: the others move when one is refused (status, stale version, out of reach)', async () => {
    const a = await newPaper('批量一');
    const b = await newPaper('批量二');
    const c = await newPaper('批量三');
    await act('submit', { sids: [b.sid] });
    const missing = 'Pap0000000000009';
    const run = await act('submit', {
      sids: [a.sid, b.sid, c.sid, missing],
      versions: { [c.sid]: c.version + 5 },
    });
    expect(run).toMatchObject({ done: 1, refused: 3, started: 0 });
    const by = new Map(run.results.map((r) => [r.sid, r]));
    expect(by.get(a.sid)).toMatchObject({ outcome: 'done', status: 'not_reported' });
    expect(by.get(b.sid)).toMatchObject({ outcome: 'refused', code: errors.actionNotFrom.code });
    expect(by.get(c.sid)).toMatchObject({ outcome: 'refused', code: errors.conflict.code });
    expect(by.get(missing)).toMatchObject({ outcome: 'refused', code: errors.recordNotFound.code });
    expect((await read(c.sid)).status).toBe('draft');
  });

  it('refuses bad calls whole: an unknown action, a missing comment, a value it does not set, no records', async () => {
    const paper = await newPaper('坏请求');
    const unknown = await post('do/action/publish', { sids: [paper.sid] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe(errors.actionUnknown.code);
    const noComment = await act('abandon', { sids: [paper.sid], comment: '   ' });
    expect(noComment.results[0]).toMatchObject({ outcome: 'refused', code: errors.actionCommentRequired.code });
    const notSet = await act('submit', { sids: [paper.sid], values: { title: '改名' } });
    expect(notSet.results[0]).toMatchObject({ outcome: 'refused', code: errors.actionNotSettable.code });
    expect(notSet.results[0]?.message).toContain('论文题目');
    expect((await read(paper.sid)).title).toBe('坏请求');
    for (const body of [{ sids: [] }, { sids: ['not a sid'] }, {}, { sids: [paper.sid], extra: 1 }]) {
      const res = await post('do/action/submit', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const tooMany = await post('do/action/submit', { sids: Array.from({ length: 1001 }, () => paper.sid) });
    expect(tooMany.statusCode).toBe(400);
  });

  it('answers 404 for a model without a lifecycle', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/project/do/action/submit',
      headers: authed(office),
      payload: { sids: ['Pap0000000000001'] },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(errors.actionUnknown.code);
  });

  it('runs an action on the papers an iql search finds, with the same checks per record and the refusals listed', async () => {
    // 1,000 papers chosen by a search: 990 drafts and 10 already reported, which "submit" refuses.
    const tag = `Q${Date.now().toString(36)}`;
    await t.database.db.query(
      `INSERT INTO m_scientific_paper (sid, tenant_sid, company_sid, created_at, updated_at, version, title, status)
       SELECT substr(md5($1 || g), 1, 16), $2, $3, now(), now(), 1, $1 || ' paper ' || g,
              CASE WHEN g <= 10 THEN 'reported' ELSE 'draft' END
         FROM generate_series(1, 1000) g`,
      [tag, tenant.sid, tenant.rootCompany],
    );
    const query = `title STARTS WITH '${tag}'`;
    const run = await act('submit', { query }, office, 'en');
    expect({ done: run.done, refused: run.refused }).toEqual({ done: 990, refused: 10 });
    const refusals = run.results.filter((r) => r.outcome === 'refused');
    expect(new Set(refusals.map((r) => r.code))).toEqual(new Set([errors.actionNotFrom.code]));
    expect(refusals[0]!.message).toBe('“Submit” cannot be done on a record that is Reported');
    // Beyond the action's limit the search is refused whole, never cut; sids and a query not both.
    await t.database.db.query(
      `INSERT INTO m_scientific_paper (sid, tenant_sid, company_sid, created_at, updated_at, version, title, status)
       VALUES (substr(md5($1 || 'extra'), 1, 16), $2, $3, now(), now(), 1, $1 || ' extra', 'draft')`,
      [tag, tenant.sid, tenant.rootCompany],
    );
    const over = await post('do/action/redraft', { query }, office, 'en');
    expect(over.json()).toMatchObject({ code: errors.batchTooMany.code });
    expect(over.json().message).toContain('1001');
    const both = await post('do/action/redraft', { query, sids: ['AAAAAAAAAAAAAAAA'] }, office, 'en');
    expect(both.json().code).toBe(errors.batchSelectionInvalid.code);
    const bad = await post('do/action/redraft', { query: 'title = ' }, office, 'en');
    expect(bad.json().code).toBe(errors.validation.code);
    // A thousand transactions, one per paper: seconds on a quiet machine, more when the CI machine is busy.
  }, 120_000);
});
