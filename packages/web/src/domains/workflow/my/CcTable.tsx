// The processes copied to me (抄送), a page at a time: the record (its title opens the record's approval tab,
// which marks the copy read), the process and the step that copied it, its status and when it was copied;
// a copy not opened yet is tagged unread.
import { useQuery } from '@tanstack/react-query';
import { Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { fetchMyCc, type CcRow, type PageSize } from '../../../api/workflow-runs';
import { formatTimestamp } from '../../../models/fields/format';
import { LoadFailed } from '../../../models/ModelPageState';
import { runKeys } from '../run-queries';
import { emptyText, recordColumns, statusColumn } from './columns';
import { pagination } from './paging';

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
    ...recordColumns<CcRow>(t, (row) =>
      row.read_at === null ? (
        <Tag color="blue" data-testid="wf-my-unread">
          {t('wfMy.unread')}
        </Tag>
      ) : null,
    ),
    { key: 'step', title: t('wfMy.copiedAtStep'), dataIndex: 'node_name' },
    statusColumn<CcRow>(t, (row) => ({ status: row.status, label: row.status_label }), 'wf-my-status'),
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
      locale={emptyText(t, 'wfMy.noCc')}
      data-testid="wf-my-cc"
    />
  );
}
