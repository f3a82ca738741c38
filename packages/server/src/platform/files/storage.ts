// Where stored files' bytes live, behind one interface (local disk or an S3-compatible bucket, chosen in
// storage-settings.ts). Keys are made by us from tenant and file sid ("T/S"); nothing a user typed ever
// becomes part of a path or object name.
import type { Readable } from 'node:stream';

export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Stores bytes under a fresh key. */
  put(key: string, bytes: Uint8Array, mediaType: string): Promise<void>;
  /** Stores a local file (a staged upload, left in place) whose size and SHA-256 are known. */
  putFile(key: string, path: string, info: { sizeBytes: number; sha256: string; mediaType: string }): Promise<void>;
  /** The whole file; throws StoredFileMissing when it is not there. */
  read(key: string): Promise<Buffer>;
  /** The file as a stream (downloads); throws StoredFileMissing when it is not there. */
  stream(key: string): Promise<Readable>;
  /** Removes the file; a missing one is no error, as removals are retried after a crash. */
  delete(key: string): Promise<void>;
}

export class StoredFileMissing extends Error {
  override name = 'StoredFileMissing';
  constructor(readonly key: string) {
    super(`stored file ${key} is missing`);
  }
}

// Letters and digits only (sids are 16 of them): no dots, slashes or separators can sneak in.
const KEY = /^[0-9A-Za-z]{1,64}\/[0-9A-Za-z]{1,64}$/;

export function storageKeyFor(tenantSid: string, fileSid: string): string {
  return assertStorageKey(`${tenantSid}/${fileSid}`);
}

/** Every key reaching a storage passes here: two sids and a slash, nothing else. */
export function assertStorageKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a storage key: ${JSON.stringify(key.slice(0, 80))}`);
  return key;
}
