// No permission (spec §2): besides the refusal it advises contacting the administrator or checking
// that the configuration pack has been applied.
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from '../components/BackHomeButton';
import { PublicResult } from '../components/PublicResult';

export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <PublicResult
      status="403"
      title={t('page.forbidden.title')}
      subTitle={t('page.forbidden.subTitle')}
      advice={t('page.forbidden.advice')}
      extra={<BackHomeButton />}
    />
  );
}
