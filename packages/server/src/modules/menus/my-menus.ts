// The menu tree one user may see (spec §5): enabled menus of their platform whose resource they hold;
// a menu without a resource is either a plain link (it has a path: everyone sees it, the page it opens
// checks its own rights) or a group, shown only while it has something visible inside.
import type { ClientSide, Language } from '@ipdesk/core';
import { buildTree, nameIn, type MenuRow, type TreeNode } from './menus.js';

export type MyMenu = Pick<
  MenuRow,
  'sid' | 'name_zh' | 'name_en' | 'resource_code' | 'path' | 'open_type' | 'icon' | 'level'
> & { name: string; children: MyMenu[] };

export interface Viewer {
  side: ClientSide;
  resources: ReadonlySet<string>;
  language: Language;
}

function visible(nodes: ReadonlyArray<TreeNode<MenuRow>>, viewer: Viewer): MyMenu[] {
  const out: MyMenu[] = [];
  for (const node of nodes) {
    // A disabled menu or one of the other platform hides its whole subtree.
    if (node.status !== 1 || (node.scope !== 0 && node.scope !== viewer.side)) continue;
    const children = visible(node.children, viewer);
    const shown =
      node.resource_code === null
        ? children.length > 0 || Boolean(node.path)
        : viewer.resources.has(node.resource_code);
    if (!shown) continue;
    out.push({
      sid: node.sid,
      name: nameIn(viewer.language, node),
      name_zh: node.name_zh,
      name_en: node.name_en,
      resource_code: node.resource_code,
      path: node.path,
      open_type: node.open_type,
      icon: node.icon,
      level: node.level,
      children,
    });
  }
  return out;
}

/** The viewer's menus from all the tenant's rows (in sibling order). */
export function myMenus(rows: readonly MenuRow[], viewer: Viewer): MyMenu[] {
  return visible(buildTree(rows), viewer);
}
