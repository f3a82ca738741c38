// Columns the "my work" tables share: the record (its title opens the record's approval tab, with an
// optional tag beside it), the process, and the process status; and the tables' empty text.
import { Space, Tag, Typography, type TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MessageKey } from '@ipdesk/core';
import type { InstanceStatus } from '../../../api/workflow-runs';
import { STATUS_COLORS } from '../approval/panel-actions';
import { approvalPath } from './paging';

interface ListedRecord {
  model: string;
  record_sid: string;
  record_title: string | null;
  process_name: string;
}

export function recordColumns<Row extends ListedRecord>(
  t: TFunction,
  besideTitle?: (row: Row) => ReactNode,
): Array<TableColumnType<Row>> {
  return [
    {
      key: 'record',
      title: t('wfMy.record'),
      render: (_value, row) => (
        <Space size={6}>
          <Link to={approvalPath(row.model, row.record_sid)} data-testid="wf-my-open">
            {row.record_title ?? t('wfMy.untitled')}
          </Link>
          {besideTitle?.(row)}
        </Space>
      ),
    },
    { key: 'process', title: t('wfMy.process'), dataIndex: 'process_name' },
  ];
}

export function statusColumn<Row>(
  t: TFunction,
  statusOf: (row: Row) => { status: InstanceStatus; label: string },
  testId?: string,
): TableColumnType<Row> {
  return {
    key: 'status',
    title: t('wfMy.processStatus'),
    render: (_value, row) => {
      const { status, label } = statusOf(row);
      return (
        <Tag color={STATUS_COLORS[status]} data-testid={testId}>
          {label}
        </Tag>
      );
    },
  };
}

export function emptyText(t: TFunction, key: MessageKey) {
  return {
    emptyText: (
      <Typography.Text type="secondary" data-testid="wf-my-empty">
        {t(key)}
      </Typography.Text>
    ),
  };
}
