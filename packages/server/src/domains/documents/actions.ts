// What may be done with one document once uploaded: open it for download or preview (each recorded in
// its history), change its metadata, or delete it (row in a transaction, file after commit). Each
// reads the document's case through the caller's scope first; out of scope is "not found".
import { AppError, MAX_PREVIEW_BYTES, isPreviewable, patentItemModel, tableOf, type AuditAction } from '@ipdesk/core';
import type { Readable } from 'node:stream';
import { audit } from '../../modules/accounts/context.js';
import { queueFileRemovals, removeStoredFiles } from '../../platform/files/removals.js';
import { bufferSource } from '../../platform/files/staging.js';
import { isEncryptedPdf, sniffDocument } from '../../platform/files/sniff.js';
import { StoredFileMissing } from '../../platform/files/storage.js';
import { assertDesignPicture, assertProofRoom, lockCaseDocuments } from './checks.js';
import { megabytes, readCase, type DocumentsDeps } from './context.js';
import {
  caseOfDocument,
  documentHistory,
  findDocumentRow,
  presentDocument,
  recordEvent,
  type DocumentAction,
  type DocumentRow,
  type DocumentView,
  type HistoryEntry,
} from './documents.js';
import { fieldChanges } from '../../platform/models/records.js';
import type { MetadataUpdate } from './metadata.js';
import type { RequestContext } from '../../platform/context.js';

/** The document, if its case is the caller's to see. */
export async function readableDocument(
  deps: DocumentsDeps,
  ctx: Pick<RequestContext, 'principal'>,
  documentSid: string,
): Promise<DocumentRow> {
  const row = await findDocumentRow(deps.accounts.db, ctx.principal.tenantSid, documentSid);
  if (!row) throw new AppError('documentNotFound');
  await readCase(deps, ctx, row.patent_sid);
  return row;
}

/** A document event's audit action (docs/audit.md). */
const DOCUMENT_AUDIT = {
  upload: 'patent_document.uploaded',
  download: 'patent_document.downloaded',
  preview: 'patent_document.previewed',
  update: 'patent_document.updated',
  delete: 'patent_document.deleted',
} as const satisfies Record<DocumentAction, AuditAction>;

async function logAccess(
  deps: DocumentsDeps,
  ctx: RequestContext,
  row: DocumentRow,
  action: DocumentAction,
): Promise<void> {
  await deps.accounts.db.transaction(async (tx) => {
    await recordEvent(tx, {
      tenantSid: ctx.tenantSid,
      documentSid: row.sid,
      patentSid: row.patent_sid,
      action,
      actorSid: ctx.userSid,
      fileName: row.file_name,
      at: ctx.now,
    });
    await audit(tx, {
      tenantSid: ctx.tenantSid,
      actorSid: ctx.userSid,
      action: DOCUMENT_AUDIT[action],
      target: row.sid,
      requestId: ctx.requestId,
      at: ctx.now,
    });
  });
}

function missingFile(error: unknown): never {
  if (error instanceof StoredFileMissing) throw new AppError('documentFileGone', { cause: error });
  throw error;
}

/** The file as a stream, with the download recorded (after the file was found). */
export async function openDownload(
  deps: DocumentsDeps,
  ctx: RequestContext,
  documentSid: string,
): Promise<{ row: DocumentRow; stream: Readable }> {
  const row = await readableDocument(deps, ctx, documentSid);
  const stream = await deps.storage.stream(row.storage_key).catch(missingFile);
  await logAccess(deps, ctx, row, 'download').catch((error: unknown) => {
    stream.destroy();
    throw error;
  });
  return { row, stream };
}

/**
 * The file for inline display: images and PDF up to the preview limit, and no encrypted PDF (the
 * browser could not show it). Refusals carry their own codes so the web can offer the download instead.
 */
export async function openPreview(
  deps: DocumentsDeps,
  ctx: RequestContext,
  documentSid: string,
): Promise<{ row: DocumentRow; bytes: Buffer }> {
  const row = await readableDocument(deps, ctx, documentSid);
  if (row.size_bytes > MAX_PREVIEW_BYTES)
    throw new AppError('previewTooLarge', { params: { max: megabytes(MAX_PREVIEW_BYTES) } });
  if (!isPreviewable(row.media_type, row.size_bytes)) throw new AppError('previewUnsupported');
  const bytes = await deps.storage.read(row.storage_key).catch(missingFile);
  if (row.media_type === 'application/pdf' && isEncryptedPdf(bytes)) throw new AppError('previewEncrypted');
  await logAccess(deps, ctx, row, 'preview');
  return { row, bytes };
}

export async function historyOf(
  deps: DocumentsDeps,
  ctx: Pick<RequestContext, 'principal'>,
  documentSid: string,
): Promise<HistoryEntry[]> {
  const tenantSid = ctx.principal.tenantSid;
  const patentSid = await caseOfDocument(deps.accounts.db, tenantSid, documentSid);
  if (!patentSid) throw new AppError('documentNotFound');
  await readCase(deps, ctx, patentSid);
  return documentHistory(deps.accounts.db, tenantSid, documentSid);
}

type MetadataField = Exclude<keyof MetadataUpdate, 'version'>;

const COLUMNS: Record<MetadataField, string> = {
  file_name: 'file_name',
  category: 'category',
  item_sid: 'item_sid',
  sent_received_on: 'sent_received_on',
  major_version: 'major_version',
  version_remark: 'version_remark',
  archived_on: 'archived_on',
};

/** Changes a document's metadata; a new category must suit the file already stored. */
export async function updateDocument(
  deps: DocumentsDeps,
  ctx: RequestContext,
  input: MetadataUpdate & { documentSid: string },
): Promise<DocumentView> {
  const { principal, requestId, now } = ctx;
  const before = await readableDocument(deps, ctx, input.documentSid);
  const db = deps.accounts.db;
  const changes: Partial<Record<MetadataField, unknown>> = {};
  for (const name of Object.keys(COLUMNS) as MetadataField[]) {
    if (input[name] !== undefined) changes[name] = input[name] === '' ? null : input[name];
  }
  const category = changes.category !== undefined ? (changes.category as string | null) : before.category;
  if (changes.item_sid) {
    const rows = await db.query(
      `SELECT 1 FROM ${tableOf(patentItemModel)} WHERE sid = $1 AND tenant_sid = $2 AND patent = $3`,
      [changes.item_sid, principal.tenantSid, before.patent_sid],
    );
    if (!rows.length) throw new AppError('documentItemMismatch');
  }
  if (category === 'design_picture' && before.category !== 'design_picture') {
    const bytes = await deps.storage.read(before.storage_key).catch(missingFile);
    const sniffed = await sniffDocument(bufferSource(bytes));
    if (!sniffed) throw new AppError('documentFileType');
    assertDesignPicture(sniffed, before.size_bytes);
  }
  await db.transaction(async (tx) => {
    await lockCaseDocuments(tx, principal.tenantSid, before.patent_sid);
    if (category === 'proof' && before.category !== 'proof')
      await assertProofRoom(tx, principal.tenantSid, before.patent_sid, before.sid);
    const names = Object.keys(changes) as MetadataField[];
    // The version check and the write in one statement (the case's documents are locked above): a
    // change made since the caller read the document refuses this one instead of being overwritten.
    const sets = names.map((name, i) => `${COLUMNS[name]} = $${i + 4}`);
    const updated = await tx.query(
      `UPDATE patent_document SET ${[...sets, 'version = version + 1'].join(', ')}
        WHERE sid = $1 AND tenant_sid = $2 AND version = $3 RETURNING sid`,
      [before.sid, principal.tenantSid, input.version, ...names.map((name) => changes[name] as string | number | null)],
    );
    if (!updated.length) throw new AppError('conflict');
    const after = { ...before, ...changes } as Record<string, unknown>;
    await recordEvent(tx, {
      tenantSid: principal.tenantSid,
      documentSid: before.sid,
      patentSid: before.patent_sid,
      action: 'update',
      actorSid: principal.userSid,
      fileName: String(after.file_name),
      at: now,
    });
    await audit(tx, {
      tenantSid: principal.tenantSid,
      actorSid: principal.userSid,
      action: 'patent_document.updated',
      target: before.sid,
      detail: { patent_sid: before.patent_sid, changes: fieldChanges({ ...before }, after, names) },
      requestId,
      at: now,
    });
  });
  const row = await findDocumentRow(db, principal.tenantSid, before.sid);
  if (!row) throw new AppError('documentNotFound');
  return presentDocument(row);
}

/** Deletes the document: rows in one transaction (the file queued for removal there), the file after. */
export async function deleteDocument(deps: DocumentsDeps, ctx: RequestContext, documentSid: string): Promise<void> {
  const { principal, requestId, now } = ctx;
  const row = await readableDocument(deps, ctx, documentSid);
  const db = deps.accounts.db;
  await db.transaction(async (tx) => {
    const deleted = await tx.query('DELETE FROM patent_document WHERE sid = $1 AND tenant_sid = $2 RETURNING sid', [
      row.sid,
      principal.tenantSid,
    ]);
    if (!deleted.length) throw new AppError('documentNotFound');
    await tx.query('DELETE FROM stored_file WHERE sid = $1 AND tenant_sid = $2', [row.file_sid, principal.tenantSid]);
    await queueFileRemovals(tx, [row.storage_key], now);
    await recordEvent(tx, {
      tenantSid: principal.tenantSid,
      documentSid: row.sid,
      patentSid: row.patent_sid,
      action: 'delete',
      actorSid: principal.userSid,
      fileName: row.file_name,
      at: now,
    });
    await audit(tx, {
      tenantSid: principal.tenantSid,
      actorSid: principal.userSid,
      action: 'patent_document.deleted',
      target: row.sid,
      detail: { patent_sid: row.patent_sid, file_name: row.file_name, checksum: row.checksum },
      requestId,
      at: now,
    });
  });
  await removeStoredFiles(db, deps.storage, [row.storage_key]);
}
