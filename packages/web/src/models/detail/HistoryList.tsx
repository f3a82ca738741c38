// A record's history (do/history): who did what when, and for changes each field's value before and
// after, read the same way as on the detail page. Newest first.
import { ArrowRightOutlined } from '@ant-design/icons';
import { Empty, Flex, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  auditActionLabel,
  isEntityAuditAction,
  isRecordVerb,
  labelIn,
  splitAuditAction,
  type RecordVerb,
} from '@ipdesk/core';
import type { HistoryEntry, SchemaField } from '../../api/model';
import { renderValue, type CellContext } from '../fields/cells';
import { formatTimestamp } from '../fields/format';

// Colours of the record's own life (`<model>.created`, …); every other event (an account opened, inventors
// changed…) is gray.
const COLORS: Partial<Record<RecordVerb, string>> = {
  created: 'green',
  updated: 'blue',
  deleted: 'red',
};

function colorOf(action: string): string {
  const verb = splitAuditAction(action)?.verb;
  // An entity's own event of the same verb (a related case added) is not the record's life.
  return verb && isRecordVerb(verb) && !isEntityAuditAction(action) ? (COLORS[verb] ?? 'gray') : 'gray';
}

/** An entry's changes in the order the form shows the fields; fields the schema lost last. */
function changesInFieldOrder(entry: HistoryEntry, fields: ReadonlyMap<string, SchemaField>) {
  const order = [...fields.keys()];
  const rank = (name: string): number => {
    const index = order.indexOf(name);
    return index === -1 ? order.length : index;
  };
  return Object.entries(entry.changes).sort(([a], [b]) => rank(a) - rank(b));
}

export interface HistoryListProps {
  entries: readonly HistoryEntry[];
  fields: ReadonlyMap<string, SchemaField>;
  context: CellContext;
  /** The model's lifecycle actions by name, in the reader's language (a status change names its action). */
  actionLabels?: ReadonlyMap<string, string>;
}

export function HistoryList({ entries, fields, context, actionLabels }: HistoryListProps) {
  const { t } = useTranslation();
  if (entries.length === 0) return <Empty description={t('modelDetail.history.empty')} />;
  const newestFirst = [...entries].reverse();
  const shown = (value: unknown, name: string) => {
    const field = fields.get(name);
    return field ? renderValue(value, field, context) : JSON.stringify(value);
  };
  return (
    <Timeline
      data-testid="history"
      items={newestFirst.map((entry, index) => {
        const color = colorOf(entry.action);
        const label = auditActionLabel(entry.action);
        return {
          key: `${entry.at}-${index}`,
          color,
          children: (
            <Flex vertical gap={4} data-testid="history-entry">
              <Flex gap={8} align="center" wrap>
                <Typography.Text type="secondary">{formatTimestamp(entry.at)}</Typography.Text>
                <Typography.Text strong data-testid="history-actor">
                  {entry.actor_name ?? t('modelDetail.history.system')}
                </Typography.Text>
                <Tag color={color} data-testid="history-action">
                  {label ? labelIn(label, context.language) : t('modelDetail.history.other')}
                </Tag>
                {entry.lifecycle_action && (
                  <Typography.Text data-testid="history-lifecycle-action">
                    {actionLabels?.get(entry.lifecycle_action) ?? entry.lifecycle_action}
                  </Typography.Text>
                )}
              </Flex>
              {entry.comment && (
                <Typography.Text type="secondary" data-testid="history-comment">
                  {t('modelDetail.history.comment', { comment: entry.comment })}
                </Typography.Text>
              )}
              {changesInFieldOrder(entry, fields).map(([name, change]) => (
                <Flex key={name} gap={8} align="baseline" wrap data-testid={`history-change-${name}`}>
                  <Typography.Text type="secondary">{fields.get(name)?.label ?? name}</Typography.Text>
                  <span data-testid="history-before">{shown(change.before, name)}</span>
                  <ArrowRightOutlined style={{ fontSize: 11 }} />
                  <span data-testid="history-after">{shown(change.after, name)}</span>
                </Flex>
              ))}
            </Flex>
          ),
        };
      })}
    />
  );
}
