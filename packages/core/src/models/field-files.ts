// Files in fields (docs/models.md "Files in fields"): the kinds whose value is a list of stored files
// (design samples, figures), the types and sizes they take, and what a read answers about each file.
// Shared by the server that checks an upload and the web input that pre-checks it.
import type { FieldKind } from './field-kinds.js';

const MB = 1024 * 1024;

/** One file of a file field: at most 10 MB (a figure or design view, never a whole document). */
export const MAX_FIELD_FILE_BYTES = 10 * MB;
/** Files one field holds at most. */
export const MAX_FIELD_FILES = 20;
/** An upload not saved with a record within this time is removed (platform/models/field-files.ts). */
export const STAGED_FIELD_FILE_HOURS = 24;

export type FieldFileKind = 'designSample' | 'figure';
export type FieldFileMediaType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/tiff' | 'application/pdf';

/** Types by content (never by name): raster images; a design sample may also be a PDF of its views. */
export const FIELD_FILE_TYPES: Record<FieldFileKind, readonly FieldFileMediaType[]> = {
  figure: ['image/png', 'image/jpeg', 'image/gif', 'image/tiff'],
  designSample: ['image/png', 'image/jpeg', 'image/gif', 'image/tiff', 'application/pdf'],
};

/** Names and extensions for messages and the browser's file chooser. */
export const FIELD_FILE_TYPE_NAMES: Record<FieldFileMediaType, { name: string; extensions: readonly string[] }> = {
  'image/png': { name: 'PNG', extensions: ['png'] },
  'image/jpeg': { name: 'JPEG', extensions: ['jpg', 'jpeg'] },
  'image/gif': { name: 'GIF', extensions: ['gif'] },
  'image/tiff': { name: 'TIFF', extensions: ['tif', 'tiff'] },
  'application/pdf': { name: 'PDF', extensions: ['pdf'] },
};

/** Types a browser shows in an <img>: these get a thumbnail (the file itself, inline). */
export const THUMBNAIL_TYPES: ReadonlySet<string> = new Set(['image/png', 'image/jpeg', 'image/gif']);

export function isFieldFileKind(kind: FieldKind | string | undefined): kind is FieldFileKind {
  return kind === 'designSample' || kind === 'figure';
}

/** "PNG, JPEG, GIF, TIFF" for a kind's refusal message. */
export function fieldFileTypeNames(kind: FieldFileKind): string {
  return FIELD_FILE_TYPES[kind].map((type) => FIELD_FILE_TYPE_NAMES[type].name).join(', ');
}

/** The accept attribute of a file chooser for a kind (".png,.jpg,…"). */
export function fieldFileAccept(kind: FieldFileKind): string {
  return FIELD_FILE_TYPES[kind].flatMap((type) => FIELD_FILE_TYPE_NAMES[type].extensions.map((e) => `.${e}`)).join(',');
}

/**
 * What a read answers about a file of a field, beside the records (`files`: file sid → this). The URLs are
 * relative to the API base (webapi) and need the caller's session; the thumbnail is null for types a
 * browser does not show (TIFF, PDF).
 */
export interface FieldFileInfo {
  name: string;
  media_type: string;
  size_bytes: number;
  url: string;
  thumbnail_url: string | null;
}

/** The download path of a file of a record's field (webapi relative). */
export function fieldFilePath(model: string, recordSid: string, field: string, fileSid: string): string {
  return `/model/${model}/${recordSid}/files/${field}/${fileSid}`;
}
