import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@ipdesk/core';
import { BackHomeButton } from '../components/BackHomeButton';

const PARAGRAPHS: readonly MessageKey[] = [
  'page.privacy.intro',
  'page.privacy.collect',
  'page.privacy.use',
  'page.privacy.storage',
  'page.privacy.rights',
  'page.privacy.contact',
];

export function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <Typography>
        <Typography.Title level={2} data-testid="privacy-title">
          {t('page.privacy.title')}
        </Typography.Title>
        {PARAGRAPHS.map((key) => (
          <Typography.Paragraph key={key}>{t(key)}</Typography.Paragraph>
        ))}
      </Typography>
      <BackHomeButton />
    </Card>
  );
}
