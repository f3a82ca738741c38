// Reading users and their companies; the one place that maps user rows to what the API shows.
import type { ClientSide } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';

export interface UserRow {
  sid: string;
  tenant_sid: string;
  account: string;
  email: string | null;
  mobile: string | null;
  name: string;
  english_name: string | null;
  user_type_client: ClientSide;
  status: number;
  is_tenant_admin: boolean;
  login_restriction: string;
  password_hash: string | null;
  password_changed_at: Date | null;
  must_change_password: boolean;
  avatar_sid: string | null;
  is_bind_back_office: boolean;
  version: number;
}

const USER_COLUMNS =
  'sid, tenant_sid, account, email, mobile, name, english_name, user_type_client, status, is_tenant_admin, login_restriction, password_hash, password_changed_at, must_change_password, avatar_sid, is_bind_back_office, version';

/** By sign-in name or e-mail, case-insensitively. */
export async function findUserByIdentifier(tx: Queryable, identifier: string): Promise<UserRow | undefined> {
  const rows = await tx.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM user_account WHERE lower(account) = lower($1) OR lower(email) = lower($1) ORDER BY (lower(account) = lower($1)) DESC LIMIT 1`,
    [identifier],
  );
  return rows[0];
}

export async function findUserByEmail(tx: Queryable, email: string): Promise<UserRow | undefined> {
  const rows = await tx.query<UserRow>(`SELECT ${USER_COLUMNS} FROM user_account WHERE lower(email) = lower($1)`, [
    email,
  ]);
  return rows[0];
}

/** A user of the given tenant, or undefined: ids from other tenants look exactly like missing ones. */
export async function findUser(
  tx: Queryable,
  tenantSid: string,
  userSid: string,
  lock = false,
): Promise<UserRow | undefined> {
  const rows = await tx.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM user_account WHERE sid = $1 AND tenant_sid = $2${lock ? ' FOR UPDATE' : ''}`,
    [userSid, tenantSid],
  );
  return rows[0];
}

export interface CompanyChoice {
  sid: string;
  path: string;
  company_name: string;
  /**
   * The name for English-language viewers: a root company still named as its tenant has the tenant's
   * English name (kept with the tenant, so renaming the company ends it); null: the name is the only one.
   */
  english_name: string | null;
  simple_name: string | null;
  last_login_flag: boolean;
}

/** The companies a user works in, the last chosen first, then by the tenant's order. */
export async function companiesOf(tx: Queryable, userSid: string): Promise<CompanyChoice[]> {
  return tx.query<CompanyChoice>(
    `SELECT c.sid, c.path, c.company_name,
            CASE WHEN c.company_name = t.name_zh AND t.name_en <> t.name_zh THEN t.name_en END AS english_name,
            c.simple_name, uc.last_login_flag
       FROM user_company uc JOIN company c ON c.sid = uc.company_sid
       LEFT JOIN tenant t ON t.sid = c.sid
      WHERE uc.user_sid = $1 AND c.status = 1
      ORDER BY uc.sort_by, c.sort_by, c.company_name`,
    [userSid],
  );
}

/** Spec §4: the default company is the one flagged last login, else the first. */
export function defaultCompany(companies: readonly CompanyChoice[]): CompanyChoice | undefined {
  return companies.find((c) => c.last_login_flag) ?? companies[0];
}

/** What a user sees of their own account (never the hash). */
export function presentUser(user: UserRow) {
  return {
    sid: user.sid,
    account: user.account,
    email: user.email,
    mobile: user.mobile,
    name: user.name,
    english_name: user.english_name,
    user_type_client: user.user_type_client,
    status: user.status,
    is_tenant_admin: user.is_tenant_admin,
    avatar_sid: user.avatar_sid,
    is_bind_back_office: user.is_bind_back_office,
    must_change_password: user.must_change_password,
    version: user.version,
  };
}

/** What other users of the tenant see (spec: basic/{sid}). */
export function presentBasicUser(user: UserRow) {
  return { sid: user.sid, name: user.name, english_name: user.english_name, avatar_sid: user.avatar_sid };
}
