// Menus (spec §3 "Menu", §5 "Lists and menus"): a tenant's navigation tree over the resource catalogue.
// The rules here are shared by the menu admin page and the server.
import { DOMAINS } from '../domains/index.js';
import type { CoreDomain, DomainMenu } from '../domains/types.js';
import type { Label } from '../models/define.js';
import { BATCH_EDIT_RESOURCE, DEADLINES_RESOURCE } from './resources.js';

/** Levels of spec §3: main, sub, level 2, level 3. A child is always one level below its parent. */
export const MENU_LEVELS = [1, 2, 3, 4] as const;
export type MenuLevel = (typeof MENU_LEVELS)[number];
export const MENU_OPEN_TYPES = ['self', 'blank'] as const;
export type MenuOpenType = (typeof MENU_OPEN_TYPES)[number];
/** Which platform's users see the menu: 0 both, 1 enterprise, 2 agency. */
export const MENU_SCOPES = [0, 1, 2] as const;
export type MenuScope = (typeof MENU_SCOPES)[number];
export const MENU_NAME_MAX = 50;
export const MENU_PATH_PATTERN = /^(\/[A-Za-z0-9_\-./:?=&%]*|https?:\/\/[^\s]{1,500})$/;
export const MENU_ICONS = [
  'home',
  'patent',
  'trademark',
  'copyright',
  'project',
  'paper',
  'setting',
  'team',
  'apartment',
  'safety',
  'bank',
  'menu',
  'link',
  'todo',
] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];

export type MenuMove = 'up' | 'down';

/** Spec §5: the first row cannot move up and the last cannot move down (moves stay among siblings). */
export function menuMoveProblem(index: number, siblings: number, direction: MenuMove): 'first' | 'last' | undefined {
  if (direction === 'up' && index <= 0) return 'first';
  if (direction === 'down' && index >= siblings - 1) return 'last';
  return undefined;
}

/**
 * Spec §5: a menu sits one level below its parent (a top-level menu is level 1), and a menu bound to a
 * resource opens a page, so it cannot hold children.
 */
export function menuParentProblem(
  parent: { level: number; resourceCode: string | null } | null,
  level: number,
): 'level' | 'bound' | undefined {
  if (level !== (parent ? parent.level + 1 : 1)) return 'level';
  if (parent?.resourceCode) return 'bound';
  return undefined;
}

export interface DefaultMenu {
  key: string;
  label: Label;
  resource: string | null;
  path: string | null;
  icon: MenuIcon;
  children?: DefaultMenu[];
}

/** The platform's own menus: home, and the System settings group with the administration pages. */
const PLATFORM_MENUS: readonly DomainMenu[] = [
  { key: 'home', label: { zh: '首页', en: 'Home' }, resource: 'home', path: '/', icon: 'home', sort: 10 },
  // The deadlines of every record kind (cases', trademarks', every docketed model's), beside the domains'
  // own groups: a user who may view only trademark deadlines finds them here, not under "Patent docket".
  {
    key: 'deadlines',
    label: { zh: '期限', en: 'Deadlines' },
    resource: null,
    path: null,
    icon: 'todo',
    sort: 45,
    children: [],
  },
  {
    key: 'all_deadlines',
    label: { zh: '全部期限', en: 'All deadlines' },
    resource: DEADLINES_RESOURCE,
    path: '/deadlines',
    icon: 'todo',
    parent: 'deadlines',
    sort: 10,
  },
  {
    key: 'deadline_calendar',
    label: { zh: '期限日历', en: 'Deadline calendar' },
    resource: DEADLINES_RESOURCE,
    path: '/patents/calendar',
    icon: 'todo',
    parent: 'deadlines',
    sort: 20,
  },
  {
    key: 'system',
    label: { zh: '系统设置', en: 'System settings' },
    resource: null,
    path: null,
    icon: 'setting',
    sort: 900,
    children: [],
  },
  page('org', '组织机构', 'Organisation', 'system.org', '/admin/org', 'apartment', 10),
  page('roles', '角色与权限', 'Roles and permissions', 'system.roles', '/admin/roles', 'safety', 30),
  page('menus', '菜单管理', 'Menus', 'system.menus', '/admin/menus', 'menu', 60),
  page('resources', '资源管理', 'Resources', 'system.resources', '/admin/resources', 'link', 70),
  page('custom_fields', '自定义字段', 'Custom fields', 'system.custom_fields', '/admin/custom-fields', 'setting', 80),
  page('dictionary', '数据字典', 'Data dictionary', 'system.dictionary', '/admin/dictionaries', 'setting', 90),
  page(
    'resignation_notice',
    '离职通知设置',
    'Resignation notices',
    'system.settings',
    '/admin/resignation-notice',
    'setting',
    110,
  ),
  page('mail_server', '邮件服务器', 'Mail server', 'system.settings', '/admin/mail-server', 'setting', 120),
  page('security_policy', '安全策略', 'Security policy', 'system.settings', '/admin/security-policy', 'safety', 130),
  // Issue 19: the tenant's webhook and the log of notification deliveries (failures, resend).
  page(
    'notification_deliveries',
    '通知投递',
    'Notification deliveries',
    'system.settings',
    '/admin/notification-deliveries',
    'setting',
    135,
  ),
  // Spec §2 /batch-edit/history: every batch edit of the models the reader may view, and their undo.
  page('batch_edit', '批量修改记录', 'Batch edit history', BATCH_EDIT_RESOURCE, '/batch-edit/history', 'todo', 140),
];

function page(
  key: string,
  zh: string,
  en: string,
  resource: string,
  path: string,
  icon: MenuIcon,
  sort: number,
): DomainMenu {
  return { key, label: { zh, en }, resource, path, icon, parent: 'system', sort };
}

/** A default group's key that a menu names as its parent but no menu declares (a start-up error). */
export class MenuParentError extends Error {
  override name = 'MenuParentError';
}

/**
 * The default tree of the platform's menus and these domains': each menu under the group it names (at the
 * top when none), siblings in their declared order. A group without children is left out.
 */
export function defaultMenus(domains: readonly CoreDomain[]): DefaultMenu[] {
  const all = [...PLATFORM_MENUS, ...domains.flatMap((d) => d.menus)];
  const build = (parent: string | undefined): DefaultMenu[] =>
    all
      .filter((menu) => menu.parent === parent)
      .sort((a, b) => a.sort - b.sort)
      .flatMap(({ parent: _parent, sort: _sort, children, ...menu }) => {
        const nested = [...(children ?? []), ...build(menu.key)];
        if (children === undefined && nested.length === 0) return [menu];
        return nested.length ? [{ ...menu, children: nested }] : [];
      });
  const keys = new Set<string>();
  const collect = (menus: readonly DefaultMenu[]) =>
    menus.forEach((m) => {
      keys.add(m.key);
      collect(m.children ?? []);
    });
  collect(all);
  const orphan = all.find((menu) => menu.parent !== undefined && !keys.has(menu.parent));
  if (orphan) throw new MenuParentError(`Menu ${orphan.key} names an unknown parent ${String(orphan.parent)}`);
  return build(undefined);
}

/** The menu tree a new tenant starts with; administrators rearrange it in menu management. */
export const DEFAULT_MENUS: readonly DefaultMenu[] = defaultMenus(DOMAINS);
