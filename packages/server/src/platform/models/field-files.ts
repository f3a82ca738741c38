// Files in fields (docs/models.md "Files in fields"): design samples and figures are lists of stored files.
// An upload is checked (type by content, size) and stored at once, staged for its uploader, model and field
// (field_file.record_sid NULL); the create or update that names it in the field binds it to the record in
// the write's transaction. A file taken out of the field, or the record's deletion, removes the rows there
// and the bytes once that committed (files/removals.ts). Staged files never saved go after a day.
import {
  AppError,
  FIELD_FILE_TYPES,
  MAX_FIELD_FILE_BYTES,
  MAX_FIELD_FILES,
  STAGED_FIELD_FILE_HOURS,
  THUMBNAIL_TYPES,
  fieldFilePath,
  fieldFileTypeNames,
  isFieldFileKind,
  labelIn,
  modelResourceCode,
  newSid,
  type FieldFileInfo,
  type FieldFileKind,
  type FieldFileMediaType,
} from '@ipdesk/core';
import type { Readable } from 'node:stream';
import type { Database, Queryable } from '../../db/database.js';
import { audit } from '../../modules/accounts/context.js';
import type { RequestContext } from '../context.js';
import { fileStore } from '../files/file-store.js';
import type { ReceivedUpload } from '../files/receive.js';
import { queueFileRemovals, removeStoredFiles, writeFileWithRows } from '../files/removals.js';
import { sniffDocument } from '../files/sniff.js';
import { StoredFileMissing, storageKeyFor, type FileStorage } from '../files/storage.js';
import type { ResolvedField, ResolvedModel } from './registry.js';

export const FIELD_FILE_PURPOSE = 'field_file';

export interface FieldFilesDeps {
  db: Database;
  storage: FileStorage;
}

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** The field's file kind when it is a file field (design sample, figure). */
function fileKindOf(field: ResolvedField | undefined): FieldFileKind | undefined {
  const kind = field?.declaration?.kind;
  return field?.dataType === 'file' && isFieldFileKind(kind) ? kind : undefined;
}

function fileList(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

export interface UploadedFieldFile {
  file_sid: string;
  name: string;
  media_type: string;
  size_bytes: number;
}

/**
 * Checks and stores an upload for a file field of a model (the caller's view): the field must be a file
 * field the caller may write, and they need the update right on the record they name (create right when
 * they name none: a record being created); the staged file is disposed of in every case.
 */
export async function uploadFieldFile(
  deps: FieldFilesDeps,
  ctx: RequestContext,
  input: {
    model: ResolvedModel;
    field: string;
    recordSid?: string;
    received: ReceivedUpload;
    /** Reads the record through the caller's scope (404 otherwise). */
    readRecord: (sid: string) => Promise<unknown>;
  },
): Promise<UploadedFieldFile> {
  const { model, received } = input;
  const staged = received.staged;
  try {
    const field = model.fields.get(input.field);
    const kind = fileKindOf(field);
    if (!field || !kind) throw new AppError('fieldNotFile', { params: { field: input.field.slice(0, 64) } });
    const label = labelIn(field.label, ctx.language);
    const right = modelResourceCode(model.name, input.recordSid ? 'update' : 'create');
    if (!ctx.principal.access.resources.has(right)) throw new AppError('permissionDenied');
    if (field.readOnly) throw new AppError('fieldFileNotWritable', { params: { label } });
    if (input.recordSid) await input.readRecord(input.recordSid);
    if (!staged)
      throw new AppError('validation', {
        issues: [{ field: 'file', labelKey: 'field.uploadFile', messageKey: 'validation.required' }],
      });
    const name = (received.fields.name ?? received.fileName ?? '').trim().slice(0, 255) || input.field;
    const sniffed = await sniffDocument(await staged.source());
    const allowed: readonly string[] = FIELD_FILE_TYPES[kind];
    if (!sniffed || !allowed.includes(sniffed.mediaType))
      throw new AppError('fieldFileType', { params: { label, allowed: fieldFileTypeNames(kind) } });
    const mediaType = sniffed.mediaType as FieldFileMediaType;
    const { now, tenantSid, userSid } = ctx;
    const fileSid = newSid();
    const key = storageKeyFor(tenantSid, fileSid);
    const info = { sizeBytes: staged.sizeBytes, sha256: staged.sha256, mediaType };
    await writeFileWithRows(
      deps.db,
      deps.storage,
      { key, at: now, write: () => deps.storage.putFile(key, staged.path, info) },
      async (tx) => {
        await fileStore(deps.storage).register(
          tx,
          { sid: fileSid, mediaType, sizeBytes: staged.sizeBytes, checksum: staged.sha256, storageKey: key },
          { tenantSid, purpose: FIELD_FILE_PURPOSE, mediaType, uploadedBy: userSid, at: now },
        );
        await tx.query(
          `INSERT INTO field_file (file_sid, tenant_sid, model, field, record_sid, file_name, uploaded_by, uploaded_at)
           VALUES ($1, $2, $3, $4, NULL, $5, $6, $7)`,
          [fileSid, tenantSid, model.name, field.name, name, userSid, now],
        );
        await audit(tx, {
          tenantSid,
          actorSid: userSid,
          action: 'field_file.uploaded',
          target: fileSid,
          detail: {
            model: model.name,
            field: field.name,
            record_sid: input.recordSid ?? null,
            name,
            media_type: mediaType,
            size_bytes: staged.sizeBytes,
            checksum: staged.sha256,
          },
          requestId: ctx.requestId,
          at: now,
        });
      },
    );
    return { file_sid: fileSid, name, media_type: mediaType, size_bytes: staged.sizeBytes };
  } finally {
    await staged?.dispose();
  }
}

/** The refusal of a file over the limit, naming the field. */
export function fieldFileTooLarge(model: ResolvedModel, fieldName: string, language: RequestContext['language']) {
  const field = model.fields.get(fieldName);
  return new AppError('fieldFileTooLarge', {
    params: { label: field ? labelIn(field.label, language) : fieldName, max: megabytes(MAX_FIELD_FILE_BYTES) },
  });
}

/**
 * In a create's or update's transaction: binds the files newly named in the record's file fields (each must
 * be a staged upload of the caller's for this model and field) and releases those taken out (rows deleted,
 * bytes queued for removal). Answers the storage keys to remove once the transaction committed.
 */
export async function saveFieldFiles(
  tx: Queryable,
  ctx: Pick<RequestContext, 'tenantSid' | 'userSid' | 'language' | 'now'>,
  input: { model: ResolvedModel; recordSid: string; before?: Record<string, unknown>; values: Map<string, unknown> },
): Promise<string[]> {
  const { model, recordSid } = input;
  const keys: string[] = [];
  for (const [name, value] of input.values) {
    const field = model.fields.get(name);
    if (!fileKindOf(field)) continue;
    const label = labelIn(field!.label, ctx.language);
    const next = fileList(value);
    if (next.length > MAX_FIELD_FILES)
      throw new AppError('fieldFileTooMany', { params: { label, max: MAX_FIELD_FILES } });
    if (new Set(next).size !== next.length) throw new AppError('fieldFileUnknown', { params: { label } });
    const previous = fileList(input.before?.[name]);
    const added = next.filter((sid) => !previous.includes(sid));
    const removed = previous.filter((sid) => !next.includes(sid));
    if (added.length) {
      const bound = await tx.query(
        `UPDATE field_file SET record_sid = $1
          WHERE tenant_sid = $2 AND model = $3 AND field = $4 AND record_sid IS NULL AND uploaded_by = $5
            AND file_sid = ANY($6::text[])
          RETURNING file_sid`,
        [recordSid, ctx.tenantSid, model.name, name, ctx.userSid, added],
      );
      if (bound.length !== added.length) throw new AppError('fieldFileUnknown', { params: { label } });
    }
    if (removed.length)
      keys.push(...(await releaseFiles(tx, ctx, { model: model.name, recordSid, field: name, fileSids: removed })));
  }
  return keys;
}

/** Deletes the rows of a record's files (of one field, or all, optionally only some) and queues their bytes. */
async function releaseFiles(
  tx: Queryable,
  ctx: Pick<RequestContext, 'tenantSid' | 'now'>,
  input: { model: string; recordSid: string; field?: string; fileSids?: readonly string[] },
): Promise<string[]> {
  // field_file rows go with their stored_file (ON DELETE CASCADE).
  const rows = await tx.query<{ storage_key: string }>(
    `DELETE FROM stored_file s USING field_file f
      WHERE f.file_sid = s.sid AND s.tenant_sid = $1 AND f.tenant_sid = $1 AND f.model = $2 AND f.record_sid = $3
        AND ($4::text IS NULL OR f.field = $4) AND ($5::text[] IS NULL OR f.file_sid = ANY($5::text[]))
      RETURNING s.storage_key`,
    [ctx.tenantSid, input.model, input.recordSid, input.field ?? null, input.fileSids ?? null],
  );
  const keys = rows.map((r) => r.storage_key);
  await queueFileRemovals(tx, keys, ctx.now);
  return keys;
}

/** In a delete's transaction: every file of the record's fields goes with it (bytes after the commit). */
export function releaseRecordFiles(
  tx: Queryable,
  ctx: Pick<RequestContext, 'tenantSid' | 'now'>,
  input: { model: string; recordSid: string },
): Promise<string[]> {
  return releaseFiles(tx, ctx, input);
}

/** After commit: the bytes of released files leave the storage (failures stay queued for the next start). */
export async function removeReleasedFiles(
  db: Queryable,
  storage: FileStorage | undefined,
  keys: readonly string[],
): Promise<void> {
  if (storage && keys.length) await removeStoredFiles(db, storage, keys);
}

/**
 * What the answer says about the files in these rows' file fields (those of the caller's view): file sid →
 * name, type, size and the URLs to fetch it (a thumbnail for the types a browser shows).
 */
export async function fileInfosForRows(
  db: Queryable,
  tenantSid: string,
  model: ResolvedModel,
  rows: ReadonlyArray<Record<string, unknown>>,
): Promise<Record<string, FieldFileInfo>> {
  const fields = [...model.fields.values()].filter((f) => fileKindOf(f));
  const wanted = new Map<string, { recordSid: string; field: string }>();
  for (const row of rows)
    for (const field of fields)
      for (const sid of fileList(row[field.name])) wanted.set(sid, { recordSid: String(row.sid), field: field.name });
  if (!wanted.size) return {};
  const found = await db.query<{
    file_sid: string;
    field: string;
    record_sid: string;
    file_name: string;
    media_type: string;
    size_bytes: number;
  }>(
    `SELECT f.file_sid, f.field, f.record_sid, f.file_name, s.media_type, s.size_bytes
       FROM field_file f JOIN stored_file s ON s.sid = f.file_sid AND s.tenant_sid = f.tenant_sid
      WHERE f.tenant_sid = $1 AND f.model = $2 AND f.file_sid = ANY($3::text[])`,
    [tenantSid, model.name, [...wanted.keys()]],
  );
  const files: Record<string, FieldFileInfo> = {};
  for (const row of found) {
    const asked = wanted.get(row.file_sid);
    if (!asked || asked.recordSid !== row.record_sid || asked.field !== row.field) continue;
    const url = fieldFilePath(model.name, row.record_sid, row.field, row.file_sid);
    files[row.file_sid] = {
      name: row.file_name,
      media_type: row.media_type,
      size_bytes: Number(row.size_bytes),
      url,
      thumbnail_url: THUMBNAIL_TYPES.has(row.media_type) ? `${url}?inline=1` : null,
    };
  }
  return files;
}

export interface FieldFileDownload {
  name: string;
  mediaType: string;
  sizeBytes: number;
  stream: Readable;
}

/**
 * A file of a record's field, for a caller who may read the record (readRecord: through their scope, 404
 * otherwise) and the field (in their view); a file that is not in the field, of another tenant or gone
 * from the storage answers 404 alike.
 */
export async function openFieldFile(
  deps: FieldFilesDeps,
  ctx: Pick<RequestContext, 'tenantSid'>,
  input: {
    model: ResolvedModel;
    recordSid: string;
    field: string;
    fileSid: string;
    readRecord: (sid: string) => Promise<Record<string, unknown>>;
  },
): Promise<FieldFileDownload> {
  const notFound = () => new AppError('fieldFileNotFound');
  if (!fileKindOf(input.model.fields.get(input.field))) throw notFound();
  const record = await input.readRecord(input.recordSid);
  if (!fileList(record[input.field]).includes(input.fileSid)) throw notFound();
  const rows = await deps.db.query<{ file_name: string; media_type: string; size_bytes: number; storage_key: string }>(
    `SELECT f.file_name, s.media_type, s.size_bytes, s.storage_key
       FROM field_file f JOIN stored_file s ON s.sid = f.file_sid AND s.tenant_sid = f.tenant_sid
      WHERE f.file_sid = $1 AND f.tenant_sid = $2 AND f.model = $3 AND f.record_sid = $4 AND f.field = $5`,
    [input.fileSid, ctx.tenantSid, input.model.name, input.recordSid, input.field],
  );
  const row = rows[0];
  if (!row) throw notFound();
  const stream = await deps.storage.stream(row.storage_key).catch((error: unknown) => {
    if (error instanceof StoredFileMissing) throw new AppError('fieldFileNotFound', { cause: error });
    throw error;
  });
  return { name: row.file_name, mediaType: row.media_type, sizeBytes: Number(row.size_bytes), stream };
}

/** Uploads never saved with a record (staged over STAGED_FIELD_FILE_HOURS ago) are removed. */
export async function sweepStagedFieldFiles(deps: FieldFilesDeps, now: Date): Promise<number> {
  const before = new Date(now.getTime() - STAGED_FIELD_FILE_HOURS * 3600_000);
  const keys = await deps.db.transaction(async (tx) => {
    const rows = await tx.query<{ storage_key: string }>(
      `DELETE FROM stored_file s USING field_file f
        WHERE f.file_sid = s.sid AND f.record_sid IS NULL AND f.uploaded_at < $1
        RETURNING s.storage_key`,
      [before],
    );
    const list = rows.map((r) => r.storage_key);
    await queueFileRemovals(tx, list, now);
    return list;
  });
  await removeStoredFiles(deps.db, deps.storage, keys);
  return keys.length;
}
