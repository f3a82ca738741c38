// Placeholder rows while a list's first page loads: the table keeps the height of its rows, so nothing
// jumps when they arrive, and the reader sees where they will be.
import { Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

export function SkeletonRows({ rows }: { rows: number }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={22} role="status" aria-label={t('modelList.loadingRows')} data-testid="list-skeleton">
      {Array.from({ length: rows }, (_value, i) => (
        <Skeleton key={i} active title={false} paragraph={{ rows: 1, width: '100%' }} />
      ))}
    </Flex>
  );
}
