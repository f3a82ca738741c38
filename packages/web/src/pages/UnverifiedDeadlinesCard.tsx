// The home page's count of unverified deadlines (dual docketing, issue 19): the open deadlines the reader may
// see that were entered or changed by hand and wait for a second person. Shown while the tenant asks for
// verification and the reader may view a deadline store; links to the deadlines list kept to them.
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RESULT_CODES } from '@ipdesk/core';
import { fetchUnverifiedCount } from '../api/patent-rules';
import { UNVERIFIED_PARAM } from '../domains/patents/calendar/all-deadlines-query';
import { useSession } from '../session/store';

export function UnverifiedDeadlinesCard() {
  const { t } = useTranslation();
  const session = useSession();
  // Per sign-in and only while signed in: a sign-out (its token refused from then on) never asks again.
  const query = useQuery({
    queryKey: ['deadlines', 'unverified-count', session?.loginTime ?? 0],
    enabled: session !== undefined,
    queryFn: async () => {
      const outcome = await fetchUnverifiedCount();
      return outcome.result === RESULT_CODES.success ? outcome.data.data : null;
    },
  });
  const count = query.data;
  if (!count?.required) return null;
  return (
    <Card size="small" style={{ maxWidth: 360 }} data-testid="home-unverified">
      <Flex vertical gap={8}>
        <Statistic
          title={t('home.unverified.title')}
          value={count.total}
          prefix={<SafetyCertificateOutlined />}
          valueStyle={count.total > 0 ? { color: '#d46b08' } : undefined}
          data-testid="home-unverified-count"
        />
        <Typography.Text type="secondary">{t('home.unverified.hint')}</Typography.Text>
        <Link to={`/deadlines?${UNVERIFIED_PARAM}=unverified`} data-testid="home-unverified-link">
          <Button size="small">{t('home.unverified.open')}</Button>
        </Link>
      </Flex>
    </Card>
  );
}
