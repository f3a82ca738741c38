// Choosing a company for a 'company' field: the tenant's companies (read once per sign-in, a tenant has at
// most 1,000), searched by name as the user types and shown by name, never by ID.
import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { listCompanies, type CompanyRow } from '../../../api/org';
import { useSession } from '../../../session/store';
import { valuesOf } from '../format';
import type { FieldInputProps } from '../types';
import { companyOptions } from './company-options';

export function CompanyPicker({ field, value, onChange, id, disabled, testId }: FieldInputProps) {
  const { t } = useTranslation();
  const loginTime = useSession()?.loginTime ?? 0;
  const [term, setTerm] = useState('');
  const companies = useQuery({
    queryKey: ['company', 'picker', loginTime],
    queryFn: async (): Promise<CompanyRow[]> => {
      const outcome = await listCompanies({ silent: true });
      return outcome.result === RESULT_CODES.success ? outcome.data.data.rows : [];
    },
    staleTime: 5 * 60_000,
  });
  const selected = valuesOf(value).filter((item): item is string => typeof item === 'string');
  const options = companyOptions(companies.data ?? [], term, new Set(selected), t('deptPicker.disabled'));

  return (
    <Select
      id={id}
      showSearch
      allowClear
      filterOption={false}
      onSearch={setTerm}
      mode={field.multiple ? 'multiple' : undefined}
      value={field.multiple ? selected : selected[0]}
      onChange={(next: string | string[] | undefined) => {
        setTerm('');
        onChange?.(next ?? null);
      }}
      options={options}
      placeholder={t('modelField.pickerPlaceholder')}
      notFoundContent={companies.isFetching ? <Spin size="small" /> : undefined}
      loading={companies.isPending}
      disabled={disabled}
      data-testid={testId}
    />
  );
}
