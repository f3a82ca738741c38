// Configuration from environment variables, validated once at start. A bad value stops the start
// with a message naming the variable, rather than failing later in a confusing way.
import path from 'node:path';
import { DEFAULT_BASE_PATH, resolveEnvironment, type Environment } from '@ipdesk/core';
import { z } from 'zod';

export interface Config {
  port: number;
  host: string;
  /** Where the web app is served, always with leading and trailing slash, e.g. "/ip/". */
  basePath: string;
  /** PGlite data and uploaded files live here. */
  dataDir: string;
  /** Unset: embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  environment: Environment;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Built web app; served when the folder exists. */
  webDistDir: string;
  /** Behind a reverse proxy: trust X-Forwarded-* for the client address. */
  trustProxy: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

const basePathPattern = /^\/([A-Za-z0-9._~-]+\/)*$/;

/** "/ip", "ip/", "/ip/" → "/ip/"; "/" stays "/". */
export function normaliseBasePath(raw: string): string {
  const trimmed = raw.trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}/`;
}

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  BASE_PATH: z
    .string()
    .default(DEFAULT_BASE_PATH)
    .transform(normaliseBasePath)
    .refine((v) => basePathPattern.test(v), 'must be a path such as /ip/ (letters, digits, . _ ~ -)'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://'),
  APP_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).optional(),
});

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const values = parsed.data;
  const environment = resolveEnvironment(values.APP_ENV);
  if (!environment) {
    throw new ConfigError([`APP_ENV: unknown environment "${values.APP_ENV}" (ci, qa, sit, hotfix, prod)`]);
  }
  return {
    port: values.PORT,
    host: values.HOST,
    basePath: values.BASE_PATH,
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    environment,
    logLevel: values.LOG_LEVEL ?? 'info',
    webDistDir: values.WEB_DIST_DIR ? path.resolve(values.WEB_DIST_DIR) : defaultWebDist,
    trustProxy: values.TRUST_PROXY === 'true' || values.TRUST_PROXY === '1',
  };
}
