// A user's own profile: read, update with optimistic concurrency, company choice, personal settings.
import { AppError } from '@ipdesk/core';
import type { RequestContext } from '../../platform/context.js';
import { audit, type AccountsContext } from './context.js';
import { findUser, presentUser, type UserRow } from './users.js';

export interface ProfileChanges {
  name?: string;
  english_name?: string | null;
  mobile?: string | null;
  email?: string | null;
  version: number;
}

const EDITABLE = ['name', 'english_name', 'mobile', 'email'] as const;

export async function updateOwnProfile(accounts: AccountsContext, ctx: RequestContext, changes: ProfileChanges) {
  const { principal, requestId, now } = ctx;
  return accounts.db.transaction(async (tx) => {
    const before = await findUser(tx, principal.tenantSid, principal.userSid, true);
    if (!before) throw new AppError('notFound');
    if (before.version !== changes.version) throw new AppError('conflict');
    const diff: Record<string, { before: unknown; after: unknown }> = {};
    for (const field of EDITABLE) {
      const value = changes[field];
      if (value !== undefined && value !== before[field]) diff[field] = { before: before[field], after: value };
    }
    if (changes.email && changes.email.toLowerCase() !== before.email?.toLowerCase()) {
      const taken = await tx.query('SELECT 1 FROM user_account WHERE lower(email) = lower($1) AND sid <> $2', [
        changes.email,
        before.sid,
      ]);
      if (taken.length)
        throw new AppError('fieldRule', {
          issues: [{ field: 'email', labelKey: 'field.email', messageKey: 'validation.invalid' }],
        });
    }
    const rows = await tx.query<UserRow>(
      `UPDATE user_account SET
         name = COALESCE($3, name),
         english_name = CASE WHEN $4::boolean THEN $5 ELSE english_name END,
         mobile = CASE WHEN $6::boolean THEN $7 ELSE mobile END,
         email = CASE WHEN $8::boolean THEN $9 ELSE email END,
         version = version + 1, updated_at = $10
       WHERE sid = $1 AND tenant_sid = $2
       RETURNING *`,
      [
        principal.userSid,
        principal.tenantSid,
        changes.name ?? null,
        changes.english_name !== undefined,
        changes.english_name ?? null,
        changes.mobile !== undefined,
        changes.mobile ?? null,
        changes.email !== undefined,
        changes.email ?? null,
        now,
      ],
    );
    await audit(tx, {
      tenantSid: principal.tenantSid,
      actorSid: principal.userSid,
      action: 'user.profile_updated',
      target: principal.userSid,
      detail: diff,
      requestId,
      at: now,
    });
    return presentUser(rows[0]!);
  });
}

/** Spec §4: choosing a company stores it as the next default (the last_login_flag). */
export async function chooseCompany(
  accounts: Pick<AccountsContext, 'db'>,
  ctx: Pick<RequestContext, 'tenantSid' | 'userSid'>,
  companySid: string,
): Promise<void> {
  await accounts.db.transaction(async (tx) => {
    const member = await tx.query(
      `SELECT 1 FROM user_company uc JOIN company c ON c.sid = uc.company_sid
        WHERE uc.user_sid = $1 AND uc.company_sid = $2 AND c.tenant_sid = $3 AND c.status = 1`,
      [ctx.userSid, companySid, ctx.tenantSid],
    );
    if (member.length === 0) throw new AppError('companyNotAllowed');
    await tx.query('UPDATE user_company SET last_login_flag = (company_sid = $2) WHERE user_sid = $1', [
      ctx.userSid,
      companySid,
    ]);
  });
}

export async function readSetting(
  accounts: Pick<AccountsContext, 'db'>,
  ctx: Pick<RequestContext, 'userSid'>,
  key: string,
): Promise<unknown> {
  const rows = await accounts.db.query<{ value: unknown }>(
    'SELECT value FROM user_setting WHERE user_sid = $1 AND key = $2',
    [ctx.userSid, key],
  );
  return rows[0]?.value ?? null;
}

export async function writeSetting(
  accounts: Pick<AccountsContext, 'db'>,
  ctx: Pick<RequestContext, 'userSid' | 'now'>,
  input: { key: string; value: unknown },
): Promise<void> {
  await accounts.db.query(
    `INSERT INTO user_setting (user_sid, key, value, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_sid, key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [ctx.userSid, input.key, JSON.stringify(input.value), ctx.now],
  );
}
