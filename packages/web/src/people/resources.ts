// Which resources the signed-in user holds, as the shell keeps the answer of GET menu/do/my in
// localStorage 'my-menus' ({ menus, resources }). Read defensively: a missing, older (a bare menu list)
// or unreadable entry means "not known", and the buttons are then shown and the server decides.
import { useMemo, useSyncExternalStore } from 'react';
import { SESSION_KEYS } from '../session/storage';

/** The held resource codes from the stored text, or undefined when it does not say. */
export function parseHeldResources(raw: string | null | undefined): ReadonlySet<string> | undefined {
  if (!raw) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    const resources = (parsed as { resources?: unknown }).resources;
    if (!Array.isArray(resources)) return undefined;
    return new Set(resources.filter((code): code is string => typeof code === 'string'));
  } catch {
    return undefined;
  }
}

/** Whether to offer what the resource guards: held, or not known. */
export function mayUse(held: ReadonlySet<string> | undefined, resource: string): boolean {
  return held === undefined || held.has(resource);
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(SESSION_KEYS.myMenus);
  } catch {
    return null;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

/** The held resources (undefined: not known), following changes made in other tabs. */
export function useHeldResources(): ReadonlySet<string> | undefined {
  const raw = useSyncExternalStore(subscribe, readStored, () => null);
  return useMemo(() => parseHeldResources(raw), [raw]);
}
