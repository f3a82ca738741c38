// The user's menu tree as antd Menu items: names in the language shown (no refetch on a switch), icons,
// groups, links to pages and to other sites, entries that open a new window, and entries that lead
// nowhere left out. Each leaf's label is rendered to the link a user clicks.
import { isValidElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { MyMenuNode } from '../api/menus';
import { MENU_ICON_COMPONENTS } from './menu-icons';
import { groupsAbove, toShellMenu, type ShellMenuItem } from './menus';

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
      // A leaf without a path leads nowhere.
      { ...base, sid: 'nowhere', name: '无', name_zh: '无', name_en: 'Nowhere', level: 2 },
    ],
  },
  { ...base, sid: 'site', name: '官网', name_zh: '官网', name_en: 'Website', path: 'https://www.example.com/' },
  // A group whose children were all dropped leads nowhere.
  { ...base, sid: 'empty', name: '空', name_zh: '空', name_en: 'Empty', children: [] },
];

const NEW_WINDOW = 'opens a new window';

/** What an item holds, whichever kind antd's type says it is. */
interface Entry {
  key?: unknown;
  label?: ReactNode;
  icon?: ReactNode;
  children?: ShellMenuItem[];
}
const entry = (item: ShellMenuItem | undefined): Entry => (item ?? {}) as Entry;

/** The label as a user meets it: a group's name, or the link a leaf renders to. */
function shownLabel(item: ShellMenuItem | undefined): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = renderToStaticMarkup(<MemoryRouter>{entry(item).label}</MemoryRouter>);
  return holder;
}
const nameOf = (item: ShellMenuItem | undefined) => shownLabel(item).textContent;
function linkOf(item: ShellMenuItem | undefined) {
  const links = shownLabel(item).querySelectorAll('a');
  expect(links).toHaveLength(1);
  const link = links[0]!;
  const attribute = (name: string) => link.getAttribute(name) ?? undefined;
  return { href: attribute('href'), target: attribute('target'), rel: attribute('rel'), title: attribute('title') };
}

describe('the shell menu', () => {
  const zh = toShellMenu(TREE, { language: 'zh-CN', newWindowTitle: NEW_WINDOW });
  const en = toShellMenu(TREE, { language: 'en', newWindowTitle: NEW_WINDOW });
  const [patent, system, site] = en;
  const [menus, help, report] = entry(system).children ?? [];

  it('names the entries in the language shown', () => {
    expect(zh.map(nameOf)).toEqual(['专利', '系统设置', '官网']);
    expect(en.map(nameOf)).toEqual(['Patents', 'System settings', 'Website']);
    expect(entry(system).children?.map(nameOf)).toEqual(['Menus', 'Help', 'Reports']);
  });

  it('keys entries by sid, leaves out those that lead nowhere, and maps the icons', () => {
    expect(en.map((item) => entry(item).key)).toEqual(['patent', 'system', 'site']);
    expect(entry(system).children?.map((item) => entry(item).key)).toEqual(['menus', 'help', 'report']);
    const { icon } = entry(patent);
    expect(isValidElement(icon) && icon.type).toBe(MENU_ICON_COMPONENTS.patent);
    const groupIcon = entry(system).icon;
    expect(isValidElement(groupIcon) && groupIcon.type).toBe(MENU_ICON_COMPONENTS.setting);
    expect(entry(site).icon).toBeUndefined();
    // A group's label is its name, not a link: it opens nothing.
    expect(entry(system).label).toBe('System settings');
  });

  it('links a page in this window', () => {
    expect(linkOf(patent)).toEqual({ href: '/model/patent', target: undefined, rel: undefined, title: undefined });
    expect(linkOf(menus)).toEqual({ href: '/admin/menus', target: undefined, rel: undefined, title: undefined });
  });

  it('opens open_type "blank" entries in a new window, saying so', () => {
    const blank = { target: '_blank', rel: 'noopener noreferrer', title: NEW_WINDOW };
    expect(linkOf(report)).toEqual({ href: '/model/patent?view=report', ...blank });
    expect(linkOf(help)).toEqual({ href: 'https://help.example.com', ...blank });
  });

  it('links another site as it is, without passing it this page', () => {
    expect(linkOf(site)).toEqual({
      href: 'https://www.example.com/',
      target: undefined,
      rel: 'noopener noreferrer',
      title: undefined,
    });
  });

  it('folded, gives a top-level entry without an icon the first letter of its name', () => {
    const folded = toShellMenu(TREE, { language: 'en', newWindowTitle: NEW_WINDOW, collapsed: true });
    const letter = entry(folded[2]).icon;
    expect(isValidElement(letter) && renderToStaticMarkup(letter)).toBe('<span aria-hidden="true">W</span>');
    const { icon } = entry(folded[0]);
    expect(isValidElement(icon) && icon.type).toBe(MENU_ICON_COMPONENTS.patent);
    expect(entry(entry(folded[1]).children?.[0]).icon).toBeUndefined();
  });
});

describe('the groups above an entry', () => {
  it('are listed outermost first, none for a top-level entry or one not in the tree', () => {
    expect(groupsAbove(TREE, 'report')).toEqual(['system']);
    expect(groupsAbove(TREE, 'patent')).toEqual([]);
    expect(groupsAbove(TREE, 'gone')).toBeUndefined();
  });
});
