// The session in localStorage (spec §4): what sign-in writes, what choosing a company changes, and
// that logout removes exactly the spec's keys.
import { beforeEach, describe, expect, it } from 'vitest';
import type { CompanyEntry } from '../api/passport';
import {
  SESSION_KEYS,
  clearSession,
  defaultCompany,
  readSession,
  writeCompany,
  writeLogin,
  writeTokens,
} from './storage';

const company = (sid: string, lastLogin = false): CompanyEntry => ({
  sid,
  path: `/${sid}/`,
  company_name: `Company ${sid}`,
  simple_name: null,
  last_login_flag: lastLogin,
});

beforeEach(() => localStorage.clear());

describe('default company (spec §4)', () => {
  it('is the one flagged last login, else the first', () => {
    expect(defaultCompany([company('A'), company('B', true), company('C')])?.sid).toBe('B');
    expect(defaultCompany([company('A'), company('B')])?.sid).toBe('A');
    expect(defaultCompany([])).toBeUndefined();
  });

  it('is the stored choice while it is still in the list', () => {
    const list = [company('A'), company('B', true), company('C')];
    expect(defaultCompany(list, 'C')?.sid).toBe('C');
    expect(defaultCompany(list, 'gone')?.sid).toBe('B');
  });
});

describe('stored session', () => {
  it('writes the sign-in answer under the spec names, with the default company', () => {
    writeLogin(
      localStorage,
      { authorization: 'jwt', refresh_token: 'rt', companys: [company('A'), company('B', true)] },
      1_700_000_000_000,
    );
    expect(localStorage.getItem('authorization')).toBe('jwt');
    expect(localStorage.getItem('refresh_token')).toBe('rt');
    expect(localStorage.getItem('company_id')).toBe('B');
    expect(localStorage.getItem('loginTime')).toBe('1700000000000');
    expect(JSON.parse(localStorage.getItem('companys') ?? '[]')).toHaveLength(2);
    expect(readSession(localStorage)).toMatchObject({
      authorization: 'jwt',
      refreshToken: 'rt',
      companyId: 'B',
      loginTime: 1_700_000_000_000,
    });
  });

  it('is no session without an access token, and survives damaged entries', () => {
    expect(readSession(localStorage)).toBeUndefined();
    localStorage.setItem('authorization', 'jwt');
    localStorage.setItem('companys', '{not json');
    localStorage.setItem('loginTime', 'yesterday');
    expect(readSession(localStorage)).toEqual({
      authorization: 'jwt',
      refreshToken: undefined,
      companys: [],
      companyId: undefined,
      loginTime: undefined,
    });
  });

  it('replaces the access token, keeping the refresh token when none comes with it', () => {
    writeTokens(localStorage, { authorization: 'a1', refresh_token: 'r1' });
    writeTokens(localStorage, { authorization: 'a2' });
    expect(readSession(localStorage)).toMatchObject({ authorization: 'a2', refreshToken: 'r1' });
  });

  it('choosing a company stores it and clears the saved user collection', () => {
    localStorage.setItem(SESSION_KEYS.userCollection, '["x"]');
    writeCompany(localStorage, 'C');
    expect(localStorage.getItem('company_id')).toBe('C');
    expect(localStorage.getItem('user_collection')).toBeNull();
  });
});

describe('logout (spec §4)', () => {
  it('removes exactly the session keys, the system-setting entries and the language', () => {
    const removed = [
      'authorization',
      'user_collection',
      'company_id',
      'companys',
      'loginTime',
      'refresh_token',
      'my-menus',
      'system-setting',
      'system-setting.theme',
      'system-setting-layout',
      'language',
    ];
    const kept = ['i18n.pack.zh-CN', 'i18n.pack.en', 'table-columns.patent', 'my-system-setting'];
    for (const key of [...removed, ...kept]) localStorage.setItem(key, 'x');

    clearSession(localStorage);

    const left = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index)).sort();
    expect(left).toEqual([...kept].sort());
  });

  it('copes with a storage that throws', () => {
    const broken = {
      get length(): number {
        throw new Error('disabled');
      },
      key: () => null,
      getItem: () => {
        throw new Error('disabled');
      },
      setItem: () => {
        throw new Error('disabled');
      },
      removeItem: () => {
        throw new Error('disabled');
      },
    } as unknown as Storage;
    expect(() => clearSession(broken)).not.toThrow();
    expect(() => writeLogin(broken, { authorization: 'a', refresh_token: 'r', companys: [] }, 1)).not.toThrow();
    expect(readSession(broken)).toBeUndefined();
  });
});
