// A batch's progress as it runs (read again every second until it ends): a real progress bar of the records
// handled of its total, the counts by outcome, then the records it could not change (an edit's failures, an
// undo's skipped records) with the server's reason in the reader's language. Shared by the list's dialog and
// the history page.
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, List, Progress, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RESULT_CODES, type BatchJobStatus } from '@ipdesk/core';
import { fetchBatch, fetchBatchItems, type BatchSummary } from '../../api/batch-edit';
import type { ModelSchema } from '../../api/model';
import { recordPath } from '../paths';
import { batchPercent } from './batch-fields';
import { useRecordTitles } from './record-titles';

/** How often a running batch is read again. */
export const BATCH_POLL_MS = 1000;
/** The refused records listed under a finished batch (the history page pages through all of them). */
const LISTED_REFUSALS = 100;

export const batchKeys = {
  all: ['batch-edit'] as const,
  one: (sid: string) => ['batch-edit', 'batch', sid] as const,
  items: (sid: string, input: unknown) => ['batch-edit', 'items', sid, input] as const,
  history: (input: unknown) => ['batch-edit', 'history', input] as const,
};

export const isFinished = (batch: Pick<BatchSummary, 'status'>): boolean =>
  batch.status === 'completed' || batch.status === 'failed';

/** The batch, read again every BATCH_POLL_MS until it has ended. */
export function useBatch(sid: string) {
  return useQuery({
    queryKey: batchKeys.one(sid),
    queryFn: () => fetchBatch(sid, { silent: true }),
    refetchInterval: (query) => {
      const data = query.state.data;
      return data?.result === RESULT_CODES.success && isFinished(data.data.data) ? false : BATCH_POLL_MS;
    },
  });
}

export interface BatchProgressProps {
  sid: string;
  schema: ModelSchema | undefined;
  /** Once, when the batch has ended (the list reads its records again). */
  onFinished?: (batch: BatchSummary) => void;
}

export function BatchProgress({ sid, schema, onFinished }: BatchProgressProps) {
  const { t } = useTranslation();
  const query = useBatch(sid);
  const batch = query.data?.result === RESULT_CODES.success ? query.data.data.data : undefined;
  const finished = batch !== undefined && isFinished(batch);
  // Told once per batch: the answers read after it ended do not change it.
  const told = useRef<string>(undefined);
  useEffect(() => {
    if (!batch || !finished || told.current === sid) return;
    told.current = sid;
    onFinished?.(batch);
  }, [batch, finished, sid, onFinished]);

  if (!batch) {
    return query.data && query.data.result !== RESULT_CODES.success ? (
      <Alert type="warning" showIcon message={t('batchProgress.loadFailed')} />
    ) : (
      <Progress percent={0} status="active" data-testid="batch-progress" />
    );
  }
  const handled = batch.total - batch.counts.pending;
  const percent = batchPercent(batch);
  const statusText: Record<BatchJobStatus, () => string> = {
    waiting: () => t('batchProgress.waiting'),
    running: () => t('batchProgress.running', { handled, total: batch.total }),
    completed: () => t('batchProgress.completed'),
    failed: () => t('batchProgress.failed', { message: batch.failure?.message ?? '' }),
  };
  return (
    <Flex vertical gap={8} data-testid="batch-run" data-status={batch.status}>
      <Typography.Text data-testid="batch-status">{statusText[batch.status]()}</Typography.Text>
      <Progress
        percent={percent}
        status={batch.status === 'failed' ? 'exception' : finished ? 'success' : 'active'}
        data-testid="batch-progress"
        data-percent={percent}
      />
      <Typography.Text type="secondary" data-testid="batch-counts">
        {t('batchProgress.counts', batch.counts)}
      </Typography.Text>
      {finished && batch.counts.failed > 0 && (
        <Refusals sid={sid} schema={schema} outcome="failed" title={t('batchProgress.failures')} />
      )}
      {finished && batch.counts.skipped > 0 && (
        <Refusals sid={sid} schema={schema} outcome="skipped" title={t('batchProgress.skipped')} />
      )}
    </Flex>
  );
}

function Refusals({
  sid,
  schema,
  outcome,
  title,
}: {
  sid: string;
  schema: ModelSchema | undefined;
  outcome: 'failed' | 'skipped';
  title: string;
}) {
  const input = { outcome, start: 0, rows: LISTED_REFUSALS };
  const query = useQuery({
    queryKey: batchKeys.items(sid, input),
    queryFn: () => fetchBatchItems(sid, input, { silent: true }),
  });
  const rows = query.data?.result === RESULT_CODES.success ? query.data.data.data.rows : [];
  const titles = useRecordTitles(
    schema,
    rows.map((row) => row.record_sid),
  );
  return (
    <List
      size="small"
      header={<Typography.Text strong>{title}</Typography.Text>}
      dataSource={rows}
      data-testid={`batch-${outcome}`}
      renderItem={(row) => (
        <List.Item data-testid={`batch-${outcome}-${row.record_sid}`}>
          {schema ? (
            <Link to={recordPath(schema.name, row.record_sid)}>{titles.get(row.record_sid) ?? row.record_sid}</Link>
          ) : (
            <Typography.Text>{row.record_sid}</Typography.Text>
          )}
          <Typography.Text type="secondary">{row.error?.message}</Typography.Text>
        </List.Item>
      )}
    />
  );
}
