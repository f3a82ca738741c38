// Files attached to an opinion: stored files of the caller's tenant uploaded for opinions beforehand, named as the user
// sees them. A sid that is not one of the tenant's files is refused field by field, so no opinion points at
// another tenant's file or at nothing.
import { AppError } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import type { Attachment } from '../engine/index.js';

/** The purpose of the stored files uploaded for opinions (attachment-files.ts); no other file is attachable. */
export const ATTACHMENT_PURPOSE = 'workflow_attachment';

/** At most this many files per opinion. */
export const MAX_ATTACHMENTS = 20;

export interface AttachmentInput {
  file_sid: string;
  name: string;
}

export async function checkAttachments(
  db: Queryable,
  tenantSid: string,
  input: readonly AttachmentInput[] | undefined,
): Promise<Attachment[] | undefined> {
  if (!input?.length) return undefined;
  const rows = await db.query<{ sid: string }>(
    'SELECT sid FROM stored_file WHERE tenant_sid = $1 AND purpose = $2 AND sid = ANY($3::text[])',
    [tenantSid, ATTACHMENT_PURPOSE, input.map((a) => a.file_sid)],
  );
  const stored = new Set(rows.map((r) => r.sid));
  const missing = input.flatMap((a, i) => (stored.has(a.file_sid) ? [] : [i]));
  if (missing.length > 0)
    throw new AppError('validation', {
      issues: missing.map((i) => ({
        field: `attachments.${i}.file_sid`,
        labelKey: 'field.workflowAttachmentFile',
        messageKey: 'workflow.attachmentMissing',
      })),
    });
  return input.map((a) => ({ fileSid: a.file_sid, name: a.name }));
}
