// The header's to-do badge (the bell beside it is the notifications'): how many tasks wait for me (read every minute and after every process action),
// opening my to-do list.
import { CheckSquareOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMyCounts } from '../run-queries';

export function TodoBadge() {
  const { t } = useTranslation();
  const counts = useMyCounts();
  const label = t('wfMy.todoBadge', { count: counts?.todo ?? 0 });
  return (
    <Link
      to="/workflow/my/todos"
      aria-label={label}
      title={label}
      data-testid="header-todos"
      data-count={counts?.todo ?? ''}
    >
      <Badge count={counts?.todo ?? 0} size="small" overflowCount={99}>
        <Button type="text" icon={<CheckSquareOutlined />} tabIndex={-1} />
      </Badge>
    </Link>
  );
}
