// Operator command: `npm run tenant:create -- --name 华科知识产权 --name-en "Huake IP" --admin huake-admin`.
// Creates a tenant with its default roles and first administrator through the same command as the
// operator API and the demo seed, and prints the administrator's initial password once. Messages follow
// LANG (zh… → Chinese, else English). With the embedded database (no DATABASE_URL), stop the server
// first: one data directory serves one process.
import { parseArgs } from 'node:util';
import { AppError, errorMessage, matchLanguage, translate, type Language } from '@ipdesk/core';
import { ConfigError, loadConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { openDatabase } from '../db/open.js';
import { createTenant } from '../modules/tenants/create-tenant.js';

const OPTIONS = {
  name: { type: 'string' },
  'name-en': { type: 'string' },
  admin: { type: 'string' },
  'admin-name': { type: 'string' },
  'admin-email': { type: 'string' },
  code: { type: 'string' },
  company: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

/**
 * Runs the command; answers the process exit code (0 created, 1 refused or failed, 2 usage). The database
 * is the configured one, opened and migrated here, unless one already open is given (then left open).
 */
export async function runTenantCreate(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  io: CliOutput,
  openDb?: Database,
): Promise<number> {
  const language: Language = matchLanguage(env.LC_ALL || env.LANG) ?? 'en';
  const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) =>
    translate(language, key, params);
  let values;
  try {
    values = parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    io.err(t('tenant.usage'));
    return 2;
  }
  if (values.help || values.name === undefined || values.admin === undefined) {
    io.err(t('tenant.usage'));
    return values.help ? 0 : 2;
  }
  let db = openDb;
  if (!db) {
    try {
      db = await openDatabase(loadConfig(env));
    } catch (error) {
      io.err(error instanceof ConfigError ? error.message : String(error));
      return 1;
    }
  }
  try {
    if (!openDb) await migrate(db);
    const created = await createTenant(
      db,
      {
        code: values.code,
        nameZh: values.name,
        nameEn: values['name-en'],
        companyName: values.company,
        admin: { account: values.admin, name: values['admin-name'], email: values['admin-email'] },
      },
      { at: new Date() },
    );
    io.out(t('tenant.created', { name: `${created.nameZh} / ${created.nameEn}`, code: created.code }));
    io.out(t('tenant.adminSignIn', { account: created.admin.account, password: created.admin.password }));
    io.out(t('tenant.passwordOnce'));
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    io.err(t('tenant.failed'));
    const fields = error.fieldsIn((key, params) => translate(language, key, params));
    if (fields.length === 0) io.err(`  ${errorMessage(error, language)}`);
    for (const field of fields) io.err(`  ${field.label}: ${field.message}`);
    return 1;
  } finally {
    if (!openDb) await db.close();
  }
}
