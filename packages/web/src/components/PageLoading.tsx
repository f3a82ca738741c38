// Shown while a lazily loaded part of the app (antd's frame, the shell) arrives. Plain elements, so it
// can show before antd has loaded; the spinner is CSS (app/base.css).
import { useTranslation } from 'react-i18next';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="page-loading" data-testid="page-loading" role="status">
      <span className="page-loading-spinner" aria-hidden />
      <span>{t('app.loading')}</span>
    </div>
  );
}
