// The time-range quick filters of spec §9 (today, tomorrow, within 7 days, within 30 days, within 12
// months) on a chosen date field; they narrow whatever the search modes found (WITHIN …).
import { Flex, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SchemaField } from '../../api/model';
import { QUICK_RANGES, type QuickRange } from './iql-build';

export interface QuickRangeFilterProps {
  fields: readonly SchemaField[];
  field: string | undefined;
  range: QuickRange | undefined;
  onChange: (change: { field: string | undefined; range: QuickRange | undefined }) => void;
}

const ALL = 'all';

export function QuickRangeFilter({ fields, field, range, onChange }: QuickRangeFilterProps) {
  const { t } = useTranslation();
  if (fields.length === 0) return null;
  return (
    <Flex gap={8} align="center" wrap data-testid="quick-range">
      <Typography.Text type="secondary">{t('modelSearch.quick.label')}</Typography.Text>
      <Select
        size="small"
        style={{ minWidth: 140 }}
        value={field}
        onChange={(next: string) => onChange({ field: next, range })}
        options={fields.map((candidate) => ({ value: candidate.name, label: candidate.label }))}
        aria-label={t('modelSearch.quick.field')}
        data-testid="quick-field"
      />
      <Radio.Group
        size="small"
        optionType="button"
        value={range ?? ALL}
        onChange={(event) => {
          const next = event.target.value as QuickRange | typeof ALL;
          onChange({ field, range: next === ALL ? undefined : next });
        }}
        options={[
          { value: ALL, label: t('modelSearch.quick.all') },
          ...QUICK_RANGES.map((quick) => ({ value: quick, label: t(`modelSearch.quick.${quick}`) })),
        ]}
      />
    </Flex>
  );
}
