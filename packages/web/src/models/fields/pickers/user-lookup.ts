// Users for user fields: the picker's search (the server limits it to the caller's selection range) and
// names by sid for pickers and cells. Names are cached per user in react-query; the sids every cell of
// a page asks for in the same moment are gathered into one search_names call (at most 200 per call).
import { useQueries, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { RESULT_CODES, isSid } from '@ipdesk/core';
import {
  USER_NAMES_MAX,
  fetchUserNames,
  searchPickableUsers,
  type PickableUser,
  type UserName,
} from '../../../api/user-info';
import { useSession } from '../../../session/store';

/** The server's limits (search_component): keyword length and rows per search. */
export const USER_KEYWORD_MAX = 50;
export const USER_PICK_ROWS = 20;

export const userKeys = {
  /** Invalidate this after changing users, so pickers and cells read them again. */
  all: ['user'] as const,
  name: (loginTime: number, sid: string) => ['user', 'name', loginTime, sid] as const,
  pick: (loginTime: number, keyword: string) => ['user', 'pick', loginTime, keyword] as const,
};

/** A failed call, so react-query keeps no answer and the caller shows its fallback. */
export class UserLookupFailed extends Error {}

/** "name (account)". */
export function userLabel(t: TFunction, user: Pick<UserName, 'name' | 'account'>): string {
  return t('userPicker.label', { name: user.name, account: user.account });
}

/** "name (account) · department" when the user has a department. */
export function pickOptionLabel(t: TFunction, user: PickableUser): string {
  const label = userLabel(t, user);
  return user.department ? t('userPicker.withDepartment', { label, department: user.department.name }) : label;
}

/** The typed text as the server takes it: trimmed, at most 50 characters. */
export function searchKeyword(typed: string): string {
  return typed.trim().slice(0, USER_KEYWORD_MAX);
}

type NamesFetcher = (sids: string[]) => Promise<UserName[]>;

interface Waiter {
  resolve: (name: UserName | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers the sids asked for until the current task ends, then reads them in calls of at most `max`.
 * Each load resolves with the user's name, or null for a sid the server does not know (another
 * tenant's, deleted) or that is no sid at all (never sent: it would fail the whole call).
 */
export function createNameBatcher(fetchNames: NamesFetcher, max = USER_NAMES_MAX) {
  let pending = new Map<string, Waiter[]>();
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batch = pending;
    pending = new Map();
    const sids = [...batch.keys()];
    for (let start = 0; start < sids.length; start += max) {
      const chunk = sids.slice(start, start + max);
      fetchNames(chunk).then(
        (names) => {
          const bySid = new Map(names.map((name) => [name.sid, name]));
          for (const sid of chunk) for (const waiter of batch.get(sid) ?? []) waiter.resolve(bySid.get(sid) ?? null);
        },
        (error: unknown) => {
          for (const sid of chunk) for (const waiter of batch.get(sid) ?? []) waiter.reject(error);
        },
      );
    }
  };

  return {
    load(sid: string): Promise<UserName | null> {
      if (!isSid(sid)) return Promise.resolve(null);
      return new Promise((resolve, reject) => {
        const waiters = pending.get(sid) ?? [];
        waiters.push({ resolve, reject });
        pending.set(sid, waiters);
        if (!scheduled) {
          scheduled = true;
          setTimeout(flush, 0);
        }
      });
    },
  };
}

async function readNames(sids: string[]): Promise<UserName[]> {
  const outcome = await fetchUserNames(sids);
  if (outcome.result !== RESULT_CODES.success) throw new UserLookupFailed(outcome.error.url);
  const data: unknown = outcome.data.data;
  return Array.isArray(data) ? (data as UserName[]) : [];
}

const names = createNameBatcher(readNames);

export interface UserNamesState {
  /** The users read so far, by sid (a sid the server does not know stays absent). */
  names: ReadonlyMap<string, UserName>;
  isPending: boolean;
}

/** Names of the users, each cached for the session; one call for all sids asked for together. */
export function useUserNames(sids: readonly string[]): UserNamesState {
  const session = useSession();
  const loginTime = session?.loginTime ?? 0;
  const unique = [...new Set(sids)];
  const results = useQueries({
    queries: unique.map((sid) => ({
      queryKey: userKeys.name(loginTime, sid),
      queryFn: () => names.load(sid),
      enabled: session !== undefined,
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  const found = new Map<string, UserName>();
  for (const result of results) if (result.data) found.set(result.data.sid, result.data);
  return { names: found, isPending: session !== undefined && results.some((result) => result.isPending) };
}

/** The users the caller may pick whose name, English name or account contains the keyword. */
export function usePickableUsers(keyword: string, enabled: boolean) {
  const session = useSession();
  const loginTime = session?.loginTime ?? 0;
  return useQuery({
    queryKey: userKeys.pick(loginTime, keyword),
    queryFn: async () => {
      const outcome = await searchPickableUsers({ ...(keyword && { keyword }), rows: USER_PICK_ROWS });
      if (outcome.result !== RESULT_CODES.success) throw new UserLookupFailed(outcome.error.url);
      const data: unknown = outcome.data.data;
      return Array.isArray(data) ? (data as PickableUser[]) : [];
    },
    enabled: enabled && session !== undefined,
    staleTime: 30_000,
    retry: false,
  });
}
