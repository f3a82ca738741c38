// A lifecycle record's status timeline (issue 18): how it came to its status, oldest first — created in the
// initial status, then each status change with its action, who ran it and when, the comment, and for a
// change an approval made, a link that opens that process (its steps, opinions and diagram) in a drawer.
// Read from the record's history (do/history), so it shows what the history shows to this reader.
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Flex, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { fetchHistory, type HistoryEntry, type ModelSchema } from '../../api/model';
import { fetchInstance } from '../../api/workflow-runs';
import { InstanceView } from '../../domains/workflow/approval/InstanceView';
import { runKeys } from '../../domains/workflow/run-queries';
import { formatTimestamp } from '../fields/format';
import { LoadFailed } from '../ModelPageState';
import { modelKeys } from '../queries';
import { StatusTag, statusLook } from './StatusTag';

export interface StatusStep {
  kind: 'created' | 'changed';
  at: string;
  actor: string | null;
  from?: string;
  to: string;
  action?: string;
  comment?: string;
  instanceSid?: string;
}

/** The steps of a record's status, oldest first, from its history entries (oldest first as the server sends them). */
export function statusSteps(model: string, field: string, initial: string, entries: readonly HistoryEntry[]) {
  const steps: StatusStep[] = [];
  for (const entry of entries) {
    if (entry.action === `${model}.created`) {
      const set = entry.changes[field]?.after;
      steps.push({
        kind: 'created',
        at: entry.at,
        actor: entry.actor_name,
        to: typeof set === 'string' ? set : initial,
      });
    } else if (entry.action === `${model}.status_changed`) {
      const change = entry.changes[field];
      if (!change) continue;
      steps.push({
        kind: 'changed',
        at: entry.at,
        actor: entry.actor_name,
        from: String(change.before),
        to: String(change.after),
        action: entry.lifecycle_action,
        comment: entry.comment,
        instanceSid: entry.instance_sid,
      });
    }
  }
  return steps;
}

function ApprovalDrawer({ instanceSid, onClose }: { instanceSid: string; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: [...runKeys.all, 'instance', instanceSid],
    queryFn: () => fetchInstance(instanceSid),
  });
  const outcome = query.data;
  return (
    <Drawer open width={720} title={t('lifecycle.timeline.approval')} onClose={onClose} data-testid="status-approval">
      {!outcome ? (
        <Flex justify="center">
          <Typography.Text type="secondary">{t('lifecycle.timeline.loading')}</Typography.Text>
        </Flex>
      ) : outcome.result === RESULT_CODES.success ? (
        // A finished process offers no actions; one still open refreshes this drawer after an action.
        <InstanceView instance={outcome.data.data} onChanged={async () => void (await query.refetch())} />
      ) : (
        <LoadFailed onRetry={() => void query.refetch()} />
      )}
    </Drawer>
  );
}

export interface StatusTimelineProps {
  schema: ModelSchema;
  sid: string;
  subCompanySid: string | undefined;
}

export function StatusTimeline({ schema, sid, subCompanySid }: StatusTimelineProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<string>();
  const query = useQuery({
    queryKey: modelKeys.history(schema.name, sid),
    queryFn: () => fetchHistory(schema.name, sid, { subCompanySid }),
  });
  const lifecycle = schema.lifecycle;
  if (!lifecycle) return null;
  const outcome = query.data;
  if (!outcome) return <Flex data-testid="status-timeline-loading" />;
  if (outcome.result !== RESULT_CODES.success) return <LoadFailed onRetry={() => void query.refetch()} />;
  const steps = statusSteps(schema.name, lifecycle.field, lifecycle.initial, outcome.data.data);
  if (steps.length === 0) return <Empty description={t('lifecycle.timeline.empty')} />;
  const actionLabel = new Map(lifecycle.actions.map((action) => [action.name, action.label]));

  return (
    <>
      <Timeline
        data-testid="status-timeline"
        items={steps.map((step, index) => ({
          key: `${step.at}-${index}`,
          color: statusLook(schema, step.to)?.color ?? 'gray',
          children: (
            <Flex vertical gap={4} data-testid="status-step" data-status={step.to}>
              <Flex gap={8} align="center" wrap>
                <Typography.Text strong data-testid="status-step-action">
                  {step.kind === 'created'
                    ? t('lifecycle.timeline.created')
                    : step.action
                      ? (actionLabel.get(step.action) ?? step.action)
                      : t('lifecycle.timeline.changed')}
                </Typography.Text>
                {step.from !== undefined && <StatusTag schema={schema} value={step.from} />}
                {step.from !== undefined && <span aria-hidden>→</span>}
                <StatusTag schema={schema} value={step.to} />
              </Flex>
              <Flex gap={8} wrap>
                <Typography.Text type="secondary">{formatTimestamp(step.at)}</Typography.Text>
                <Typography.Text data-testid="status-step-actor">
                  {step.actor ?? t('modelDetail.history.system')}
                </Typography.Text>
              </Flex>
              {step.comment && (
                <Typography.Text type="secondary" data-testid="status-step-comment">
                  {t('modelDetail.history.comment', { comment: step.comment })}
                </Typography.Text>
              )}
              {step.instanceSid && (
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0, alignSelf: 'flex-start' }}
                  data-testid="status-step-approval"
                  onClick={() => setOpened(step.instanceSid)}
                >
                  {t('lifecycle.timeline.viewApproval')}
                </Button>
              )}
            </Flex>
          ),
        }))}
      />
      {opened && <ApprovalDrawer instanceSid={opened} onClose={() => setOpened(undefined)} />}
    </>
  );
}
