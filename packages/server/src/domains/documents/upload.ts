// Uploading a patent document: the multipart request is streamed to a staging file under a hard 50 MB
// limit, its fields checked, its content sniffed and checked against the category's rules, the case (and
// item) read through the caller's scope, and only then the file stored and its rows written in one
// transaction — the file is removed again if that transaction fails.
import { AppError, MAX_DOCUMENT_BYTES, newSid, patentItemModel, tableOf } from '@ipdesk/core';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { audit } from '../../modules/accounts/context.js';
import { writeFileWithRows } from '../../platform/files/removals.js';
import { sniffDocument } from '../../platform/files/sniff.js';
import { receiveFile, type ReceivedUpload } from '../../platform/files/receive.js';
import { storageKeyFor } from '../../platform/files/storage.js';
import { assertAcceptedType, assertDesignPicture, assertProofRoom, lockCaseDocuments } from './checks.js';
import { megabytes, readCase, type DocumentsDeps } from './context.js';
import { findDocument, recordEvent, type DocumentView } from './documents.js';
import { missingFileError, parseUploadFields, type UploadMetadata } from './metadata.js';
import type { RequestContext } from '../../platform/context.js';

export const DOCUMENT_PURPOSE = 'patent_document';

export type { ReceivedUpload };

/** Reads the multipart request: its text fields and the one file part ("file") of at most 50 MB, staged. */
export function receiveUpload(request: FastifyRequest, dataDir: string): Promise<ReceivedUpload> {
  return receiveFile(request, dataDir, {
    maxBytes: MAX_DOCUMENT_BYTES,
    tooLarge: () => new AppError('documentTooLarge', { params: { max: megabytes(MAX_DOCUMENT_BYTES) } }),
  });
}

const ITEM = tableOf(patentItemModel);

/** The item must be one of the case's own (tenant checked too); anything else is refused alike. */
async function assertItemOfCase(db: Queryable, tenantSid: string, patentSid: string, itemSid: string): Promise<void> {
  const rows = await db.query(`SELECT 1 FROM ${ITEM} WHERE sid = $1 AND tenant_sid = $2 AND patent = $3`, [
    itemSid,
    tenantSid,
    patentSid,
  ]);
  if (!rows.length) throw new AppError('documentItemMismatch');
}

/** Checks, stores and records an upload; the staged file is disposed of in every case. */
export async function uploadDocument(
  deps: DocumentsDeps,
  ctx: RequestContext,
  received: ReceivedUpload,
): Promise<DocumentView> {
  const { principal, requestId, now } = ctx;
  const staged = received.staged;
  try {
    const meta: UploadMetadata = parseUploadFields(received.fields);
    if (!staged) throw missingFileError();
    await readCase(deps, ctx, meta.patentSid);
    const db = deps.accounts.db;
    if (meta.itemSid) await assertItemOfCase(db, principal.tenantSid, meta.patentSid, meta.itemSid);

    const source = await staged.source();
    const sniffed = await sniffDocument(source);
    assertAcceptedType(sniffed, meta.category);
    if (meta.category === 'design_picture') assertDesignPicture(sniffed, staged.sizeBytes);
    // Checked before the file is written, and again under the case's lock for a racing upload.
    if (meta.category === 'proof') await assertProofRoom(db, principal.tenantSid, meta.patentSid);

    const fileSid = newSid();
    const documentSid = newSid();
    const key = storageKeyFor(principal.tenantSid, fileSid);
    const stored = {
      sid: fileSid,
      mediaType: sniffed.mediaType,
      sizeBytes: staged.sizeBytes,
      checksum: staged.sha256,
      storageKey: key,
    };
    await writeFileWithRows(
      db,
      deps.storage,
      {
        key,
        at: now,
        write: () =>
          deps.storage.putFile(key, staged.path, {
            sizeBytes: staged.sizeBytes,
            sha256: staged.sha256,
            mediaType: sniffed.mediaType,
          }),
      },
      async (tx) => {
        await lockCaseDocuments(tx, principal.tenantSid, meta.patentSid);
        if (meta.category === 'proof') await assertProofRoom(tx, principal.tenantSid, meta.patentSid);
        await deps.files.register(tx, stored, {
          tenantSid: principal.tenantSid,
          purpose: DOCUMENT_PURPOSE,
          mediaType: sniffed.mediaType,
          uploadedBy: principal.userSid,
          at: now,
        });
        await tx.query(
          `INSERT INTO patent_document (sid, tenant_sid, patent_sid, item_sid, file_sid, file_name, category,
             sent_received_on, major_version, version_remark, archived_on, checksum, uploaded_by, uploaded_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
          [
            documentSid,
            principal.tenantSid,
            meta.patentSid,
            meta.itemSid,
            fileSid,
            meta.fileName,
            meta.category,
            meta.sentReceivedOn,
            meta.majorVersion,
            meta.versionRemark,
            meta.archivedOn,
            staged.sha256,
            principal.userSid,
            now,
          ],
        );
        await recordEvent(tx, {
          tenantSid: principal.tenantSid,
          documentSid,
          patentSid: meta.patentSid,
          action: 'upload',
          actorSid: principal.userSid,
          fileName: meta.fileName,
          at: now,
        });
        await audit(tx, {
          tenantSid: principal.tenantSid,
          actorSid: principal.userSid,
          action: 'patent_document.uploaded',
          target: documentSid,
          detail: {
            patent_sid: meta.patentSid,
            item_sid: meta.itemSid,
            file_name: meta.fileName,
            category: meta.category,
            media_type: sniffed.mediaType,
            size_bytes: staged.sizeBytes,
            checksum: staged.sha256,
          },
          requestId,
          at: now,
        });
      },
    );
    const view = await findDocument(db, principal.tenantSid, documentSid);
    if (!view) throw new AppError('documentNotFound');
    return view;
  } finally {
    await staged?.dispose();
  }
}
