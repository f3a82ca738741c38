// Which resources the signed-in user holds, from the shell's my-menus store (GET menu/do/my). While the
// answer is not known (missing, loading, failed) the buttons are shown and the server decides.
import { useMemo } from 'react';
import { useMyMenusState } from '../../session/my-menus';

/** Whether to offer what the resource guards: held, or not known. */
export function mayUse(held: ReadonlySet<string> | undefined, resource: string): boolean {
  return held === undefined || held.has(resource);
}

/** The held resources (undefined: not known), following changes made in other tabs. */
export function useHeldResources(): ReadonlySet<string> | undefined {
  const state = useMyMenusState();
  const resources = state.status === 'ready' ? state.menus.resources : undefined;
  return useMemo(() => (resources ? new Set(resources) : undefined), [resources]);
}
