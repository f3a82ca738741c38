// Opinion attachments through HTTP: a file uploaded by any signed-in user, carried by an approval, shown in
// the history and downloadable by whoever may see the instance (404 for another tenant, a caller out of
// reach, a file not attached to it); wrong type, too large, missing or non-multipart uploads refused with
// their codes. PGlite and PostgreSQL.
import { MAX_DOCUMENT_BYTES } from '@ipdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTenant, createUser, signIn } from '../../../../test/accounts.js';
import { onPostgres } from '../../../../test/database.js';
import { createWorkflowHttp, type Person, type WorkflowHttp } from '../../../../test/workflow-http.js';
import { multipartBody, sampleExecutable, samplePdf } from '../../../platform/files/samples.js';

describe(`workflow attachments (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let w: WorkflowHttp;
  let starter: Person;
  let reviewer: Person;
  let approver: Person;
  let onlooker: Person;
  let outsider: Person;
  let stranger: Person;

  const upload = (who: Person, file?: { filename: string; bytes: Buffer }, fields: Record<string, string> = {}) => {
    const body = multipartBody(fields, file);
    return w.t.app.inject({
      method: 'POST',
      url: '/webapi/workflow/attachments',
      headers: { ...authed(who.session, { 'x-language': 'en' }), ...body.headers },
      payload: body.payload,
    });
  };
  const download = (who: Person, instance: string, fileSid: string) =>
    w.call(who, 'GET', `/workflow/instances/${instance}/attachments/${fileSid}`);

  beforeAll(async () => {
    w = await createWorkflowHttp();
    [starter, reviewer, approver] = [await w.person(), await w.person(), await w.person()];
    onlooker = await w.person({ resources: ['patent'] });
    outsider = await w.person({ resources: [] });
    await w.publish('attach_review', { reviewers: [reviewer.sid], approvers: [approver.sid] });
    const otherTenant = await createTenant(w.t);
    const user = await createUser(w.t, otherTenant, { isTenantAdmin: true });
    stranger = { sid: user.sid, session: await signIn(w.t.app, user.account, user.password) };
  });
  afterAll(() => w.close());

  it('uploads a file, approves with it, shows it in the history and serves it to viewers only', async () => {
    const bytes = samplePdf({ text: 'minutes' });
    const uploaded = await upload(reviewer, { filename: '会议纪要.pdf', bytes });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const file = uploaded.json().data;
    expect(file).toMatchObject({ name: '会议纪要.pdf', size: bytes.length, content_type: 'application/pdf' });

    const instance = await w.start(starter, 'attach_review', await w.patent(starter));
    const task = await w.taskOf(reviewer, instance);
    const approved = await w.call(reviewer, 'POST', `/workflow/tasks/${task}/approve`, {
      comment: 'see minutes',
      attachments: [{ file_sid: file.file_sid, name: file.name }],
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const history = (await w.call(onlooker, 'GET', `/workflow/instances/${instance}`)).json().data.history;
    expect(history.at(-1)).toMatchObject({
      comment: 'see minutes',
      attachments: [{ file_sid: file.file_sid, name: '会议纪要.pdf' }],
    });

    for (const viewer of [reviewer, starter, onlooker]) {
      const res = await download(viewer, instance, file.file_sid);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%E4%BC%9A");
    }
    for (const other of [outsider, stranger]) {
      const res = await download(other, instance, file.file_sid);
      expect(res.statusCode, `${other.sid} ${res.body}`).toBe(404);
    }
    // A file not attached to this instance, and this file through another instance, are not found either.
    const loose = (await upload(reviewer, { filename: 'loose.pdf', bytes })).json().data;
    expect((await download(reviewer, instance, loose.file_sid)).json().code).toBe(404301);
    const another = await w.start(starter, 'attach_review', await w.patent(starter));
    expect((await download(starter, another, file.file_sid)).json().code).toBe(404301);
  });

  it('refuses a wrong type, a file over 50 MB, no file and a request that is not multipart', async () => {
    const exe = await upload(reviewer, { filename: 'minutes.pdf', bytes: sampleExecutable() });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().code).toBe(415301);

    const big = await upload(reviewer, { filename: 'big.txt', bytes: Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x20) });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe(413301);

    const none = await upload(reviewer, undefined, { name: 'x.pdf' });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual([expect.objectContaining({ field: 'file' })]);

    const json = await w.call(reviewer, 'POST', '/workflow/attachments', { file: 'x' });
    expect(json.statusCode).toBe(415);

    const anonymous = await w.call(null, 'POST', '/workflow/attachments', {});
    expect(anonymous.statusCode).toBe(401);
    expect(await w.count("SELECT count(*) AS n FROM stored_file WHERE purpose = 'workflow_attachment'", [])).toBe(2);
  });
});
