// Picking an internal inventor: active persons searched by keyword, listed by name (and job number).
// Optional: outside inventors have a name only. Picking one hands its name over, so the name fills in.
import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { searchInventorCandidates } from './api';

export interface PersonSelectProps {
  value: string | null;
  /** The name shown for the chosen person before any search has found them. */
  chosenLabel?: string;
  onChange: (sid: string | null, name: string | undefined) => void;
  disabled?: boolean;
  testId?: string;
}

export function PersonSelect({ value, chosenLabel, onChange, disabled, testId }: PersonSelectProps) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const settled = useDebouncedValue(term, 300);
  const found = useQuery({
    queryKey: ['patent', 'inventor-candidates', settled],
    queryFn: () => searchInventorCandidates(settled.trim()),
    enabled: !disabled,
  });
  const rows = found.data?.result === RESULT_CODES.success ? found.data.data.data : [];
  const names = new Map(rows.map((row) => [row.sid, row.name]));
  const options = rows.map((row) => ({
    value: row.sid,
    label: row.job_number ? `${row.name} (${row.job_number})` : row.name,
  }));
  if (value && !options.some((option) => option.value === value))
    options.unshift({ value, label: chosenLabel ?? value });

  return (
    <Select
      showSearch
      allowClear
      filterOption={false}
      onSearch={setTerm}
      value={value ?? undefined}
      onChange={(next?: string) => onChange(next ?? null, next ? names.get(next) : undefined)}
      options={options}
      placeholder={t('inventors.personPlaceholder')}
      notFoundContent={found.isFetching ? <Spin size="small" /> : undefined}
      disabled={disabled}
      style={{ width: '100%', minWidth: 180 }}
      data-testid={testId}
    />
  );
}
