// A record's process as the approval panel shows it: what runs and where it stands (status, current steps,
// who it waits for, who started it and when), the buttons of the actions the caller may take now, the
// diagram with the current and passed steps marked, and the history timeline.
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Space, Spin, Tag, Typography } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { fetchDiagram, type InstancePanel } from '../../../api/workflow-runs';
import { formatTimestamp } from '../../../models/fields/format';
import { UserNames } from '../../../models/fields/UserNames';
import { runKeys } from '../run-queries';
import { ActionDialog } from './ActionDialog';
import { HistoryTimeline } from './HistoryTimeline';
import { ACTION_LABELS, DANGEROUS, STATUS_COLORS, panelButtons, type ActionButton } from './panel-actions';

const ProcessDiagram = lazy(() => import('./ProcessDiagram'));

const OPEN_TASK_STATUSES = new Set(['open', 'pending']);

export interface InstanceViewProps {
  instance: InstancePanel;
  onChanged: () => Promise<void>;
}

export function InstanceView({ instance, onChanged }: InstanceViewProps) {
  const { t } = useTranslation();
  const [acting, setActing] = useState<ActionButton>();
  const buttons = panelButtons(instance.actions);
  const waiting = instance.tasks.filter((task) => OPEN_TASK_STATUSES.has(task.status));
  // The steps people work on; a branch waiting at a join gateway rests there too, but nobody acts on it.
  const working = new Set(waiting.map((task) => task.node_id));
  const steps = instance.current_nodes.some((node) => working.has(node.id))
    ? instance.current_nodes.filter((node) => working.has(node.id))
    : instance.current_nodes;
  const nodeOf = new Map(instance.tasks.map((task) => [task.sid, task.node_name]));
  // Two tasks of one user in one process (parallel steps): each button says which step it acts on.
  const severalTasks = instance.actions.tasks.length > 1;

  return (
    <Flex vertical gap={16} data-testid="wf-instance" data-status={instance.status}>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={[
          {
            key: 'process',
            label: t('wfRun.process'),
            children: (
              <span data-testid="wf-process-name">
                {t('wfRun.processVersion', { name: instance.definition.name, version: instance.definition.version })}
              </span>
            ),
          },
          {
            key: 'status',
            label: t('wfRun.status'),
            children: (
              <Tag color={STATUS_COLORS[instance.status]} data-testid="wf-status">
                {instance.status_label}
              </Tag>
            ),
          },
          {
            key: 'current',
            label: t('wfRun.currentSteps'),
            children: (
              <span data-testid="wf-current">
                {steps.map((node) => node.name || node.id).join(t('wfRun.listSeparator')) || t('wfRun.none')}
              </span>
            ),
          },
          {
            key: 'waiting',
            label: t('wfRun.waitingFor'),
            children: (
              <span data-testid="wf-waiting">
                {waiting
                  .map((task) =>
                    t('wfRun.waitingEntry', { name: task.assignee_name ?? task.assignee_sid, step: task.node_name }),
                  )
                  .join(t('wfRun.listSeparator')) || t('wfRun.none')}
              </span>
            ),
          },
          {
            key: 'starter',
            label: t('wfRun.starter'),
            children: <UserNames sids={[instance.starter_sid]} separator={t('wfRun.listSeparator')} />,
          },
          {
            key: 'started',
            label: t('wfRun.startedAt'),
            children: formatTimestamp(instance.submitted_at ?? instance.created_at),
          },
          ...(instance.finished_at
            ? [{ key: 'finished', label: t('wfRun.finishedAt'), children: formatTimestamp(instance.finished_at) }]
            : []),
        ]}
      />

      <Card size="small" title={t('wfRun.yourActions')} data-testid="wf-actions">
        {buttons.length === 0 ? (
          <Typography.Text type="secondary" data-testid="wf-no-actions">
            {t('wfRun.noActions')}
          </Typography.Text>
        ) : (
          <Space wrap>
            {buttons.map((button, index) => (
              <Button
                key={button.key}
                type={index === 0 && !DANGEROUS.has(button.name) ? 'primary' : 'default'}
                danger={DANGEROUS.has(button.name)}
                onClick={() => setActing(button)}
                data-testid={`wf-action-${button.name}`}
                data-task={button.taskSid}
              >
                {severalTasks && button.taskSid
                  ? t('wfRun.actionAtStep', { action: t(ACTION_LABELS[button.name]), step: nodeOf.get(button.taskSid) })
                  : t(ACTION_LABELS[button.name])}
              </Button>
            ))}
          </Space>
        )}
      </Card>

      <Card size="small" title={t('wfRun.diagram')}>
        <DiagramSection instanceSid={instance.sid} />
      </Card>

      <Card size="small" title={t('wfRun.history')}>
        <HistoryTimeline instanceSid={instance.sid} entries={instance.history} />
      </Card>

      {acting && (
        <ActionDialog
          action={acting}
          instanceSid={instance.sid}
          model={instance.model}
          onClose={() => setActing(undefined)}
          onChanged={onChanged}
        />
      )}
    </Flex>
  );
}

function DiagramSection({ instanceSid }: { instanceSid: string }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const query = useQuery({ queryKey: runKeys.diagram(instanceSid), queryFn: () => fetchDiagram(instanceSid) });
  const outcome = query.data;
  const loading = <Spin style={{ display: 'block', padding: 48 }} />;
  if (!outcome) return loading;
  if (outcome.result !== RESULT_CODES.success || broken)
    return (
      <Alert
        type="warning"
        showIcon
        message={t('wfRun.diagramFailed')}
        action={
          <Button
            size="small"
            onClick={() => {
              setBroken(false);
              void query.refetch();
            }}
          >
            {t('model.retry')}
          </Button>
        }
        data-testid="wf-diagram-failed"
      />
    );
  return (
    <Suspense fallback={loading}>
      <ProcessDiagram diagram={outcome.data.data} onImportFailed={() => setBroken(true)} />
    </Suspense>
  );
}
