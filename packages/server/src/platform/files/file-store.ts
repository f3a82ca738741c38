// Stored files: bytes in the file storage (local disk by default) under a key made of tenant and a random
// sid (never the uploaded name), and a stored_file row saying whose they are and what they are. The
// SHA-256 of the content is computed on save, so callers can keep it beside their own rows.
import { createHash } from 'node:crypto';
import { newSid } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { localStorage } from './local-storage.js';
import { storageKeyFor, type FileStorage } from './storage.js';

export interface StoredFile {
  sid: string;
  mediaType: string;
  sizeBytes: number;
  /** Hex SHA-256 of the content. */
  checksum: string;
  storageKey: string;
}

export interface StoredFileRow {
  tenantSid: string;
  purpose: string;
  mediaType: string;
  uploadedBy: string;
  at: Date;
}

export function fileStore(storageOrDataDir: FileStorage | string) {
  const storage = typeof storageOrDataDir === 'string' ? localStorage(storageOrDataDir) : storageOrDataDir;

  async function insertRow(tx: Queryable, file: StoredFile, input: StoredFileRow): Promise<void> {
    await tx.query(
      'INSERT INTO stored_file (sid, tenant_sid, purpose, media_type, size_bytes, storage_key, uploaded_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [
        file.sid,
        input.tenantSid,
        input.purpose,
        file.mediaType,
        file.sizeBytes,
        file.storageKey,
        input.uploadedBy,
        input.at,
      ],
    );
  }

  return {
    storage,
    /**
     * Writes the bytes, then the row in the caller's transaction. Should that transaction fail, the
     * caller removes storageKey (or uses files/removals.ts, which does it for them).
     */
    async save(tx: Queryable, input: StoredFileRow & { bytes: Buffer }): Promise<StoredFile> {
      const sid = newSid();
      const file: StoredFile = {
        sid,
        mediaType: input.mediaType,
        sizeBytes: input.bytes.length,
        checksum: createHash('sha256').update(input.bytes).digest('hex'),
        storageKey: storageKeyFor(input.tenantSid, sid),
      };
      await storage.put(file.storageKey, input.bytes, input.mediaType);
      await insertRow(tx, file, input);
      return file;
    },
    /** The row of a file already placed in the storage under storageKeyFor(tenant, sid). */
    async register(tx: Queryable, file: StoredFile, input: StoredFileRow): Promise<void> {
      await insertRow(tx, file, input);
    },
    /** The file if it belongs to the tenant (another tenant's sid reads as missing). */
    async read(
      tx: Queryable,
      tenantSid: string,
      sid: string,
      purpose: string,
    ): Promise<{ file: Omit<StoredFile, 'checksum'>; bytes: Buffer } | undefined> {
      const rows = await tx.query<{ media_type: string; size_bytes: number; storage_key: string }>(
        'SELECT media_type, size_bytes, storage_key FROM stored_file WHERE sid = $1 AND tenant_sid = $2 AND purpose = $3',
        [sid, tenantSid, purpose],
      );
      const row = rows[0];
      if (!row) return undefined;
      const bytes = await storage.read(row.storage_key);
      return {
        file: { sid, mediaType: row.media_type, sizeBytes: row.size_bytes, storageKey: row.storage_key },
        bytes,
      };
    },
  };
}

export type FileStore = ReturnType<typeof fileStore>;
