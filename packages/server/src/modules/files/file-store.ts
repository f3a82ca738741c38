// Files on local disk under DATA_DIR/files, named by random sid (never by the uploaded name), one
// folder per tenant; the stored_file row says who may read it.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { newSid } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';

export interface StoredFile {
  sid: string;
  mediaType: string;
  sizeBytes: number;
}

export function fileStore(dataDir: string) {
  const root = path.join(dataDir, 'files');
  const location = (tenantSid: string, sid: string) => path.join(root, tenantSid, sid);
  return {
    async save(
      tx: Queryable,
      input: { tenantSid: string; purpose: string; mediaType: string; bytes: Buffer; uploadedBy: string; at: Date },
    ): Promise<StoredFile> {
      const sid = newSid();
      const target = location(input.tenantSid, sid);
      await mkdir(path.dirname(target), { recursive: true });
      // Written to a temporary name first, so a crash never leaves a half file under the real name.
      await writeFile(`${target}.part`, input.bytes);
      await rename(`${target}.part`, target);
      await tx.query(
        'INSERT INTO stored_file (sid, tenant_sid, purpose, media_type, size_bytes, storage_key, uploaded_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [
          sid,
          input.tenantSid,
          input.purpose,
          input.mediaType,
          input.bytes.length,
          `${input.tenantSid}/${sid}`,
          input.uploadedBy,
          input.at,
        ],
      );
      return { sid, mediaType: input.mediaType, sizeBytes: input.bytes.length };
    },
    /** The file if it belongs to the tenant (another tenant's sid reads as missing). */
    async read(
      tx: Queryable,
      tenantSid: string,
      sid: string,
      purpose: string,
    ): Promise<{ file: StoredFile; bytes: Buffer } | undefined> {
      const rows = await tx.query<{ media_type: string; size_bytes: number }>(
        'SELECT media_type, size_bytes FROM stored_file WHERE sid = $1 AND tenant_sid = $2 AND purpose = $3',
        [sid, tenantSid, purpose],
      );
      const row = rows[0];
      if (!row) return undefined;
      const bytes = await readFile(location(tenantSid, sid));
      return { file: { sid, mediaType: row.media_type, sizeBytes: row.size_bytes }, bytes };
    },
  };
}

export type FileStore = ReturnType<typeof fileStore>;
