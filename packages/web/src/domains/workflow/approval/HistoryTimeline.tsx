// The process' history as a timeline, oldest first: what happened (in the caller's language, as the
// server names it), at which step, by whom (and whose task, when the system cancelled or approved it),
// when, and the opinion given with its files as download links.
import { Timeline, Typography } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAttachment, type HistoryEntry } from '../../../api/workflow-runs';
import { formatTimestamp } from '../../../models/fields/format';

/** Timeline colours of the actions that decide something; the others stay grey-blue. */
const ACTION_COLORS: Readonly<Partial<Record<string, string>>> = {
  approve: 'green',
  autoApprove: 'green',
  finish: 'green',
  reject: 'red',
  end: 'red',
  return: 'orange',
  withdraw: 'orange',
  jump: 'orange',
};

interface HistoryTimelineProps {
  instanceSid: string;
  entries: readonly HistoryEntry[];
}

export function HistoryTimeline({ instanceSid, entries }: HistoryTimelineProps) {
  const { t } = useTranslation();
  if (entries.length === 0)
    return (
      <Typography.Text type="secondary" data-testid="wf-history-empty">
        {t('wfRun.historyEmpty')}
      </Typography.Text>
    );
  return (
    <Timeline
      data-testid="wf-history"
      items={entries.map((entry) => ({
        key: entry.id,
        color: ACTION_COLORS[entry.action] ?? 'blue',
        children: (
          <div data-testid="wf-history-item" data-action={entry.action}>
            <Typography.Text strong data-testid="wf-history-action">
              {entry.action_label}
            </Typography.Text>
            {entry.node_name && (
              <Typography.Text type="secondary" style={{ marginInlineStart: 8 }} data-testid="wf-history-node">
                {entry.node_name}
              </Typography.Text>
            )}
            {entry.assignee_name && (
              <Typography.Text type="secondary" style={{ marginInlineStart: 8 }} data-testid="wf-history-assignee">
                {t('wfRun.taskOf', { name: entry.assignee_name })}
              </Typography.Text>
            )}
            <div>
              <Typography.Text data-testid="wf-history-actor">{entry.actor_name ?? t('wfRun.system')}</Typography.Text>
              <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                {formatTimestamp(entry.at)}
              </Typography.Text>
            </div>
            {entry.comment && (
              <Typography.Paragraph
                type="secondary"
                style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}
                data-testid="wf-history-comment"
              >
                {t('wfRun.commentQuoted', { comment: entry.comment })}
              </Typography.Paragraph>
            )}
            {entry.attachments.length > 0 && (
              <div data-testid="wf-history-attachments">
                <Typography.Text type="secondary" style={{ marginInlineEnd: 4 }}>
                  {t('wfRun.attachments')}
                </Typography.Text>
                {entry.attachments.map((file, i) => (
                  <Fragment key={`${file.file_sid}-${i}`}>
                    {i > 0 && t('wfRun.listSeparator')}
                    <Typography.Link
                      onClick={() => void downloadAttachment(instanceSid, file.file_sid)}
                      data-testid="wf-history-attachment"
                    >
                      {file.name}
                    </Typography.Link>
                  </Fragment>
                ))}
              </div>
            )}
          </div>
        ),
      }))}
    />
  );
}
