// The processes copied to me (抄送), a page at a time: the record (its title opens the record's approval tab,
// which marks the copy read), the process and the step that copied it, its status and when it was copied;
// a copy not opened yet is tagged unread.
import { useQuery } from '@tanstack/react-query';
import { Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RESULT_CODES } from '@ipdesk/core';
import { fetchMyCc, type CcRow, type PageSize } from '../../api/workflow-runs';
import { formatTimestamp } from '../../models/fields/format';
import { LoadFailed } from '../../models/ModelPageState';
import { STATUS_COLORS } from '../approval/panel-actions';
import { runKeys } from '../run-queries';
import { approvalPath, pagination } from './paging';

const NO_ROWS: CcRow[] = [];

export function CcTable() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<PageSize>(20);
  const query = useQuery({ queryKey: runKeys.list('cc', page, size), queryFn: () => fetchMyCc(page, size) });
  const outcome = query.data;
  if (outcome && outcome.result !== RESULT_CODES.success) return <LoadFailed onRetry={() => void query.refetch()} />;
  const data = outcome?.data.data;

  const columns: TableColumnsType<CcRow> = [
    {
      key: 'record',
      title: t('wfMy.record'),
      render: (_value, row) => (
        <Space size={6}>
          <Link to={approvalPath(row.model, row.record_sid)} data-testid="wf-my-open">
            {row.record_title ?? t('wfMy.untitled')}
          </Link>
          {row.read_at === null && (
            <Tag color="blue" data-testid="wf-my-unread">
              {t('wfMy.unread')}
            </Tag>
          )}
        </Space>
      ),
    },
    { key: 'process', title: t('wfMy.process'), dataIndex: 'process_name' },
    { key: 'step', title: t('wfMy.copiedAtStep'), dataIndex: 'node_name' },
    {
      key: 'status',
      title: t('wfMy.processStatus'),
      render: (_value, row) => (
        <Tag color={STATUS_COLORS[row.status]} data-testid="wf-my-status">
          {row.status_label}
        </Tag>
      ),
    },
    { key: 'copied', title: t('wfMy.copiedAt'), render: (_value, row) => formatTimestamp(row.copied_at) },
  ];

  return (
    <Table<CcRow>
      rowKey={(row) => `${row.instance_sid}:${row.node_id}`}
      size="middle"
      loading={!outcome || query.isFetching}
      dataSource={data?.rows ?? NO_ROWS}
      columns={columns}
      pagination={pagination(t, page, size, data?.total ?? 0, (next, nextSize) => {
        setPage(next);
        setSize(nextSize);
      })}
      locale={{
        emptyText: (
          <Typography.Text type="secondary" data-testid="wf-my-empty">
            {t('wfMy.noCc')}
          </Typography.Text>
        ),
      }}
      data-testid="wf-my-cc"
    />
  );
}
