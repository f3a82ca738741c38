// Uploading patent documents through the API: metadata stored with the checksum and an upload event,
// required file name and file, the 50 MB limit, type by content (a renamed executable is refused with the
// §8 message), every accepted type, design picture rules (JPEG, 30 MB, 16.5 × 24.5 cm at its dpi), the
// 50-proof cap, items of the case only. Runs on PGlite and PostgreSQL.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MAX_DOCUMENT_BYTES, MAX_PROOF_DOCUMENTS, newSid } from '@ipdesk/core';
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
import {
  multipartBody,
  sampleDocx,
  sampleExecutable,
  sampleGif,
  sampleJpeg,
  sampleOle,
  samplePdf,
  samplePng,
  sampleTiff,
  sampleXlsx,
} from '../../platform/files/samples.js';

interface DocumentAnswer {
  sid: string;
  file_name: string;
  category: string | null;
  item_sid: string | null;
  checksum: string;
  media_type: string;
  size_bytes: number;
  major_version: number;
  uploaded_by_name: string | null;
  previewable: boolean;
}

describe(`patent document uploads (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: AccountsTestApp;
  let tenant: TestTenant;
  let admin: SignedIn;
  let patentSid: string;
  let otherPatentSid: string;
  let sn = 0;

  const createRecord = async (model: string, data: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/webapi/model/${model}/do/create`,
      headers: authed(admin),
      payload: { data },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { sid: string };
  };
  const createPatent = async (patentType = 'invention') =>
    (
      await createRecord('patent', {
        title: `电池 ${++sn}`,
        sn: `DOC-U-${sn}`,
        patent_type: patentType,
        country: 'CN',
      })
    ).sid;

  const upload = (
    fields: Record<string, string>,
    file?: { filename: string; bytes: Buffer; contentType?: string },
    who: SignedIn = admin,
  ) => {
    const body = multipartBody(fields, file);
    return t.app.inject({
      method: 'POST',
      url: '/webapi/patent-documents/upload',
      headers: { ...authed(who), ...body.headers },
      payload: body.payload,
    });
  };
  const uploadOk = async (fields: Record<string, string>, file: { filename: string; bytes: Buffer }) => {
    const res = await upload({ patent_sid: patentSid, ...fields }, file);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as DocumentAnswer;
  };
  const stagingLeft = () => {
    const dir = path.join(t.app.accounts.config.dataDir, 'tmp', 'uploads');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  beforeAll(async () => {
    t = await createAccountsTestApp();
    tenant = await createTenant(t);
    const a = await createUser(t, tenant, { isTenantAdmin: true, name: '李四' });
    admin = await signIn(t.app, a.account, a.password);
    patentSid = await createPatent();
    otherPatentSid = await createPatent();
  });
  afterAll(() => t?.close());

  it('stores the document with its metadata, checksum and an upload event', async () => {
    const bytes = samplePdf();
    const doc = await uploadOk(
      {
        file_name: '权利要求书.pdf',
        category: 'claims',
        sent_received_on: '2026-03-01',
        major_version: '2',
        version_remark: '第二稿',
        archived_on: '2026-03-05',
      },
      { filename: 'claims.pdf', bytes },
    );
    const checksum = createHash('sha256').update(bytes).digest('hex');
    expect(doc).toMatchObject({
      file_name: '权利要求书.pdf',
      category: 'claims',
      media_type: 'application/pdf',
      size_bytes: bytes.length,
      checksum,
      major_version: 2,
      uploaded_by_name: '李四',
      previewable: true,
    });
    const [row] = await t.database.db.query<{ checksum: string; storage_key: string; sent_received_on: string }>(
      `SELECT d.checksum, f.storage_key, d.sent_received_on FROM patent_document d JOIN stored_file f ON f.sid = d.file_sid WHERE d.sid = $1`,
      [doc.sid],
    );
    expect(row).toMatchObject({ checksum, sent_received_on: '2026-03-01' });
    const onDisk = readFileSync(path.join(t.app.accounts.config.dataDir, 'files', ...row!.storage_key.split('/')));
    expect(createHash('sha256').update(onDisk).digest('hex')).toBe(checksum);
    const events = await t.database.db.query<{ action: string; file_name: string }>(
      'SELECT action, file_name FROM patent_document_event WHERE document_sid = $1',
      [doc.sid],
    );
    expect(events).toEqual([{ action: 'upload', file_name: '权利要求书.pdf' }]);
    const audits = await t.database.db.query('SELECT 1 FROM audit_log WHERE action = $1 AND target = $2', [
      'patent_document.uploaded',
      doc.sid,
    ]);
    expect(audits).toHaveLength(1);
    expect(stagingLeft()).toEqual([]);
  });

  it('requires a file name and a file, with the field named in the message', async () => {
    const noName = await upload({ patent_sid: patentSid }, { filename: 'a.pdf', bytes: samplePdf() });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ code: 500001, message: 'File name: is required' });
    expect(noName.json().fields[0].field).toBe('file_name');
    const blank = await upload({ patent_sid: patentSid, file_name: '   ' }, { filename: 'a.pdf', bytes: samplePdf() });
    expect(blank.json().fields[0]).toMatchObject({ field: 'file_name', message: 'is required' });
    const noFile = await upload({ patent_sid: patentSid, file_name: 'a.pdf' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ code: 500001, message: 'File: is required' });
    const misnamed = multipartBody(
      { patent_sid: patentSid, file_name: 'a.pdf' },
      { filename: 'a.pdf', bytes: samplePdf(), field: 'document' },
    );
    const wrongPart = await t.app.inject({
      method: 'POST',
      url: '/webapi/patent-documents/upload',
      headers: { ...authed(admin), ...misnamed.headers },
      payload: misnamed.payload,
    });
    expect(wrongPart.json()).toMatchObject({ code: 500001, message: 'File: is required' });
    const badDate = await upload(
      { patent_sid: patentSid, file_name: 'a', archived_on: '2026-02-30' },
      { filename: 'a.pdf', bytes: samplePdf() },
    );
    expect(badDate.json().fields[0]).toMatchObject({ field: 'archived_on' });
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/webapi/patent-documents/upload',
      headers: authed(admin),
      payload: { patent_sid: patentSid, file_name: 'a.pdf' },
    });
    expect(notMultipart.statusCode).toBe(415);
    expect(stagingLeft()).toEqual([]);
  });

  it('refuses a file over 50 MB (413) and keeps nothing of it', async () => {
    const big = Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x20);
    samplePdf().copy(big, 0);
    const res = await upload({ patent_sid: patentSid, file_name: 'big.pdf' }, { filename: 'big.pdf', bytes: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413301, message: 'Upload failed: the file is larger than 50 MB' });
    const rows = await t.database.db.query("SELECT 1 FROM patent_document WHERE file_name = 'big.pdf'");
    expect(rows).toHaveLength(0);
    expect(stagingLeft()).toEqual([]);
  });

  it('checks the type by content: a renamed executable or random bytes called .pdf are refused (415)', async () => {
    for (const bytes of [sampleExecutable(), Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919) % 256))]) {
      const res = await upload(
        { patent_sid: patentSid, file_name: 'x.pdf' },
        { filename: 'x.pdf', bytes, contentType: 'application/pdf' },
      );
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe(415301);
      expect(res.json().message).toBe(
        'File format incorrect. Accepted formats: PDF, Word, Excel, PowerPoint, JPEG, PNG, GIF, TIFF, TXT, XML',
      );
    }
    const zh = await t.app.inject({
      method: 'POST',
      url: '/webapi/patent-documents/upload',
      ...(() => {
        const body = multipartBody(
          { patent_sid: patentSid, file_name: 'x.pdf' },
          { filename: 'x.pdf', bytes: sampleExecutable() },
        );
        return { headers: { ...authed(admin, { 'x-language': 'zh-CN' }), ...body.headers }, payload: body.payload };
      })(),
    });
    expect(zh.json().message).toContain('文件格式不正确');
    const html = await upload(
      { patent_sid: patentSid, file_name: 'notes.txt' },
      { filename: 'notes.txt', bytes: Buffer.from('<html><script>alert(1)</script></html>') },
    );
    expect(html.statusCode).toBe(415);
  });

  it('accepts every document type, whatever the file is called', async () => {
    const cases: Array<[Buffer, string]> = [
      [sampleDocx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      [sampleXlsx(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      [sampleOle('WordDocument'), 'application/msword'],
      [samplePng(), 'image/png'],
      [sampleGif(), 'image/gif'],
      [sampleTiff(), 'image/tiff'],
      [sampleJpeg({ width: 100, height: 100 }), 'image/jpeg'],
      [Buffer.from('Power of attorney\n委托书\n'), 'text/plain'],
      [Buffer.from('<?xml version="1.0"?><application-body/>'), 'application/xml'],
    ];
    for (const [bytes, mediaType] of cases) {
      const doc = await uploadOk({ file_name: 'upload.bin', category: 'other' }, { filename: 'upload.bin', bytes });
      expect(doc.media_type).toBe(mediaType);
      expect(doc.previewable).toBe(['image/png', 'image/gif', 'image/jpeg'].includes(mediaType));
    }
  });

  it('takes design pictures only as JPEG within 30 MB and 16.5 × 24.5 cm at their resolution', async () => {
    const design = { file_name: '主视图', category: 'design_picture' };
    const png = await upload({ patent_sid: patentSid, ...design }, { filename: 'front.jpg', bytes: samplePng() });
    expect(png.statusCode).toBe(415);
    expect(png.json()).toMatchObject({
      code: 415302,
      message: 'Design picture format incorrect. Accepted formats: JPG, JPEG',
    });

    const tooBig = sampleJpeg({ width: 3000, height: 3000, jfif: { units: 1, x: 300, y: 300 } });
    const refused = await upload({ patent_sid: patentSid, ...design }, { filename: 'front.jpg', bytes: tooBig });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 400332,
      message: 'The design picture measures 25.4 × 25.4 cm (at 300 dpi); at most 16.5 × 24.5 cm is allowed',
    });

    const within = sampleJpeg({ width: 1900, height: 2800, jfif: { units: 1, x: 300, y: 300 } });
    expect((await uploadOk(design, { filename: 'front.jpg', bytes: within })).media_type).toBe('image/jpeg');
    // The same picture in landscape is 23.71 cm wide: not turned to fit (spec §5: width ≤ 16.5 cm).
    const landscape = sampleJpeg({ width: 2800, height: 1900, jfif: { units: 1, x: 300, y: 300 } });
    const wide = await upload({ patent_sid: patentSid, ...design }, { filename: 'side.jpg', bytes: landscape });
    expect(wide.statusCode).toBe(400);
    expect(wide.json()).toMatchObject({
      code: 400332,
      message: 'The design picture measures 23.71 × 16.09 cm (at 300 dpi); at most 16.5 × 24.5 cm is allowed',
    });
    // The same pixels without a stated resolution are measured at 72 dpi: far too large.
    const unstated = await upload(
      { patent_sid: patentSid, ...design },
      { filename: 'front.jpg', bytes: sampleJpeg({ width: 1900, height: 2800 }) },
    );
    expect(unstated.json().code).toBe(400332);
    const heavy = sampleJpeg({ width: 400, height: 600, padding: 30 * 1024 * 1024 });
    const heavyRes = await upload({ patent_sid: patentSid, ...design }, { filename: 'front.jpg', bytes: heavy });
    expect(heavyRes.statusCode).toBe(413);
    expect(heavyRes.json()).toMatchObject({ code: 413302, message: 'A design picture may not be larger than 30 MB' });
  });

  it('refuses the 51st proof document of a case', async () => {
    const proofCase = await createPatent();
    const db = t.database.db;
    const now = new Date();
    for (let i = 0; i < MAX_PROOF_DOCUMENTS; i++) {
      const fileSid = newSid();
      await db.query(
        `INSERT INTO stored_file (sid, tenant_sid, purpose, media_type, size_bytes, storage_key, created_at)
         VALUES ($1, $2, 'patent_document', 'application/pdf', 1, $3, $4)`,
        [fileSid, tenant.sid, `${tenant.sid}/${fileSid}`, now],
      );
      await db.query(
        `INSERT INTO patent_document (sid, tenant_sid, patent_sid, file_sid, file_name, category, checksum, uploaded_at)
         VALUES ($1, $2, $3, $4, $5, 'proof', 'x', $6)`,
        [newSid(), tenant.sid, proofCase, fileSid, `proof ${i}`, now],
      );
    }
    const res = await upload(
      { patent_sid: proofCase, file_name: 'proof 51', category: 'proof' },
      { filename: 'p.pdf', bytes: samplePdf() },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400333, message: 'A patent may have at most 50 proof documents' });
    const other = await upload(
      { patent_sid: proofCase, file_name: 'reply', category: 'reply' },
      { filename: 'r.pdf', bytes: samplePdf() },
    );
    expect(other.statusCode, other.body).toBe(200);
    // The refused proof left no file behind.
    const files = readdirSync(path.join(t.app.accounts.config.dataDir, 'files', tenant.sid));
    const stored = await db.query<{ sid: string }>('SELECT sid FROM stored_file WHERE tenant_sid = $1', [tenant.sid]);
    expect(files.every((name) => stored.some((s) => s.sid === name))).toBe(true);
  });

  it("links a document to one of the case's items, never another case's", async () => {
    const item = await createRecord('patent_item', {
      patent: patentSid,
      event: 'office_action',
      title: '第一次审查意见通知书',
      event_date: '2026-06-01',
    });
    const foreign = await createRecord('patent_item', {
      patent: otherPatentSid,
      event: 'office_action',
      title: '第一次审查意见通知书',
      event_date: '2026-06-01',
    });
    const refused = await upload(
      { patent_sid: patentSid, item_sid: foreign.sid, file_name: 'oa.pdf', category: 'office_action' },
      { filename: 'oa.pdf', bytes: samplePdf() },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(400331);
    const doc = await uploadOk(
      { item_sid: item.sid, file_name: 'oa.pdf', category: 'office_action' },
      { filename: 'oa.pdf', bytes: samplePdf() },
    );
    expect(doc.item_sid).toBe(item.sid);
    const list = await t.app.inject({
      method: 'GET',
      url: `/webapi/patent-documents/list/${patentSid}?item_sid=${item.sid}`,
      headers: authed(admin),
    });
    expect(list.json().data.map((d: DocumentAnswer) => d.sid)).toEqual([doc.sid]);
  });

  it('answers 403 to a caller without patent:update and 404 for a case out of reach', async () => {
    const v = await createUser(t, tenant);
    await grantRole(t, tenant, [v.sid], { resources: ['patent'] });
    const viewer = await signIn(t.app, v.account, v.password);
    const file = { filename: 'a.pdf', bytes: samplePdf() };
    const denied = await upload({ patent_sid: patentSid, file_name: 'a.pdf' }, file, viewer);
    expect(denied.statusCode).toBe(403);
    // May edit patents, but only their own records: the admin's case is out of scope.
    const o = await createUser(t, tenant);
    await grantRole(t, tenant, [o.sid], { resources: ['patent', 'patent:update'], dataScope: 'own' });
    const ownOnly = await signIn(t.app, o.account, o.password);
    const hidden = await upload({ patent_sid: patentSid, file_name: 'a.pdf' }, file, ownOnly);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe(404202);
    // Another tenant's administrator cannot reach the case either.
    const other = await createTenant(t);
    const x = await createUser(t, other, { isTenantAdmin: true });
    const stranger = await signIn(t.app, x.account, x.password);
    expect((await upload({ patent_sid: patentSid, file_name: 'a.pdf' }, file, stranger)).statusCode).toBe(404);
    expect(stagingLeft()).toEqual([]);
  });
});
