// File storage: keys that can never become other paths, local disk, the S3-compatible storage against a
// small in-process S3 (checking every request's SigV4 signature), the signer against AWS's published
// example, settings from the environment, and removal after commit / draining after a crash.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/database.js';
import { localStorage } from './local-storage.js';
import { drainFileRemovals, queueFileRemovals, removeStoredFiles, writeFileWithRows } from './removals.js';
import { s3Storage } from './s3-storage.js';
import { EMPTY_PAYLOAD_HASH, signRequest } from './sigv4.js';
import { storageSettings } from './storage-settings.js';
import { assertStorageKey, StoredFileMissing, storageKeyFor, type FileStorage } from './storage.js';

const KEY = storageKeyFor('TenantAAAAAAAAA1', 'FileAAAAAAAAAAA1');
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('storage keys', () => {
  it('are two sids and a slash, nothing else', () => {
    expect(KEY).toBe('TenantAAAAAAAAA1/FileAAAAAAAAAAA1');
    for (const bad of ['../etc/passwd', 'a/b/c', 'a/..', '/abs/x', 'a\\b/c', 'a/b.pdf', 'a/', ''])
      expect(() => assertStorageKey(bad), bad).toThrow();
  });
});

/** put, putFile, read, stream, delete: the same behaviour from every storage. */
async function exercise(storage: FileStorage, scratch: string): Promise<void> {
  const bytes = Buffer.from('%PDF-1.4 content');
  await storage.put(KEY, bytes, 'application/pdf');
  expect((await storage.read(KEY)).equals(bytes)).toBe(true);
  expect(await text(await storage.stream(KEY))).toBe('%PDF-1.4 content');
  const staged = path.join(scratch, 'staged.upload');
  const other = Buffer.from('second file');
  writeFileSync(staged, other);
  const second = storageKeyFor('TenantAAAAAAAAA1', 'FileBBBBBBBBBBB2');
  await storage.putFile(second, staged, { sizeBytes: other.length, sha256: sha(other), mediaType: 'text/plain' });
  expect(existsSync(staged)).toBe(true);
  expect((await storage.read(second)).toString()).toBe('second file');
  await storage.delete(KEY);
  await storage.delete(KEY); // Already gone: no error.
  await expect(storage.read(KEY)).rejects.toBeInstanceOf(StoredFileMissing);
  await expect(storage.stream(KEY)).rejects.toBeInstanceOf(StoredFileMissing);
}

describe('local disk storage', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ipdesk-storage-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stores under DATA_DIR/files/<tenant>/<sid>', async () => {
    const storage = localStorage(dataDir);
    await storage.put(KEY, Buffer.from('x'), 'text/plain');
    expect(existsSync(path.join(dataDir, 'files', 'TenantAAAAAAAAA1', 'FileAAAAAAAAAAA1'))).toBe(true);
    await exercise(storage, dataDir);
  });
});

describe('SigV4', () => {
  it("matches AWS's GET Object example (S3 API reference, header-based auth)", () => {
    const headers = signRequest({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadHash: EMPTY_PAYLOAD_HASH,
      region: 'us-east-1',
      service: 's3',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

describe('S3-compatible storage', () => {
  const objects = new Map<string, Buffer>();
  const refused: string[] = [];
  const credentials = { accessKeyId: 'test-key', secretAccessKey: 'test-secret' };
  let server: Server;
  let endpoint: string;
  const scratch = mkdtempSync(path.join(tmpdir(), 'ipdesk-s3-'));

  /** Recomputes the signature from what arrived, as a real S3 does. */
  function validSignature(request: IncomingMessage, body: Buffer): boolean {
    const received = String(request.headers.authorization ?? '');
    const signed = /SignedHeaders=([^,]+)/.exec(received)?.[1]?.split(';') ?? [];
    const headers: Record<string, string> = {};
    for (const name of signed)
      if (name !== 'host' && !name.startsWith('x-amz-')) headers[name] = String(request.headers[name]);
    const payloadHash = String(request.headers['x-amz-content-sha256']);
    if (body.length && payloadHash !== sha(body)) return false;
    const stamp = String(request.headers['x-amz-date']);
    const date = new Date(
      `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`,
    );
    const expected = signRequest({
      method: request.method ?? '',
      url: new URL(`http://${request.headers.host}${request.url}`),
      headers,
      payloadHash,
      region: 'eu-test-1',
      service: 's3',
      ...credentials,
      date,
    });
    return expected.authorization === received;
  }

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        if (!validSignature(request, body)) {
          refused.push(`${request.method} ${request.url}`);
          response.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
          return;
        }
        const name = request.url ?? '';
        if (request.method === 'PUT') {
          objects.set(name, body);
          response.writeHead(200).end();
        } else if (request.method === 'GET') {
          const found = objects.get(name);
          if (found) response.writeHead(200, { 'content-length': found.length }).end(found);
          else response.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        } else if (request.method === 'DELETE') {
          objects.delete(name);
          response.writeHead(204).end();
        } else response.writeHead(405).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(scratch, { recursive: true, force: true });
  });

  it('puts, reads, streams and deletes signed objects in the bucket (path style)', async () => {
    const storage = s3Storage({
      endpoint,
      region: 'eu-test-1',
      bucket: 'ipdesk-files',
      forcePathStyle: true,
      ...credentials,
    });
    await exercise(storage, scratch);
    expect([...objects.keys()]).toEqual(['/ipdesk-files/TenantAAAAAAAAA1/FileBBBBBBBBBBB2']);
    expect(refused).toEqual([]);
  });

  it('fails loudly with wrong credentials', async () => {
    const storage = s3Storage({
      endpoint,
      region: 'eu-test-1',
      bucket: 'ipdesk-files',
      forcePathStyle: true,
      accessKeyId: 'test-key',
      secretAccessKey: 'wrong',
    });
    await expect(storage.put(KEY, Buffer.from('x'), 'text/plain')).rejects.toThrow(/403/);
  });

  it('is chosen by FILE_STORAGE=s3, with a message naming what is missing', () => {
    expect(storageSettings('/data', {})).toEqual({ kind: 'local', dataDir: '/data' });
    expect(
      storageSettings('/data', {
        FILE_STORAGE: 's3',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_BUCKET: 'ipdesk',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      }),
    ).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'ipdesk',
      accessKeyId: 'k',
      secretAccessKey: 's',
      forcePathStyle: true,
    });
    expect(() => storageSettings('/data', { FILE_STORAGE: 's3', S3_ENDPOINT: 'http://x' })).toThrow(/S3_BUCKET/);
    expect(() => storageSettings('/data', { FILE_STORAGE: 'ftp' })).toThrow(/FILE_STORAGE/);
  });
});

describe('file removals', () => {
  let database: TestDatabase;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ipdesk-removals-'));
  const storage = localStorage(dataDir);
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const queued = async () =>
    (await database.db.query<{ storage_key: string }>('SELECT storage_key FROM file_removal ORDER BY 1')).map(
      (r) => r.storage_key,
    );

  it('removes a written file when its rows fail to commit, and keeps it when they commit', async () => {
    const failing = storageKeyFor('TenantAAAAAAAAA1', 'FailAAAAAAAAAAA1');
    await expect(
      writeFileWithRows(
        database.db,
        storage,
        { key: failing, at: new Date(), write: () => storage.put(failing, Buffer.from('x'), 'text/plain') },
        async (tx) => {
          await tx.query('SELECT 1');
          throw new Error('rows refused');
        },
      ),
    ).rejects.toThrow('rows refused');
    await expect(storage.read(failing)).rejects.toBeInstanceOf(StoredFileMissing);
    const kept = storageKeyFor('TenantAAAAAAAAA1', 'KeptAAAAAAAAAAA1');
    await writeFileWithRows(
      database.db,
      storage,
      { key: kept, at: new Date(), write: () => storage.put(kept, Buffer.from('y'), 'text/plain') },
      async () => undefined,
    );
    expect((await storage.read(kept)).toString()).toBe('y');
    expect(await queued()).toEqual([]);
  });

  it('drains removals a crash left queued, but not fresh ones', async () => {
    const old = storageKeyFor('TenantAAAAAAAAA1', 'OrphanAAAAAAAAA1');
    const fresh = storageKeyFor('TenantAAAAAAAAA1', 'FreshAAAAAAAAAA1');
    await storage.put(old, Buffer.from('o'), 'text/plain');
    await storage.put(fresh, Buffer.from('f'), 'text/plain');
    const now = new Date('2026-11-21T08:00:00Z');
    await queueFileRemovals(database.db, [old], new Date(now.getTime() - 60 * 60_000));
    await queueFileRemovals(database.db, [fresh], now);
    expect(await drainFileRemovals(database.db, storage, { now })).toEqual({ removed: [old], failed: [] });
    await expect(storage.read(old)).rejects.toBeInstanceOf(StoredFileMissing);
    expect((await storage.read(fresh)).toString()).toBe('f');
    expect(await queued()).toEqual([fresh]);
    expect(await removeStoredFiles(database.db, storage, [fresh])).toEqual({ removed: [fresh], failed: [] });
    expect(await queued()).toEqual([]);
  });
});
