// Rules of a new tenant (operator command, operator API, demo seed), shared so every way of creating a
// tenant refuses the same inputs with the same messages.
import type { FieldIssue } from '../errors/app-error.js';
import { ACCOUNT_NAME_PATTERN, isEmail } from '../accounts/account-fields.js';

/** The tenant's short code (database CHECK): a lower-case letter, then 1–47 of a-z 0-9 _ -. */
export const TENANT_CODE_PATTERN = /^[a-z][a-z0-9_-]{1,47}$/;
export const TENANT_NAME_MAX_LENGTH = 255;
export const USER_NAME_MAX_LENGTH = 255;

export interface NewTenantInput {
  /** Optional: derived from the English name (or generated) when absent. */
  code?: string;
  nameZh: string;
  /** Optional: the Chinese name is used when absent. */
  nameEn?: string;
  admin: { account: string; name?: string; email?: string };
}

/** The input trimmed, with the defaults filled in (code still optional: it needs the database to derive). */
export interface NormalisedTenantInput {
  code: string | undefined;
  nameZh: string;
  nameEn: string;
  admin: { account: string; name: string | undefined; email: string | undefined };
}

/** Control characters (C0 and DEL) have no place in a name shown in headers and mails. */
function hasControlCharacter(value: string): boolean {
  return [...value].some((char) => {
    const code = char.codePointAt(0)!;
    return code < 0x20 || code === 0x7f;
  });
}

export function normaliseTenantInput(input: NewTenantInput): NormalisedTenantInput {
  const nameZh = input.nameZh.trim();
  const nameEn = input.nameEn?.trim() || nameZh;
  return {
    code: input.code?.trim() || undefined,
    nameZh,
    nameEn,
    admin: {
      account: input.admin.account.trim(),
      name: input.admin.name?.trim() || undefined,
      email: input.admin.email?.trim() || undefined,
    },
  };
}

/** Every problem of the input at once (not only the first), each on its field. */
export function tenantInputIssues(input: NormalisedTenantInput): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const name = (field: string, labelKey: FieldIssue['labelKey'], value: string) => {
    if (value.length === 0) issues.push({ field, labelKey, messageKey: 'validation.tenantNameRequired' });
    else if (value.length > TENANT_NAME_MAX_LENGTH || hasControlCharacter(value))
      issues.push({
        field,
        labelKey,
        messageKey: 'validation.tenantNameInvalid',
        params: { max: TENANT_NAME_MAX_LENGTH },
      });
  };
  if (input.code !== undefined && !TENANT_CODE_PATTERN.test(input.code))
    issues.push({ field: 'code', labelKey: 'field.tenantCode', messageKey: 'validation.tenantCodeInvalid' });
  name('name_zh', 'field.tenantNameZh', input.nameZh);
  name('name_en', 'field.tenantNameEn', input.nameEn);
  if (!ACCOUNT_NAME_PATTERN.test(input.admin.account))
    issues.push({
      field: 'admin_account',
      labelKey: 'field.adminAccount',
      messageKey: 'validation.adminAccountInvalid',
    });
  const adminName = input.admin.name;
  if (adminName !== undefined && (adminName.length > USER_NAME_MAX_LENGTH || hasControlCharacter(adminName)))
    issues.push({
      field: 'admin_name',
      labelKey: 'field.adminName',
      messageKey: 'validation.adminNameInvalid',
      params: { max: USER_NAME_MAX_LENGTH },
    });
  if (input.admin.email !== undefined && !isEmail(input.admin.email))
    issues.push({ field: 'admin_email', labelKey: 'field.adminEmail', messageKey: 'validation.adminEmailInvalid' });
  return issues;
}

/** A code from the English name when it makes a valid one ("Huake IP" → "huake-ip"), else undefined. */
export function codeFromName(nameEn: string): string | undefined {
  const slug = nameEn
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return TENANT_CODE_PATTERN.test(slug) ? slug : undefined;
}
