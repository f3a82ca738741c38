// One batch on the history page: who ran it, when, on which fields, its progress while it runs (and the
// records it could not change once it ended), then its records page by page with each field's value before
// and after, rendered as the record history renders them, and the outcome with the server's reason. A
// finished edit not yet undone offers its undo (confirmed first), which opens the undo's own batch.
import { ArrowRightOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Flex, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  BATCH_ITEM_OUTCOMES,
  DEFAULT_LANGUAGE,
  RESULT_CODES,
  isLanguage,
  type BatchItemOutcome,
  type BatchJobStatus,
} from '@ipdesk/core';
import { fetchBatchItems, undoBatchEdit, type BatchItem, type BatchSummary } from '../../api/batch-edit';
import type { SchemaField } from '../../api/model';
import { renderValue, type CellContext } from '../fields/cells';
import { formatTimestamp } from '../fields/format';
import { recordPath } from '../paths';
import { useModelSchema } from '../queries';
import { abilitiesOf, fieldMap } from '../schema';
import { fieldLabels, modelLabel } from './batch-labels';
import { BatchProgress, batchKeys, isFinished, useBatch } from './BatchProgress';
import { useRecordTitles } from './record-titles';

const ITEMS_PAGE = 20;

export const OUTCOME_COLORS: Record<BatchItemOutcome, string> = {
  pending: 'default',
  done: 'green',
  unchanged: 'default',
  failed: 'red',
  skipped: 'orange',
};

export const STATUS_COLORS: Record<BatchJobStatus, string> = {
  waiting: 'default',
  running: 'processing',
  completed: 'success',
  failed: 'error',
};

export interface BatchDetailProps {
  sid: string;
  /** Opens another batch in its place (the undo started here, or the edit an undo undid). */
  onOpen: (sid: string) => void;
  onClose: () => void;
}

export function BatchDetail({ sid, onOpen, onClose }: BatchDetailProps) {
  const { t } = useTranslation();
  const query = useBatch(sid);
  const batch = query.data?.result === RESULT_CODES.success ? query.data.data.data : undefined;
  return (
    <Drawer
      open
      width={880}
      title={<span data-testid="batch-detail-title">{t('batchHistory.detailTitle')}</span>}
      onClose={onClose}
      destroyOnHidden
      data-testid="batch-detail"
    >
      {batch && <BatchBody key={batch.sid} batch={batch} onOpen={onOpen} />}
    </Drawer>
  );
}

function BatchBody({ batch, onOpen }: { batch: BatchSummary; onOpen: (sid: string) => void }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { schema } = useModelSchema(batch.model);
  const [outcome, setOutcome] = useState<BatchItemOutcome | 'all'>('all');
  const [page, setPage] = useState(1);
  const finished = isFinished(batch);
  const input = { outcome: outcome === 'all' ? undefined : outcome, start: (page - 1) * ITEMS_PAGE, rows: ITEMS_PAGE };
  const items = useQuery({
    queryKey: batchKeys.items(batch.sid, { ...input, finished }),
    queryFn: () => fetchBatchItems(batch.sid, input, { silent: true }),
  });
  const answer = items.data?.result === RESULT_CODES.success ? items.data.data : undefined;
  const rows = answer?.data.rows ?? [];
  const titles = useRecordTitles(
    schema,
    rows.map((row) => row.record_sid),
  );
  const fields = useMemo(() => (schema ? fieldMap(schema) : new Map<string, SchemaField>()), [schema]);
  const context: CellContext = { t, language, variant: 'table', titles: answer?.titles };
  const undoable =
    batch.kind === 'edit' &&
    batch.status === 'completed' &&
    batch.undone_by === null &&
    schema !== undefined &&
    abilitiesOf(schema).update;

  const undo = (): void => {
    modal.confirm({
      title: <span data-testid="batch-undo-confirm">{t('batchHistory.undoConfirmTitle')}</span>,
      content: t('batchHistory.undoConfirmContent'),
      okText: t('batchHistory.undo'),
      cancelText: t('model.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        const started = await undoBatchEdit(batch.sid);
        if (started.result !== RESULT_CODES.success) return;
        void message.success(t('batchHistory.undoStarted'));
        await queryClient.invalidateQueries({ queryKey: batchKeys.all });
        onOpen(started.data.data.batch_sid);
      },
    });
  };

  const changes = (item: BatchItem) =>
    Object.entries(item.changes).map(([name, change]) => {
      const field = fields.get(name);
      const shown = (value: unknown) => (field ? renderValue(value, field, context) : JSON.stringify(value));
      return (
        <Flex key={name} gap={8} align="baseline" wrap data-testid={`batch-change-${name}`}>
          <Typography.Text type="secondary">{field?.label ?? name}</Typography.Text>
          <span data-testid="batch-before">{shown(change.before)}</span>
          <ArrowRightOutlined style={{ fontSize: 11 }} />
          <span data-testid="batch-after">{shown(change.after)}</span>
        </Flex>
      );
    });

  return (
    <Flex vertical gap={16} data-testid={`batch-detail-${batch.sid}`}>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label={t('batchHistory.kind')}>
          <span data-testid="batch-kind">
            {t(batch.kind === 'undo' ? 'batchHistory.kindUndo' : 'batchHistory.kindEdit')}
          </span>
          {batch.undo_of && (
            <Button type="link" size="small" onClick={() => onOpen(batch.undo_of ?? '')} data-testid="batch-undo-of">
              {t('batchHistory.undoOf')}
            </Button>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('batchHistory.status')}>
          <Tag color={STATUS_COLORS[batch.status]} data-testid="batch-detail-status">
            {t(`batchStatus.${batch.status}`)}
          </Tag>
          {batch.undone_by && (
            <Button
              type="link"
              size="small"
              onClick={() => onOpen(batch.undone_by ?? '')}
              data-testid="batch-undone-by"
            >
              {t('batchHistory.openUndo')}
            </Button>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('batchHistory.user')}>{batch.user_name ?? batch.user_sid}</Descriptions.Item>
        <Descriptions.Item label={t('batchHistory.at')}>{formatTimestamp(batch.created_at)}</Descriptions.Item>
        <Descriptions.Item label={t('batchHistory.model')}>
          {schema?.label ?? modelLabel(batch.model, language)}
        </Descriptions.Item>
        <Descriptions.Item label={t('batchHistory.fieldsColumn')}>
          {(schema
            ? batch.fields.map((name) => fields.get(name)?.label ?? name)
            : fieldLabels(batch.model, batch.fields, language)
          ).join(t('model.listSeparator'))}
        </Descriptions.Item>
      </Descriptions>
      <BatchProgress
        sid={batch.sid}
        schema={schema}
        onFinished={() => void queryClient.invalidateQueries({ queryKey: batchKeys.all })}
      />
      {undoable && (
        <Space>
          <Button danger onClick={undo} data-testid="batch-undo">
            {t('batchHistory.undo')}
          </Button>
        </Space>
      )}
      <Segmented<BatchItemOutcome | 'all'>
        value={outcome}
        onChange={(next) => {
          setOutcome(next);
          setPage(1);
        }}
        options={[
          { value: 'all', label: t('batchHistory.allOutcomes') },
          ...BATCH_ITEM_OUTCOMES.map((value) => ({ value, label: t(`batchOutcome.${value}`) })),
        ]}
        data-testid="batch-items-outcome"
      />
      <Table<BatchItem>
        rowKey="seq"
        size="small"
        loading={items.isFetching}
        dataSource={rows}
        locale={{ emptyText: t('batchHistory.itemsEmpty') }}
        data-testid="batch-items"
        pagination={{
          current: page,
          pageSize: ITEMS_PAGE,
          total: answer?.data.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (total) => t('batchHistory.total', { total }),
        }}
        onRow={(item) => ({ 'data-testid': `batch-item-${item.record_sid}` }) as HTMLAttributes<HTMLElement>}
        columns={[
          {
            key: 'record',
            title: t('batchHistory.record'),
            render: (_value, item) => (
              <Link to={recordPath(batch.model, item.record_sid)}>
                {titles.get(item.record_sid) ?? item.record_sid}
              </Link>
            ),
          },
          {
            key: 'outcome',
            title: t('batchHistory.outcome'),
            render: (_value, item) => (
              <Tag color={OUTCOME_COLORS[item.outcome]} data-testid="batch-item-outcome">
                {t(`batchOutcome.${item.outcome}`)}
              </Tag>
            ),
          },
          { key: 'changes', title: t('batchHistory.changes'), render: (_value, item) => changes(item) },
          {
            key: 'error',
            title: t('batchHistory.error'),
            render: (_value, item) => (
              <Typography.Text type="secondary" data-testid="batch-item-error">
                {item.error?.message}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Flex>
  );
}
