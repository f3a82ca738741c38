// Login accounts of persons (enterprise side) and agents (agency side): opening one gives the record
// a user account with a generated initial password (shown once, changed at first sign-in) and roles
// of the side's platform; a closed account is reopened instead of a second one made. Closing disables
// the account and ends its sessions at once.
import { AppError, agencyModel, tableOf, translate, type ClientSide, type Language } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { audit } from '../../modules/accounts/context.js';
import { hashPassword } from '../../modules/accounts/password-hash.js';
import { insertUserAccount } from '../../modules/accounts/provision.js';
import { securityPolicy } from '../../modules/accounts/security-policy.js';
import { revokeUserSessions } from '../../modules/accounts/sessions.js';
import { bumpAccessVersion } from '../../modules/rbac/access.js';
import { initialPassword } from './initial-password.js';
import { lockRow, visibleRecord, type PeopleContext } from './records.js';
import { checkRoles, setUserRoles } from './user-roles.js';
import { duplicateValueError, violatedIndex } from '../../db/unique-violation.js';
import type { RequestContext } from '../../platform/context.js';

export type AccountHolder = 'person' | 'agent';

const SIDE: Record<AccountHolder, ClientSide> = { person: 1, agent: 2 };

interface HolderRow {
  name: string;
  email: string | null;
  mobile: string | null;
  status: string;
  account_user: string | null;
  company_sid: string | null;
  agency?: string | null;
}

const HOLDER_COLUMNS = ['name', 'email', 'mobile', 'status', 'account_user', 'company_sid'];

export interface OpenedAccount {
  user_sid: string;
  account: string;
  initial_password: string;
}

/** Sign-in names and e-mail addresses are unique across tenants: a clash names the field. */
function duplicateAccount(error: unknown, language: Language, values: { account: string; email: string | null }) {
  const index = violatedIndex(error, ['user_account_account_idx', 'user_account_email_idx']);
  if (index === 'user_account_account_idx')
    return duplicateValueError(language, 'account', translate(language, 'field.account'), values.account);
  if (index === 'user_account_email_idx')
    return duplicateValueError(language, 'email', translate(language, 'field.email'), values.email ?? '');
  return error;
}

/** The agent's agency must be valid; locked so closing it waits for this action. */
async function checkAgency(tx: Queryable, tenantSid: string, agencySid: string | null | undefined): Promise<void> {
  const rows = agencySid
    ? await tx.query<{ status: string }>(
        `SELECT status FROM ${tableOf(agencyModel)} WHERE sid = $1 AND tenant_sid = $2 FOR SHARE`,
        [agencySid, tenantSid],
      )
    : [];
  if (rows[0]?.status !== 'valid') throw new AppError('agencyInvalid');
}

export async function openAccount(
  deps: PeopleContext,
  ctx: RequestContext,
  input: { holder: AccountHolder; sid: string; account: string; role_sids: readonly string[] },
): Promise<OpenedAccount> {
  const { principal, requestId, now } = ctx;
  const { holder } = input;
  const view = await visibleRecord(deps, principal, holder, input.sid);
  const tenantSid = principal.tenantSid;
  const side = SIDE[holder];
  const db = deps.accounts.db;
  const password = initialPassword((await securityPolicy(db, tenantSid)).passwordPolicy);
  const passwordHash = await hashPassword(password);
  let email: string | null = null;
  try {
    return await db.transaction(async (tx) => {
      const row = await lockRow<HolderRow>(
        tx,
        view,
        tenantSid,
        input.sid,
        holder === 'agent' ? [...HOLDER_COLUMNS, 'agency'] : HOLDER_COLUMNS,
      );
      email = row.email;
      if (holder === 'person' && row.status !== 'active') throw new AppError('personResigned');
      if (holder === 'agent') {
        if (row.status !== 'valid') {
          throw new AppError('validation', {
            issues: [{ field: 'sid', labelKey: 'field.agentSid', messageKey: 'validation.invalidReference' }],
          });
        }
        await checkAgency(tx, tenantSid, row.agency);
      }
      const existing = row.account_user
        ? (
            await tx.query<{ account: string; status: number }>(
              'SELECT account, status FROM user_account WHERE sid = $1 AND tenant_sid = $2 FOR UPDATE',
              [row.account_user, tenantSid],
            )
          )[0]
        : undefined;
      if (existing?.status === 1) throw new AppError('accountAlreadyOpen');
      const roleSids = await checkRoles(tx, tenantSid, side, input.role_sids);

      let userSid: string;
      let account: string;
      if (existing && row.account_user) {
        // A closed account comes back under its own name, with a new initial password.
        userSid = row.account_user;
        account = existing.account;
        await tx.query(
          `UPDATE user_account SET status = 1, password_hash = $2, password_changed_at = $3, must_change_password = true,
                  version = version + 1, updated_at = $3
            WHERE sid = $1`,
          [userSid, passwordHash, now],
        );
        await tx.query('INSERT INTO password_history (user_sid, password_hash, created_at) VALUES ($1, $2, $3)', [
          userSid,
          passwordHash,
          now,
        ]);
      } else {
        account = input.account;
        ({ sid: userSid } = await insertUserAccount(
          tx,
          {
            tenantSid,
            account,
            password,
            name: row.name,
            email: row.email ?? undefined,
            mobile: row.mobile ?? undefined,
            side,
            companies: [row.company_sid ?? tenantSid],
            mustChangePassword: true,
            passwordChangedAt: now,
          },
          passwordHash,
        ));
        await tx.query(
          `UPDATE ${view.table} SET account_user = $3, version = version + 1, updated_at = $4, updated_by = $5
            WHERE sid = $1 AND tenant_sid = $2`,
          [input.sid, tenantSid, userSid, now, principal.userSid],
        );
      }
      await setUserRoles(tx, userSid, roleSids);
      await bumpAccessVersion(tx, tenantSid);
      await audit(tx, {
        tenantSid,
        actorSid: principal.userSid,
        action: `${holder}.account_opened`,
        target: `${holder}:${input.sid}`,
        detail: {
          user_sid: userSid,
          account,
          role_sids: roleSids,
          reopened: Boolean(existing),
          ...(existing ? {} : { changes: { account_user: { before: null, after: userSid } } }),
        },
        requestId,
        at: now,
      });
      return { user_sid: userSid, account, initial_password: password };
    });
  } catch (error) {
    throw duplicateAccount(error, ctx.language, { account: input.account, email });
  }
}

/** Disables an open account and ends its sessions, in the caller's transaction; false if not open. */
export async function closeUserAccount(tx: Queryable, userSid: string, now: Date): Promise<boolean> {
  const closed = await tx.query(
    'UPDATE user_account SET status = 0, version = version + 1, updated_at = $2 WHERE sid = $1 AND status = 1 RETURNING sid',
    [userSid, now],
  );
  if (closed.length === 0) return false;
  await revokeUserSessions(tx, userSid, 'account_closed', now);
  return true;
}

export async function closeAccount(
  deps: PeopleContext,
  { principal, requestId, now }: RequestContext,
  { holder, sid }: { holder: AccountHolder; sid: string },
): Promise<void> {
  const view = await visibleRecord(deps, principal, holder, sid);
  await deps.accounts.db.transaction(async (tx) => {
    const row = await lockRow<{ account_user: string | null }>(tx, view, principal.tenantSid, sid, ['account_user']);
    if (!row.account_user || !(await closeUserAccount(tx, row.account_user, now))) throw new AppError('accountNotOpen');
    await bumpAccessVersion(tx, principal.tenantSid);
    await audit(tx, {
      tenantSid: principal.tenantSid,
      actorSid: principal.userSid,
      action: `${holder}.account_closed`,
      target: `${holder}:${sid}`,
      detail: { user_sid: row.account_user },
      requestId,
      at: now,
    });
  });
}
