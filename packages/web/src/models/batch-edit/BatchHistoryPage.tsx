// /batch-edit/history (spec §2; resource batch_edit): the tenant's batch edits of the models the reader may
// view, newest first and paged — who, when, which model and fields, the counts by outcome, the status, what an
// undo undid — narrowed to one model if asked. A batch opens in a drawer (BatchDetail). The page's state is
// its query string (model, page, batch), so the list dialog's link opens the batch it started.
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DEFAULT_LANGUAGE, RESULT_CODES, isLanguage } from '@ipdesk/core';
import { fetchBatchHistory, type BatchSummary } from '../../api/batch-edit';
import { formatTimestamp } from '../fields/format';
import { LoadFailed } from '../ModelPageState';
import { fieldLabels, modelLabel, modelOptions } from './batch-labels';
import { BatchDetail, STATUS_COLORS } from './BatchDetail';
import { batchKeys } from './BatchProgress';
import { batchHistoryPath } from './paths';

const PAGE_SIZE = 20;

export function BatchHistoryPage() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [params, setParams] = useSearchParams();
  const model = params.get('model') ?? undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const batch = params.get('batch') ?? undefined;
  const go = (next: { model?: string; page?: number; batch?: string }) =>
    setParams(new URLSearchParams(batchHistoryPath(next).split('?')[1] ?? ''));

  const input = { model, start: (page - 1) * PAGE_SIZE, rows: PAGE_SIZE };
  const query = useQuery({
    queryKey: batchKeys.history(input),
    queryFn: () => fetchBatchHistory(input),
    // A running batch's counts move: the page reads them again while one is shown.
    refetchInterval: (state) => {
      const data = state.state.data;
      const running =
        data?.result === RESULT_CODES.success &&
        data.data.data.rows.some((row) => row.status === 'waiting' || row.status === 'running');
      return running ? 2000 : false;
    },
  });
  const answer = query.data?.result === RESULT_CODES.success ? query.data.data.data : undefined;
  if (query.data && !answer) return <LoadFailed onRetry={() => void query.refetch()} />;

  return (
    <Card
      title={<span data-testid="batch-history-title">{t('batchHistory.title')}</span>}
      extra={
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ minWidth: 200 }}
          placeholder={t('batchHistory.allModels')}
          value={model}
          options={modelOptions(language)}
          onChange={(next: string | undefined) => go({ model: next })}
          data-testid="batch-history-model"
        />
      }
    >
      <Table<BatchSummary>
        rowKey="sid"
        size="middle"
        loading={query.isFetching && !answer}
        dataSource={answer?.rows ?? []}
        locale={{ emptyText: t('batchHistory.empty') }}
        scroll={{ x: 'max-content' }}
        data-testid="batch-history"
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: answer?.total ?? 0,
          showSizeChanger: false,
          onChange: (next) => go({ model, page: next }),
          showTotal: (total) => <span data-testid="batch-history-total">{t('batchHistory.total', { total })}</span>,
        }}
        columns={[
          {
            key: 'at',
            title: t('batchHistory.at'),
            render: (_value, row) => formatTimestamp(row.created_at),
          },
          { key: 'user', title: t('batchHistory.user'), render: (_value, row) => row.user_name ?? row.user_sid },
          { key: 'model', title: t('batchHistory.model'), render: (_value, row) => modelLabel(row.model, language) },
          {
            key: 'kind',
            title: t('batchHistory.kind'),
            render: (_value, row) => (
              <Flex gap={4} align="center" wrap>
                <Tag color={row.kind === 'undo' ? 'purple' : 'blue'} data-testid="batch-row-kind">
                  {t(row.kind === 'undo' ? 'batchHistory.kindUndo' : 'batchHistory.kindEdit')}
                </Tag>
                {row.undone_by && <Tag data-testid="batch-row-undone">{t('batchHistory.undoneBy')}</Tag>}
              </Flex>
            ),
          },
          {
            key: 'fields',
            title: t('batchHistory.fieldsColumn'),
            render: (_value, row) => fieldLabels(row.model, row.fields, language).join(t('model.listSeparator')),
          },
          {
            key: 'counts',
            title: t('batchHistory.counts'),
            render: (_value, row) => (
              <Typography.Text data-testid="batch-row-counts">
                {t('batchHistory.countsCell', { total: row.total, ...row.counts })}
              </Typography.Text>
            ),
          },
          {
            key: 'status',
            title: t('batchHistory.status'),
            render: (_value, row) => (
              <Tag color={STATUS_COLORS[row.status]} data-testid="batch-row-status">
                {t(`batchStatus.${row.status}`)}
              </Tag>
            ),
          },
          {
            key: 'open',
            title: t('modelList.actions'),
            fixed: 'right',
            render: (_value, row) => (
              <Button
                type="link"
                size="small"
                onClick={() => go({ model, page, batch: row.sid })}
                data-testid={`batch-open-${row.sid}`}
              >
                {t('batchHistory.details')}
              </Button>
            ),
          },
        ]}
      />
      {batch && (
        <BatchDetail
          sid={batch}
          onOpen={(sid) => go({ model, page, batch: sid })}
          onClose={() => go({ model, page })}
        />
      )}
    </Card>
  );
}
