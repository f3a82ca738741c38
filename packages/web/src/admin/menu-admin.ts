// The rules of the menu administration page (spec §5), as pure functions over the tenant's menu tree:
// which rows may move up or down, take a child or be deleted, what the form sends, and the resources a
// menu can be bound to. The server applies the same rules (menuMoveProblem, menuParentProblem of
// @ipdesk/core); the page disables what it would refuse. Also the resource catalogue's tree helpers,
// shared with the resources page.
import {
  DEFAULT_MENUS,
  MENU_LEVELS,
  MODEL_CATALOG,
  menuMoveProblem,
  menuParentProblem,
  type DefaultMenu,
  type MenuIcon,
  type MenuLevel,
  type MenuMove,
  type MenuOpenType,
  type MenuScope,
  type MessageKey,
  type ResourceType,
} from '@ipdesk/core';
import type { MenuFields, MenuRow, ResourceTreeNode } from '../api/menus';
import { filterTree } from '../app/menu-tree';
import { modelListPath } from '../models/paths';

export const MENU_TREE_KEY = ['admin', 'menus', 'tree'] as const;
/** Resource names come in the request's language. */
export const resourceTreeKey = (language: string) => ['admin', 'resources', 'tree', language] as const;

export const RESOURCE_TYPE_KEYS: Record<ResourceType, MessageKey> = {
  menu: 'adminResource.type.menu',
  button: 'adminResource.type.button',
  link: 'adminResource.type.link',
  tab: 'adminResource.type.tab',
};

/** The server's limit on a menu path (the route schema). */
export const MENU_PATH_MAX = 512;

/** The tree with empty children lists removed, so the table shows no expand button on leaves. */
export function normalizeMenuTree(rows: readonly MenuRow[]): MenuRow[] {
  return rows.map((row) => {
    const { children, ...rest } = row;
    return children && children.length > 0 ? { ...rest, children: normalizeMenuTree(children) } : rest;
  });
}

export interface SiblingPosition {
  index: number;
  count: number;
}

/** Each menu's place among its siblings (the tree is in display order). */
export function siblingPositions(rows: readonly MenuRow[]): Map<string, SiblingPosition> {
  const positions = new Map<string, SiblingPosition>();
  const visit = (siblings: readonly MenuRow[]): void => {
    siblings.forEach((row, index) => {
      positions.set(row.sid, { index, count: siblings.length });
      visit(row.children ?? []);
    });
  };
  visit(rows);
  return positions;
}

/** Why the menu cannot move that way (first cannot go up, last cannot go down), or undefined. */
export function moveProblem(
  positions: ReadonlyMap<string, SiblingPosition>,
  sid: string,
  direction: MenuMove,
): 'first' | 'last' | undefined {
  const position = positions.get(sid);
  if (!position) return direction === 'up' ? 'first' : 'last';
  return menuMoveProblem(position.index, position.count, direction);
}

const DEEPEST_LEVEL: MenuLevel = MENU_LEVELS[MENU_LEVELS.length - 1] ?? 4;

/** Why the menu cannot take a child: bound to a resource (it opens a page), or already level 3. */
export function addChildProblem(row: Pick<MenuRow, 'level' | 'resource_code'>): 'bound' | 'deepest' | undefined {
  if (row.level >= DEEPEST_LEVEL) return 'deepest';
  return menuParentProblem({ level: row.level, resourceCode: row.resource_code }, row.level + 1) === 'bound'
    ? 'bound'
    : undefined;
}

/** A menu with children cannot be deleted (the server answers 409310). */
export function deleteProblem(row: Pick<MenuRow, 'children'>): 'children' | undefined {
  return row.children && row.children.length > 0 ? 'children' : undefined;
}

export function childLevel(parent: Pick<MenuRow, 'level'> | null): MenuLevel {
  const level = parent ? parent.level + 1 : 1;
  return (MENU_LEVELS as readonly number[]).includes(level) ? (level as MenuLevel) : DEEPEST_LEVEL;
}

export function flattenMenus(rows: readonly MenuRow[]): MenuRow[] {
  return rows.flatMap((row) => [row, ...flattenMenus(row.children ?? [])]);
}

export function menuKeysWithChildren(rows: readonly MenuRow[]): string[] {
  return rows.flatMap((row) =>
    row.children && row.children.length > 0 ? [row.sid, ...menuKeysWithChildren(row.children)] : [],
  );
}

/** What the menu form holds. */
export interface MenuFormValues {
  name_zh: string;
  name_en: string;
  resource_code?: string | null;
  path?: string | null;
  open_type: MenuOpenType;
  icon?: MenuIcon | null;
  scope: MenuScope;
  enabled: boolean;
}

export const NEW_MENU_VALUES: MenuFormValues = {
  name_zh: '',
  name_en: '',
  resource_code: null,
  path: '',
  open_type: 'self',
  icon: null,
  scope: 0,
  enabled: true,
};

export function formValuesOf(row: MenuRow): MenuFormValues {
  return {
    name_zh: row.name_zh,
    name_en: row.name_en,
    resource_code: row.resource_code,
    path: row.path ?? '',
    open_type: row.open_type,
    icon: row.icon as MenuIcon | null,
    scope: row.scope,
    enabled: row.status === 1,
  };
}

/** The fields as the server takes them: names trimmed, a blank path or no choice as null. */
export function menuFieldsOf(values: MenuFormValues): MenuFields {
  const path = values.path?.trim() ?? '';
  return {
    name_zh: values.name_zh.trim(),
    name_en: values.name_en.trim(),
    resource_code: values.resource_code || null,
    path: path === '' ? null : path,
    open_type: values.open_type,
    icon: values.icon ?? null,
    scope: values.scope,
    status: values.enabled ? 1 : 0,
  };
}

export function flattenResources(nodes: readonly ResourceTreeNode[]): ResourceTreeNode[] {
  return nodes.flatMap((node) => [node, ...flattenResources(node.children ?? [])]);
}

export const RESOURCE_TYPE_ORDER: readonly ResourceType[] = ['menu', 'link', 'tab', 'button'];

/** The resources by type (menus first), each in catalogue order, for the grouped picker. */
export function resourcesByType(nodes: readonly ResourceTreeNode[]): Array<[ResourceType, ResourceTreeNode[]]> {
  const all = flattenResources(nodes);
  return RESOURCE_TYPE_ORDER.map((type): [ResourceType, ResourceTreeNode[]] => [
    type,
    all.filter((node) => node.type === type),
  ]).filter(([, list]) => list.length > 0);
}

function defaultPaths(menus: readonly DefaultMenu[]): Map<string, string> {
  const paths = new Map<string, string>();
  const visit = (list: readonly DefaultMenu[]): void => {
    for (const menu of list) {
      if (menu.resource && menu.path) paths.set(menu.resource, menu.path);
      visit(menu.children ?? []);
    }
  };
  visit(menus);
  return paths;
}

const DEFAULT_PATHS = defaultPaths(DEFAULT_MENUS);

/** The page a resource is usually opened at (a model's list, an administration page), to prefill the path. */
export function suggestedPath(resourceCode: string): string | undefined {
  const known = DEFAULT_PATHS.get(resourceCode);
  if (known) return known;
  return MODEL_CATALOG.some((model) => model.name === resourceCode) ? modelListPath(resourceCode) : undefined;
}

/** The tree with empty children lists removed (no expand button on leaves). */
export function normalizeResourceTree(nodes: readonly ResourceTreeNode[]): ResourceTreeNode[] {
  return nodes.map((node) => {
    const { children, ...rest } = node;
    return children && children.length > 0 ? { ...rest, children: normalizeResourceTree(children) } : rest;
  });
}

/** The search box: name or code, case-insensitive; the parents of matches stay. */
export function filterResources(nodes: readonly ResourceTreeNode[], keyword: string): ResourceTreeNode[] {
  const needle = keyword.trim().toLocaleLowerCase();
  if (needle === '') return [...nodes];
  return filterTree(
    nodes,
    (node) => node.name.toLocaleLowerCase().includes(needle) || node.code.toLocaleLowerCase().includes(needle),
  );
}

export function resourceParentKeys(nodes: readonly ResourceTreeNode[]): string[] {
  return nodes.flatMap((node) =>
    node.children && node.children.length > 0 ? [node.code, ...resourceParentKeys(node.children)] : [],
  );
}
