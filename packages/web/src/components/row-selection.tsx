// Accessible row selection for antd tables: every row's checkbox (or radio) is named after its row, and
// the select-all box that antd copies into its hidden measuring row is made inert there, so keyboard
// and screen-reader users meet one select-all box, not an invisible second one (axe: label,
// aria-hidden-focus).
import type { TableRowSelection } from 'antd/es/table/interface';
import { cloneElement, isValidElement, useLayoutEffect, useRef, type ReactNode } from 'react';

function OutsideMeasureRow({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (ref.current?.closest('.ant-table-measure-row')) ref.current.inert = true;
  });
  return <span ref={ref}>{children}</span>;
}

/**
 * The naming part of a rowSelection: spread it into the table's rowSelection. `selectAll` names the
 * select-all box in the page's language (antd names it "Select all" whatever the locale).
 */
export function namedRowSelection<Row>(
  nameOf: (row: Row) => string,
  selectAll?: string,
): Pick<TableRowSelection<Row>, 'getCheckboxProps' | 'columnTitle'> {
  return {
    getCheckboxProps: (row) =>
      ({ 'aria-label': nameOf(row) }) as ReturnType<NonNullable<TableRowSelection<Row>['getCheckboxProps']>>,
    columnTitle: (checkbox: ReactNode) => (
      <OutsideMeasureRow>
        {selectAll && isValidElement<{ 'aria-label'?: string }>(checkbox)
          ? cloneElement(checkbox, { 'aria-label': selectAll })
          : checkbox}
      </OutsideMeasureRow>
    ),
  };
}
