// Uploads are streamed to a temporary file under DATA_DIR/tmp while their size and SHA-256 are counted,
// never held whole in memory; the content checks then read what they need of it by offset (ByteSource).
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { newSid } from '@ipdesk/core';

/** Random access to a file's bytes, for content sniffing without reading it whole. */
export interface ByteSource {
  readonly size: number;
  /** Up to length bytes from offset (fewer at the end). */
  read(offset: number, length: number): Promise<Uint8Array>;
}

export function bufferSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(Math.max(0, offset), Math.max(0, offset + length)),
  };
}

export interface StagedFile {
  path: string;
  sizeBytes: number;
  /** Hex SHA-256 of the content. */
  sha256: string;
  /** The stream stopped at its size limit: the file is incomplete and must be refused. */
  truncated: boolean;
  /** Random access for the content checks; closed by dispose(). */
  source(): Promise<ByteSource>;
  /** Removes the temporary file (idempotent). */
  dispose(): Promise<void>;
}

/**
 * Writes the stream to a fresh temporary file. `truncated` tells whether the producer cut it at its
 * limit (busboy sets stream.truncated); the bytes written are all there were until then.
 */
export async function stageStream(dataDir: string, stream: Readable & { truncated?: boolean }): Promise<StagedFile> {
  const directory = path.resolve(dataDir, 'tmp', 'uploads');
  await mkdir(directory, { recursive: true });
  const target = path.join(directory, `${newSid()}.upload`);
  const hash = createHash('sha256');
  let sizeBytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      sizeBytes += chunk.length;
      done(null, chunk);
    },
  });
  const handles: Array<{ close(): Promise<void> }> = [];
  const dispose = async () => {
    await Promise.all(handles.splice(0).map((h) => h.close().catch(() => undefined)));
    await rm(target, { force: true });
  };
  try {
    await pipeline(stream, counter, createWriteStream(target));
  } catch (error) {
    await dispose();
    throw error;
  }
  return {
    path: target,
    sizeBytes,
    sha256: hash.digest('hex'),
    truncated: Boolean(stream.truncated),
    async source() {
      const handle = await open(target, 'r');
      handles.push(handle);
      return {
        size: sizeBytes,
        async read(offset, length) {
          const start = Math.max(0, offset);
          const wanted = Math.max(0, Math.min(length, sizeBytes - start));
          const buffer = Buffer.alloc(wanted);
          const { bytesRead } = await handle.read(buffer, 0, wanted, start);
          return buffer.subarray(0, bytesRead);
        },
      };
    },
    dispose,
  };
}
