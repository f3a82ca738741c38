// Stored files in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, …) through its REST API signed with
// SigV4, using node's fetch: PUT, GET and DELETE of one object each, no SDK. Objects are named by the
// storage key alone ("tenant sid/file sid").
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createHash } from 'node:crypto';
import { EMPTY_PAYLOAD_HASH, signRequest } from './sigv4.js';
import { assertStorageKey, StoredFileMissing, type FileStorage } from './storage.js';

export interface S3Settings {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (https://host/bucket/key) rather than in the host name. */
  forcePathStyle: boolean;
}

const TIMEOUT_MS = 120_000;

export class S3RequestFailed extends Error {
  override name = 'S3RequestFailed';
  constructor(
    readonly method: string,
    readonly status: number,
  ) {
    super(`S3 ${method} answered ${status}`);
  }
}

export function s3Storage(settings: S3Settings, options: { fetch?: typeof fetch; now?: () => Date } = {}): FileStorage {
  const send = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const endpoint = new URL(settings.endpoint);

  function objectUrl(key: string): URL {
    const name = assertStorageKey(key);
    const base = endpoint.pathname.replace(/\/+$/, '');
    if (settings.forcePathStyle) return new URL(`${endpoint.origin}${base}/${settings.bucket}/${name}`);
    return new URL(`${endpoint.protocol}//${settings.bucket}.${endpoint.host}${base}/${name}`);
  }

  async function call(
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    body?: { bytes: Uint8Array; sha256: string; mediaType: string },
  ): Promise<Response> {
    const url = objectUrl(key);
    const headers = signRequest({
      method,
      url,
      headers: body ? { 'content-type': body.mediaType } : {},
      payloadHash: body?.sha256 ?? EMPTY_PAYLOAD_HASH,
      region: settings.region,
      service: 's3',
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      date: now(),
    });
    // Our bytes come from readFile or a Buffer, never a SharedArrayBuffer, which is what BodyInit rules out.
    const payload = body?.bytes as Uint8Array<ArrayBuffer> | undefined;
    return send(url, { method, headers, body: payload, signal: AbortSignal.timeout(TIMEOUT_MS) });
  }

  async function put(key: string, bytes: Uint8Array, sha256: string, mediaType: string): Promise<void> {
    const response = await call('PUT', key, { bytes, sha256, mediaType });
    await response.body?.cancel();
    if (!response.ok) throw new S3RequestFailed('PUT', response.status);
  }

  async function get(key: string): Promise<Response> {
    const response = await call('GET', key);
    if (response.ok) return response;
    await response.body?.cancel();
    if (response.status === 404) throw new StoredFileMissing(key);
    throw new S3RequestFailed('GET', response.status);
  }

  return {
    kind: 's3',
    put: (key, bytes, mediaType) => put(key, bytes, createHash('sha256').update(bytes).digest('hex'), mediaType),
    // Read whole (≤ 50 MB): a streamed PUT would need chunked signing, which S3-compatible servers
    // support unevenly, and the payload hash we already have signs a plain PUT.
    putFile: async (key, path, info) => put(key, await readFile(path), info.sha256, info.mediaType),
    async read(key) {
      return Buffer.from(await (await get(key)).arrayBuffer());
    },
    async stream(key) {
      const response = await get(key);
      if (!response.body) return Readable.from([]);
      return Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>);
    },
    async delete(key) {
      const response = await call('DELETE', key);
      await response.body?.cancel();
      // 404: already gone, which is what a retried removal wants.
      if (!response.ok && response.status !== 404) throw new S3RequestFailed('DELETE', response.status);
    },
  };
}
