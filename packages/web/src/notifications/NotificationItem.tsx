// One notification as the bell's dropdown and the inbox page show it: its title (already in the reader's
// language), who and when, unread marked. Opening it marks it read and follows its link; one about a record
// the reader may not see has no link and only marks read.
import { Badge, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InboxItem } from '../api/notifications';
import { formatTimestamp } from '../models/fields/format';

export function NotificationItem({ item, onOpen }: { item: InboxItem; onOpen: (item: InboxItem) => void }) {
  const { t } = useTranslation();
  const unread = item.read_at === null;
  return (
    <Flex
      gap={8}
      align="start"
      role="button"
      tabIndex={0}
      data-testid="notification-item"
      data-sid={item.sid}
      data-unread={unread ? 'true' : 'false'}
      data-link={item.link ?? ''}
      style={{ cursor: 'pointer', padding: '6px 4px', width: '100%' }}
      onClick={() => onOpen(item)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onOpen(item);
        }
      }}
    >
      <Badge status={unread ? 'processing' : 'default'} aria-label={unread ? t('notifications.unread') : undefined} />
      <Flex vertical style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text strong={unread} data-testid="notification-title">
          {item.title}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {item.event_label} · {formatTimestamp(item.created_at)}
          {item.actor_name ? ` · ${t('notifications.by', { name: item.actor_name })}` : ''}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
