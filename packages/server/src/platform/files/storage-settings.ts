// Which file storage the app uses, from the environment: local disk under DATA_DIR/files by default, an
// S3-compatible bucket when FILE_STORAGE=s3 (with S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, …).
import { z } from 'zod';
import type { Config } from '../../config.js';
import { localStorage } from './local-storage.js';
import { s3Storage, type S3Settings } from './s3-storage.js';
import type { FileStorage } from './storage.js';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === undefined || v === 'true' || v === '1');
const required = (name: string) => z.string({ error: `${name} is required when FILE_STORAGE=s3` }).min(1);

const settingsSchema = z.discriminatedUnion('FILE_STORAGE', [
  z.object({ FILE_STORAGE: z.literal('local') }),
  z.object({
    FILE_STORAGE: z.literal('s3'),
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_BUCKET: required('S3_BUCKET').regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name'),
    S3_ACCESS_KEY_ID: required('S3_ACCESS_KEY_ID'),
    S3_SECRET_ACCESS_KEY: required('S3_SECRET_ACCESS_KEY'),
    // MinIO and most S3-compatible servers address buckets by path; AWS prefers virtual hosts.
    S3_FORCE_PATH_STYLE: flag,
  }),
]);

export type StorageSettings = { kind: 'local'; dataDir: string } | ({ kind: 's3' } & S3Settings);

/**
 * The storage settings from the environment, checked once at start; a bad value stops the start with a
 * message naming the variable (as config.ts does for the rest).
 */
export function storageSettings(dataDir: string, env: NodeJS.ProcessEnv = process.env): StorageSettings {
  const parsed = settingsSchema.safeParse({ ...env, FILE_STORAGE: env.FILE_STORAGE?.trim() || 'local' });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'FILE_STORAGE'}: ${issue.message}`);
    throw new Error(`Invalid file storage configuration:\n  ${problems.join('\n  ')}`);
  }
  const value = parsed.data;
  if (value.FILE_STORAGE === 'local') return { kind: 'local', dataDir };
  return {
    kind: 's3',
    endpoint: value.S3_ENDPOINT.replace(/\/+$/, ''),
    region: value.S3_REGION,
    bucket: value.S3_BUCKET,
    accessKeyId: value.S3_ACCESS_KEY_ID,
    secretAccessKey: value.S3_SECRET_ACCESS_KEY,
    forcePathStyle: value.S3_FORCE_PATH_STYLE,
  };
}

export function createFileStorage(settings: StorageSettings): FileStorage {
  return settings.kind === 'local' ? localStorage(settings.dataDir) : s3Storage(settings);
}

const byConfig = new WeakMap<Config, FileStorage>();

/** The one storage of a running app (routes and hooks share it). */
export function fileStorageFor(config: Config, env: NodeJS.ProcessEnv = process.env): FileStorage {
  let storage = byConfig.get(config);
  if (!storage) {
    storage = createFileStorage(storageSettings(config.dataDir, env));
    byConfig.set(config, storage);
  }
  return storage;
}
