// Menus (spec §3 "Menu", §5 "Lists and menus"): a tenant's navigation tree over the resource catalogue.
// The rules here are shared by the menu admin page and the server.
import type { Label } from '../models/define.js';

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

const model = (name: string, zh: string, en: string, icon: MenuIcon): DefaultMenu => ({
  key: name,
  label: { zh, en },
  resource: name,
  path: `/model/${name}`,
  icon,
});

const myWork = (key: string, zh: string, en: string, list: string): DefaultMenu => ({
  key,
  label: { zh, en },
  resource: null,
  path: `/workflow/my/${list}`,
  icon: 'todo',
});

/** The menu tree a new tenant starts with; administrators rearrange it in menu management. */
export const DEFAULT_MENUS: readonly DefaultMenu[] = [
  { key: 'home', label: { zh: '首页', en: 'Home' }, resource: 'home', path: '/', icon: 'home' },
  // Everyone's own processes: plain links (no resource), so every signed-in user sees them; the process
  // routes decide what each user may see and do.
  {
    key: 'my_work',
    label: { zh: '我的工作', en: 'My work' },
    resource: null,
    path: null,
    icon: 'todo',
    children: [
      myWork('my_todos', '我的待办', 'My to-dos', 'todos'),
      myWork('my_started', '我发起的', 'Started by me', 'started'),
      myWork('my_handled', '我已办', 'Handled by me', 'handled'),
    ],
  },
  model('patent', '专利', 'Patents', 'patent'),
  {
    key: 'docket',
    label: { zh: '专利事务', en: 'Patent docket' },
    resource: null,
    path: null,
    icon: 'patent',
    children: [
      model('patent_task', '期限', 'Deadlines', 'patent'),
      {
        key: 'deadline_calendar',
        label: { zh: '期限日历', en: 'Deadline calendar' },
        resource: 'patent_task',
        path: '/patents/calendar',
        icon: 'patent',
      },
      model('fee', '费用', 'Fees', 'bank'),
      model('patent_item', '官文与事件', 'Office actions and events', 'patent'),
    ],
  },
  model('trademarks', '商标', 'Trademarks', 'trademark'),
  model('copyright_apply', '版权', 'Copyrights', 'copyright'),
  model('project', '项目', 'Projects', 'project'),
  model('scientific_paper', '论文', 'Papers', 'paper'),
  {
    key: 'system',
    label: { zh: '系统设置', en: 'System settings' },
    resource: null,
    path: null,
    icon: 'setting',
    children: [
      {
        key: 'org',
        label: { zh: '组织机构', en: 'Organisation' },
        resource: 'system.org',
        path: '/admin/org',
        icon: 'apartment',
      },
      model('person', '人员管理', 'People', 'team'),
      {
        key: 'roles',
        label: { zh: '角色与权限', en: 'Roles and permissions' },
        resource: 'system.roles',
        path: '/admin/roles',
        icon: 'safety',
      },
      model('agency', '代理机构', 'Agencies', 'bank'),
      model('agent', '代理人', 'Agents', 'team'),
      {
        key: 'menus',
        label: { zh: '菜单管理', en: 'Menus' },
        resource: 'system.menus',
        path: '/admin/menus',
        icon: 'menu',
      },
      {
        key: 'resources',
        label: { zh: '资源管理', en: 'Resources' },
        resource: 'system.resources',
        path: '/admin/resources',
        icon: 'link',
      },
      {
        key: 'custom_fields',
        label: { zh: '自定义字段', en: 'Custom fields' },
        resource: 'system.custom_fields',
        path: '/admin/custom-fields',
        icon: 'setting',
      },
      {
        key: 'dictionary',
        label: { zh: '数据字典', en: 'Data dictionary' },
        resource: 'system.dictionary',
        path: '/admin/dictionaries',
        icon: 'setting',
      },
      {
        key: 'workflow_definitions',
        label: { zh: '流程定义', en: 'Process definitions' },
        resource: 'workflow',
        path: '/workflow/definitions',
        icon: 'apartment',
      },
      {
        key: 'resignation_notice',
        label: { zh: '离职通知设置', en: 'Resignation notices' },
        resource: 'system.settings',
        path: '/admin/resignation-notice',
        icon: 'setting',
      },
      {
        key: 'mail_server',
        label: { zh: '邮件服务器', en: 'Mail server' },
        resource: 'system.settings',
        path: '/admin/mail-server',
        icon: 'setting',
      },
      {
        key: 'security_policy',
        label: { zh: '安全策略', en: 'Security policy' },
        resource: 'system.settings',
        path: '/admin/security-policy',
        icon: 'safety',
      },
    ],
  },
];
