// The tenant's deadline verification switch (dual docketing, docs/notifications.md "Deadline verification"),
// on the deadline reminders page: on, deadlines entered by hand wait for a second person's check; off,
// nothing is flagged. The version read goes with the save, so a switch someone else flipped since is
// refused (and shown) rather than silently undone.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Flex, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { describeFailure } from '../api/failure';
import { fetchDeadlineVerification, updateDeadlineVerification } from '../api/tenant-settings';
import { noticeText } from '../components/notice-text';

const VERIFICATION_KEY = ['admin', 'setting', 'tenant_deadline_verification'] as const;

export function DeadlineVerificationCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: VERIFICATION_KEY, queryFn: fetchDeadlineVerification });
  const setting = query.data?.result === RESULT_CODES.success ? query.data.data.data : undefined;
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  const flip = async (required: boolean): Promise<void> => {
    if (!setting) return;
    setSaving(true);
    setError(undefined);
    const outcome = await updateDeadlineVerification({ required, version: setting.version });
    setSaving(false);
    if (outcome.result !== RESULT_CODES.success) {
      const notice = describeFailure(outcome.error);
      setError(notice.kind === 'silent' ? t('model.loadFailed') : noticeText(t, notice));
      void queryClient.invalidateQueries({ queryKey: VERIFICATION_KEY });
      return;
    }
    queryClient.setQueryData(VERIFICATION_KEY, outcome);
    void message.success(t(required ? 'adminVerification.on' : 'adminVerification.off'));
  };

  return (
    <Card title={t('adminVerification.title')} data-testid="deadline-verification-card">
      <Flex vertical gap={16} style={{ maxWidth: 720 }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('adminVerification.intro')}
        </Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} data-testid="deadline-verification-error" />}
        {query.isPending && <Skeleton active paragraph={false} />}
        {setting && (
          <Flex gap={8} align="center">
            <Switch
              checked={setting.required}
              loading={saving}
              onChange={(checked) => void flip(checked)}
              aria-label={t('adminVerification.switch')}
              data-testid="deadline-verification-switch"
            />
            <Typography.Text>{t('adminVerification.switch')}</Typography.Text>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
