// The inbox page (/notifications): every notification of the signed-in person, newest first, filtered by
// unread and group, paged by the server's cursor ("load more"); marking one or all read; opening one marks it
// read and goes to its record. One about a record the reader may not see shows the server's "(a record you
// cannot see)" and opens nothing.
import { SettingOutlined } from '@ant-design/icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Empty, Flex, List, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NOTIFICATION_GROUPS, RESULT_CODES, type NotificationGroup } from '@ipdesk/core';
import { fetchInbox, markRead, type InboxQuery } from '../api/notifications';
import { LoadFailed } from '../models/ModelPageState';
import { NotificationItem } from './NotificationItem';
import { useOpenNotification } from './open-notification';
import { notificationKeys, useRefreshNotifications } from './queries';

const PAGE_SIZE = 20;

export function InboxPage() {
  const { t } = useTranslation();
  const [unread, setUnread] = useState(false);
  const [group, setGroup] = useState<NotificationGroup | undefined>(undefined);
  const filter: InboxQuery = { unread, group, limit: PAGE_SIZE };
  const query = useInfiniteQuery({
    queryKey: notificationKeys.list(filter),
    queryFn: async ({ pageParam }) => {
      const result = await fetchInbox({ ...filter, before: pageParam });
      if (result.result !== RESULT_CODES.success) throw result.error;
      return result.data.data;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const refresh = useRefreshNotifications();
  const open = useOpenNotification();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  const read = async (which: { sids: string[] } | { all: true }) => {
    const result = await markRead(which);
    if (result.result === RESULT_CODES.success) await refresh();
  };

  return (
    <Card
      title={t('notifications.title')}
      data-testid="inbox-page"
      extra={
        <Space wrap>
          <Button onClick={() => void read({ all: true })} data-testid="inbox-read-all">
            {t('notifications.markAllRead')}
          </Button>
          <Link to="/notifications/preferences" data-testid="inbox-preferences-link">
            <SettingOutlined aria-hidden /> {t('notifications.preferences')}
          </Link>
        </Space>
      }
    >
      <Flex gap={16} wrap align="center" style={{ marginBottom: 12 }}>
        <Checkbox checked={unread} onChange={(e) => setUnread(e.target.checked)} data-testid="inbox-unread">
          {t('notifications.filter.unread')}
        </Checkbox>
        <Select<NotificationGroup | 'all'>
          style={{ minWidth: 180 }}
          value={group ?? 'all'}
          onChange={(value) => setGroup(value === 'all' ? undefined : value)}
          aria-label={t('notifications.filter.group')}
          data-testid="inbox-group"
          options={[
            { value: 'all', label: t('notifications.filter.group.all') },
            ...NOTIFICATION_GROUPS.map((g) => ({ value: g, label: t(`notifications.group.${g}`) })),
          ]}
        />
      </Flex>
      {query.isError ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : (
        <List
          loading={query.isLoading}
          dataSource={items}
          locale={{ emptyText: <Empty description={t('notifications.empty')} /> }}
          data-testid="inbox-list"
          renderItem={(item) => (
            <List.Item
              actions={
                item.read_at === null
                  ? [
                      <Button
                        key="read"
                        type="link"
                        size="small"
                        data-testid="inbox-mark-read"
                        onClick={() => void read({ sids: [item.sid] })}
                      >
                        {t('notifications.markRead')}
                      </Button>,
                    ]
                  : []
              }
            >
              <NotificationItem item={item} onOpen={(i) => void open(i)} />
            </List.Item>
          )}
        />
      )}
      {query.hasNextPage && (
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Button
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
            data-testid="inbox-more"
          >
            {t('notifications.loadMore')}
          </Button>
        </Flex>
      )}
    </Card>
  );
}
