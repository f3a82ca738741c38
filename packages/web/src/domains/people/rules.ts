// The people dialogs' logic, kept apart from the components so it is tested on its own: the account name
// rule (the server's pattern), a suggested account name, which actions a record offers and the handover
// search. (The server's field errors are placed by components/field-errors.)
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { ACCOUNT_NAME_PATTERN } from '@ipdesk/core';
import type { ModelRow } from '../../api/model';
import { matchIql } from '../../models/search/iql-build';

/** The longest account name ACCOUNT_NAME_PATTERN takes (for the input's counter and the message). */
export const ACCOUNT_NAME_MAX_LENGTH = 50;

export function accountNameProblem(value: unknown): 'required' | 'invalid' | undefined {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return 'required';
  return ACCOUNT_NAME_PATTERN.test(text) ? undefined : 'invalid';
}

export function accountNameRules(t: TFunction): FormRule[] {
  return [
    {
      validator: async (_rule, value: unknown) => {
        const problem = accountNameProblem(value);
        if (problem === 'required') throw new Error(t('peopleAction.accountRequired'));
        if (problem === 'invalid') throw new Error(t('peopleAction.accountInvalid', { max: ACCOUNT_NAME_MAX_LENGTH }));
      },
    },
  ];
}

/** A first suggestion for the account name: the record's e-mail or job number, when the pattern takes it. */
export function suggestedAccount(record: ModelRow): string {
  for (const name of ['email', 'job_number']) {
    const value = record[name];
    if (typeof value === 'string' && accountNameProblem(value) === undefined) return value.trim();
  }
  return '';
}

function filled(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);
}

/** The account actions a person or agent record offers. */
export interface AccountState {
  canOpen: boolean;
  canClose: boolean;
}

/**
 * Open while the record has no account and is still valid, close while it has one. When the caller
 * cannot see the account field (hidden to them), both are offered and the server decides.
 */
export function accountState(record: ModelRow, invalidStatus: string): AccountState {
  if (!('account_user' in record)) return { canOpen: record.status !== invalidStatus, canClose: true };
  const hasAccount = filled(record.account_user);
  return { canOpen: !hasAccount && record.status !== invalidStatus, canClose: hasAccount };
}

/** The iql of the handover search: active persons with an account, not the one resigning. */
export function handoverIql(resigningSid: string, term: string): string {
  const base = `status = 'active' AND account_user IS NOT NULL AND sid != '${resigningSid.replaceAll("'", "''")}'`;
  const match = matchIql(term);
  return match ? `${match} AND ${base}` : base;
}

/** A person as the handover picker lists them: the name, with the job number when there is one. */
export function personLabel(row: ModelRow): string {
  const name = typeof row.name === 'string' && row.name !== '' ? row.name : row.sid;
  return typeof row.job_number === 'string' && row.job_number !== '' ? `${name} (${row.job_number})` : name;
}
