// Choosing a department for an 'organization' field: a tree of the tenant's departments by name (read
// once per sign-in), searchable, one company's when the form says which company the record is in.
// Disabled departments cannot be chosen (the server refuses them) but stay shown while chosen.
import { Button, Flex, Spin, TreeSelect, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../session/store';
import { departmentTreeData, useDepartments } from '../departments';
import { valuesOf } from '../format';
import type { FieldInputProps } from '../types';

export function DepartmentPicker({ field, value, onChange, id, disabled, testId, companySid }: FieldInputProps) {
  const { t } = useTranslation();
  const { tree, language, isPending, failed, retry } = useDepartments();
  const companies = useSession()?.companys;
  const selected = valuesOf(value).filter((item): item is string => typeof item === 'string');
  const chosenKey = selected.join(',');

  const treeData = useMemo(() => {
    if (!tree) return [];
    const companyNames = new Map((companies ?? []).map((company) => [company.sid, company.company_name]));
    return departmentTreeData(tree, {
      language,
      companyNames,
      companySid,
      chosen: new Set(chosenKey ? chosenKey.split(',') : []),
      disabledSuffix: t('deptPicker.disabled'),
    });
  }, [tree, language, companies, companySid, chosenKey, t]);

  const notFound = isPending ? (
    <Spin size="small" />
  ) : failed ? (
    <Flex gap={8} align="center">
      <Typography.Text type="danger">{t('deptPicker.loadFailed')}</Typography.Text>
      <Button size="small" onClick={retry}>
        {t('model.retry')}
      </Button>
    </Flex>
  ) : (
    t('deptPicker.empty')
  );

  return (
    <TreeSelect
      id={id}
      style={{ width: '100%' }}
      treeData={treeData}
      value={field.multiple ? selected : selected[0]}
      onChange={(next: string | string[] | undefined) => onChange?.(next ?? null)}
      multiple={field.multiple}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll={treeData.length <= 3}
      loading={isPending}
      status={failed ? 'warning' : undefined}
      placeholder={failed ? t('deptPicker.loadFailed') : t('deptPicker.placeholder')}
      notFoundContent={notFound}
      disabled={disabled}
      data-testid={testId}
    />
  );
}
