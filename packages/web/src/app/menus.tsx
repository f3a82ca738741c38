// The shell's menu, driven by the server (spec §2, §5): the user's menu tree from GET /menu/do/my (cached
// at sign-in, session/my-menus.ts), as the items of antd's Menu with the names in the current language
// and the icons of MENU_ICONS. A menu with children is a group (a submenu); a leaf is a link to its path,
// in this window or a new one (open_type "blank"), and a path starting with http(s) is a link to another
// site. The link is the entry's label, so a click, a middle click or "open in new tab" all work as on
// any link.
import type { MenuProps } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Language } from '@ipdesk/core';
import type { MyMenuNode } from '../api/menus';
import { ensureMyMenus, useMyMenusState, type MyMenusState } from '../session/my-menus';
import { useSession } from '../session/store';
import { menuIcon } from './menu-icons';
import { isExternalPath, menuName } from './menu-tree';

export type ShellMenuItem = NonNullable<MenuProps['items']>[number];

export interface ShellMenuOptions {
  language: Language;
  /** The title of an entry that opens a new window (t('navMenu.newWindow')). */
  newWindowTitle: string;
  /**
   * The menu is folded to its icons: a top-level entry without an icon then shows the first letter of
   * its name, or it would be an empty square (antd does so only for labels that are plain text).
   */
  collapsed?: boolean;
}

function leafLink(path: string, blank: boolean, name: string, newWindowTitle: string): ReactNode {
  const target = blank ? '_blank' : undefined;
  const title = blank ? newWindowTitle : undefined;
  if (isExternalPath(path)) {
    return (
      <a href={path} target={target} rel="noopener noreferrer" title={title}>
        {name}
      </a>
    );
  }
  return (
    <Link to={path} target={target} rel={blank ? 'noopener noreferrer' : undefined} title={title}>
      {name}
    </Link>
  );
}

/** The menu tree as antd Menu items: the key is the menu's sid; entries that lead nowhere are left out. */
export function toShellMenu(nodes: readonly MyMenuNode[], options: ShellMenuOptions): ShellMenuItem[] {
  const { language, newWindowTitle, collapsed = false } = options;
  const toItem = (node: MyMenuNode, topLevel: boolean): ShellMenuItem | undefined => {
    const name = menuName(node, language);
    const letter = collapsed && topLevel ? <span aria-hidden>{[...name][0]}</span> : undefined;
    const icon = menuIcon(node.icon) ?? letter;
    const children = (node.children ?? []).map((child) => toItem(child, false)).filter((item) => item !== undefined);
    if (children.length > 0) return { key: node.sid, label: name, icon, children };
    if (!node.path) return undefined;
    const label = leafLink(node.path, node.open_type === 'blank', name, newWindowTitle);
    return { key: node.sid, label, icon };
  };
  return nodes.map((node) => toItem(node, true)).filter((item) => item !== undefined);
}

/** The sids of the groups that hold the menu `sid`, outermost first; undefined when it is not in the tree. */
export function groupsAbove(nodes: readonly MyMenuNode[], sid: string): string[] | undefined {
  for (const node of nodes) {
    if (node.sid === sid) return [];
    const below = groupsAbove(node.children ?? [], sid);
    if (below) return [node.sid, ...below];
  }
  return undefined;
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
