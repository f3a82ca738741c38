// The shell's menu. For now only the home entry; the shape is what server-driven menus (menu and
// resource management, spec §2) will fill: a resource code, a route path, a text key, children.
import { HomeOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MessageKey } from '@ipdesk/core';

export interface MenuEntry {
  /** The menu resource code, sent as x-menu-resource-code while working in the entry. */
  code: string;
  path: string;
  titleKey: MessageKey;
  icon?: ReactNode;
  children?: MenuEntry[];
}

const BUILT_IN_MENUS: readonly MenuEntry[] = [
  { code: 'home', path: '/', titleKey: 'shell.home', icon: <HomeOutlined /> },
];

export function useMenus(): readonly MenuEntry[] {
  return BUILT_IN_MENUS;
}
