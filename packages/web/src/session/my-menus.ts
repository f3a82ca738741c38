// The signed-in user's menus and held resources (GET {webapi}/menu/do/my), cached in localStorage under
// "my-menus" (spec §4): fetched right after sign-in, fetched once by the shell when the cache is missing,
// and removed at logout with the other session keys. Spec §2: menu changes reach a user at their next
// sign-in, so a cached answer is never refreshed behind their back. localStorage is the source of truth
// (another tab's sign-in replaces it for this tab too); when storage refuses the write, the answer lives
// in this page only.
import { useSyncExternalStore } from 'react';
import { RESULT_CODES } from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../api/failure';
import { fetchMyMenus, type MyMenuNode, type MyMenus } from '../api/menus';
import { SESSION_KEYS, readMyMenusRaw, removeMyMenus, writeMyMenus } from './storage';
import { currentSession } from './store';

export type MyMenusState =
  | { status: 'ready'; menus: MyMenus }
  /** Signed out, or signed in without a cached answer and nothing asked yet. */
  | { status: 'missing' }
  | { status: 'loading' }
  | { status: 'failed'; notice: VisibleNotice };

function isMenuNode(value: unknown): value is MyMenuNode {
  if (typeof value !== 'object' || value === null) return false;
  const node = value as Record<string, unknown>;
  return (
    typeof node.sid === 'string' &&
    typeof node.name_zh === 'string' &&
    typeof node.name_en === 'string' &&
    (node.children === undefined || (Array.isArray(node.children) && node.children.every(isMenuNode)))
  );
}

/** The cached answer, or undefined when it is missing or not what GET /menu/do/my answers. */
export function parseMyMenus(raw: string | undefined): MyMenus | undefined {
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { menus, resources } = parsed as Record<string, unknown>;
    if (!Array.isArray(menus) || !menus.every(isMenuNode)) return undefined;
    if (!Array.isArray(resources) || !resources.every((code) => typeof code === 'string')) return undefined;
    return { menus, resources };
  } catch {
    return undefined;
  }
}

/** The answer, when storage refused to keep it. */
let memory: MyMenus | undefined;
let failure: VisibleNotice | undefined;
let pending: Promise<boolean> | undefined;
/** Bumped by forgetMyMenus(): an answer that arrives for an earlier session is dropped. */
let generation = 0;
/** Bumped whenever memory, failure or pending change, so the snapshot is recomputed. */
let revision = 0;

let snapshot: MyMenusState = { status: 'missing' };
let snapshotRaw: string | undefined;
let snapshotRevision = -1;
let snapshotSignedIn = false;

const subscribers = new Set<() => void>();

function storage(): Storage {
  return window.localStorage;
}

function notify(): void {
  revision += 1;
  for (const subscriber of subscribers) subscriber();
}

function compute(raw: string | undefined, signedIn: boolean): MyMenusState {
  if (!signedIn) return { status: 'missing' };
  const menus = parseMyMenus(raw) ?? memory;
  if (menus) return { status: 'ready', menus };
  if (pending) return { status: 'loading' };
  if (failure) return { status: 'failed', notice: failure };
  return { status: 'missing' };
}

/** The current state; the same object until something it depends on changes (useSyncExternalStore). */
export function myMenusState(): MyMenusState {
  const raw = readMyMenusRaw(storage());
  const signedIn = currentSession() !== undefined;
  if (raw !== snapshotRaw || revision !== snapshotRevision || signedIn !== snapshotSignedIn) {
    snapshot = compute(raw, signedIn);
    snapshotRaw = raw;
    snapshotRevision = revision;
    snapshotSignedIn = signedIn;
  }
  return snapshot;
}

/**
 * Asks the server for the user's menus and caches the answer. Resolves true when they arrived; a call
 * already under way is shared.
 */
export function loadMyMenus(): Promise<boolean> {
  if (pending) return pending;
  const started = generation;
  failure = undefined;
  const call = (async (): Promise<boolean> => {
    const outcome = await fetchMyMenus();
    // Signed out (or in as someone else) meanwhile: the answer belongs to no current session.
    if (started !== generation || currentSession() === undefined) return false;
    if (outcome.result !== RESULT_CODES.success) {
      failure = inlineNotice(outcome.error);
      return false;
    }
    const menus: MyMenus = { menus: outcome.data.data.menus, resources: outcome.data.data.resources };
    memory = writeMyMenus(storage(), menus) ? undefined : menus;
    return true;
  })().finally(() => {
    if (pending === call) pending = undefined;
    notify();
  });
  pending = call;
  notify();
  return call;
}

/** The shell's "fetch it once when missing": nothing while signed out, cached, loading or failed. */
export function ensureMyMenus(): void {
  if (myMenusState().status === 'missing' && currentSession() !== undefined) void loadMyMenus();
}

/** At sign-in and sign-out: the previous user's menus, failure and any call under way are forgotten. */
export function forgetMyMenus(): void {
  generation += 1;
  memory = undefined;
  failure = undefined;
  pending = undefined;
  removeMyMenus(storage());
  notify();
}

function subscribe(subscriber: () => void): () => void {
  subscribers.add(subscriber);
  // Another tab's sign-in or logout changes the cache of this one.
  const onStorage = (event: StorageEvent): void => {
    if (event.storageArea !== storage()) return;
    if (event.key === null || event.key === SESSION_KEYS.myMenus || event.key === SESSION_KEYS.authorization) {
      subscriber();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    subscribers.delete(subscriber);
    window.removeEventListener('storage', onStorage);
  };
}

export function useMyMenusState(): MyMenusState {
  return useSyncExternalStore(subscribe, myMenusState);
}
