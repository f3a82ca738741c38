// A category tree (core domains/taxonomy: product_category, tech_category) as the cascader and the admin
// page read it: every category the caller may see, walked through the generic search by cursor (so
// tenant, data scope and sub-company apply), arranged under their parents in sort order, each named in the
// reader's language and by its path ("电子 / 半导体"). The picker reads only valid categories.
import { CATEGORY_PARENT_FIELD, RESULT_CODES, type Language } from '@ipdesk/core';
import { searchRecords, type ModelRow } from '../../../api/model';
import { recordTitle, referableIql, titleFieldsOf } from '../reference-title';

/** A tree larger than this is cut (and says so): a picker's tree is read whole. */
export const CATEGORY_TREE_MAX = 2000;
const PAGE = 100;

export const CATEGORY_FIELDS = [
  'sid',
  'version',
  'name',
  'name_en',
  'code',
  CATEGORY_PARENT_FIELD,
  'sort_order',
  'status',
];

export interface CategoryNode {
  sid: string;
  title: string;
  /** The titles from the root down to this node, joined with " / ". */
  path: string;
  /** The sids from the root down to this node. */
  sids: string[];
  row: ModelRow;
  children: CategoryNode[];
}

export interface CategoryTree {
  roots: CategoryNode[];
  bySid: ReadonlyMap<string, CategoryNode>;
  /** More categories exist than were read (CATEGORY_TREE_MAX). */
  truncated: boolean;
}

export interface CategoryRows {
  rows: ModelRow[];
  truncated: boolean;
}

/** Reads the tree's categories (only those a reference may point at when `referableOnly`). */
export async function fetchCategoryRows(model: string, referableOnly: boolean): Promise<CategoryRows> {
  const rows: ModelRow[] = [];
  let cursor: string | undefined;
  const iql = referableOnly ? referableIql(model) : undefined;
  for (;;) {
    const outcome = await searchRecords(
      model,
      { iql, fl: CATEGORY_FIELDS, size: PAGE, total: false, ...(cursor && { cursor }) },
      { silent: true },
    );
    if (outcome.result !== RESULT_CODES.success) throw new Error(`categories of ${model} could not be read`);
    rows.push(...outcome.data.data.rows);
    cursor = outcome.data.data.next_cursor;
    if (!cursor) return { rows, truncated: false };
    if (rows.length >= CATEGORY_TREE_MAX) return { rows, truncated: true };
  }
}

const sortKey = (row: ModelRow) => (typeof row.sort_order === 'number' ? row.sort_order : Number(row.sort_order ?? 0));

/**
 * The rows under their parents, siblings by sort order then title. A category whose parent was not read
 * (invalid and left out, or outside the caller's scope) stands at the top, so it can still be reached.
 */
export function buildCategoryTree(
  model: string,
  rows: readonly ModelRow[],
  language: Language,
  truncated = false,
): CategoryTree {
  const fields = titleFieldsOf(model, 'name');
  const nodes = new Map<string, CategoryNode>();
  for (const row of rows) {
    const title = recordTitle(row, fields, model, language) ?? String(row.code ?? row.sid);
    nodes.set(row.sid, { sid: row.sid, title, path: title, sids: [row.sid], row, children: [] });
  }
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parentSid = node.row[CATEGORY_PARENT_FIELD];
    const parent = typeof parentSid === 'string' ? nodes.get(parentSid) : undefined;
    (parent && parent !== node ? parent.children : roots).push(node);
  }
  const order = (list: CategoryNode[]) =>
    list.sort((a, b) => sortKey(a.row) - sortKey(b.row) || a.title.localeCompare(b.title, language));
  // Paths from the top down; a circle in the data (the server refuses making one) is never followed twice.
  const seen = new Set<string>();
  const walk = (list: CategoryNode[], above: CategoryNode | undefined) => {
    order(list);
    for (const node of list) {
      if (seen.has(node.sid)) continue;
      seen.add(node.sid);
      if (above) {
        node.path = `${above.path} / ${node.title}`;
        node.sids = [...above.sids, node.sid];
      }
      walk(node.children, node);
    }
  };
  walk(roots, undefined);
  return { roots, bySid: nodes, truncated };
}

/** Whether a node's title or code contains the words (case ignored). */
export function categoryMatches(node: CategoryNode, words: string): boolean {
  const needle = words.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return [node.title, node.row.name, node.row.name_en, node.row.code].some((value) =>
    String(value ?? '')
      .toLocaleLowerCase()
      .includes(needle),
  );
}
