// Companies and departments as the organisation page shows them: their order among siblings, their
// titles, the tree table of departments, and the parents a company or department may move under (the
// tree without the node and what is below it). Pure functions.
import type { CompanyRow, DepartmentRow } from '../../api/org';
import type { MoveOption } from './MoveModal';
import { buildTree, bySortThenName, companyAccess, mapTree, moveTargets, type TreeNode } from './tree';

export const byCompanyOrder = bySortThenName((row: CompanyRow) => row.company_name);

/** "Name (simple name)" when the simple name says something more. */
export function companyTitle(row: Pick<CompanyRow, 'company_name' | 'simple_name'>): string {
  return row.simple_name && row.simple_name !== row.company_name
    ? `${row.company_name} (${row.simple_name})`
    : row.company_name;
}

export function companyMoveOptions(rows: readonly CompanyRow[], sid: string): MoveOption[] {
  const allowed = moveTargets(rows, sid, companyAccess);
  return mapTree<CompanyRow, MoveOption>(
    buildTree(allowed, { ...companyAccess, compare: byCompanyOrder }),
    (node, children) => ({
      value: node.key,
      title: companyTitle(node.row),
      children: children.length > 0 ? children : undefined,
    }),
  );
}

export const departmentAccess = {
  idOf: (row: DepartmentRow) => row.sid,
  parentOf: (row: DepartmentRow) => row.parent_sid,
};

export const byDepartmentOrder = bySortThenName((row: DepartmentRow) => row.name);

export function departmentTree(rows: readonly DepartmentRow[]): TreeNode<DepartmentRow>[] {
  return buildTree(rows, { ...departmentAccess, compare: byDepartmentOrder });
}

/** A department row of the tree table: antd draws an expander only where children is set. */
export interface DepartmentTableRow extends DepartmentRow {
  children?: DepartmentTableRow[];
}

export function departmentTableRows(tree: readonly TreeNode<DepartmentRow>[]): DepartmentTableRow[] {
  return mapTree<DepartmentRow, DepartmentTableRow>(tree, (node, children) => ({
    ...node.row,
    children: children.length > 0 ? children : undefined,
  }));
}

/** The departments of the company a department may move under (the top level is offered separately). */
export function departmentMoveOptions(rows: readonly DepartmentRow[], sid: string): MoveOption[] {
  return mapTree<DepartmentRow, MoveOption>(
    departmentTree(moveTargets(rows, sid, departmentAccess)),
    (node, children) => ({
      value: node.key,
      title: node.row.name,
      children: children.length > 0 ? children : undefined,
    }),
  );
}
