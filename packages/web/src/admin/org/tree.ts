// Trees from flat rows that point at their parent (companies by parent_sid, departments flattened from
// the server's tree), and the targets a node may move under: anything but itself and its descendants
// (the server refuses those with 400306 treeCycle; the form does not offer them). Pure functions.

export interface TreeNode<T> {
  key: string;
  row: T;
  children: TreeNode<T>[];
}

export interface TreeAccess<T> {
  idOf: (row: T) => string;
  parentOf: (row: T) => string | null | undefined;
  /** Order among siblings; the rows' own order when absent. */
  compare?: (a: T, b: T) => number;
}

/**
 * Builds the tree whatever order the rows come in (parents before or after their children). A row whose
 * parent is not among the rows (an orphan: its parent is outside the list or was deleted) becomes a
 * root, so nothing the server sent is hidden; so does a row caught in a parent cycle, which bad data
 * could produce.
 */
export function buildTree<T>(rows: readonly T[], access: TreeAccess<T>): TreeNode<T>[] {
  const nodes = new Map<string, TreeNode<T>>();
  for (const row of rows) {
    const key = access.idOf(row);
    if (!nodes.has(key)) nodes.set(key, { key, row, children: [] });
  }
  const roots: TreeNode<T>[] = [];
  const attached = new Set<string>();
  for (const node of nodes.values()) {
    const parentKey = access.parentOf(node.row);
    const parent = parentKey ? nodes.get(parentKey) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  // Everything reachable from a root is placed; what is left hangs in a cycle. Break it at its first row.
  const mark = (node: TreeNode<T>): void => {
    const stack = [node];
    while (stack.length > 0) {
      const next = stack.pop() as TreeNode<T>;
      if (attached.has(next.key)) continue;
      attached.add(next.key);
      stack.push(...next.children);
    }
  };
  roots.forEach(mark);
  for (const node of nodes.values()) {
    if (attached.has(node.key)) continue;
    const parentKey = access.parentOf(node.row);
    const parent = parentKey ? nodes.get(parentKey) : undefined;
    if (parent) parent.children = parent.children.filter((child) => child !== node);
    roots.push(node);
    mark(node);
  }
  if (access.compare) {
    const compare = access.compare;
    const sortLevel = (level: TreeNode<T>[]): void => {
      level.sort((a, b) => compare(a.row, b.row));
      level.forEach((node) => sortLevel(node.children));
    };
    sortLevel(roots);
  }
  return roots;
}

/** The row and every row below it (cycle-safe). */
export function subtreeKeys<T>(rows: readonly T[], key: string, access: Omit<TreeAccess<T>, 'compare'>): Set<string> {
  const childrenOf = new Map<string, string[]>();
  for (const row of rows) {
    const parent = access.parentOf(row);
    if (!parent) continue;
    const list = childrenOf.get(parent) ?? [];
    list.push(access.idOf(row));
    childrenOf.set(parent, list);
  }
  const found = new Set<string>([key]);
  const stack = [key];
  while (stack.length > 0) {
    const next = stack.pop() as string;
    for (const child of childrenOf.get(next) ?? []) {
      if (found.has(child)) continue;
      found.add(child);
      stack.push(child);
    }
  }
  return found;
}

/** The rows the given row may move under: not itself, not one of its descendants. */
export function moveTargets<T>(rows: readonly T[], key: string, access: Omit<TreeAccess<T>, 'compare'>): T[] {
  const excluded = subtreeKeys(rows, key, access);
  return rows.filter((row) => !excluded.has(access.idOf(row)));
}

/** A tree as the server sends it (each node with its `children`) as flat rows, depth first. */
export function flattenTree<T extends { children?: T[] }>(nodes: readonly T[]): Array<Omit<T, 'children'>> {
  const rows: Array<Omit<T, 'children'>> = [];
  const visit = (list: readonly T[]): void => {
    for (const node of list) {
      const { children, ...row } = node;
      rows.push(row);
      if (children) visit(children);
    }
  };
  visit(nodes);
  return rows;
}

/** Maps a tree's nodes to another shape (antd's tree data), children first mapped. */
export function mapTree<T, R>(nodes: readonly TreeNode<T>[], map: (node: TreeNode<T>, children: R[]) => R): R[] {
  return nodes.map((node) => map(node, mapTree(node.children, map)));
}

export const companyAccess = {
  idOf: (row: { sid: string }) => row.sid,
  parentOf: (row: { parent_sid: string | null }) => row.parent_sid,
};

/** Siblings by sort number, then by name. */
export function bySortThenName<T extends { sort_by: number }>(nameOf: (row: T) => string) {
  return (a: T, b: T): number => a.sort_by - b.sort_by || nameOf(a).localeCompare(nameOf(b));
}

/** The nodes that match, with the nodes above them (so the match keeps its place); all when no predicate. */
export function filterTree<T>(
  nodes: readonly TreeNode<T>[],
  matches: ((row: T) => boolean) | undefined,
): TreeNode<T>[] {
  if (!matches) return [...nodes];
  return nodes.flatMap((node) => {
    if (matches(node.row)) return [node];
    const children = filterTree(node.children, matches);
    return children.length > 0 ? [{ ...node, children }] : [];
  });
}

/** Every key of a tree, depth first. */
export function treeKeys<T>(nodes: readonly TreeNode<T>[]): string[] {
  return nodes.flatMap((node) => [node.key, ...treeKeys(node.children)]);
}
