// The menu icons of spec §3 (MENU_ICONS of @ipdesk/core, stored by name on each menu) as antd icons,
// shared by the shell's navigation and the menu administration page.
import {
  ApartmentOutlined,
  BankOutlined,
  CheckSquareOutlined,
  CopyrightOutlined,
  FileProtectOutlined,
  HomeOutlined,
  LinkOutlined,
  MenuOutlined,
  ProjectOutlined,
  ReadOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  TrademarkOutlined,
} from '@ant-design/icons';
import type { ComponentType, ReactNode } from 'react';
import { MENU_ICONS, type MenuIcon } from '@ipdesk/core';

export const MENU_ICON_COMPONENTS: Record<MenuIcon, ComponentType> = {
  home: HomeOutlined,
  patent: FileProtectOutlined,
  trademark: TrademarkOutlined,
  copyright: CopyrightOutlined,
  project: ProjectOutlined,
  paper: ReadOutlined,
  setting: SettingOutlined,
  team: TeamOutlined,
  apartment: ApartmentOutlined,
  safety: SafetyOutlined,
  bank: BankOutlined,
  menu: MenuOutlined,
  link: LinkOutlined,
  todo: CheckSquareOutlined,
};

export function isMenuIcon(name: unknown): name is MenuIcon {
  return typeof name === 'string' && (MENU_ICONS as readonly string[]).includes(name);
}

/** The icon of a stored name; nothing for no icon or a name this version does not know. */
export function menuIcon(name: string | null | undefined): ReactNode {
  if (!isMenuIcon(name)) return undefined;
  const Icon = MENU_ICON_COMPONENTS[name];
  return <Icon />;
}
