// react-query keys and hooks of the notifications: the bell's unread count (read every minute and when the
// window regains focus), the bell's latest ten, and one refresh that every change (marking read) calls, so
// the bell, its dropdown and the inbox page agree.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { RESULT_CODES } from '@ipdesk/core';
import { fetchInbox, fetchUnreadCount, type InboxQuery } from '../api/notifications';
import { useSession } from '../session/store';

export const notificationKeys = {
  all: ['notifications'] as const,
  count: (loginTime: number) => ['notifications', 'count', loginTime] as const,
  latest: ['notifications', 'latest'] as const,
  list: (query: InboxQuery) => ['notifications', 'list', query] as const,
  preferences: ['notifications', 'preferences'] as const,
  watch: (model: string, sid: string) => ['notifications', 'watch', model, sid] as const,
};

/** How often the bell asks while a page stays open. */
export const UNREAD_INTERVAL_MS = 60_000;
/** How many the bell's dropdown shows. */
export const LATEST_COUNT = 10;

/** The signed-in person's unread count; undefined until read (or when it could not be). */
export function useUnreadCount(): number | undefined {
  const session = useSession();
  const query = useQuery({
    queryKey: notificationKeys.count(session?.loginTime ?? 0),
    queryFn: fetchUnreadCount,
    enabled: session !== undefined,
    refetchInterval: UNREAD_INTERVAL_MS,
    refetchOnWindowFocus: true,
  });
  return query.data?.result === RESULT_CODES.success ? query.data.data.data.unread : undefined;
}

/** The latest ten, read when the dropdown opens. */
export function useLatest(open: boolean) {
  const query = useQuery({
    queryKey: notificationKeys.latest,
    queryFn: () => fetchInbox({ limit: LATEST_COUNT }, true),
    enabled: open,
  });
  return query.data?.result === RESULT_CODES.success ? query.data.data.data.items : undefined;
}

/** After marking read: the count, the dropdown and the inbox pages read again. */
export function useRefreshNotifications(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: notificationKeys.all }), [queryClient]);
}
