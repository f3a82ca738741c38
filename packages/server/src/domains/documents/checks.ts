// The rules a document's content must meet (spec §5, §9): an accepted type by content, and for design
// pictures JPEG only, at most 30 MB and 16.5 × 24.5 cm at the picture's resolution; and the case's cap
// of 50 proof documents.
import {
  ACCEPTED_DOCUMENT_TYPE_NAMES,
  AppError,
  DEFAULT_IMAGE_DPI,
  DESIGN_PICTURE_TYPE_NAMES,
  MAX_PROOF_DOCUMENTS,
  designPictureProblem,
} from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { Sniffed } from '../../platform/files/sniff.js';
import { megabytes } from './context.js';

/** Refuses content of no accepted type (415, the §8 "file format incorrect" naming what is accepted). */
export function assertAcceptedType(sniffed: Sniffed | undefined, category: string | null): asserts sniffed is Sniffed {
  if (sniffed) return;
  if (category === 'design_picture')
    throw new AppError('designPictureType', { params: { allowed: DESIGN_PICTURE_TYPE_NAMES } });
  throw new AppError('documentFileType', { params: { allowed: ACCEPTED_DOCUMENT_TYPE_NAMES } });
}

/** For the design picture category: JPEG, size in bytes, and printed size at its own resolution. */
export function assertDesignPicture(sniffed: Sniffed, sizeBytes: number): void {
  // A JPEG that states no resolution (JFIF units 0, no EXIF) is measured at 72 dpi, the usual default
  // of cameras and screens; a larger assumed dpi would let big pictures pass unmeasured.
  const dpi = sniffed.jpeg?.dpiX ?? DEFAULT_IMAGE_DPI;
  const verticalDpi = sniffed.jpeg?.dpiY ?? dpi;
  const problem = designPictureProblem({
    mediaType: sniffed.mediaType,
    bytes: sizeBytes,
    widthPx: sniffed.jpeg?.widthPx ?? 0,
    heightPx: sniffed.jpeg?.heightPx ?? 0,
    dpi,
    verticalDpi,
  });
  if (!problem) return;
  switch (problem.problem) {
    case 'type':
      throw new AppError('designPictureType', { params: { allowed: DESIGN_PICTURE_TYPE_NAMES } });
    case 'bytes':
      throw new AppError('designPictureTooLarge', { params: { max: megabytes(problem.maxBytes) } });
    case 'dimensions':
      throw new AppError('designPictureDimensions', {
        params: {
          width: problem.widthCm,
          height: problem.heightCm,
          dpi: Math.round(dpi),
          maxWidth: problem.maxWidthCm,
          maxHeight: problem.maxHeightCm,
        },
      });
  }
}

/** Refuses one more proof document once the case has the maximum (excluding `except`, on a re-categorise). */
export async function assertProofRoom(
  db: Queryable,
  tenantSid: string,
  patentSid: string,
  except?: string,
): Promise<void> {
  const rows = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM patent_document
      WHERE tenant_sid = $1 AND patent_sid = $2 AND category = 'proof' AND sid IS DISTINCT FROM $3`,
    [tenantSid, patentSid, except ?? null],
  );
  if ((rows[0]?.count ?? 0) >= MAX_PROOF_DOCUMENTS)
    throw new AppError('proofDocumentLimit', { params: { max: MAX_PROOF_DOCUMENTS } });
}

/** Serialises document writes of one case, so two uploads cannot both take the last proof slot. */
export async function lockCaseDocuments(tx: Queryable, tenantSid: string, patentSid: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`patent_document:${tenantSid}:${patentSid}`]);
}
