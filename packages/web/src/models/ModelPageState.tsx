// What a model page shows while its schema or record cannot be shown: loading, a failed load with a retry
// button (the failure itself was already announced by the request layer), or a record that is gone.
import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { modelListPath } from './paths';

export function LoadingCard() {
  return <Card loading data-testid="model-loading" />;
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('model.loadFailed')}
      extra={
        <Button onClick={onRetry} data-testid="model-retry">
          {t('model.retry')}
        </Button>
      }
      data-testid="model-load-failed"
    />
  );
}

export function RecordNotFound({ model }: { model: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={<span data-testid="record-not-found">{t('error.recordNotFound')}</span>}
      extra={<Link to={modelListPath(model)}>{t('modelDetail.back')}</Link>}
    />
  );
}
