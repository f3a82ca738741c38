// Patent documents after upload: the list, download (attachment, RFC 5987 name, nosniff) and preview (PDF
// and images inline; encrypted, oversized or other files refused with codes the web recognises), the
// history, metadata changes, deletion (file gone after commit), required categories named in both
// languages, the case-deletion clean-up, and who may do what. Runs on PGlite and PostgreSQL.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { AppError, MAX_PREVIEW_BYTES, errorMessage, isAppError } from '@ipdesk/core';
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
import { multipartBody, sampleDocx, sampleJpeg, samplePdf } from '../../platform/files/samples.js';
import { fileStorageFor } from '../../platform/files/storage-settings.js';
import { assertRequiredDocuments, deleteCaseDocuments, removeStoredFiles } from './index.js';

interface DocumentAnswer {
  sid: string;
  file_name: string;
  category: string | null;
  category_label?: string;
  major_version: number;
  version_remark: string | null;
  version: number;
}

describe(`patent documents (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let admin: SignedIn;
  let viewer: SignedIn;
  let bare: SignedIn;
  let stranger: SignedIn;
  let patentSid: string;
  let sn = 0;

  const createPatent = async (patentType = 'invention') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/model/patent/do/create',
      headers: authed(admin),
      payload: { data: { title: `电池 ${++sn}`, sn: `DOC-D-${sn}`, patent_type: patentType, country: 'CN' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.sid as string;
  };
  const upload = async (patent: string, fields: Record<string, string>, bytes: Buffer) => {
    const body = multipartBody({ patent_sid: patent, ...fields }, { filename: 'upload', bytes });
    const res = await t.app.inject({
      method: 'POST',
      url: '/webapi/patent-documents/upload',
      headers: { ...authed(admin), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as DocumentAnswer;
  };
  const get = (url: string, who: SignedIn = admin, language = 'en') =>
    t.app.inject({ method: 'GET', url: `/webapi${url}`, headers: authed(who, { 'x-language': language }) });
  const post = (url: string, payload: object, who: SignedIn = admin) =>
    t.app.inject({ method: 'POST', url: `/webapi${url}`, headers: authed(who), payload });
  const storedPath = async (documentSid: string) => {
    const [row] = await t.database.db.query<{ storage_key: string }>(
      'SELECT f.storage_key FROM patent_document d JOIN stored_file f ON f.sid = d.file_sid WHERE d.sid = $1',
      [documentSid],
    );
    return path.join(t.app.accounts.config.dataDir, 'files', ...row!.storage_key.split('/'));
  };
  const history = async (documentSid: string) =>
    (await get(`/patent-documents/${documentSid}/history`)).json().data as Array<{
      action: string;
      actor_name: string;
    }>;

  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true, name: '王五' });
    const v = await createUser(t, tenant);
    const b = await createUser(t, tenant);
    await grantRole(t, tenant, [v.sid], { resources: ['patent'] });
    await grantRole(t, tenant, [b.sid], { resources: [] });
    admin = await signIn(t.app, a.account, a.password);
    viewer = await signIn(t.app, v.account, v.password);
    bare = await signIn(t.app, b.account, b.password);
    const other = await createTenant(t);
    const x = await createUser(t, other, { isTenantAdmin: true });
    stranger = await signIn(t.app, x.account, x.password);
    patentSid = await createPatent();
  });
  afterAll(() => t?.close());

  it('lists a case’s documents newest first, with category names in the caller’s language', async () => {
    const patent = await createPatent();
    const first = await upload(patent, { file_name: 'request', category: 'request' }, samplePdf());
    t.clock.advanceMinutes(1);
    const second = await upload(patent, { file_name: 'notes' }, Buffer.from('notes'));
    const en = (await get(`/patent-documents/list/${patent}`, viewer)).json().data as DocumentAnswer[];
    expect(en.map((d) => d.sid)).toEqual([second.sid, first.sid]);
    expect(en.map((d) => d.category_label)).toEqual(['Uncategorised', 'Request']);
    const zh = (await get(`/patent-documents/list/${patent}`, viewer, 'zh-CN')).json().data as DocumentAnswer[];
    expect(zh[1]!.category_label).toBe('请求书');
  });

  it('previews a PDF inline and records it', async () => {
    const bytes = samplePdf();
    const doc = await upload(patentSid, { file_name: '说明书', category: 'description' }, bytes);
    const res = await get(`/patent-documents/${doc.sid}/preview`, viewer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="___.pdf"; filename*=UTF-8''%E8%AF%B4%E6%98%8E%E4%B9%A6.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect((await history(doc.sid)).map((e) => e.action)).toEqual(['upload', 'preview']);
    const image = await upload(patentSid, { file_name: 'figure.jpg' }, sampleJpeg({ width: 10, height: 10 }));
    expect((await get(`/patent-documents/${image.sid}/preview`)).headers['content-type']).toBe('image/jpeg');
  });

  it('refuses to preview an encrypted PDF or an office file, saying to download instead', async () => {
    const locked = await upload(patentSid, { file_name: 'locked.pdf' }, samplePdf({ encrypted: true }));
    const res = await get(`/patent-documents/${locked.sid}/preview`);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      code: 415303,
      message: 'This file is encrypted and cannot be previewed. Download it instead.',
    });
    expect((await get(`/patent-documents/${locked.sid}/preview`, admin, 'zh-CN')).json().message).toBe(
      '文件已加密，无法预览，请下载后查看',
    );
    const large = Buffer.concat([samplePdf(), Buffer.alloc(MAX_PREVIEW_BYTES, 0x20)]);
    const oversized = await upload(patentSid, { file_name: 'scan.pdf' }, large);
    expect((await get(`/patent-documents/${oversized.sid}/preview`)).json()).toMatchObject({
      code: 413303,
      message: 'Files over 20 MB cannot be previewed. Download it instead.',
    });
    const docx = await upload(patentSid, { file_name: 'reply.docx' }, sampleDocx());
    expect((await get(`/patent-documents/${docx.sid}/preview`)).json().code).toBe(415304);
    expect((await get(`/patent-documents/${locked.sid}/download`)).statusCode).toBe(200);
    expect((await history(locked.sid)).map((e) => e.action)).toEqual(['upload', 'download']);
  });

  it('downloads as an attachment with its exact name, type and nosniff', async () => {
    const bytes = samplePdf();
    const doc = await upload(patentSid, { file_name: '答复 "v2" (final).pdf', category: 'reply' }, bytes);
    const res = await get(`/patent-documents/${doc.sid}/download`, viewer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="__ _v2_ (final).pdf"; filename*=UTF-8''%E7%AD%94%E5%A4%8D%20%22v2%22%20%28final%29.pdf`,
    );
    expect(res.rawPayload.equals(bytes)).toBe(true);
    const events = await history(doc.sid);
    expect(events.map((e) => [e.action, e.actor_name])).toEqual([
      ['upload', '王五'],
      ['download', expect.any(String)],
    ]);
  });

  it('changes metadata with validation, and keeps category rules', async () => {
    const doc = await upload(patentSid, { file_name: 'draft.pdf', category: 'other' }, samplePdf());
    expect(doc).toMatchObject({ version: 1 });
    const res = await post(`/patent-documents/${doc.sid}/update`, {
      version: 1,
      file_name: '权利要求书（定稿）.pdf',
      category: 'claims',
      major_version: 3,
      version_remark: '定稿',
      archived_on: '2026-04-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      file_name: '权利要求书（定稿）.pdf',
      category: 'claims',
      major_version: 3,
      version_remark: '定稿',
      archived_on: '2026-04-01',
      version: 2,
    });
    const cleared = await post(`/patent-documents/${doc.sid}/update`, {
      version: 2,
      version_remark: null,
      category: null,
    });
    expect(cleared.json().data).toMatchObject({ version_remark: null, category: null, version: 3 });
    const invalid = await post(`/patent-documents/${doc.sid}/update`, { version: 3, file_name: '', major_version: 0 });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe(500001);
    expect((await post(`/patent-documents/${doc.sid}/update`, { version: 3, owner: 'me' })).statusCode).toBe(400);
    // The version read is required.
    const unversioned = await post(`/patent-documents/${doc.sid}/update`, { file_name: 'x.pdf' });
    expect(unversioned.json().fields[0].field).toBe('version');
    // A PDF cannot become a design picture.
    const design = await post(`/patent-documents/${doc.sid}/update`, { version: 3, category: 'design_picture' });
    expect(design.json().code).toBe(415302);
    expect((await history(doc.sid)).map((e) => e.action)).toEqual(['upload', 'update', 'update']);
    expect(
      (await post(`/patent-documents/${doc.sid}/update`, { version: 3, category: 'claims' }, viewer)).statusCode,
    ).toBe(403);
  });

  it('refuses a metadata change sent with a version read before another change (409000), changing nothing', async () => {
    const doc = await upload(patentSid, { file_name: 'shared.pdf' }, samplePdf());
    // Two people read version 1; the first saves, the second's save would overwrite it.
    const first = await post(`/patent-documents/${doc.sid}/update`, { version: 1, version_remark: '甲' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await post(`/patent-documents/${doc.sid}/update`, { version: 1, file_name: '乙.pdf' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe(409000);
    const now = (await get(`/patent-documents/list/${patentSid}`)).json().data as Array<DocumentAnswer>;
    expect(now.find((d) => d.sid === doc.sid)).toMatchObject({ file_name: 'shared.pdf', version_remark: '甲' });
    expect((await history(doc.sid)).map((e) => e.action)).toEqual(['upload', 'update']);
  });

  it('deletes the row and then the file, keeping the history', async () => {
    const doc = await upload(patentSid, { file_name: 'obsolete.pdf' }, samplePdf());
    const file = await storedPath(doc.sid);
    expect(existsSync(file)).toBe(true);
    expect((await post(`/patent-documents/${doc.sid}/delete`, {}, viewer)).statusCode).toBe(403);
    const res = await post(`/patent-documents/${doc.sid}/delete`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(existsSync(file)).toBe(false);
    const rows = await t.database.db.query('SELECT 1 FROM patent_document WHERE sid = $1', [doc.sid]);
    expect(rows).toHaveLength(0);
    expect(await t.database.db.query('SELECT 1 FROM file_removal')).toHaveLength(0);
    expect((await history(doc.sid)).map((e) => e.action)).toEqual(['upload', 'delete']);
    expect((await get(`/patent-documents/${doc.sid}/download`)).json().code).toBe(404301);
    expect((await post(`/patent-documents/${doc.sid}/delete`, {})).statusCode).toBe(404);
  });

  it('lists required categories present and missing, by name in both languages', async () => {
    const patent = await createPatent('invention');
    await upload(patent, { file_name: 'r', category: 'request' }, samplePdf());
    await upload(patent, { file_name: 'c', category: 'claims' }, samplePdf());
    const en = await get(`/patent-documents/required/${patent}?stage=filing`, viewer);
    expect(en.statusCode, en.body).toBe(200);
    expect(en.json().data).toEqual({
      stage: 'filing',
      required: [
        { category: 'request', label: 'Request' },
        { category: 'description', label: 'Description' },
        { category: 'claims', label: 'Claims' },
        { category: 'abstract', label: 'Abstract' },
      ],
      present: [
        { category: 'claims', label: 'Claims' },
        { category: 'request', label: 'Request' },
      ],
      missing: [
        { category: 'description', label: 'Description' },
        { category: 'abstract', label: 'Abstract' },
      ],
    });
    const zh = await get(`/patent-documents/required/${patent}?stage=filing`, viewer, 'zh-CN');
    expect(zh.json().data.missing.map((m: { label: string }) => m.label)).toEqual(['说明书', '说明书摘要']);
    expect((await get(`/patent-documents/required/${patent}?stage=later`)).statusCode).toBe(400);

    // The workflow's check: an error naming the missing types in the caller's language.
    const db = t.database.db;
    for (const [language, expected] of [
      ['en', 'Missing document types: Description, Abstract'],
      ['zh-CN', '缺少以下文件类型：说明书、说明书摘要'],
    ] as const) {
      const error = await assertRequiredDocuments(db, tenant.sid, patent, 'filing', language).catch((e: unknown) => e);
      expect(isAppError(error)).toBe(true);
      const appError = error as AppError;
      expect(appError.code).toBe(400334);
      expect(errorMessage(appError, language)).toBe(expected);
    }
    await upload(patent, { file_name: 'd', category: 'description' }, samplePdf());
    await upload(patent, { file_name: 'a', category: 'abstract' }, samplePdf());
    await expect(assertRequiredDocuments(db, tenant.sid, patent, 'filing', 'en')).resolves.toBeUndefined();
  });

  it("removes a deleted case's documents: rows in its transaction, files after commit", async () => {
    const patent = await createPatent();
    const a = await upload(patent, { file_name: 'a' }, samplePdf());
    const b = await upload(patent, { file_name: 'b' }, samplePdf());
    const files = [await storedPath(a.sid), await storedPath(b.sid)];
    const db = t.database.db;
    const keys = await db.transaction((tx) => deleteCaseDocuments(tx, tenant.sid, patent));
    expect(keys).toHaveLength(2);
    expect(await db.query('SELECT 1 FROM patent_document WHERE patent_sid = $1', [patent])).toHaveLength(0);
    expect(await db.query('SELECT 1 FROM patent_document_event WHERE patent_sid = $1', [patent])).toHaveLength(0);
    expect(files.every(existsSync)).toBe(true);
    expect(await db.query('SELECT 1 FROM file_removal')).toHaveLength(2);
    const outcome = await removeStoredFiles(db, fileStorageFor(t.app.accounts.config), keys);
    expect(outcome.failed).toEqual([]);
    expect(files.some(existsSync)).toBe(false);
    expect(await db.query('SELECT 1 FROM file_removal')).toHaveLength(0);
  });

  it('answers 403 without the patent resource and 404 for another tenant', async () => {
    const doc = await upload(patentSid, { file_name: 'secret.pdf' }, samplePdf());
    const reads = [
      `/patent-documents/list/${patentSid}`,
      `/patent-documents/${doc.sid}/download`,
      `/patent-documents/${doc.sid}/preview`,
      `/patent-documents/${doc.sid}/history`,
      `/patent-documents/required/${patentSid}?stage=filing`,
    ];
    for (const url of reads) {
      expect((await get(url, bare)).statusCode, url).toBe(403);
      const foreign = await get(url, stranger);
      expect(foreign.statusCode, url).toBe(404);
    }
    for (const [url, body] of [
      [`/patent-documents/${doc.sid}/update`, { version: 1 }],
      [`/patent-documents/${doc.sid}/delete`, {}],
    ] as const) {
      expect((await post(url, body, bare)).statusCode, url).toBe(403);
      expect((await post(url, body, stranger)).statusCode, url).toBe(404);
    }
    // Nothing was recorded for the refused calls.
    expect((await history(doc.sid)).map((e) => e.action)).toEqual(['upload']);
  });
});
