// Creating companies and user accounts directly (demo seed, tests, and later the people module).
// The admin screens for people and companies come with the organisation issue.
import { newSid, type ClientSide } from '@ipdesk/core';
import type { Database, Queryable } from '../../db/database.js';
import { hashPassword } from './password-hash.js';

export interface NewCompany {
  tenantSid: string;
  name: string;
  parentSid?: string;
  /** Defaults to a new sid; the tenant's root company uses the tenant's sid. */
  sid?: string;
}

export async function createCompany(db: Queryable, input: NewCompany): Promise<{ sid: string }> {
  const sid = input.sid ?? newSid();
  let path = `/${sid}/`;
  if (input.parentSid) {
    const parent = await db.query<{ path: string }>('SELECT path FROM company WHERE sid = $1 AND tenant_sid = $2', [
      input.parentSid,
      input.tenantSid,
    ]);
    if (!parent[0]) throw new Error(`Parent company ${input.parentSid} is not in tenant ${input.tenantSid}`);
    path = `${parent[0].path}${sid}/`;
  }
  await db.query('INSERT INTO company (sid, tenant_sid, parent_sid, path, company_name) VALUES ($1, $2, $3, $4, $5)', [
    sid,
    input.tenantSid,
    input.parentSid ?? null,
    path,
    input.name,
  ]);
  return { sid };
}

export interface NewUserAccount {
  tenantSid: string;
  account: string;
  password: string;
  name: string;
  /** The name shown to English-language viewers; none: the name. */
  englishName?: string;
  email?: string;
  mobile?: string;
  side?: ClientSide;
  /** Company sids; default the tenant's root company (whose sid is the tenant's). */
  companies?: string[];
  isTenantAdmin?: boolean;
  mustChangePassword?: boolean;
  loginRestriction?:
    'none' | 'email_only' | 'sso_any' | 'sso_dingtalk' | 'sso_wechat' | 'sso_feishu' | 'sso_third_party';
  status?: 0 | 1;
  /** When the password was set (tests of expiry); default now. */
  passwordChangedAt?: Date;
}

export async function createUserAccount(db: Database, input: NewUserAccount): Promise<{ sid: string }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction((tx) => insertUserAccount(tx, input, passwordHash));
}

/** Inserts the account, its password history and companies in the caller's transaction. */
export async function insertUserAccount(
  tx: Queryable,
  input: NewUserAccount,
  passwordHash: string,
): Promise<{ sid: string }> {
  const sid = newSid();
  const changedAt = input.passwordChangedAt ?? new Date();
  {
    await tx.query(
      `INSERT INTO user_account (sid, tenant_sid, account, email, mobile, name, user_type_client, status, is_tenant_admin,
         login_restriction, password_hash, password_changed_at, must_change_password, english_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        sid,
        input.tenantSid,
        input.account,
        input.email ?? null,
        input.mobile ?? null,
        input.name,
        input.side ?? 1,
        input.status ?? 1,
        input.isTenantAdmin ?? false,
        input.loginRestriction ?? 'none',
        passwordHash,
        changedAt,
        input.mustChangePassword ?? false,
        input.englishName ?? null,
      ],
    );
    await tx.query('INSERT INTO password_history (user_sid, password_hash, created_at) VALUES ($1, $2, $3)', [
      sid,
      passwordHash,
      changedAt,
    ]);
    const companies = input.companies ?? [input.tenantSid];
    for (const [index, companySid] of companies.entries()) {
      await tx.query('INSERT INTO user_company (user_sid, company_sid, sort_by) VALUES ($1, $2, $3)', [
        sid,
        companySid,
        index,
      ]);
    }
  }
  return { sid };
}
