// Shown while a lazily loaded part of the app (the shell) arrives.
import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh' }} data-testid="page-loading">
      <Spin tip={t('app.loading')} size="large">
        <div style={{ width: 160, height: 80 }} />
      </Spin>
    </Flex>
  );
}
