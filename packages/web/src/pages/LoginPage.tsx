// Sign-in placeholder: accounts arrive with the next issue, which replaces this page as a whole.
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function LoginPage() {
  const { t } = useTranslation();
  return (
    <Card data-testid="login-page">
      <Typography.Title level={2}>{t('app.name')}</Typography.Title>
      <Typography.Paragraph>{t('shell.signInSoon')}</Typography.Paragraph>
    </Card>
  );
}
