// The people dialogs' rules: account names as the server takes them, which account actions a record
// offers, the handover search, the resignation payload, and which held resources offer an action.
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { ModelRow } from '../../api/model';
import { resignInput } from './ResignDialog';
import { mayUse } from './resources';
import { accountNameProblem, accountState, handoverIql, personLabel, suggestedAccount } from './rules';

const row = (extra: Record<string, unknown>): ModelRow => ({ sid: 'Per0000000000001', version: 4, ...extra });

describe('account names (ACCOUNT_NAME_PATTERN)', () => {
  it('takes letters, digits and @ _ . - up to 50 characters', () => {
    expect(accountNameProblem('zhang.san@corp-1_x')).toBeUndefined();
    expect(accountNameProblem('a'.repeat(50))).toBeUndefined();
    expect(accountNameProblem('a'.repeat(51))).toBe('invalid');
    expect(accountNameProblem('张三')).toBe('invalid');
    expect(accountNameProblem('zhang san')).toBe('invalid');
    expect(accountNameProblem('  ')).toBe('required');
    expect(accountNameProblem(undefined)).toBe('required');
  });

  it('suggests the e-mail, else the job number, when the pattern takes it', () => {
    expect(suggestedAccount(row({ email: 'zs@corp.cn', job_number: 'E001' }))).toBe('zs@corp.cn');
    expect(suggestedAccount(row({ email: null, job_number: 'E001' }))).toBe('E001');
    expect(suggestedAccount(row({ email: 'x y@z', job_number: '工号1' }))).toBe('');
  });
});

describe('account actions of a record', () => {
  it('opens while there is no account and the record is valid; closes while there is one', () => {
    expect(accountState(row({ status: 'active', account_user: null }), 'resigned')).toEqual({
      canOpen: true,
      canClose: false,
    });
    expect(accountState(row({ status: 'active', account_user: 'User000000000001' }), 'resigned')).toEqual({
      canOpen: false,
      canClose: true,
    });
    expect(accountState(row({ status: 'resigned', account_user: null }), 'resigned')).toEqual({
      canOpen: false,
      canClose: false,
    });
  });

  it('offers both when the account field is hidden from the caller', () => {
    expect(accountState(row({ status: 'valid' }), 'invalid')).toEqual({ canOpen: true, canClose: true });
  });
});

describe('resignation', () => {
  it('searches active persons with an account, not the one leaving', () => {
    expect(handoverIql('Per0000000000001', '')).toBe(
      "status = 'active' AND account_user IS NOT NULL AND sid != 'Per0000000000001'",
    );
    expect(handoverIql('Per0000000000001', " O'Neil ")).toBe(
      "MATCH 'O''Neil' AND status = 'active' AND account_user IS NOT NULL AND sid != 'Per0000000000001'",
    );
  });

  it('lists persons by name and job number', () => {
    expect(personLabel(row({ name: '李四', job_number: 'E002' }))).toBe('李四 (E002)');
    expect(personLabel(row({ name: '李四' }))).toBe('李四');
  });

  it("sends the record's version, the handover person and the date", () => {
    expect(resignInput(row({}), { handover_person_sid: 'Per0000000000002', resigned_on: dayjs('2025-03-31') })).toEqual(
      {
        sid: 'Per0000000000001',
        version: 4,
        handover_person_sid: 'Per0000000000002',
        resigned_on: '2025-03-31',
      },
    );
  });
});

describe('held resources (my-menus)', () => {
  it('offers what a held resource guards, and nothing else', () => {
    const held = new Set(['person', 'person:account']);
    expect(mayUse(held, 'person:account')).toBe(true);
    expect(mayUse(held, 'agent:account')).toBe(false);
  });

  it('offers everything while the held resources are not known: the server decides', () => {
    expect(mayUse(undefined, 'person:account')).toBe(true);
  });
});
