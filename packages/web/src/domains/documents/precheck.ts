// What the browser can tell about a chosen file before uploading it — its size and its name — checked
// against the limits core shares with the server (which still decides, by content). Also the picker's
// accept list and readable sizes for the table.
import {
  ACCEPTED_DOCUMENT_TYPE_NAMES,
  DESIGN_PICTURE_TYPE_NAMES,
  DOCUMENT_FILE_TYPES,
  MAX_DESIGN_PICTURE_BYTES,
  MAX_DOCUMENT_BYTES,
  hasAcceptedExtension,
  type MessageKey,
} from '@ipdesk/core';

export interface FileProblem {
  key: MessageKey;
  params: Record<string, string>;
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The same messages the server would answer, so the user reads one wording either way. */
export function precheckFile(file: { name: string; size: number }, category?: string | null): FileProblem | undefined {
  if (category === 'design_picture') {
    if (!hasAcceptedExtension(file.name, 'design_picture'))
      return { key: 'error.designPictureType', params: { allowed: DESIGN_PICTURE_TYPE_NAMES } };
    if (file.size > MAX_DESIGN_PICTURE_BYTES)
      return { key: 'error.designPictureTooLarge', params: { max: megabytes(MAX_DESIGN_PICTURE_BYTES) } };
  }
  if (file.size > MAX_DOCUMENT_BYTES)
    return { key: 'error.documentTooLarge', params: { max: megabytes(MAX_DOCUMENT_BYTES) } };
  if (!hasAcceptedExtension(file.name))
    return { key: 'error.documentFileType', params: { allowed: ACCEPTED_DOCUMENT_TYPE_NAMES } };
  return undefined;
}

/** The file picker's filter (a hint only; any file can still be chosen and is checked above). */
export function acceptList(category?: string | null): string {
  if (category === 'design_picture') return '.jpg,.jpeg,image/jpeg';
  return DOCUMENT_FILE_TYPES.flatMap((type) => type.extensions.map((extension) => `.${extension}`)).join(',');
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const uploadLimitText = { types: ACCEPTED_DOCUMENT_TYPE_NAMES, max: megabytes(MAX_DOCUMENT_BYTES) };
export const designLimitText = { max: megabytes(MAX_DESIGN_PICTURE_BYTES) };
