// The processes I started, a page at a time: the record (its title opens the record's approval tab), the
// process, its status, when it was submitted and finished; a running one can be urged from the row (the
// server allows it every 10 minutes and says so otherwise).
import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { fetchMyStarted, type InstanceRow, type PageSize } from '../../../api/workflow-runs';
import { formatTimestamp } from '../../../models/fields/format';
import { LoadFailed } from '../../../models/ModelPageState';
import { ActionDialog } from '../approval/ActionDialog';
import type { ActionButton } from '../approval/panel-actions';
import { runKeys, useRefreshRuns } from '../run-queries';
import { emptyText, recordColumns, statusColumn } from './columns';
import { pagination } from './paging';

const NO_ROWS: InstanceRow[] = [];
const URGE: ActionButton = { key: 'urge', name: 'urge', asks: 'opinion', targets: [], modes: [] };

export function StartedTable() {
  const { t } = useTranslation();
  const refresh = useRefreshRuns();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<PageSize>(20);
  const [urging, setUrging] = useState<InstanceRow>();
  const query = useQuery({
    queryKey: runKeys.list('started', page, size),
    queryFn: () => fetchMyStarted(page, size),
  });
  const outcome = query.data;
  if (outcome && outcome.result !== RESULT_CODES.success) return <LoadFailed onRetry={() => void query.refetch()} />;
  const data = outcome?.data.data;

  const columns: TableColumnsType<InstanceRow> = [
    ...recordColumns<InstanceRow>(t),
    statusColumn<InstanceRow>(t, (row) => ({ status: row.status, label: row.status_label }), 'wf-my-status'),
    {
      key: 'submitted',
      title: t('wfMy.submittedAt'),
      render: (_value, row) => formatTimestamp(row.submitted_at ?? row.created_at),
    },
    {
      key: 'finished',
      title: t('wfMy.finishedAt'),
      render: (_value, row) => (row.finished_at ? formatTimestamp(row.finished_at) : ''),
    },
    {
      key: 'actions',
      title: t('wfMy.actions'),
      render: (_value, row) =>
        row.status === 'running' && (
          <Button size="small" icon={<BellOutlined />} onClick={() => setUrging(row)} data-testid="wf-my-urge">
            {t('wfRun.action.urge')}
          </Button>
        ),
    },
  ];

  return (
    <>
      <Table<InstanceRow>
        rowKey="instance_sid"
        size="middle"
        loading={!outcome || query.isFetching}
        dataSource={data?.rows ?? NO_ROWS}
        columns={columns}
        pagination={pagination(t, page, size, data?.total ?? 0, (next, nextSize) => {
          setPage(next);
          setSize(nextSize);
        })}
        locale={emptyText(t, 'wfMy.noStarted')}
        data-testid="wf-my-started"
      />
      {urging && (
        <ActionDialog
          action={URGE}
          instanceSid={urging.instance_sid}
          model={urging.model}
          onClose={() => setUrging(undefined)}
          onChanged={() => refresh()}
        />
      )}
    </>
  );
}
