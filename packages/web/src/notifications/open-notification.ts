// Opening a notification: marked read (when it is not yet), then its link followed inside the app. The
// bell's dropdown and the inbox page share it.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { RESULT_CODES } from '@ipdesk/core';
import { markRead, type InboxItem } from '../api/notifications';
import { useRefreshNotifications } from './queries';

export function useOpenNotification(after?: () => void): (item: InboxItem) => Promise<void> {
  const navigate = useNavigate();
  const refresh = useRefreshNotifications();
  return useCallback(
    async (item: InboxItem) => {
      if (item.read_at === null) {
        const result = await markRead({ sids: [item.sid] });
        if (result.result === RESULT_CODES.success) await refresh();
      }
      after?.();
      if (item.link) await navigate(item.link);
    },
    [after, navigate, refresh],
  );
}
