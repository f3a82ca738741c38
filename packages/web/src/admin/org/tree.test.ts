import { describe, expect, it } from 'vitest';
import type { CompanyRow, DepartmentNode, DepartmentRow } from '../../api/org';
import {
  companyMoveOptions,
  companyTitle,
  departmentMoveOptions,
  departmentTableRows,
  departmentTree,
} from './org-trees';
import {
  buildTree,
  companyAccess,
  filterTree,
  flattenTree,
  moveTargets,
  subtreeKeys,
  treeKeys,
  type TreeNode,
} from './tree';

interface Row {
  sid: string;
  parent_sid: string | null;
  sort_by: number;
  name: string;
}

const row = (sid: string, parent: string | null, sort = 0, name = sid): Row => ({
  sid,
  parent_sid: parent,
  sort_by: sort,
  name,
});

/** The tree as nested arrays: ["a", ["b", ["c"]]] style, for readable expectations. */
function shape<T>(nodes: readonly TreeNode<T>[]): unknown[] {
  return nodes.map((node) => (node.children.length > 0 ? [node.key, shape(node.children)] : node.key));
}

const access = { ...companyAccess, compare: (a: Row, b: Row) => a.sort_by - b.sort_by || a.name.localeCompare(b.name) };

describe('buildTree', () => {
  it('builds the same tree whether parents come before or after their children', () => {
    const ordered = [row('root', null), row('a', 'root', 1), row('b', 'root', 2), row('a1', 'a')];
    const reversed = [...ordered].reverse();
    expect(shape(buildTree(ordered, access))).toEqual([['root', [['a', ['a1']], 'b']]]);
    expect(shape(buildTree(reversed, access))).toEqual([['root', [['a', ['a1']], 'b']]]);
  });

  it('orders siblings by sort number, then name', () => {
    const rows = [
      row('root', null),
      row('z', 'root', 1, 'Zeta'),
      row('y', 'root', 1, 'Alpha'),
      row('x', 'root', 0, 'Mid'),
    ];
    expect(shape(buildTree(rows, access))).toEqual([['root', ['x', 'y', 'z']]]);
  });

  it('keeps the rows’ own order without a comparison', () => {
    const rows = [row('root', null), row('b', 'root', 9), row('a', 'root', 1)];
    expect(shape(buildTree(rows, companyAccess))).toEqual([['root', ['b', 'a']]]);
  });

  it('shows orphans (parent not in the list) as roots instead of hiding them', () => {
    const rows = [row('root', null), row('lost', 'gone'), row('lost-child', 'lost')];
    expect(shape(buildTree(rows, access))).toEqual([['lost', ['lost-child']], 'root']);
  });

  it('breaks a parent cycle instead of losing its rows, and ignores duplicates', () => {
    const rows = [row('a', 'b'), row('b', 'a'), row('self', 'self'), row('a', null)];
    const tree = buildTree(rows, access);
    expect(treeKeys(tree).sort()).toEqual(['a', 'b', 'self']);
    expect(shape(tree)).toEqual([['a', ['b']], 'self']);
  });

  it('gives an empty tree for no rows', () => {
    expect(buildTree([], access)).toEqual([]);
  });
});

describe('move targets', () => {
  const rows = [
    row('root', null),
    row('a', 'root'),
    row('a1', 'a'),
    row('a11', 'a1'),
    row('b', 'root'),
    row('b1', 'b'),
  ];

  it('excludes the node itself and all its descendants', () => {
    expect([...subtreeKeys(rows, 'a', companyAccess)].sort()).toEqual(['a', 'a1', 'a11']);
    expect(moveTargets(rows, 'a', companyAccess).map((r) => r.sid)).toEqual(['root', 'b', 'b1']);
  });

  it('offers everything else for a leaf', () => {
    expect(moveTargets(rows, 'a11', companyAccess).map((r) => r.sid)).toEqual(['root', 'a', 'a1', 'b', 'b1']);
  });

  it('is safe with cycles', () => {
    const cyclic = [row('x', 'y'), row('y', 'x'), row('z', null)];
    expect(moveTargets(cyclic, 'x', companyAccess).map((r) => r.sid)).toEqual(['z']);
  });

  it('builds the company move tree without the company and its sub-companies', () => {
    const companies: CompanyRow[] = rows.map((r) => ({
      sid: r.sid,
      parent_sid: r.parent_sid,
      path: '',
      company_name: r.name.toUpperCase(),
      simple_name: r.sid === 'b' ? 'Bee' : null,
      status: 1,
      sort_by: 0,
      cname_capital: null,
      version: 1,
    }));
    expect(companyMoveOptions(companies, 'a')).toEqual([
      {
        value: 'root',
        title: 'ROOT',
        children: [{ value: 'b', title: 'B (Bee)', children: [{ value: 'b1', title: 'B1', children: undefined }] }],
      },
    ]);
  });

  it('builds the department move tree within the company, without the department and below', () => {
    const departments: DepartmentRow[] = [{ ...dept('d1', null), name: 'R&D' }, dept('d2', 'd1'), dept('d3', null)];
    expect(departmentMoveOptions(departments, 'd1')).toEqual([{ value: 'd3', title: 'd3', children: undefined }]);
    // Siblings by name: "d3" before "R&D".
    expect(departmentMoveOptions(departments, 'd2').map((o) => o.title)).toEqual(['d3', 'R&D']);
  });
});

function dept(sid: string, parent: string | null): DepartmentRow {
  return {
    sid,
    company_sid: 'C',
    parent_sid: parent,
    path: '',
    name: sid,
    name_en: null,
    code: null,
    status: 1,
    sort_by: 0,
    leader_sid: null,
    version: 1,
  };
}

describe('department trees', () => {
  it('flattens the server tree and rebuilds it, with children only where there are some', () => {
    const server: DepartmentNode[] = [
      { ...dept('d1', null), children: [{ ...dept('d2', 'd1'), children: [] }] },
      dept('d3', null),
    ];
    const rows = flattenTree(server) as DepartmentRow[];
    expect(rows.map((r) => r.sid)).toEqual(['d1', 'd2', 'd3']);
    expect(rows.every((r) => !('children' in r))).toBe(true);
    const table = departmentTableRows(departmentTree(rows));
    expect(table.map((r) => r.sid)).toEqual(['d1', 'd3']);
    expect(table[0]?.children?.map((r) => r.sid)).toEqual(['d2']);
    expect(table[0]?.children?.[0]?.children).toBeUndefined();
    expect(table[1]?.children).toBeUndefined();
  });
});

describe('filterTree', () => {
  const tree = buildTree([row('root', null), row('a', 'root', 0, 'Alpha'), row('b', 'root', 1, 'Beta')], access);

  it('keeps matches with the nodes above them', () => {
    expect(shape(filterTree(tree, (r) => r.name === 'Beta'))).toEqual([['root', ['b']]]);
  });

  it('keeps everything without a predicate and nothing when nothing matches', () => {
    expect(shape(filterTree(tree, undefined))).toEqual(shape(tree));
    expect(filterTree(tree, () => false)).toEqual([]);
  });
});

describe('companyTitle', () => {
  it('adds the simple name only when it differs', () => {
    expect(companyTitle({ company_name: '总院', simple_name: null })).toBe('总院');
    expect(companyTitle({ company_name: '总院', simple_name: '总院' })).toBe('总院');
    expect(companyTitle({ company_name: '第一研究院', simple_name: '一院' })).toBe('第一研究院 (一院)');
  });
});
