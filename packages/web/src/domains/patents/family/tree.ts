// The family as a tree for display: each case once, under the first parent that reaches it (from the
// cases nobody in the family is a child of, oldest first); cases linked only by a shared family ID, or
// only through a loop, become roots of their own. Kept apart from the component so it is tested alone.
import type { RelationType } from '@ipdesk/core';
import type { FamilyAnswer, FamilyNode } from './api';

export interface FamilyTreeNode {
  node: FamilyNode;
  /** The relation to the parent in the tree; undefined at a root. */
  via?: RelationType;
  children: FamilyTreeNode[];
}

const byFiling = (a: FamilyNode, b: FamilyNode): number =>
  String(a.filing_date ?? '9999').localeCompare(String(b.filing_date ?? '9999')) ||
  String(a.country ?? '').localeCompare(String(b.country ?? '')) ||
  a.sid.localeCompare(b.sid);

export function buildFamilyTree(family: Pick<FamilyAnswer, 'nodes' | 'edges'>): FamilyTreeNode[] {
  const nodes = new Map(family.nodes.map((node) => [node.sid, node]));
  const childrenOf = new Map<string, Array<{ sid: string; via: RelationType }>>();
  const hasParent = new Set<string>();
  for (const edge of family.edges) {
    if (!nodes.has(edge.parent_sid) || !nodes.has(edge.child_sid)) continue;
    const list = childrenOf.get(edge.parent_sid) ?? [];
    list.push({ sid: edge.child_sid, via: edge.type });
    childrenOf.set(edge.parent_sid, list);
    hasParent.add(edge.child_sid);
  }
  const placed = new Set<string>();
  const grow = (node: FamilyNode, via?: RelationType): FamilyTreeNode => {
    placed.add(node.sid);
    const tree: FamilyTreeNode = { node, via, children: [] };
    // Breadth first per level, so a case sits under its nearest ancestor.
    const next = (childrenOf.get(node.sid) ?? [])
      .filter((c) => !placed.has(c.sid))
      .map((c) => ({ child: nodes.get(c.sid)!, via: c.via }))
      .sort((a, b) => byFiling(a.child, b.child));
    for (const { child } of next) placed.add(child.sid);
    for (const { child, via: how } of next) {
      placed.delete(child.sid);
      tree.children.push(grow(child, how));
    }
    return tree;
  };
  const sorted = [...nodes.values()].sort(byFiling);
  const roots: FamilyTreeNode[] = [];
  for (const node of sorted) if (!hasParent.has(node.sid) && !placed.has(node.sid)) roots.push(grow(node));
  // What is left sits only on loops (a parent of its own ancestor): start from its oldest case.
  for (const node of sorted) if (!placed.has(node.sid)) roots.push(grow(node));
  return roots;
}
