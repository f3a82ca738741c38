// The case's deadlines tab: its deadlines by due date with their status (overdue in red), origin and,
// under each computed one, how its date was reached and the provision it rests on. Users who may update
// deadlines mark them done; users who may update the case recompute its deadlines and fees.
import { CheckOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Result, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RESULT_CODES } from '@ipdesk/core';
import { fetchCaseDeadlines, patentRuleKeys, recomputeCase, type CaseDeadline } from '../../../api/patent-rules';
import { LoadFailed } from '../../../models/ModelPageState';
import { modelKeys, useModelSchema } from '../../../models/queries';
import { newRecordPath } from '../../../models/paths';
import { abilitiesOf } from '../../../models/schema';
import { mayUse, useHeldResources } from '../../people/resources';
import type { DetailTabProps } from '../types';
import { byDueDate, dateWithWeekday, deadlineKey, deadlineTag, deadlineTagState, todayIso } from './deadline-rules';
import { MarkDoneDialog } from './MarkDoneDialog';

const NO_DEADLINES: CaseDeadline[] = [];

/** Without the deadlines resource nothing is asked (the server would refuse every call). */
export function DeadlinesTab(props: DetailTabProps) {
  const { t } = useTranslation();
  const held = useHeldResources();
  if (!mayUse(held, 'patent_task'))
    return (
      <Result status="403" subTitle={<span data-testid="deadlines-no-access">{t('patentDeadlines.noAccess')}</span>} />
    );
  return <CaseDeadlines {...props} />;
}

function CaseDeadlines({ schema, record, subCompanySid, onChanged }: DetailTabProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const held = useHeldResources();
  const taskSchema = useModelSchema('patent_task').schema;
  const [marking, setMarking] = useState<CaseDeadline>();
  const [recomputing, setRecomputing] = useState(false);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());

  const query = useQuery({
    queryKey: patentRuleKeys.deadlines(record.sid),
    queryFn: () => fetchCaseDeadlines(record.sid, { subCompanySid }),
  });
  const outcome = query.data;
  // Stable between renders: the table re-measures whenever its rows are a new array.
  const rows = useMemo(
    () => (outcome?.result === RESULT_CODES.success ? byDueDate(outcome.data.data) : NO_DEADLINES),
    [outcome],
  );
  const today = todayIso();

  // Marking done is the deadline's "complete" action: offered when the reader holds its button.
  const canMarkDone =
    taskSchema?.lifecycle?.actions.some((action) => action.name === 'complete' && action.allowed) ?? false;
  const canAdd = taskSchema !== undefined && abilitiesOf(taskSchema).create;
  const canRecompute = abilitiesOf(schema).update && mayUse(held, 'patent:update');

  const reload = async (): Promise<void> => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: patentRuleKeys.deadlines(record.sid) }),
      queryClient.invalidateQueries({ queryKey: modelKeys.all('patent_task') }),
    ]);
  };

  const recompute = async (): Promise<void> => {
    setRecomputing(true);
    const result = await recomputeCase(record.sid, { subCompanySid });
    setRecomputing(false);
    if (result.result !== RESULT_CODES.success) return;
    void message.success(t('patentDeadlines.recomputed'));
    await Promise.all([
      reload(),
      queryClient.invalidateQueries({ queryKey: patentRuleKeys.fees(record.sid) }),
      queryClient.invalidateQueries({ queryKey: modelKeys.all('fee') }),
    ]);
    // The expiry date on the case may have moved.
    await onChanged();
  };

  const columns: TableColumnsType<CaseDeadline> = [
    {
      key: 'title',
      title: t('patentDeadlines.title'),
      render: (_value, row) => <Typography.Text strong>{row.title}</Typography.Text>,
    },
    {
      key: 'due_date',
      title: t('patentDeadlines.dueDate'),
      width: 170,
      render: (_value, row) => (
        <span data-testid={`deadline-due-${deadlineKey(row)}`}>{dateWithWeekday(row.due_date)}</span>
      ),
    },
    {
      key: 'status',
      title: t('patentDeadlines.status'),
      width: 200,
      render: (_value, row) => {
        const tag = deadlineTag(deadlineTagState(row, today));
        return (
          <Space size={4} wrap>
            <Tag color={tag.color} data-testid={`deadline-status-${deadlineKey(row)}`}>
              {tag.labelKey ? t(tag.labelKey) : row.status}
            </Tag>
            {row.status === 'done' && row.completed_on && (
              <Typography.Text type="secondary">
                {t('patentDeadlines.completedOnValue', { date: row.completed_on })}
              </Typography.Text>
            )}
          </Space>
        );
      },
    },
    {
      key: 'origin',
      title: t('patentDeadlines.origin'),
      width: 120,
      render: (_value, row) => (
        <Tag>{row.origin === 'rule' ? t('patentDeadlines.originRule') : t('patentDeadlines.originManual')}</Tag>
      ),
    },
    ...(canMarkDone
      ? [
          {
            key: 'actions',
            title: t('patentDeadlines.actions'),
            width: 120,
            render: (_value: unknown, row: CaseDeadline) =>
              row.status === 'open' ? (
                <Button
                  size="small"
                  icon={<CheckOutlined />}
                  onClick={() => setMarking(row)}
                  data-testid={`deadline-done-${deadlineKey(row)}`}
                >
                  {t('patentDeadlines.markDone')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  if (outcome !== undefined && outcome.result !== RESULT_CODES.success)
    return <LoadFailed onRetry={() => void query.refetch()} />;

  const explained = rows.filter((row) => row.explanation || row.citation).map((row) => row.sid);
  return (
    <Flex vertical gap={12} data-testid="deadlines-tab">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">{t('patentDeadlines.hint')}</Typography.Text>
        <Space wrap>
          {canAdd && (
            <Button
              icon={<PlusOutlined />}
              onClick={() => void navigate(`${newRecordPath('patent_task')}?patent=${encodeURIComponent(record.sid)}`)}
              data-testid="deadline-add"
            >
              {t('patentDeadlines.add')}
            </Button>
          )}
          {canRecompute && (
            <Button
              icon={<ReloadOutlined />}
              loading={recomputing}
              onClick={() => void recompute()}
              data-testid="deadlines-recompute"
            >
              {t('patentDeadlines.recompute')}
            </Button>
          )}
        </Space>
      </Flex>
      <Table<CaseDeadline>
        rowKey="sid"
        size="middle"
        loading={query.isPending}
        dataSource={rows}
        columns={columns}
        pagination={false}
        locale={{ emptyText: t('patentDeadlines.empty') }}
        onRow={(row) => ({ 'data-testid': `deadline-row-${deadlineKey(row)}` }) as HTMLAttributes<HTMLElement>}
        expandable={{
          rowExpandable: (row) => Boolean(row.explanation || row.citation),
          expandedRowKeys: explained.filter((sid) => !collapsed.has(sid)),
          onExpand: (expanded, row) => {
            const next = new Set(collapsed);
            if (expanded) next.delete(row.sid);
            else next.add(row.sid);
            setCollapsed(next);
          },
          expandedRowRender: (row) => <Explanation deadline={row} />,
        }}
      />
      {marking && (
        <MarkDoneDialog
          deadline={marking}
          subCompanySid={subCompanySid}
          onClose={() => setMarking(undefined)}
          onChanged={reload}
        />
      )}
    </Flex>
  );
}

function Explanation({ deadline }: { deadline: CaseDeadline }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={2} data-testid={`deadline-explanation-${deadlineKey(deadline)}`}>
      {deadline.explanation && <Typography.Text>{deadline.explanation}</Typography.Text>}
      {deadline.citation && (
        <Typography.Text type="secondary">
          {t('patentDeadlines.citation', { citation: deadline.citation })}
        </Typography.Text>
      )}
      {deadline.pack_version && (
        <Typography.Text type="secondary">
          {t('patentDeadlines.packVersion', { version: deadline.pack_version })}
        </Typography.Text>
      )}
    </Flex>
  );
}
