// The shell's menu: the home entry and the declared models' lists. The shape is what server-driven menus
// (menu and resource management, spec §2) will fill: a resource code, a route path, a text key, children.
// Menu texts are i18n keys rather than schema labels, so the menu shows before any schema is fetched.
import {
  CopyrightOutlined,
  FileProtectOutlined,
  HomeOutlined,
  ProjectOutlined,
  ReadOutlined,
  TrademarkOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MessageKey } from '@ipdesk/core';
import { modelListPath } from '../models/paths';

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
  { code: 'patent', path: modelListPath('patent'), titleKey: 'menu.patent', icon: <FileProtectOutlined /> },
  { code: 'trademarks', path: modelListPath('trademarks'), titleKey: 'menu.trademarks', icon: <TrademarkOutlined /> },
  {
    code: 'copyright_apply',
    path: modelListPath('copyright_apply'),
    titleKey: 'menu.copyright_apply',
    icon: <CopyrightOutlined />,
  },
  { code: 'project', path: modelListPath('project'), titleKey: 'menu.project', icon: <ProjectOutlined /> },
  {
    code: 'scientific_paper',
    path: modelListPath('scientific_paper'),
    titleKey: 'menu.scientific_paper',
    icon: <ReadOutlined />,
  },
];

export function useMenus(): readonly MenuEntry[] {
  return BUILT_IN_MENUS;
}
