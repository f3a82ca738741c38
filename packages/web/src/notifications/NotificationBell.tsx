// The header's notification bell: the unread count as a small badge (read every minute and on window focus),
// opening the latest ten with "mark all read", "see all" and the settings. It also keeps the mail language in
// step when the user switches the UI language (the server's notification settings), as a silent call.
import { BellOutlined, SettingOutlined } from '@ant-design/icons';
import { Badge, Button, Divider, Empty, Flex, Popover, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLanguage, RESULT_CODES } from '@ipdesk/core';
import { followLanguage, markRead } from '../api/notifications';
import { useSession } from '../session/store';
import { NotificationItem } from './NotificationItem';
import { useOpenNotification } from './open-notification';
import { useLatest, useRefreshNotifications, useUnreadCount } from './queries';

/** Tells the server when the UI language changes while signed in (not on the first render). */
function useFollowLanguage(): void {
  const { i18n } = useTranslation();
  const signedIn = useSession() !== undefined;
  const previous = useRef(i18n.language);
  useEffect(() => {
    const language = i18n.language;
    if (previous.current === language) return;
    previous.current = language;
    if (signedIn && isLanguage(language)) void followLanguage(language);
  }, [i18n.language, signedIn]);
}

export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  const [open, setOpen] = useState(false);
  const latest = useLatest(open);
  const refresh = useRefreshNotifications();
  const close = useCallback(() => setOpen(false), []);
  const openItem = useOpenNotification(close);
  useFollowLanguage();

  const readAll = async () => {
    const result = await markRead({ all: true });
    if (result.result === RESULT_CODES.success) await refresh();
  };

  const label = t('notifications.bell', { count: unread ?? 0 });
  const content = (
    <Flex vertical style={{ width: 360, maxWidth: '80vw' }} data-testid="notification-dropdown">
      <Flex justify="space-between" align="center">
        <Typography.Text strong>{t('notifications.title')}</Typography.Text>
        <Button type="link" size="small" onClick={() => void readAll()} data-testid="notification-read-all">
          {t('notifications.markAllRead')}
        </Button>
      </Flex>
      <Divider style={{ margin: '4px 0' }} />
      {latest === undefined && <Spin size="small" style={{ padding: 16 }} />}
      {latest?.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} />}
      <div style={{ maxHeight: 420, overflowY: 'auto' }}>
        {latest?.map((item) => (
          <NotificationItem key={item.sid} item={item} onOpen={(i) => void openItem(i)} />
        ))}
      </div>
      <Divider style={{ margin: '4px 0' }} />
      <Flex justify="space-between">
        <Link to="/notifications" onClick={close} data-testid="notification-see-all">
          {t('notifications.seeAll')}
        </Link>
        <Link to="/notifications/preferences" onClick={close} data-testid="notification-preferences-link">
          <SettingOutlined aria-hidden /> {t('notifications.preferences')}
        </Link>
      </Flex>
    </Flex>
  );

  return (
    <Popover content={content} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight">
      <Button
        type="text"
        aria-label={label}
        title={label}
        data-testid="header-notifications"
        data-count={unread ?? ''}
        icon={
          <Badge count={unread ?? 0} size="small" overflowCount={99}>
            <BellOutlined />
          </Badge>
        }
      />
    </Popover>
  );
}
