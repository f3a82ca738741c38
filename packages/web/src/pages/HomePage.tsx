// The home page inside the shell: welcome texts, the environment the server runs in, and the unverified
// deadlines waiting for the reader's colleagues (dual docketing).
import { useQuery } from '@tanstack/react-query';
import { Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { fetchHealth } from '../api/health';
import { UnverifiedDeadlinesCard } from './UnverifiedDeadlinesCard';

export function HomePage() {
  const { t } = useTranslation();
  const health = useQuery({ queryKey: ['health'], queryFn: fetchHealth });
  const environment = health.data?.result === RESULT_CODES.success ? health.data.data.data.environment : undefined;

  return (
    <Card data-testid="home-page">
      <Typography.Title level={2}>{t('shell.welcome')}</Typography.Title>
      <Typography.Paragraph>{t('shell.welcomeHint')}</Typography.Paragraph>
      <UnverifiedDeadlinesCard />
      <Space style={{ marginTop: 12 }}>
        {health.isPending && <Typography.Text type="secondary">{t('app.loading')}</Typography.Text>}
        {environment && <Tag data-testid="home-environment">{t('shell.environment', { env: environment })}</Tag>}
      </Space>
    </Card>
  );
}
