// My to-dos and the tasks I handled, a page at a time: the record (its title opens the record's approval
// tab), the process, the step, since when (or when handled and how), and who started it. An open to-do can
// be transferred from the row (the step's own page offers every other action).
import { SwapOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RESULT_CODES } from '@ipdesk/core';
import { fetchMyTasks, type PageSize, type TaskRow } from '../../../api/workflow-runs';
import { formatTimestamp } from '../../../models/fields/format';
import { UserNames } from '../../../models/fields/UserNames';
import { LoadFailed } from '../../../models/ModelPageState';
import { ActionDialog } from '../approval/ActionDialog';
import type { ActionButton } from '../approval/panel-actions';
import { runKeys, useRefreshRuns } from '../run-queries';
import { emptyText, recordColumns, statusColumn } from './columns';
import { approvalPath, pagination } from './paging';

const NO_ROWS: TaskRow[] = [];

export function TaskTable({ list }: { list: 'todos' | 'handled' }) {
  const { t } = useTranslation();
  const refresh = useRefreshRuns();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<PageSize>(20);
  const [transferring, setTransferring] = useState<TaskRow>();
  const query = useQuery({
    queryKey: runKeys.list(list, page, size),
    queryFn: () => fetchMyTasks(list, page, size),
  });
  const outcome = query.data;
  if (outcome && outcome.result !== RESULT_CODES.success) return <LoadFailed onRetry={() => void query.refetch()} />;
  const data = outcome?.data.data;
  const todo = list === 'todos';

  const columns: TableColumnsType<TaskRow> = [
    ...recordColumns<TaskRow>(t),
    {
      key: 'step',
      title: t('wfMy.step'),
      render: (_value, row) => (
        <Space size={4}>
          <span data-testid="wf-my-step">{row.node_name}</span>
          {row.kind !== 'approve' && <Tag>{row.kind_label}</Tag>}
        </Space>
      ),
    },
    todo
      ? { key: 'since', title: t('wfMy.since'), render: (_value, row) => formatTimestamp(row.created_at) }
      : {
          key: 'handled',
          title: t('wfMy.handledAt'),
          render: (_value, row) => (
            <Space size={4}>
              {row.outcome_label && <Tag data-testid="wf-my-outcome">{row.outcome_label}</Tag>}
              {row.finished_at && formatTimestamp(row.finished_at)}
            </Space>
          ),
        },
    {
      key: 'starter',
      title: t('wfMy.starter'),
      render: (_value, row) => <UserNames sids={[row.starter_sid]} separator={t('wfRun.listSeparator')} />,
    },
    statusColumn<TaskRow>(t, (row) => ({ status: row.instance_status, label: row.instance_status_label })),
    ...(todo
      ? [
          {
            key: 'actions',
            title: t('wfMy.actions'),
            render: (_value: unknown, row: TaskRow) => (
              <Space size={4}>
                <Link to={approvalPath(row.model, row.record_sid)}>
                  <Button size="small" type="primary" data-testid="wf-my-handle">
                    {t('wfMy.handle')}
                  </Button>
                </Link>
                {row.status === 'open' && row.instance_status === 'running' && (
                  <Button
                    size="small"
                    icon={<SwapOutlined />}
                    onClick={() => setTransferring(row)}
                    data-testid="wf-my-transfer"
                  >
                    {t('wfRun.action.transfer')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  const transfer: ActionButton | undefined = transferring && {
    key: `transfer:${transferring.task_sid}`,
    name: 'transfer',
    taskSid: transferring.task_sid,
    asks: 'user',
    targets: [],
    modes: [],
  };

  return (
    <>
      <Table<TaskRow>
        rowKey="task_sid"
        size="middle"
        loading={!outcome || query.isFetching}
        dataSource={data?.rows ?? NO_ROWS}
        columns={columns}
        pagination={pagination(t, page, size, data?.total ?? 0, (next, nextSize) => {
          setPage(next);
          setSize(nextSize);
        })}
        locale={emptyText(t, todo ? 'wfMy.noTodos' : 'wfMy.noHandled')}
        data-testid={`wf-my-${list}`}
      />
      {transferring && transfer && (
        <ActionDialog
          action={transfer}
          instanceSid={transferring.instance_sid}
          model={transferring.model}
          onClose={() => setTransferring(undefined)}
          onChanged={() => refresh()}
        />
      )}
    </>
  );
}
