import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function BackHomeButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button type="primary" data-testid="back-home" onClick={() => void navigate('/')}>
      {t('page.backHome')}
    </Button>
  );
}
