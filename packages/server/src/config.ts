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
  /** Public address of the app for links in e-mails (never taken from the Host header). */
  publicUrl: string | undefined;
  /** Default outgoing mail server (smtp://user:pass@host:port) for tenants without their own. */
  smtpUrl: string | undefined;
  /** Sender address for mail sent through smtpUrl. */
  mailFrom: string;
  /** Tenants' mail servers may be internal addresses (loopback, private, link-local); off by default. */
  smtpAllowInternalHosts: boolean;
  rsaKeyBits: 2048 | 3072 | 4096;
  /** Days a sign-in envelope key is handed out before a new one replaces it (the previous one still opens). */
  rsaKeyRotationDays: number;
  /** Lifetime of an access token; sessions last while used (idle limit) up to a maximum. */
  accessTokenMinutes: number;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  resetLinkMinutes: number;
  /** Signs access tokens; generated into DATA_DIR/secrets.json (mode 0600) when unset (not allowed in prod). */
  jwtSecret: string | undefined;
  /** Encrypts stored secrets such as tenants' mail passwords; same rule as jwtSecret. */
  masterKey: string | undefined;
  /** Sign-in attempts per client address and minute. */
  loginRateLimit: number;
  /** Password reset mails requested per client address and 15 minutes. */
  resetRateLimit: number;
  /** Rows a substring search walks in the page's order before collecting every match (platform/models/search.ts). */
  searchWalkRows: number;
  /** Other sites allowed to make state-changing calls (e.g. the Vite dev server). */
  allowedOrigins: string[];
  /** Time zone of relative dates in queries (WITHIN TODAY …). */
  timeZone: string;
  /** Imports this server runs at once (0: it runs none and leaves them to other servers). */
  importConcurrency: number;
  /** Imports of one tenant running at once across all servers. */
  importTenantConcurrency: number;
  /** Serve the OpenAPI description and its browsable page at /docs (off by default in prod). */
  apiDocs: boolean;
  /** Bearer token of the platform operator API (creating tenants); unset: that API is off. */
  operatorToken: string | undefined;
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
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .transform((v) => v?.replace(/\/+$/, '')),
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
    .refine((v) => v === undefined || /^smtps?:\/\//.test(v), 'must start with smtp:// or smtps://'),
  MAIL_FROM: z
    .string()
    .email()
    .default('IPDesk <no-reply@ipdesk.local>')
    .or(z.string().regex(/^[^<>]+<[^<>@\s]+@[^<>\s]+>$/)),
  SMTP_ALLOW_INTERNAL_HOSTS: z.enum(['true', 'false', '1', '0']).optional(),
  RSA_KEY_BITS: z.enum(['2048', '3072', '4096']).default('2048'),
  RSA_KEY_ROTATION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(15).default(15),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(30),
  SESSION_MAX_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  RESET_LINK_MINUTES: z.coerce.number().int().min(5).max(30).default(30),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  MASTER_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  OPERATOR_TOKEN: z
    .string()
    .optional()
    .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
    .refine((v) => v === undefined || v.length >= 32, 'must be at least 32 characters'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
  RESET_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(5),
  SEARCH_WALK_ROWS: z.coerce.number().int().min(0).max(1_000_000).default(2000),
  IMPORT_CONCURRENCY: z.coerce.number().int().min(0).max(16).default(2),
  IMPORT_TENANT_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  TIME_ZONE: z
    .string()
    .default('Asia/Shanghai')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as Asia/Shanghai'),
  API_DOCS: z.enum(['on', 'off']).optional(),
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.every((o) => /^https?:\/\/[^/\s]+$/.test(o)),
      'must be a comma-separated list of origins such as http://localhost:5173',
    ),
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
  if (environment === 'prod') {
    // Production never runs on generated or development defaults (SECURITY.md, secrets).
    const missing = (['JWT_SECRET', 'MASTER_KEY', 'PUBLIC_URL'] as const).filter((name) => !values[name]);
    if (missing.length) throw new ConfigError(missing.map((name) => `${name}: required when APP_ENV is prod`));
    if (values.LOG_LEVEL === 'debug' || values.LOG_LEVEL === 'trace') {
      throw new ConfigError(['LOG_LEVEL: debug and trace are not allowed when APP_ENV is prod']);
    }
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
    publicUrl: values.PUBLIC_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    smtpAllowInternalHosts: values.SMTP_ALLOW_INTERNAL_HOSTS === 'true' || values.SMTP_ALLOW_INTERNAL_HOSTS === '1',
    rsaKeyBits: Number(values.RSA_KEY_BITS) as Config['rsaKeyBits'],
    rsaKeyRotationDays: values.RSA_KEY_ROTATION_DAYS,
    accessTokenMinutes: values.ACCESS_TOKEN_MINUTES,
    sessionIdleMinutes: values.SESSION_IDLE_MINUTES,
    sessionMaxHours: values.SESSION_MAX_HOURS,
    resetLinkMinutes: values.RESET_LINK_MINUTES,
    jwtSecret: values.JWT_SECRET,
    masterKey: values.MASTER_KEY,
    loginRateLimit: values.LOGIN_RATE_LIMIT,
    resetRateLimit: values.RESET_RATE_LIMIT,
    searchWalkRows: values.SEARCH_WALK_ROWS,
    importConcurrency: values.IMPORT_CONCURRENCY,
    importTenantConcurrency: values.IMPORT_TENANT_CONCURRENCY,
    allowedOrigins: values.ALLOWED_ORIGINS,
    timeZone: values.TIME_ZONE,
    // The API description maps every route and field for an attacker too: production opts in.
    apiDocs: values.API_DOCS ? values.API_DOCS === 'on' : environment !== 'prod',
    operatorToken: values.OPERATOR_TOKEN,
  };
}
