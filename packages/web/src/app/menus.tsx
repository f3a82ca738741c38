// The shell's menu: the home entry, the declared models' lists and, for tenant administrators, the
// administration of custom fields and dictionaries. The shape is what server-driven menus
// (menu and resource management, spec §2) will fill: a resource code, a route path, a text key, children.
// Menu texts are i18n keys rather than schema labels, so the menu shows before any schema is fetched.
import {
  CopyrightOutlined,
  FileProtectOutlined,
  HomeOutlined,
  ProjectOutlined,
  ReadOutlined,
  SettingOutlined,
  TrademarkOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MessageKey } from '@ipdesk/core';
import { modelListPath } from '../models/paths';
import { useMyUser } from '../session/my-user';

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

/** Only for tenant administrators (the server refuses anyone else anyway). */
export const ADMIN_MENU: MenuEntry = {
  code: 'admin',
  path: '/admin',
  titleKey: 'menu.admin',
  icon: <SettingOutlined />,
  children: [
    { code: 'custom_field', path: '/admin/custom-fields', titleKey: 'menu.customFields' },
    { code: 'dictionary', path: '/admin/dictionaries', titleKey: 'menu.dictionaries' },
  ],
};

const ADMIN_MENUS: readonly MenuEntry[] = [...BUILT_IN_MENUS, ADMIN_MENU];

export function useMenus(): readonly MenuEntry[] {
  const { user } = useMyUser();
  return user?.is_tenant_admin ? ADMIN_MENUS : BUILT_IN_MENUS;
}
