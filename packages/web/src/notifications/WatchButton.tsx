// A record page's watch / unwatch button (any model): the watcher hears of the record's status changes and
// its sub-records'. The state is read silently: a record the server will not let the caller watch shows no
// button rather than an error.
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { fetchWatching, setWatching } from '../api/notifications';
import { notificationKeys } from './queries';

export function WatchButton({ model, sid }: { model: string; sid: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const key = notificationKeys.watch(model, sid);
  const query = useQuery({ queryKey: key, queryFn: () => fetchWatching(model, sid) });
  const watching = query.data?.result === RESULT_CODES.success ? query.data.data.data.watching : undefined;
  if (watching === undefined) return null;

  const toggle = async () => {
    setBusy(true);
    const result = await setWatching(model, sid, !watching);
    setBusy(false);
    if (result.result === RESULT_CODES.success) queryClient.setQueryData(key, result);
  };

  return (
    <Tooltip title={t('watch.hint')}>
      <Button
        icon={watching ? <EyeInvisibleOutlined /> : <EyeOutlined />}
        loading={busy}
        onClick={() => void toggle()}
        data-testid="detail-watch"
        data-watching={watching ? 'true' : 'false'}
      >
        {watching ? t('watch.off') : t('watch.on')}
      </Button>
    </Tooltip>
  );
}
