// Setting a password: the tenant's policy, differs from the old one and the last N, confirmation
// matches; then hash, history, and the forced-change flag cleared. Used by change, reset and admin set.
import { AppError, checkPassword, PASSWORD_MAX_LENGTH, passwordLength, type FieldIssue } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { hashPassword, verifyPassword } from './password-hash.js';
import type { SecurityPolicy } from './security-policy.js';

function policyIssue(password: string, policy: SecurityPolicy): FieldIssue | undefined {
  if (passwordLength(password) > PASSWORD_MAX_LENGTH) {
    return {
      field: 'new_password',
      labelKey: 'field.newPassword',
      messageKey: 'validation.tooBig.string',
      params: { maximum: PASSWORD_MAX_LENGTH },
    };
  }
  const check = checkPassword(password, policy.passwordPolicy);
  if (check.ok) return undefined;
  return {
    field: 'new_password',
    labelKey: 'field.newPassword',
    messageKey: 'password.notMet',
    listParam: { name: 'rules', items: check.failed.map((rule) => ({ key: rule.key, params: rule.params })) },
  };
}

export interface NewPassword {
  userSid: string;
  currentHash: string | null;
  password: string;
  confirmation: string;
  policy: SecurityPolicy;
  /** An admin's temporary password: the user must change it at next sign-in. */
  temporary?: boolean;
  now: Date;
}

export async function setPassword(tx: Queryable, input: NewPassword): Promise<void> {
  const issues: FieldIssue[] = [];
  const policyProblem = policyIssue(input.password, input.policy);
  if (policyProblem) issues.push(policyProblem);
  if (input.password !== input.confirmation) {
    issues.push({
      field: 'confirm_password',
      labelKey: 'field.confirmPassword',
      messageKey: 'password.confirmMismatch',
    });
  }
  if (issues.length) throw new AppError('fieldRule', { issues });

  if (input.currentHash && (await verifyPassword(input.currentHash, input.password))) {
    throw new AppError('fieldRule', {
      issues: [{ field: 'new_password', labelKey: 'field.newPassword', messageKey: 'password.sameAsOld' }],
    });
  }
  const count = input.policy.passwordHistoryCount;
  if (count > 0) {
    const history = await tx.query<{ password_hash: string }>(
      'SELECT password_hash FROM password_history WHERE user_sid = $1 ORDER BY seq DESC LIMIT $2',
      [input.userSid, count],
    );
    for (const { password_hash } of history) {
      if (await verifyPassword(password_hash, input.password)) {
        throw new AppError('fieldRule', {
          issues: [
            { field: 'new_password', labelKey: 'field.newPassword', messageKey: 'password.reused', params: { count } },
          ],
        });
      }
    }
  }
  const passwordHash = await hashPassword(input.password);
  await tx.query(
    'UPDATE user_account SET password_hash = $2, password_changed_at = $3, must_change_password = $4, version = version + 1, updated_at = $3 WHERE sid = $1',
    [input.userSid, passwordHash, input.now, input.temporary === true],
  );
  await tx.query('INSERT INTO password_history (user_sid, password_hash, created_at) VALUES ($1, $2, $3)', [
    input.userSid,
    passwordHash,
    input.now,
  ]);
  // Keep only what the longest allowed history needs.
  await tx.query(
    'DELETE FROM password_history WHERE user_sid = $1 AND seq < (SELECT min(seq) FROM (SELECT seq FROM password_history WHERE user_sid = $1 ORDER BY seq DESC LIMIT 24) recent)',
    [input.userSid],
  );
}
