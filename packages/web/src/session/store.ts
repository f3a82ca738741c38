// The session of this page: what localStorage holds (session/storage.ts), mirrored in memory for React
// (useSession) and into the request context, so every call carries the access token and the chosen
// company. Other tabs share the storage: their sign-in, refresh, company choice or logout reach this
// page through the "storage" event.
import { useSyncExternalStore } from 'react';
import { updateRequestContext } from '../api/session-context';
import {
  SESSION_KEYS,
  clearSession,
  readSession,
  writeCompany,
  writeLogin,
  writeTokens,
  type LoginFacts,
  type StoredSession,
} from './storage';

const SESSION_WATCHED: ReadonlySet<string> = new Set(Object.values(SESSION_KEYS));

let current: StoredSession | undefined;
const subscribers = new Set<() => void>();

function storage(): Storage {
  return window.localStorage;
}

function publish(next: StoredSession | undefined): void {
  current = next;
  updateRequestContext({ authorization: next?.authorization, subCompanySid: next?.companyId });
  for (const notify of subscribers) notify();
}

/** Reads the stored session again (at start, and when another tab changed it). */
export function loadSession(): StoredSession | undefined {
  publish(readSession(storage()));
  return current;
}

export function currentSession(): StoredSession | undefined {
  return current;
}

export function startSession(login: LoginFacts, now: number = Date.now()): void {
  writeLogin(storage(), login, now);
  // Storage can refuse the write; the page still works with the session in memory.
  publish(
    readSession(storage()) ?? {
      authorization: login.authorization,
      refreshToken: login.refresh_token,
      companys: login.companys,
      companyId: undefined,
      loginTime: now,
    },
  );
}

export function replaceTokens(tokens: { authorization: string; refresh_token?: string }): void {
  writeTokens(storage(), tokens);
  const base = readSession(storage()) ?? current;
  if (!base) return;
  publish({
    ...base,
    authorization: tokens.authorization,
    refreshToken: tokens.refresh_token ?? base.refreshToken,
  });
}

export function storeCompany(companySid: string): void {
  writeCompany(storage(), companySid);
  const base = readSession(storage()) ?? current;
  if (base) publish({ ...base, companyId: companySid });
}

/** Forgets the session in this browser (spec §4 logout keys); the server side is the caller's business. */
export function endSession(): void {
  clearSession(storage());
  publish(undefined);
}

function subscribe(notify: () => void): () => void {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

export function useSession(): StoredSession | undefined {
  return useSyncExternalStore(subscribe, () => current);
}

/** Follows changes other tabs make to the stored session; returns the function that stops it. */
export function followOtherTabs(): () => void {
  const onStorage = (event: StorageEvent): void => {
    if (event.storageArea !== storage()) return;
    // key null: the other tab cleared the whole storage.
    if (event.key === null || SESSION_WATCHED.has(event.key)) loadSession();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
