// /deadlines — the deadlines of every record kind the reader may view (cases', trademarks', every docketed
// model's), from the server's spanning list (platform/docket): filtered by status, due date, record kind,
// title and verification (unverified ones are tagged), each linking to its record, with how a rule deadline was computed on demand.
import { UnorderedListOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Flex,
  Input,
  Modal,
  Select,
  Spin,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useMemo, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_LANGUAGE, MODEL_CATALOG, RESULT_CODES, isLanguage, labelIn } from '@ipdesk/core';
import {
  fetchDeadlineExplanation,
  fetchDeadlines,
  patentRuleKeys,
  type SpannedDeadline,
} from '../../../api/patent-rules';
import { UserNames } from '../../../models/fields/UserNames';
import { LoadFailed } from '../../../models/ModelPageState';
import { recordPath } from '../../../models/paths';
import { mayUse, useHeldResources } from '../../people/resources';
import { dateWithWeekday, deadlineTag, deadlineTagState, todayIso } from '../deadlines/deadline-rules';
import {
  DEFAULT_FILTER,
  DUE_KEYS,
  DUE_LABELS,
  STATUS_KEYS,
  UNVERIFIED_PARAM,
  STATUS_LABELS,
  allDeadlinesIql,
  type AllDeadlinesFilter,
} from './all-deadlines-query';
import { PORTFOLIO_MAX } from './usePortfolioDeadlines';

const NONE: SpannedDeadline[] = [];
const NO_STORES: string[] = [];
/** Every deadline store the product declares (patent_task, trademark_deadline, …). */
const STORES = MODEL_CATALOG.filter((model) => model.deadlineStore);
/** Longer searches add nothing a title could match; iql caps texts anyway. */
const SEARCH_MAX = 100;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function AllDeadlinesPage() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const held = useHeldResources();
  const [params] = useSearchParams();
  // The home page's "unverified deadlines" card opens the list kept to them.
  const [filter, setFilter] = useState<AllDeadlinesFilter>(() => ({
    ...DEFAULT_FILTER,
    unverified: params.get(UNVERIFIED_PARAM) === 'unverified',
  }));
  const [stores, setStores] = useState<string[]>(NO_STORES);
  const [explaining, setExplaining] = useState<SpannedDeadline>();
  const today = todayIso();
  const iql = allDeadlinesIql(filter, today);

  const query = useQuery({
    // Titles and kinds come in the reader's language: another language is another answer.
    queryKey: [...patentRuleKeys.allDeadlines(iql, stores), language],
    queryFn: async () => {
      const outcome = await fetchDeadlines(iql, stores);
      return outcome.result === RESULT_CODES.success ? outcome.data.data : 'failed';
    },
  });
  const answer = query.data === 'failed' ? undefined : query.data;
  const rows = answer?.rows ?? NONE;

  const kinds = useMemo(
    () =>
      STORES.filter((store) => mayUse(held, store.name)).map((store) => ({
        value: store.name,
        label: labelIn(store.label, language),
      })),
    [held, language],
  );
  const change = (patch: Partial<AllDeadlinesFilter>) => setFilter((current) => ({ ...current, ...patch }));

  const columns: TableColumnsType<SpannedDeadline> = [
    {
      key: 'record',
      title: t('allDeadlines.column.record'),
      width: 240,
      // A record the reader may not see has no title: named neutrally, without a link.
      render: (_v, row) =>
        row.record.title === null ? (
          <Typography.Text type="secondary">{t('ical.unknownRecord')}</Typography.Text>
        ) : (
          <Link to={recordPath(row.record.model, row.record.sid)}>{row.record.title}</Link>
        ),
    },
    { key: 'kind', title: t('allDeadlines.column.kind'), width: 130, render: (_v, row) => row.model_label },
    { key: 'title', title: t('allDeadlines.column.deadline'), render: (_v, row) => text(row.title) },
    {
      key: 'due',
      title: t('allDeadlines.column.due'),
      width: 170,
      render: (_v, row) => {
        const due = text(row.due_date);
        const overdue = deadlineTagState({ due_date: due, status: text(row.status) }, today) === 'overdue';
        return <Typography.Text type={overdue ? 'danger' : undefined}>{dateWithWeekday(due)}</Typography.Text>;
      },
    },
    {
      key: 'status',
      title: t('allDeadlines.column.status'),
      width: 150,
      render: (_v, row) => {
        const status = text(row.status);
        const tag = deadlineTag(deadlineTagState({ due_date: text(row.due_date), status }, today));
        return (
          <Flex gap={4} wrap>
            <Tag color={tag.color} data-testid={`all-deadlines-status-${row.sid}`}>
              {tag.labelKey ? t(tag.labelKey) : status}
            </Tag>
            {row.verification === 'unverified' && (
              <Tag color="orange" data-testid={`all-deadlines-unverified-${row.sid}`}>
                {t('allDeadlines.unverified')}
              </Tag>
            )}
          </Flex>
        );
      },
    },
    {
      key: 'assignee',
      title: t('allDeadlines.column.assignee'),
      width: 140,
      render: (_v, row) => (text(row.assignee) ? <UserNames sids={[text(row.assignee)]} separator=", " /> : null),
    },
    {
      key: 'actions',
      title: t('allDeadlines.column.actions'),
      width: 110,
      render: (_v, row) => (
        <Button size="small" onClick={() => setExplaining(row)} data-testid={`all-deadlines-explain-${row.sid}`}>
          {t('allDeadlines.explain')}
        </Button>
      ),
    },
  ];

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          <UnorderedListOutlined />
          {t('allDeadlines.title')}
        </Flex>
      }
      data-testid="all-deadlines-page"
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('allDeadlines.hint')}</Typography.Text>
        <Flex gap={8} wrap align="center">
          <Select
            value={filter.status}
            onChange={(status) => change({ status })}
            options={STATUS_KEYS.map((key) => ({ value: key, label: t(STATUS_LABELS[key]) }))}
            aria-label={t('allDeadlines.filter.status')}
            style={{ width: 130 }}
            data-testid="all-deadlines-status"
          />
          <Select
            value={filter.due}
            onChange={(due) => change({ due })}
            options={DUE_KEYS.map((key) => ({ value: key, label: t(DUE_LABELS[key]) }))}
            aria-label={t('allDeadlines.filter.due')}
            style={{ width: 140 }}
            data-testid="all-deadlines-due"
          />
          <Select
            mode="multiple"
            allowClear
            value={stores}
            onChange={(value: string[]) => setStores(value)}
            options={kinds}
            placeholder={t('allDeadlines.filter.kind.all')}
            aria-label={t('allDeadlines.filter.kind')}
            style={{ minWidth: 200 }}
            data-testid="all-deadlines-kind"
          />
          <Checkbox
            checked={filter.unverified}
            onChange={(event) => change({ unverified: event.target.checked })}
            data-testid="all-deadlines-unverified"
          >
            {t('allDeadlines.filter.unverified')}
          </Checkbox>
          <Input.Search
            allowClear
            placeholder={t('allDeadlines.filter.search')}
            onSearch={(value) => change({ search: value.slice(0, SEARCH_MAX) })}
            style={{ width: 240 }}
            data-testid="all-deadlines-search"
          />
        </Flex>
        {answer?.truncated && (
          <Alert
            type="warning"
            showIcon
            message={t('allDeadlines.truncated', { max: PORTFOLIO_MAX })}
            data-testid="all-deadlines-truncated"
          />
        )}
        {query.data === 'failed' ? (
          <LoadFailed onRetry={() => void query.refetch()} />
        ) : (
          <Table<SpannedDeadline>
            rowKey={(row) => `${row.model}:${row.sid}`}
            size="middle"
            loading={query.isPending}
            dataSource={rows}
            columns={columns}
            pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
            locale={{ emptyText: t('allDeadlines.empty') }}
            onRow={(row) => ({ 'data-testid': `all-deadlines-row-${row.sid}` }) as HTMLAttributes<HTMLElement>}
            data-testid="all-deadlines-list"
          />
        )}
      </Flex>
      {explaining && <ExplanationDialog deadline={explaining} onClose={() => setExplaining(undefined)} />}
    </Card>
  );
}

/** How a deadline was computed (GET /webapi/deadlines/{store}/{sid}), in the reader's language. */
function ExplanationDialog({ deadline, onClose }: { deadline: SpannedDeadline; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: [...patentRuleKeys.explanation(deadline.model, deadline.sid), i18n.language],
    queryFn: async () => {
      const outcome = await fetchDeadlineExplanation(deadline.model, deadline.sid);
      return outcome.result === RESULT_CODES.success ? outcome.data.data : 'failed';
    },
  });
  const found = query.data === 'failed' ? undefined : query.data;
  return (
    <Modal
      open
      title={t('allDeadlines.explainTitle', { title: text(deadline.title) })}
      onCancel={onClose}
      footer={null}
      data-testid="all-deadlines-explanation"
    >
      {query.data === 'failed' ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : !found ? (
        <Spin />
      ) : (
        <Flex vertical gap={4} data-testid="all-deadlines-explanation-body">
          {found.explanation ? (
            <Typography.Text>{found.explanation}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('allDeadlines.noExplanation')}</Typography.Text>
          )}
          {found.citation && (
            <Typography.Text type="secondary">
              {t('patentDeadlines.citation', { citation: found.citation })}
            </Typography.Text>
          )}
          {found.rules_version && (
            <Typography.Text type="secondary">
              {t('allDeadlines.rulesVersion', { version: found.rules_version })}
            </Typography.Text>
          )}
        </Flex>
      )}
    </Modal>
  );
}
