// The user's menu tree as ProLayout items: names in the language shown (no refetch on a switch),
// icons, groups, links to other sites and entries that open a new window.
import { isValidElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { MyMenuNode } from '../api/menus';
import { MENU_ICON_COMPONENTS } from './menu-icons';
import { toShellMenu } from './menus';

const base = { level: 1, resource_code: null, path: null, open_type: 'self', icon: null } as const;
const TREE: MyMenuNode[] = [
  { ...base, sid: 'patent', name: '专利', name_zh: '专利', name_en: 'Patents', path: '/model/patent', icon: 'patent' },
  {
    ...base,
    sid: 'system',
    name: '系统设置',
    name_zh: '系统设置',
    name_en: 'System settings',
    icon: 'setting',
    children: [
      {
        ...base,
        sid: 'menus',
        name: '菜单管理',
        name_zh: '菜单管理',
        name_en: 'Menus',
        path: '/admin/menus',
        level: 2,
      },
      {
        ...base,
        sid: 'help',
        name: '帮助',
        name_zh: '帮助',
        name_en: 'Help',
        path: 'https://help.example.com',
        open_type: 'blank',
        level: 2,
      },
      {
        ...base,
        sid: 'report',
        name: '报表',
        name_zh: '报表',
        name_en: 'Reports',
        path: '/model/patent?view=report',
        open_type: 'blank',
        level: 2,
      },
    ],
  },
  // A group whose children were all dropped, and a leaf without a path, lead nowhere.
  { ...base, sid: 'empty', name: '空', name_zh: '空', name_en: 'Empty', children: [] },
];

describe('the shell menu', () => {
  it('names the entries in the language shown', () => {
    const zh = toShellMenu(TREE, 'zh-CN').route.children;
    const en = toShellMenu(TREE, 'en').route.children;
    expect(zh.map((item) => item.name)).toEqual(['专利', '系统设置']);
    expect(en.map((item) => item.name)).toEqual(['Patents', 'System settings']);
    expect(en[1]?.children?.map((item) => item.name)).toEqual(['Menus', 'Help', 'Reports']);
  });

  it('keys entries by sid, gives groups and external links a path no page has, and maps the icons', () => {
    const { route, links } = toShellMenu(TREE, 'en');
    const [patent, system] = route.children;
    expect(patent).toMatchObject({ key: 'patent', path: '/model/patent' });
    expect(isValidElement(patent?.icon) && patent.icon.type).toBe(MENU_ICON_COMPONENTS.patent);
    expect(system).toMatchObject({ key: 'system', path: '/menu-group/system' });
    expect(system?.children?.[1]).toMatchObject({ key: 'help', path: '/menu-link/help' });
    expect(links.get('help')).toEqual({ href: 'https://help.example.com', external: true, blank: true });
    expect(links.get('report')).toEqual({ href: '/model/patent?view=report', external: false, blank: true });
    expect(links.get('menus')).toEqual({ href: '/admin/menus', external: false, blank: false });
    expect(links.has('system')).toBe(false);
  });
});
