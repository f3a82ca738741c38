// The shell's decisions over the user's menu tree (GET /menu/do/my), as pure functions: names in the
// current language, the search filter, which menu the current page belongs to (its resource code is
// sent as x-menu-resource-code, spec §7) and whether the page may be shown at all (the 403 guard).
import { DEFAULT_MENUS, RESOURCE_CATALOG, modelResourceCode, type DefaultMenu, type Language } from '@ipdesk/core';
import type { MyMenuNode } from '../api/menus';
import type { MyMenusState } from '../session/my-menus';

export interface BilingualName {
  name_zh: string;
  name_en: string;
}

/** The name in the language shown; the other one when it is blank (never an empty menu entry). */
export function menuName(node: BilingualName, language: Language): string {
  const [own, other] = language === 'en' ? [node.name_en, node.name_zh] : [node.name_zh, node.name_en];
  return own.trim() !== '' ? own : other;
}

/**
 * Keeps the nodes that match and the ancestors of those that do (with only the children that lead to a
 * match); a matching node keeps its whole subtree, so finding a group shows what is in it.
 */
export function filterTree<T extends { children?: T[] | undefined }>(
  nodes: readonly T[],
  matches: (node: T) => boolean,
): T[] {
  const kept: T[] = [];
  for (const node of nodes) {
    if (matches(node)) {
      kept.push(node);
      continue;
    }
    const children = filterTree(node.children ?? [], matches);
    if (children.length > 0) kept.push({ ...node, children });
  }
  return kept;
}

/** The menu search box: case-insensitive, over the names shown; a blank keyword keeps everything. */
export function filterMenus(nodes: readonly MyMenuNode[], keyword: string, language: Language): MyMenuNode[] {
  const needle = keyword.trim().toLocaleLowerCase();
  if (needle === '') return [...nodes];
  return filterTree(nodes, (node) => menuName(node, language).toLocaleLowerCase().includes(needle));
}

/** The sids of the nodes that hold children (the groups to open while searching). */
export function groupKeys(nodes: readonly MyMenuNode[]): string[] {
  return nodes.flatMap((node) =>
    node.children && node.children.length > 0 ? [node.sid, ...groupKeys(node.children)] : [],
  );
}

export function isExternalPath(path: string): boolean {
  return /^https?:\/\//i.test(path);
}

/** A route path without its query and hash, and without a trailing slash (except "/"). */
export function routePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return trimmed === '' ? '/' : trimmed;
}

/** Whether the page at `pathname` lies in the menu's path: the path itself or below it, by whole segments. */
export function menuPathCovers(menuPath: string, pathname: string): boolean {
  const base = routePath(menuPath);
  const here = routePath(pathname);
  if (base === '/') return here === '/';
  return here === base || here.startsWith(`${base}/`);
}

function* walk<T extends { children?: T[] | undefined }>(nodes: readonly T[]): Generator<T> {
  for (const node of nodes) {
    yield node;
    yield* walk(node.children ?? []);
  }
}

/**
 * The menu the user works in on `pathname`: of the menus bound to a resource, the one whose path is the
 * longest prefix of the location ("/model/patent/Rec…/edit" → the "/model/patent" menu). None for
 * pages outside the menu (the profile).
 */
export function menuForLocation(nodes: readonly MyMenuNode[], pathname: string): MyMenuNode | undefined {
  let best: MyMenuNode | undefined;
  let bestLength = -1;
  for (const node of walk(nodes)) {
    if (!node.resource_code || !node.path || isExternalPath(node.path)) continue;
    if (!menuPathCovers(node.path, pathname)) continue;
    const length = routePath(node.path).length;
    if (length > bestLength) {
      best = node;
      bestLength = length;
    }
  }
  return best;
}

/** Sent as x-menu-resource-code while the user works on `pathname`. */
export function menuResourceCodeFor(nodes: readonly MyMenuNode[], pathname: string): string | undefined {
  return menuForLocation(nodes, pathname)?.resource_code ?? undefined;
}

function defaultMenuPaths(menus: readonly DefaultMenu[]): Array<{ path: string; resource: string }> {
  return menus.flatMap((menu) => [
    ...(menu.path && menu.resource ? [{ path: menu.path, resource: menu.resource }] : []),
    ...defaultMenuPaths(menu.children ?? []),
  ]);
}

/**
 * Pages outside the model pages that the guard keeps to their resource: administration, processes, the
 * batch edit history, and the list and calendar of every kind's deadlines.
 */
const GUARDED_PREFIXES = ['/admin/', '/workflow/', '/batch-edit/', '/deadlines/', '/patents/calendar/'];
/**
 * Process pages every signed-in user has, whatever their resources: their own to-dos, started and handled
 * processes (the process routes show each user only what they may see).
 */
const OPEN_PREFIXES = ['/workflow/my/'];
const isGuardedPage = (pathname: string): boolean => {
  const path = `${routePath(pathname)}/`;
  return GUARDED_PREFIXES.some((prefix) => path.startsWith(prefix)) && !OPEN_PREFIXES.some((p) => path.startsWith(p));
};

/** The guarded pages and the resource each opens under, as the default menus bind them. */
const GUARDED_PAGES = defaultMenuPaths(DEFAULT_MENUS).filter((page) => isGuardedPage(page.path));

function modelOf(pathname: string): string | undefined {
  const segment = /^\/model\/([^/]+)/.exec(routePath(pathname))?.[1];
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The resource a guarded page needs (model, administration and process pages): its menu's resource, or,
 * when the tenant keeps no menu for it, the model's own resource or the page's default one. Undefined for other pages and for models the product does not know (those answer 404).
 */
export function pageResource(nodes: readonly MyMenuNode[], pathname: string): string | undefined {
  const model = modelOf(pathname);
  if (model === undefined && !isGuardedPage(pathname)) return undefined;
  const menu = menuForLocation(nodes, pathname);
  if (menu?.resource_code) return menu.resource_code;
  if (model !== undefined) {
    const code = modelResourceCode(model, 'view');
    return RESOURCE_CATALOG.byCode(code) ? code : undefined;
  }
  return GUARDED_PAGES.find((page) => menuPathCovers(page.path, pathname))?.resource;
}

export type GuardDecision = 'allow' | 'forbid' | 'wait';

/**
 * Whether the shell shows the page: a model, administration or process page whose resource the user does not
 * hold goes to 403 (the server would refuse its calls anyway). While the menus are on their way such a
 * page waits; when they could not be fetched the server decides alone.
 */
export function guardDecision(pathname: string, state: MyMenusState): GuardDecision {
  if (modelOf(pathname) === undefined && !isGuardedPage(pathname)) return 'allow';
  if (state.status === 'failed') return 'allow';
  if (state.status !== 'ready') return 'wait';
  const code = pageResource(state.menus.menus, pathname);
  return code === undefined || state.menus.resources.includes(code) ? 'allow' : 'forbid';
}
