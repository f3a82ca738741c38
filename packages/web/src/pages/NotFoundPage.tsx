import { useTranslation } from 'react-i18next';
import { BackHomeButton } from '../components/BackHomeButton';
import { PublicResult } from '../components/PublicResult';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PublicResult
      status="404"
      title={t('page.notFound.title')}
      subTitle={t('page.notFound.subTitle')}
      extra={<BackHomeButton />}
    />
  );
}
