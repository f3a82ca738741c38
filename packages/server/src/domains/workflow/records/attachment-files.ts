// The files behind opinion attachments. Uploading one (any signed-in user) stores an unattached file of
// their tenant, checked as patent documents are (50 MB, an accepted type by content), for a later action to
// carry. Downloading one needs the instance to be visible to the caller and the file to be attached to one
// of its opinions; anything else reads as "not found".
import { AppError, newSid } from '@ipdesk/core';
import type { Readable } from 'node:stream';
import type { Database } from '../../../db/database.js';
import { audit } from '../../../modules/accounts/context.js';
import { assertAcceptedType } from '../../documents/checks.js';
import { missingFileError } from '../../documents/metadata.js';
import type { ReceivedUpload } from '../../documents/upload.js';
import { fileStore } from '../../../platform/files/file-store.js';
import { writeFileWithRows } from '../../../platform/files/removals.js';
import { sniffDocument } from '../../../platform/files/sniff.js';
import { StoredFileMissing, storageKeyFor, type FileStorage } from '../../../platform/files/storage.js';
import type { RequestContext } from '../../../platform/context.js';
import { ATTACHMENT_PURPOSE } from './attachments.js';

export interface AttachmentFilesDeps {
  db: Database;
  storage: FileStorage;
}

export interface UploadedAttachment {
  file_sid: string;
  name: string;
  size: number;
  content_type: string;
}

/** The name shown for the file: the "name" field, else the part's file name, at most 255 characters. */
function attachmentName(received: ReceivedUpload): string {
  const name = (received.fields.name ?? received.fileName ?? '').trim().slice(0, 255);
  if (!name)
    throw new AppError('validation', {
      issues: [{ field: 'name', labelKey: 'field.workflowAttachmentName', messageKey: 'validation.required' }],
    });
  return name;
}

/** Checks and stores an upload; the staged file is disposed of in every case. */
export async function uploadAttachment(
  deps: AttachmentFilesDeps,
  ctx: RequestContext,
  received: ReceivedUpload,
): Promise<UploadedAttachment> {
  const staged = received.staged;
  try {
    if (!staged) throw missingFileError();
    const name = attachmentName(received);
    const sniffed = await sniffDocument(await staged.source());
    assertAcceptedType(sniffed, null);
    const now = ctx.now;
    const fileSid = newSid();
    const key = storageKeyFor(ctx.tenantSid, fileSid);
    const info = { sizeBytes: staged.sizeBytes, sha256: staged.sha256, mediaType: sniffed.mediaType };
    await writeFileWithRows(
      deps.db,
      deps.storage,
      { key, at: now, write: () => deps.storage.putFile(key, staged.path, info) },
      async (tx) => {
        await fileStore(deps.storage).register(
          tx,
          {
            sid: fileSid,
            mediaType: sniffed.mediaType,
            sizeBytes: staged.sizeBytes,
            checksum: staged.sha256,
            storageKey: key,
          },
          {
            tenantSid: ctx.tenantSid,
            purpose: ATTACHMENT_PURPOSE,
            mediaType: sniffed.mediaType,
            uploadedBy: ctx.userSid,
            at: now,
          },
        );
        await audit(tx, {
          tenantSid: ctx.tenantSid,
          actorSid: ctx.userSid,
          action: 'workflow_attachment.uploaded',
          target: fileSid,
          detail: { name, media_type: sniffed.mediaType, size_bytes: staged.sizeBytes, checksum: staged.sha256 },
          requestId: ctx.requestId,
          at: now,
        });
      },
    );
    return { file_sid: fileSid, name, size: staged.sizeBytes, content_type: sniffed.mediaType };
  } finally {
    await staged?.dispose();
  }
}

export interface AttachmentDownload {
  name: string;
  mediaType: string;
  sizeBytes: number;
  stream: Readable;
}

/** The file when it is attached to an opinion of the instance (whose visibility the caller checked). */
export async function openAttachment(
  deps: AttachmentFilesDeps,
  { tenantSid }: Pick<RequestContext, 'tenantSid'>,
  { instanceSid, fileSid }: { instanceSid: string; fileSid: string },
): Promise<AttachmentDownload> {
  const rows = await deps.db.query<{ name: string; media_type: string; size_bytes: number; storage_key: string }>(
    `SELECT a->>'name' AS name, f.media_type, f.size_bytes, f.storage_key
       FROM workflow_history h CROSS JOIN jsonb_array_elements(h.attachments) a
       JOIN stored_file f ON f.sid = a->>'fileSid' AND f.tenant_sid = h.tenant_sid AND f.purpose = $4
      WHERE h.instance_sid = $1 AND h.tenant_sid = $2 AND a->>'fileSid' = $3
      ORDER BY h.id DESC LIMIT 1`,
    [instanceSid, tenantSid, fileSid, ATTACHMENT_PURPOSE],
  );
  const row = rows[0];
  if (!row) throw new AppError('documentNotFound');
  const stream = await deps.storage.stream(row.storage_key).catch((error: unknown) => {
    if (error instanceof StoredFileMissing) throw new AppError('documentFileGone', { cause: error });
    throw error;
  });
  return { name: row.name, mediaType: row.media_type, sizeBytes: Number(row.size_bytes), stream };
}
