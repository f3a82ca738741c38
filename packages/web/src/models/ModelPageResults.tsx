// The failure pages of ModelPageState, apart: antd's Result brings its illustrations, which a page that
// loads well never draws.
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { modelListPath } from './paths';

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
