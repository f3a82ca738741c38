// Creating a tenant: the one way a tenant comes to be (operator command, operator API, the first-start
// demo seed and the tests' fixtures). In one transaction: the tenant, its root company, its first
// administrator (an initial password shown once, changed at first sign-in) and the default roles; the
// default menus follow on the tenant's first menu read (menus/seed.ts). Creations are serialised by a
// table lock so two at once cannot both take a free name.
import {
  AppError,
  codeFromName,
  newSid,
  normaliseTenantInput,
  tenantInputIssues,
  translate,
  type CoreDomain,
  type FieldIssue,
  type NewTenantInput,
  type NormalisedTenantInput,
} from '@ipdesk/core';
import type { Database, Queryable } from '../../db/database.js';
import { violatedIndex } from '../../db/unique-violation.js';
import { seedDefaultRoles } from '../../seed/default-roles.js';
import { audit } from '../accounts/context.js';
import { hashPassword } from '../accounts/password-hash.js';
import { createCompany, insertUserAccount } from '../accounts/provision.js';
import { DEFAULT_SECURITY } from '../accounts/security-policy.js';
import { initialPassword } from '../../domains/people/initial-password.js';

export interface TenantCreation extends NewTenantInput {
  /** The root company's name; default the tenant's Chinese name. */
  companyName?: string;
  /** Sub-companies under the root, by name. */
  subCompanies?: readonly string[];
  /** The first-start demo tenant. */
  isDemo?: boolean;
}

export interface CreatedTenant {
  sid: string;
  code: string;
  nameZh: string;
  nameEn: string;
  /** The root company's sid is the tenant's; the sub-companies' in the order given. */
  subCompanies: string[];
  /** The initial password is in no table in clear: this answer is the only place it is ever shown. */
  admin: { sid: string; account: string; password: string };
}

export interface CreateTenantOptions {
  at: Date;
  requestId?: string;
  /** Whose default-role grants the tenant starts with (default: the product's domains). */
  domains?: readonly CoreDomain[];
}

/** Throws 500001 with every problem on its field, in the order of the fields. */
function refuse(issues: FieldIssue[]): never {
  throw new AppError('validation', { issues });
}

async function takenIssues(tx: Queryable, input: NormalisedTenantInput): Promise<FieldIssue[]> {
  const rows = await tx.query<{ what: string }>(
    `SELECT 'code' AS what FROM tenant WHERE $1::text IS NOT NULL AND code = $1
     UNION ALL SELECT 'name_zh' FROM tenant WHERE lower(name_zh) = lower($2)
     UNION ALL SELECT 'name_en' FROM tenant WHERE lower(name_en) = lower($3)
     UNION ALL SELECT 'account' FROM user_account WHERE lower(account) = lower($4)
     UNION ALL SELECT 'email' FROM user_account WHERE $5::text IS NOT NULL AND lower(email) = lower($5)`,
    [input.code ?? null, input.nameZh, input.nameEn, input.admin.account, input.admin.email ?? null],
  );
  const hit = new Set(rows.map((r) => r.what));
  const issues: FieldIssue[] = [];
  if (hit.has('code'))
    issues.push({
      field: 'code',
      labelKey: 'field.tenantCode',
      messageKey: 'validation.tenantCodeTaken',
      params: { value: input.code! },
    });
  if (hit.has('name_zh'))
    issues.push({
      field: 'name_zh',
      labelKey: 'field.tenantNameZh',
      messageKey: 'validation.tenantNameTaken',
      params: { value: input.nameZh },
    });
  // An English name left out is the Chinese one: the Chinese name's message says it already.
  if (hit.has('name_en') && !(hit.has('name_zh') && input.nameEn === input.nameZh))
    issues.push({
      field: 'name_en',
      labelKey: 'field.tenantNameEn',
      messageKey: 'validation.tenantNameTaken',
      params: { value: input.nameEn },
    });
  if (hit.has('account'))
    issues.push({
      field: 'admin_account',
      labelKey: 'field.adminAccount',
      messageKey: 'validation.adminAccountTaken',
      params: { value: input.admin.account },
    });
  if (hit.has('email'))
    issues.push({
      field: 'admin_email',
      labelKey: 'field.adminEmail',
      messageKey: 'validation.adminEmailTaken',
      params: { value: input.admin.email! },
    });
  return issues;
}

/** The given code, else one from the English name when free, else a generated one. */
async function chooseCode(tx: Queryable, input: NormalisedTenantInput, sid: string): Promise<string> {
  if (input.code) return input.code;
  const fromName = codeFromName(input.nameEn);
  if (fromName) {
    const used = await tx.query('SELECT 1 FROM tenant WHERE code = $1', [fromName]);
    if (used.length === 0) return fromName;
  }
  return `t${sid.toLowerCase()}`;
}

export async function createTenant(
  db: Database,
  request: TenantCreation,
  options: CreateTenantOptions,
): Promise<CreatedTenant> {
  return (await createTenantUnless(db, request, options, async () => false))!;
}

/** The demo seed's way: creates the tenant only when the database has none yet (null otherwise). */
export function createFirstTenant(
  db: Database,
  request: TenantCreation,
  options: CreateTenantOptions,
): Promise<CreatedTenant | null> {
  return createTenantUnless(db, request, options, async (tx) => {
    const any = await tx.query('SELECT 1 FROM tenant LIMIT 1');
    return any.length > 0;
  });
}

async function createTenantUnless(
  db: Database,
  request: TenantCreation,
  options: CreateTenantOptions,
  skip: (tx: Queryable) => Promise<boolean>,
): Promise<CreatedTenant | null> {
  const input = normaliseTenantInput(request);
  const issues = tenantInputIssues(input);
  if (issues.length > 0) refuse(issues);
  const password = initialPassword(DEFAULT_SECURITY.passwordPolicy);
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      // Serialises tenant creations (and the demo seed): the checks below hold until the commit.
      await tx.query('LOCK TABLE tenant IN SHARE ROW EXCLUSIVE MODE');
      if (await skip(tx)) return null;
      const taken = await takenIssues(tx, input);
      if (taken.length > 0) refuse(taken);
      const sid = newSid();
      const code = await chooseCode(tx, input, sid);
      await tx.query(
        'INSERT INTO tenant (sid, code, name_zh, name_en, is_demo, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)',
        [sid, code, input.nameZh, input.nameEn, request.isDemo ?? false, options.at],
      );
      await createCompany(tx, { tenantSid: sid, sid, name: request.companyName?.trim() || input.nameZh });
      const subCompanies: string[] = [];
      for (const name of request.subCompanies ?? [])
        subCompanies.push((await createCompany(tx, { tenantSid: sid, parentSid: sid, name })).sid);
      // The default display name is kept in both languages, so an English viewer sees it in English.
      const admin = await insertUserAccount(
        tx,
        {
          tenantSid: sid,
          account: input.admin.account,
          password,
          name: input.admin.name ?? translate('zh-CN', 'tenant.adminDisplayName'),
          englishName: input.admin.name ?? translate('en', 'tenant.adminDisplayName'),
          email: input.admin.email,
          isTenantAdmin: true,
          mustChangePassword: true,
          passwordChangedAt: options.at,
        },
        passwordHash,
      );
      await seedDefaultRoles(tx, sid, options.domains);
      await audit(tx, {
        tenantSid: sid,
        actorSid: null,
        action: 'tenant.created',
        detail: { code, name_zh: input.nameZh, name_en: input.nameEn, admin: input.admin.account },
        requestId: options.requestId,
        at: options.at,
      });
      return {
        sid,
        code,
        nameZh: input.nameZh,
        nameEn: input.nameEn,
        subCompanies,
        admin: { sid: admin.sid, account: input.admin.account, password },
      };
    });
  } catch (error) {
    // A user account created elsewhere between the check and the insert (the lock covers tenants only).
    const index = violatedIndex(error, ['user_account_account_idx', 'user_account_email_idx']);
    if (index === 'user_account_account_idx')
      refuse([
        {
          field: 'admin_account',
          labelKey: 'field.adminAccount',
          messageKey: 'validation.adminAccountTaken',
          params: { value: input.admin.account },
        },
      ]);
    if (index === 'user_account_email_idx')
      refuse([
        {
          field: 'admin_email',
          labelKey: 'field.adminEmail',
          messageKey: 'validation.adminEmailTaken',
          params: { value: input.admin.email ?? '' },
        },
      ]);
    throw error;
  }
}
