// The signed-in session as the browser keeps it (spec §4 "Session"): localStorage entries under the
// spec's names. Pure functions over a Storage, so tests can check exactly what is written and removed.
// Storage may be disabled or full; reads then find nothing and writes are skipped.
import type { CompanyEntry } from '../api/passport';
import { LANGUAGE_PREFERENCE_KEY } from '../i18n/preference';

export const SESSION_KEYS = {
  authorization: 'authorization',
  /** Sent to POST /passport/refresh_token and nowhere else (SECURITY.md, Tokens & sessions). */
  refreshToken: 'refresh_token',
  companys: 'companys',
  companyId: 'company_id',
  loginTime: 'loginTime',
  userCollection: 'user_collection',
  myMenus: 'my-menus',
} as const;

/** Every system-setting entry is stored under a key starting with this; logout removes them all. */
export const SYSTEM_SETTING_PREFIX = 'system-setting';

export interface StoredSession {
  authorization: string;
  refreshToken: string | undefined;
  companys: CompanyEntry[];
  /** The chosen company's sid, sent as x-sub-company-sid. */
  companyId: string | undefined;
  /** Milliseconds since the epoch. */
  loginTime: number | undefined;
}

function get(storage: Storage, key: string): string | undefined {
  try {
    return storage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

function set(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // The value then lives in this page only (session/store.ts keeps it in memory).
  }
}

function remove(storage: Storage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // Nothing stored that could be removed.
  }
}

function isCompany(value: unknown): value is CompanyEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.sid === 'string' && typeof entry.company_name === 'string';
}

function parseCompanys(raw: string | undefined): CompanyEntry[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isCompany) : [];
  } catch {
    return [];
  }
}

/** The stored session, or undefined when no access token is held (spec §4: that is "logged in"). */
export function readSession(storage: Storage): StoredSession | undefined {
  const authorization = get(storage, SESSION_KEYS.authorization);
  if (!authorization) return undefined;
  const loginTime = Number(get(storage, SESSION_KEYS.loginTime));
  return {
    authorization,
    refreshToken: get(storage, SESSION_KEYS.refreshToken),
    companys: parseCompanys(get(storage, SESSION_KEYS.companys)),
    companyId: get(storage, SESSION_KEYS.companyId),
    loginTime: Number.isFinite(loginTime) && loginTime > 0 ? loginTime : undefined,
  };
}

/** Spec §4: the company flagged last login, else the first. A stored choice still in the list wins. */
export function defaultCompany(companys: readonly CompanyEntry[], chosenSid?: string): CompanyEntry | undefined {
  return (
    companys.find((company) => company.sid === chosenSid) ??
    companys.find((company) => company.last_login_flag) ??
    companys[0]
  );
}

export interface LoginFacts {
  authorization: string;
  refresh_token: string;
  companys: CompanyEntry[];
}

/** After sign-in: the token pair, the companies, the default company and the time. */
export function writeLogin(storage: Storage, login: LoginFacts, now: number): void {
  set(storage, SESSION_KEYS.authorization, login.authorization);
  set(storage, SESSION_KEYS.refreshToken, login.refresh_token);
  set(storage, SESSION_KEYS.companys, JSON.stringify(login.companys));
  set(storage, SESSION_KEYS.loginTime, String(now));
  const company = defaultCompany(login.companys);
  if (company) set(storage, SESSION_KEYS.companyId, company.sid);
  else remove(storage, SESSION_KEYS.companyId);
}

/** After a refresh or a password change; a missing refresh token leaves the stored one as it is. */
export function writeTokens(storage: Storage, tokens: { authorization: string; refresh_token?: string }): void {
  set(storage, SESSION_KEYS.authorization, tokens.authorization);
  if (tokens.refresh_token) set(storage, SESSION_KEYS.refreshToken, tokens.refresh_token);
}

/** Spec §4: choosing a company stores its id and clears the saved user collection. */
export function writeCompany(storage: Storage, companySid: string): void {
  set(storage, SESSION_KEYS.companyId, companySid);
  remove(storage, SESSION_KEYS.userCollection);
}

/** The cached answer of GET /menu/do/my (spec §4 "my-menus"), as stored; session/my-menus.ts reads it. */
export function readMyMenusRaw(storage: Storage): string | undefined {
  return get(storage, SESSION_KEYS.myMenus);
}

/** Caches the user's menus; false when storage refused the write (nothing stale is left behind). */
export function writeMyMenus(storage: Storage, menus: unknown): boolean {
  const raw = JSON.stringify(menus);
  remove(storage, SESSION_KEYS.myMenus);
  set(storage, SESSION_KEYS.myMenus, raw);
  return get(storage, SESSION_KEYS.myMenus) === raw;
}

export function removeMyMenus(storage: Storage): void {
  remove(storage, SESSION_KEYS.myMenus);
}

/** The keys logout removes (spec §4): the session keys, every system-setting entry and the language. */
export function sessionKeysIn(storage: Storage): string[] {
  const keys: string[] = [...Object.values(SESSION_KEYS), LANGUAGE_PREFERENCE_KEY];
  try {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith(SYSTEM_SETTING_PREFIX)) keys.push(key);
    }
  } catch {
    // Unreadable storage holds nothing to remove.
  }
  return keys;
}

/** Logout (spec §4): removes exactly the keys of sessionKeysIn(). */
export function clearSession(storage: Storage): void {
  for (const key of sessionKeysIn(storage)) remove(storage, key);
}
