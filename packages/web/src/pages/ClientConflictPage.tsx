// 412 (spec §2, §8): the enterprise side and the agency side are signed in in the same browser.
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from '../components/BackHomeButton';
import { PublicResult } from '../components/PublicResult';

export function ClientConflictPage() {
  const { t } = useTranslation();
  return (
    <PublicResult
      status="warning"
      title={t('page.clientConflict.title')}
      subTitle={t('page.clientConflict.subTitle')}
      extra={<BackHomeButton />}
    />
  );
}
