// Choosing departments of any company for "specified departments" data scopes: the department trees of
// every company (GET /department/do/tree without company_sid), grouped under their company's name.
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { fetchDepartmentTree, listCompanies, type DepartmentNode } from '../../api/org';

export const ALL_DEPARTMENTS_KEY = ['admin', 'departments', 'all'] as const;
export const COMPANIES_KEY = ['admin', 'companies'] as const;

interface DepartmentOption {
  value: string;
  title: string;
  selectable?: boolean;
  children?: DepartmentOption[];
}

/** The company nodes (not selectable) over their departments, companies in the list's order. */
export function departmentOptions(
  departments: readonly DepartmentNode[],
  companies: ReadonlyArray<{ sid: string; company_name: string }>,
): DepartmentOption[] {
  const toOption = (node: DepartmentNode): DepartmentOption => ({
    value: node.sid,
    title: node.name,
    children: node.children?.map(toOption),
  });
  const byCompany = new Map<string, DepartmentNode[]>();
  for (const node of departments) {
    const list = byCompany.get(node.company_sid) ?? [];
    list.push(node);
    byCompany.set(node.company_sid, list);
  }
  const known = companies.filter((company) => byCompany.has(company.sid));
  const unknown = [...byCompany.keys()].filter((sid) => !companies.some((company) => company.sid === sid));
  return [
    ...known.map((company) => ({ sid: company.sid, name: company.company_name })),
    ...unknown.map((sid) => ({ sid, name: sid })),
  ].map(({ sid, name }) => ({
    value: `company:${sid}`,
    title: name,
    selectable: false,
    children: (byCompany.get(sid) ?? []).map(toOption),
  }));
}

export function DepartmentSelect({
  value,
  onChange,
  disabled,
  testId,
  ariaLabel,
  status,
}: {
  value: readonly string[];
  onChange: (sids: string[]) => void;
  disabled?: boolean;
  testId?: string;
  ariaLabel?: string;
  status?: 'error';
}) {
  const { t } = useTranslation();
  const departments = useQuery({ queryKey: ALL_DEPARTMENTS_KEY, queryFn: () => fetchDepartmentTree() });
  const companies = useQuery({ queryKey: COMPANIES_KEY, queryFn: () => listCompanies() });
  const treeData = useMemo(
    () =>
      departmentOptions(
        departments.data?.result === RESULT_CODES.success ? departments.data.data.data : [],
        companies.data?.result === RESULT_CODES.success ? companies.data.data.data.rows : [],
      ),
    [departments.data, companies.data],
  );
  return (
    <TreeSelect
      multiple
      showSearch
      allowClear
      treeDefaultExpandAll
      treeNodeFilterProp="title"
      value={[...value]}
      onChange={(next: string[]) => onChange(next.filter((sid) => !sid.startsWith('company:')))}
      treeData={treeData}
      disabled={disabled}
      loading={departments.isPending}
      status={status}
      placeholder={t('adminRole.departmentsPlaceholder')}
      style={{ minWidth: 280, maxWidth: 480 }}
      aria-label={ariaLabel}
      data-testid={testId}
    />
  );
}
