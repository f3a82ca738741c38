// Stored files on local disk: DATA_DIR/files/<tenant sid>/<file sid>, outside the web root. Written to a
// temporary name and renamed, so a crash never leaves a half file under the real name.
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertStorageKey, StoredFileMissing, type FileStorage } from './storage.js';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

export function localStorage(dataDir: string): FileStorage {
  const root = path.resolve(dataDir, 'files');
  // Keys are checked to be "sid/sid", so the joined path always stays under root.
  const location = (key: string) => path.join(root, ...assertStorageKey(key).split('/'));

  async function place(key: string, write: (temporary: string) => Promise<void>): Promise<void> {
    const target = location(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.part`;
    try {
      await write(temporary);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  return {
    kind: 'local',
    put: (key, bytes) => place(key, (temporary) => writeFile(temporary, bytes)),
    putFile: (key, source) => place(key, (temporary) => copyFile(source, temporary)),
    async read(key) {
      try {
        return await readFile(location(key));
      } catch (error) {
        if (isMissing(error)) throw new StoredFileMissing(key);
        throw error;
      }
    },
    async stream(key): Promise<Readable> {
      const file = location(key);
      // Checked first: a stream's open error would only surface after the answer's headers went out.
      try {
        await stat(file);
      } catch (error) {
        if (isMissing(error)) throw new StoredFileMissing(key);
        throw error;
      }
      return createReadStream(file);
    },
    async delete(key) {
      await rm(location(key), { force: true });
    },
  };
}
