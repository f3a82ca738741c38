// The documents tab of a patent, rendered in the real App against a real HTTP server playing {webapi}:
// the table rows, uploading with the file name taken from the chosen file (multipart with the metadata),
// the client pre-check, previewing a PDF from a blob: URL in a frame, "download instead" for an encrypted
// PDF, and no upload without the update ability.
import { beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import type { ModelAbilities } from '../../api/model';
import { sendJson, type ReceivedRequest, type Responder } from '../../testing/local-server';
import { answer, notFound, pageTest, TEST_COMPANY_SID } from '../../testing/page-test';
import { byTestId, click } from '../../testing/render';
import { modelSchema } from '../../testing/schema-fixtures';
import { settle, waitUntil } from '../../testing/wait';
import type { PatentDocument } from './api';

const PATENT = 'Pat0000000000001';
const PDF_DOC = 'Doc0000000000001';
const LOCKED_DOC = 'Doc0000000000002';
const PDF_BYTES = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

let patentAbilities: ModelAbilities;
const ALL: ModelAbilities = { create: true, update: true, delete: true, import: true, export: true };
const VIEW: ModelAbilities = { create: false, update: false, delete: false, import: false, export: false };

const schema = (abilities: ModelAbilities) => modelSchema({ abilities, fields: [] });

function doc(sid: string, fileName: string, extra: Partial<PatentDocument> = {}): PatentDocument {
  return {
    sid,
    patent_sid: PATENT,
    item_sid: null,
    file_name: fileName,
    category: 'claims',
    category_label: '权利要求书',
    sent_received_on: '2026-03-01',
    major_version: 2,
    version_remark: '第二稿',
    archived_on: null,
    version: 1,
    checksum: 'c'.repeat(64),
    uploaded_by: 'User000000000001',
    uploaded_by_name: '李四',
    uploaded_at: '2026-03-02T08:00:00.000Z',
    media_type: 'application/pdf',
    size_bytes: 2048,
    previewable: true,
    ...extra,
  };
}

function webapi(request: ReceivedRequest, response: Parameters<Responder>[1]): void {
  const path = request.url.split('?')[0];
  const send = (data: unknown) => answer(data)(request, response);
  switch (path) {
    case '/webapi/model/patent/do/schema':
      return send(schema(patentAbilities));
    case `/webapi/model/patent/${PATENT}`:
      return send({ sid: PATENT, version: 7, company_sid: TEST_COMPANY_SID, title: '一种电池' });
    case `/webapi/patent-documents/list/${PATENT}`:
      return send([doc(PDF_DOC, '权利要求书.pdf'), doc(LOCKED_DOC, 'locked.pdf')]);
    case `/webapi/patent-documents/required/${PATENT}`:
      return send({
        stage: 'filing',
        required: [],
        present: [],
        missing: [
          { category: 'description', label: '说明书' },
          { category: 'abstract', label: '说明书摘要' },
        ],
      });
    case `/webapi/patent-documents/${PDF_DOC}/preview`:
      response.writeHead(200, { 'content-type': 'application/pdf' });
      return void response.end(PDF_BYTES);
    case `/webapi/patent-documents/${LOCKED_DOC}/preview`:
      return sendJson(415, {
        code: 415303,
        message: '文件已加密，无法预览，请下载后查看',
        request_id: 'e',
      })(request, response);
    case '/webapi/patent-documents/upload':
      return send(doc('Doc0000000000009', 'new.pdf'));
    case '/webapi/model/patent_item/do/search':
      return send({ rows: [] });
    default:
      return notFound(request, response);
  }
}

const present = (testId: string): boolean => document.querySelector(`[data-testid="${testId}"]`) !== null;
const row = (name: string) => byTestId(document, `document-row-${name}`);

async function openTab(): Promise<void> {
  await page.open(`/model/patent/${PATENT}`);
  await waitUntil(() => present('tab-documents'));
  await click(byTestId(document, 'tab-documents'));
  await waitUntil(() => present('documents-tab') && present('document-row-权利要求书.pdf'));
}

/** What a user does in the file picker: the input gets the file and fires change. */
async function chooseFile(file: File): Promise<void> {
  const input = byTestId(document, 'document-file').querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await act(async () => {
    Object.defineProperty(input, 'files', { configurable: true, value: [file] });
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle();
}

const page = pageTest(webapi);
beforeEach(() => {
  patentAbilities = ALL;
  localStorage.removeItem('my-menus');
});

describe('documents tab', { timeout: 30_000 }, () => {
  it('lists the documents and what the filing stage still misses', async () => {
    await openTab();
    const first = row('权利要求书.pdf');
    expect(first.textContent).toContain('权利要求书');
    expect(first.textContent).toContain('李四');
    expect(first.textContent).toContain('2.0 KB');
    await waitUntil(() => present('documents-required'));
    expect(byTestId(document, 'documents-required').textContent).toContain('说明书、说明书摘要');
  });

  it('previews a PDF from a blob: URL in a frame, fetched with the session', async () => {
    await openTab();
    await click(row('权利要求书.pdf').querySelector<HTMLElement>('[data-testid="document-preview"]')!);
    await waitUntil(() => present('document-preview-frame'));
    const frame = byTestId<HTMLIFrameElement>(document, 'document-preview-frame');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toMatch(/^blob:/);
    const call = page.server.received.find((r) => r.url === `/webapi/patent-documents/${PDF_DOC}/preview`);
    expect(call?.headers.authorization).toBe('Bearer jwt-1');
  });

  it('offers the download instead when the server cannot preview the file', async () => {
    await openTab();
    await click(row('locked.pdf').querySelector<HTMLElement>('[data-testid="document-preview"]')!);
    await waitUntil(() => present('document-preview-refused'));
    expect(byTestId(document, 'document-preview-refused').textContent).toBe('文件已加密，无法预览，请下载后查看');
    expect(present('document-download-instead')).toBe(true);
    expect(present('document-preview-frame')).toBe(false);
  });

  it('uploads with the name of the chosen file and the metadata, after the pre-check', async () => {
    await openTab();
    await click(byTestId(document, 'documents-upload'));
    await waitUntil(() => present('document-file'));
    await chooseFile(new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }));
    await waitUntil(() => present('document-dialog-error'));
    expect(byTestId(document, 'document-dialog-error').textContent).toContain('文件格式不正确');

    await chooseFile(new File([PDF_BYTES], '说明书.pdf', { type: 'application/pdf' }));
    expect(byTestId<HTMLInputElement>(document, 'document-file-name').value).toBe('说明书.pdf');
    await click(byTestId(document, 'document-dialog-submit'));
    await waitUntil(() => page.server.received.some((r) => r.url === '/webapi/patent-documents/upload'));
    const sent = page.server.received.find((r) => r.url === '/webapi/patent-documents/upload')!;
    expect(sent.method).toBe('POST');
    expect(String(sent.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.body).toContain('name="patent_sid"\r\n\r\nPat0000000000001');
    expect(sent.body).toContain('name="file_name"\r\n\r\n说明书.pdf');
    expect(sent.body).toContain('name="major_version"\r\n\r\n1');
    expect(sent.body).toContain('%PDF-1.4');
    await waitUntil(() => !present('document-dialog'));
  });

  it('offers no upload, edit or delete without the update ability', async () => {
    patentAbilities = VIEW;
    await openTab();
    await settle();
    expect(present('documents-upload')).toBe(false);
    expect(present('document-edit')).toBe(false);
    expect(present('document-delete')).toBe(false);
    expect(present('document-download')).toBe(true);
  });
});
