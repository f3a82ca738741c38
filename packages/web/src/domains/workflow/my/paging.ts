// Shared by the "my work" tables: the server's page sizes (20, 50, 100) as the tables' pagination, and the
// link from a row to its record's approval tab (columns.tsx draws it).
import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import { PAGE_SIZES, type PageSize } from '../../../api/workflow-runs';
import { recordTabPath } from '../../../models/paths';

export function approvalPath(model: string, recordSid: string): string {
  return recordTabPath(model, recordSid, 'approval');
}

const asPageSize = (size: number): PageSize =>
  (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : PAGE_SIZES[0];

export function pagination(
  t: TFunction,
  page: number,
  size: PageSize,
  total: number,
  onChange: (page: number, size: PageSize) => void,
): TablePaginationConfig {
  return {
    current: page,
    pageSize: size,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showTotal: (count) => t('wfMy.total', { count }),
    // A new page size starts again at the first page.
    onChange: (next, nextSize) => onChange(nextSize === size ? next : 1, asPageSize(nextSize)),
  };
}
