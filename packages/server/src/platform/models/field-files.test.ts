// Files in fields (issue 18): a tenant's figure and design-sample fields on patents. Uploads checked by
// content (a renamed .exe refused), size and count; saved into a record's field in order; read with each
// file's name, type, size and URLs; downloaded only through a record the caller may read (another tenant's
// or an out-of-scope record answers 404); taken out of the field or deleted with the record, the bytes leave
// the storage. PGlite and PostgreSQL.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_FIELD_FILE_BYTES, newSid } from '@ipdesk/core';
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
} from '../../../test/accounts.js';
import { onPostgres } from '../../../test/database.js';
import { FIELD_UPLOADS_PER_MINUTE } from '../../http/routes/model-files.js';
import { fileStorageFor } from '../files/storage-settings.js';
import { sweepStagedFieldFiles } from './field-files.js';
import { multipartBody, samplePdf, samplePng, sampleExecutable, sampleTiff } from '../files/samples.js';

type Row = Record<string, unknown> & { sid: string; version: number };
interface FileInfo {
  name: string;
  media_type: string;
  size_bytes: number;
  url: string;
  thumbnail_url: string | null;
}

describe(`files in fields (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let admin: SignedIn;
  /** Patents of their own only, with create and update. */
  let scoped: SignedIn;
  /** May view patents, not change them. */
  let viewer: SignedIn;
  /** Patents all, `drawings` read-only and `samples` hidden by field rules. */
  let restricted: SignedIn;
  let elsewhere: SignedIn;
  let seq = 0;

  const call = (s: SignedIn, method: 'GET' | 'POST', url: string, payload?: object, language = 'en') =>
    t.app.inject({
      method,
      url: `/webapi/${url}`,
      headers: authed(s, { 'x-language': language }),
      ...(payload ? { payload } : {}),
    });
  const upload = (
    s: SignedIn,
    field: string,
    bytes: Buffer,
    options: { sid?: string; filename?: string; language?: string } = {},
  ) => {
    const body = multipartBody({}, { filename: options.filename ?? 'figure.png', bytes });
    return t.app.inject({
      method: 'POST',
      url: `/webapi/model/patent/do/upload/${field}${options.sid ? `?sid=${options.sid}` : ''}`,
      headers: authed(s, { ...body.headers, 'x-language': options.language ?? 'en' }),
      payload: body.payload,
    });
  };
  const uploaded = async (s: SignedIn, field: string, bytes: Buffer, filename = 'figure.png', sid?: string) => {
    const res = await upload(s, field, bytes, { filename, sid });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { file_sid: string; name: string; media_type: string; size_bytes: number };
  };
  const patent = (data: Record<string, unknown> = {}) => ({
    title: '一种外观设计',
    sn: `FF-${++seq}`,
    patent_type: 'design',
    country: 'CN',
    ...data,
  });
  const create = async (s: SignedIn, data: Record<string, unknown>) => {
    const res = await call(s, 'POST', 'model/patent/do/create', { data: patent(data) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Row; files?: Record<string, FileInfo> };
  };
  const storagePath = async (fileSid: string) => {
    const [row] = await t.database.db.query<{ storage_key: string }>(
      'SELECT storage_key FROM stored_file WHERE sid = $1',
      [fileSid],
    );
    return row ? path.join(t.app.accounts.config.dataDir, 'files', ...row.storage_key.split('/')) : undefined;
  };
  const storedCount = async () =>
    Number(
      (
        await t.database.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM stored_file WHERE purpose = 'field_file'",
        )
      )[0]!.n,
    );

  beforeAll(async () => {
    t = await createAccountsTestApp();
    const tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true });
    admin = await signIn(t.app, a.account, a.password);
    const u = await createUser(t, tenant);
    await grantRole(t, tenant, [u.sid], {
      resources: ['patent', 'patent:create', 'patent:update', 'patent:delete'],
      modelScopes: [{ model: 'patent', scope: 'own' }],
    });
    scoped = await signIn(t.app, u.account, u.password);
    const v = await createUser(t, tenant);
    await grantRole(t, tenant, [v.sid], { resources: ['patent'] });
    viewer = await signIn(t.app, v.account, v.password);
    const r = await createUser(t, tenant);
    await grantRole(t, tenant, [r.sid], {
      resources: ['patent', 'patent:create', 'patent:update'],
      fieldRules: [
        { model: 'patent', field: 'drawings', access: 'read_only' },
        { model: 'patent', field: 'samples', access: 'hidden' },
      ],
    });
    restricted = await signIn(t.app, r.account, r.password);
    const other = await createTenant(t);
    const o = await createUser(t, other, { isTenantAdmin: true });
    elsewhere = await signIn(t.app, o.account, o.password);

    for (const s of [admin, elsewhere]) {
      for (const [code, kind, zh, en] of [
        ['drawings', 'figure', '附图', 'Figures'],
        ['samples', 'designSample', '外观样品', 'Design samples'],
      ] as const) {
        const res = await call(s, 'POST', 'model/custom_field/do/create', {
          model: 'patent',
          code,
          // Flagged batch-editable, which a file field still never is (one record's uploads each).
          definition: { name_zh: zh, name_en: en, kind, flags: { batch_edit: true } },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      expect((await call(s, 'POST', 'model/custom_field/do/publish', { model: 'patent' })).statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  it('uploads while creating, saves the files in order, reads them with name, type, size and URLs, and downloads them', async () => {
    const png = samplePng();
    const first = await uploaded(admin, 'drawings', png, '主视图.png');
    expect(first).toMatchObject({ name: '主视图.png', media_type: 'image/png', size_bytes: png.length });
    const second = await uploaded(admin, 'drawings', sampleTiff(), 'side.tif');
    const pdf = await uploaded(admin, 'samples', samplePdf(), 'views.pdf');

    const created = await create(admin, { drawings: [second.file_sid, first.file_sid], samples: [pdf.file_sid] });
    const sid = created.data.sid;
    expect(created.data.drawings).toEqual([second.file_sid, first.file_sid]);
    const url = `/model/patent/${sid}/files/drawings/${first.file_sid}`;
    expect(created.files?.[first.file_sid]).toEqual({
      name: '主视图.png',
      media_type: 'image/png',
      size_bytes: png.length,
      url,
      thumbnail_url: `${url}?inline=1`,
    });
    // A TIFF or a PDF has no thumbnail a browser could show.
    expect(created.files?.[second.file_sid]).toMatchObject({ media_type: 'image/tiff', thumbnail_url: null });
    expect(created.files?.[pdf.file_sid]).toMatchObject({ media_type: 'application/pdf', name: 'views.pdf' });

    const read = (await call(admin, 'GET', `model/patent/${sid}`)).json();
    expect(read.data.drawings).toEqual([second.file_sid, first.file_sid]);
    expect(Object.keys(read.files).sort()).toEqual([first.file_sid, second.file_sid, pdf.file_sid].sort());
    const listed = (await call(admin, 'POST', 'model/patent/do/search', { iql: `sn = '${created.data.sn}'` })).json();
    expect(listed.files[first.file_sid].url).toBe(url);

    const download = await call(admin, 'GET', url.slice(1));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(png)).toBe(true);
    const thumbnail = await call(admin, 'GET', `${url.slice(1)}?inline=1`);
    expect(thumbnail.headers['content-disposition']).toMatch(/^inline;/);

    // Reordered: the order is the field's value.
    const reordered = await call(admin, 'POST', 'model/patent/do/update', {
      sid,
      version: created.data.version,
      data: { drawings: [first.file_sid, second.file_sid] },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.drawings).toEqual([first.file_sid, second.file_sid]);

    const audited = await t.database.db.query<{ detail: { model: string; field: string } }>(
      "SELECT detail FROM audit_log WHERE action = 'field_file.uploaded' AND target = $1",
      [first.file_sid],
    );
    expect(audited[0]?.detail).toMatchObject({ model: 'patent', field: 'drawings' });
  });

  it('refuses a renamed executable, a PDF as a figure, a file too big and too many files, in the caller’s language, storing nothing', async () => {
    const before = await storedCount();
    const exe = await upload(admin, 'drawings', sampleExecutable(), { filename: 'innocent.png' });
    expect(exe.statusCode).toBe(415);
    expect(exe.json()).toMatchObject({
      code: 415470,
      message: 'Figures: this file type is not accepted (accepted: PNG, JPEG, GIF, TIFF)',
    });
    const zh = await upload(admin, 'drawings', sampleExecutable(), { filename: 'innocent.png', language: 'zh-CN' });
    expect(zh.json()).toMatchObject({ code: 415470, message: '附图：不支持此文件格式（支持：PNG, JPEG, GIF, TIFF）' });
    expect((await upload(admin, 'drawings', samplePdf(), { filename: 'a.pdf' })).json().code).toBe(415470);

    const big = Buffer.concat([samplePng(), Buffer.alloc(MAX_FIELD_FILE_BYTES)]);
    const tooBig = await upload(admin, 'samples', big, { filename: 'big.png' });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({
      code: 413470,
      message: 'Design samples: the file is too large (maximum 10 MB)',
    });
    expect(await storedCount()).toBe(before);
    expect(readdirSync(path.join(t.app.accounts.config.dataDir, 'tmp', 'uploads'))).toEqual([]);

    const many = Array.from({ length: 21 }, () => newSid());
    const tooMany = await call(admin, 'POST', 'model/patent/do/create', { data: patent({ drawings: many }) });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toMatchObject({ code: 413471, message: 'Figures: at most 20 files' });

    // A field that takes no files.
    const notFile = await upload(admin, 'title', samplePng());
    expect(notFile.json()).toMatchObject({ code: 400471, message: 'Field title does not take files' });
  });

  it('takes only the caller’s own uploads for the field: another field’s, another user’s or another tenant’s file is refused and nothing is written', async () => {
    const mine = await uploaded(admin, 'samples', samplePng());
    const theirs = await uploaded(elsewhere, 'drawings', samplePng());
    const colleague = await uploaded(scoped, 'drawings', samplePng());
    for (const file of [mine, theirs, colleague]) {
      const res = await call(admin, 'POST', 'model/patent/do/create', {
        data: patent({ sn: 'FF-REFUSED', drawings: [file.file_sid] }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 400470,
        message: 'Figures: a file is not one uploaded for this field; upload it again',
      });
    }
    const found = await call(admin, 'POST', 'model/patent/do/search', { iql: "sn = 'FF-REFUSED'" });
    expect(found.json().data.rows).toEqual([]);
    // Still staged, so their owners may save them.
    const saved = await create(scoped, { drawings: [colleague.file_sid] });
    expect(saved.data.drawings).toEqual([colleague.file_sid]);
  });

  it('needs the update right on the record (create right while creating), and answers 404 for another tenant’s or an out-of-scope record’s files', async () => {
    const file = await uploaded(admin, 'drawings', samplePng());
    const record = (await create(admin, { drawings: [file.file_sid] })).data;
    const url = `model/patent/${record.sid}/files/drawings/${file.file_sid}`;

    // The viewer may read the record and its file, not add one.
    expect((await call(viewer, 'GET', url)).statusCode).toBe(200);
    expect((await upload(viewer, 'drawings', samplePng(), { sid: record.sid })).json().code).toBe(403301);
    expect((await upload(viewer, 'drawings', samplePng())).json().code).toBe(403301);

    // Out of scope for a user seeing their own patents only: 404 both ways.
    const outOfScope = await call(scoped, 'GET', url);
    expect(outOfScope.statusCode).toBe(404);
    expect((await upload(scoped, 'drawings', samplePng(), { sid: record.sid })).statusCode).toBe(404);

    // Another tenant: 404, whether through the record or a record of their own naming the file.
    expect((await call(elsewhere, 'GET', url)).statusCode).toBe(404);
    const own = (await create(elsewhere, {})).data;
    expect((await call(elsewhere, 'GET', `model/patent/${own.sid}/files/drawings/${file.file_sid}`)).statusCode).toBe(
      404,
    );
    // A file of the record asked through another field of it.
    expect((await call(admin, 'GET', `model/patent/${record.sid}/files/samples/${file.file_sid}`)).statusCode).toBe(
      404,
    );

    // With the update right on a record in scope: uploaded for it, then saved into it.
    const mine = (await create(scoped, {})).data;
    const added = await uploaded(scoped, 'drawings', samplePng(), 'added.png', mine.sid);
    const updated = await call(scoped, 'POST', 'model/patent/do/update', {
      sid: mine.sid,
      version: mine.version,
      data: { drawings: [added.file_sid] },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().files[added.file_sid].name).toBe('added.png');
  });

  it('removes a file taken out of the field, and every file of a deleted record, from the storage', async () => {
    const a = await uploaded(admin, 'drawings', samplePng());
    const b = await uploaded(admin, 'samples', samplePdf());
    const record = (await create(admin, { drawings: [a.file_sid], samples: [b.file_sid] })).data;
    const aPath = (await storagePath(a.file_sid))!;
    const bPath = (await storagePath(b.file_sid))!;
    expect(readFileSync(aPath).equals(samplePng())).toBe(true);

    const res = await call(admin, 'POST', 'model/patent/do/update', {
      sid: record.sid,
      version: record.version,
      data: { drawings: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(existsSync(aPath)).toBe(false);
    expect(await storagePath(a.file_sid)).toBeUndefined();
    expect(existsSync(bPath)).toBe(true);
    expect((await call(admin, 'GET', `model/patent/${record.sid}/files/drawings/${a.file_sid}`)).statusCode).toBe(404);

    const deleted = await call(admin, 'POST', `model/patent/do/delete/${record.sid}`, {});
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(existsSync(bPath)).toBe(false);
    expect(await storagePath(b.file_sid)).toBeUndefined();
    expect(await t.database.db.query('SELECT 1 FROM field_file WHERE record_sid = $1', [record.sid])).toHaveLength(0);
    expect(await t.database.db.query('SELECT 1 FROM file_removal')).toHaveLength(0);
  });

  it('follows the field rules: a read-only field takes no upload (403470), a hidden one is no file field and its files are not found', async () => {
    const drawing = await uploaded(admin, 'drawings', samplePng());
    const sample = await uploaded(admin, 'samples', samplePng());
    const record = (await create(admin, { drawings: [drawing.file_sid], samples: [sample.file_sid] })).data;

    const readOnly = await upload(restricted, 'drawings', samplePng(), { sid: record.sid });
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json()).toMatchObject({ code: 403470, message: 'You may not change Figures' });
    // Read-only still reads: the file is there to see.
    const read = (await call(restricted, 'GET', `model/patent/${record.sid}`)).json();
    expect(read.files[drawing.file_sid].name).toBe('figure.png');
    expect(read.data).not.toHaveProperty('samples');
    expect(read.files[sample.file_sid]).toBeUndefined();
    expect((await call(restricted, 'GET', read.files[drawing.file_sid].url.slice(1))).statusCode).toBe(200);

    const hidden = await upload(restricted, 'samples', samplePng(), { sid: record.sid });
    expect(hidden.json().code).toBe(400471);
    expect(
      (await call(restricted, 'GET', `model/patent/${record.sid}/files/samples/${sample.file_sid}`)).statusCode,
    ).toBe(404);
  });

  it('removes uploads never saved with a record after a day', async () => {
    const staged = await uploaded(admin, 'drawings', samplePng());
    const onDisk = (await storagePath(staged.file_sid))!;
    const deps = { db: t.database.db, storage: fileStorageFor(t.app.accounts.config) };
    // Not yet a day old: kept.
    await sweepStagedFieldFiles(deps, new Date(t.clock.now.getTime() + 23 * 3600_000));
    expect(existsSync(onDisk)).toBe(true);
    await sweepStagedFieldFiles(deps, new Date(t.clock.now.getTime() + 25 * 3600_000));
    expect(existsSync(onDisk)).toBe(false);
    expect(await storagePath(staged.file_sid)).toBeUndefined();
    // Saved files stay whatever their age.
    const saved = await uploaded(admin, 'drawings', samplePng());
    await create(admin, { drawings: [saved.file_sid] });
    await sweepStagedFieldFiles(deps, new Date(t.clock.now.getTime() + 48 * 3600_000));
    expect(existsSync((await storagePath(saved.file_sid))!)).toBe(true);
  });

  it('limits uploads per user and minute (SECURITY.md): one more is refused with 429000, in the caller’s language', async () => {
    // Without the create right each try is refused after it is counted, so nothing is stored. The viewer's two
    // tries in the rights test above count too, when it ran (the clock of the tests stands still).
    let refused = 0;
    let answer = await upload(viewer, 'drawings', samplePng(), { language: 'zh-CN' });
    while (answer.statusCode === 403 && refused < FIELD_UPLOADS_PER_MINUTE) {
      refused += 1;
      answer = await upload(viewer, 'drawings', samplePng(), { language: 'zh-CN' });
    }
    expect(answer.statusCode).toBe(429);
    expect(answer.json()).toMatchObject({ code: 429000, message: '请求过于频繁，请稍后再试' });
    expect(refused).toBeGreaterThanOrEqual(FIELD_UPLOADS_PER_MINUTE - 2);
    // Another user is not held by it.
    expect((await upload(scoped, 'drawings', samplePng())).statusCode).toBe(200);
  });

  it('never batch-edits a file field, even one flagged batch-editable (400451)', async () => {
    const file = await uploaded(admin, 'drawings', samplePng());
    const record = (await create(admin, {})).data;
    const res = await call(admin, 'POST', 'model/patent/do/batch-edit/preview', {
      sids: [record.sid],
      values: { drawings: [file.file_sid] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400451);
  });
});
