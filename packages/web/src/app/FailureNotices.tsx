// Shows failed calls (spec §8) as antd notifications. Clicking one copies the call's details for
// support. Registered from inside antd's App so notices get the current theme and locale.
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFailureDetails, setFailureNotifier } from '../api/failure-notifier';
import { copyText } from '../components/clipboard';

export function FailureNotices() {
  const { notification, message } = App.useApp();
  const { t } = useTranslation();

  useEffect(
    () =>
      setFailureNotifier((failure, notice) => {
        const text = notice.kind === 'server' ? notice.text : t(notice.key, notice.params);
        const details = formatFailureDetails(failure, text);
        const copyDetails = async (): Promise<void> => {
          if (await copyText(details)) void message.success(t('request.detailsCopied'));
        };
        notification.error({
          // Same text, same notice: a burst of identical failures shows once.
          key: text,
          message: text,
          description: (
            <>
              <div>{t('request.requestId', { id: failure.body?.requestId ?? failure.requestId })}</div>
              <div>{t('request.copyDetails')}</div>
            </>
          ),
          style: { cursor: 'pointer' },
          onClick: () => void copyDetails(),
          props: { 'data-testid': 'failure-notice' },
        });
      }),
    [notification, message, t],
  );
  return null;
}
