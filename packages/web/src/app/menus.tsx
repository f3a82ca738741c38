// The shell's menu, driven by the server (spec §2, §5): the user's menu tree from GET /menu/do/my (cached
// at sign-in, session/my-menus.ts), shaped for ProLayout with the names in the current language and the
// icons of MENU_ICONS. A menu with children is a group; a leaf opens its path, in this window or a new
// one (open_type "blank"), and a path starting with http(s) is a link to another site.
import type { MenuDataItem } from '@ant-design/pro-components';
import { useEffect } from 'react';
import type { Language } from '@ipdesk/core';
import type { MyMenuNode } from '../api/menus';
import { ensureMyMenus, useMyMenusState, type MyMenusState } from '../session/my-menus';
import { useSession } from '../session/store';
import { menuIcon } from './menu-icons';
import { isExternalPath, menuName } from './menu-tree';

/** Where a leaf goes; looked up by the menu's sid when ProLayout renders the entry. */
export interface ShellLink {
  href: string;
  external: boolean;
  /** open_type "blank": a new window. */
  blank: boolean;
}

export interface ShellMenu {
  /** ProLayout's route prop. */
  route: { path: string; children: MenuDataItem[] };
  links: ReadonlyMap<string, ShellLink>;
}

// ProLayout matches the location against item paths, so a group (which opens nothing) and an external
// link get a path of their own that no page has.
const groupPath = (sid: string): string => `/menu-group/${sid}`;
const linkPath = (sid: string): string => `/menu-link/${sid}`;

/** The menu tree as ProLayout items: the key is the menu's sid; entries that lead nowhere are left out. */
export function toShellMenu(nodes: readonly MyMenuNode[], language: Language): ShellMenu {
  const links = new Map<string, ShellLink>();
  const toItem = (node: MyMenuNode): MenuDataItem | undefined => {
    const name = menuName(node, language);
    const icon = menuIcon(node.icon);
    const children = (node.children ?? []).map(toItem).filter((item) => item !== undefined);
    if (children.length > 0) return { key: node.sid, path: groupPath(node.sid), name, icon, children };
    if (!node.path) return undefined;
    const external = isExternalPath(node.path);
    links.set(node.sid, { href: node.path, external, blank: node.open_type === 'blank' });
    return { key: node.sid, path: external ? linkPath(node.sid) : node.path, name, icon };
  };
  const children = nodes.map(toItem).filter((item) => item !== undefined);
  return { route: { path: '/', children }, links };
}

/** The user's menus; fetched once when the cache is missing while signed in (e.g. a fresh page). */
export function useMyMenus(): MyMenusState {
  const state = useMyMenusState();
  const signedIn = useSession() !== undefined;
  const missing = state.status === 'missing';
  useEffect(() => {
    if (signedIn && missing) ensureMyMenus();
  }, [signedIn, missing]);
  return state;
}
