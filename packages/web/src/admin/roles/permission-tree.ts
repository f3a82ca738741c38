// The function-permission tree of a role (spec §3 "Resource", §6): which resources can be ticked for the
// role's platform, what a tick or untick does to the rest of the tree, and the resource codes saved.
// - open resources: every signed-in user holds them; shown ticked and disabled, never saved.
// - system_no_share: system administrators only; disabled, never saved.
// - no_share: enterprise roles only; disabled (and dropped) for agency roles.
// A button, link or tab is useless without its menu, so ticking one ticks the menus above it, and
// unticking a menu unticks everything below it. Pure functions; grantable() from core decides.
import { grantable, type RolePlatform } from '@ipdesk/core';
import type { ResourceNode } from '../../api/roles';

export type ResourceState = 'grantable' | 'open' | 'systemOnly' | 'enterpriseOnly';

export function resourceState(
  node: Pick<ResourceNode, 'code' | 'type' | 'parent' | 'level' | 'sort' | 'name'>,
  platform: RolePlatform,
): ResourceState {
  const declaration = { ...node, label: { zh: node.name, en: node.name } };
  if (grantable(declaration, platform)) return 'grantable';
  if (node.level === 'open') return 'open';
  if (node.level === 'system_no_share') return 'systemOnly';
  return 'enterpriseOnly';
}

export interface ResourceIndex {
  nodes: ReadonlyMap<string, ResourceNode>;
  /** The node above, by the tree's structure. */
  parentOf: ReadonlyMap<string, string | null>;
  childrenOf: ReadonlyMap<string, readonly string[]>;
  /** Codes depth first, in the tree's order. */
  order: readonly string[];
}

export function indexResources(tree: readonly ResourceNode[]): ResourceIndex {
  const nodes = new Map<string, ResourceNode>();
  const parentOf = new Map<string, string | null>();
  const childrenOf = new Map<string, string[]>();
  const order: string[] = [];
  const visit = (list: readonly ResourceNode[], parent: string | null): void => {
    for (const node of list) {
      if (nodes.has(node.code)) continue;
      nodes.set(node.code, node);
      parentOf.set(node.code, parent);
      order.push(node.code);
      const children = node.children ?? [];
      childrenOf.set(
        node.code,
        children.map((child) => child.code),
      );
      visit(children, node.code);
    }
  };
  visit(tree, null);
  return { nodes, parentOf, childrenOf, order };
}

function isGrantable(index: ResourceIndex, code: string, platform: RolePlatform): boolean {
  const node = index.nodes.get(code);
  return node !== undefined && resourceState(node, platform) === 'grantable';
}

/** The codes below a node (not the node itself). */
export function descendantCodes(index: ResourceIndex, code: string): string[] {
  const found = new Set<string>();
  const stack = [...(index.childrenOf.get(code) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop() as string;
    if (found.has(next) || next === code) continue;
    found.add(next);
    stack.push(...(index.childrenOf.get(next) ?? []));
  }
  return [...found];
}

/**
 * The ticked set after ticking (on) or unticking (off) a resource. Ticking adds the grantable menus
 * above it; unticking removes everything below it. A resource that cannot be granted is left as is.
 */
export function toggleResource(
  checked: ReadonlySet<string>,
  code: string,
  on: boolean,
  index: ResourceIndex,
  platform: RolePlatform,
): Set<string> {
  const next = new Set(checked);
  if (!isGrantable(index, code, platform)) return next;
  if (on) {
    next.add(code);
    for (let parent = index.parentOf.get(code); parent; parent = index.parentOf.get(parent)) {
      if (isGrantable(index, parent, platform)) next.add(parent);
    }
  } else {
    next.delete(code);
    for (const below of descendantCodes(index, code)) next.delete(below);
  }
  return next;
}

/** Every resource the role's platform can be granted (for "select all"). */
export function allGrantable(index: ResourceIndex, platform: RolePlatform): Set<string> {
  return new Set(index.order.filter((code) => isGrantable(index, code, platform)));
}

/** What the tree shows ticked: the role's grantable resources, and every open resource. */
export function shownChecked(checked: ReadonlySet<string>, index: ResourceIndex, platform: RolePlatform): string[] {
  return index.order.filter((code) => {
    const node = index.nodes.get(code) as ResourceNode;
    const state = resourceState(node, platform);
    return state === 'open' || (state === 'grantable' && checked.has(code));
  });
}

/** The codes saved: ticked, known and grantable, in the tree's order. */
export function resourcePayload(checked: ReadonlySet<string>, index: ResourceIndex, platform: RolePlatform): string[] {
  return index.order.filter((code) => checked.has(code) && isGrantable(index, code, platform));
}

/**
 * Resources the role holds that saving would drop: no longer in the product's tree, or not grantable to
 * the role's platform (an agency role holding an enterprise-only resource). The page warns about them.
 */
export function droppedResources(held: readonly string[], index: ResourceIndex, platform: RolePlatform): string[] {
  return held.filter((code) => !isGrantable(index, code, platform));
}
