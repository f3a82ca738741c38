// The value pickers of the designer's approver and starter settings. Users and departments use the
// pickers of the model forms (given a field that takes several values); roles are chosen by code from the
// tenant's roles, companies from the caller's companies, user fields from the model's schema.
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_APPROVAL_LEVEL, RESULT_CODES } from '@ipdesk/core';
import type { SchemaField } from '../../../../api/model';
import { searchRoles } from '../../../../api/roles';
import { DepartmentPicker } from '../../../../models/fields/pickers/DepartmentPicker';
import { UserPicker } from '../../../../models/fields/pickers/UserPicker';
import { useSession } from '../../../../session/store';

/** The least of a schema field the model pickers read: that it takes several values. */
const SEVERAL = { name: 'values', multiple: true } as unknown as SchemaField;

export interface ValuesProps {
  value: string[];
  onChange: (values: string[]) => void;
  disabled?: boolean;
  testId?: string;
}

export function UsersPicker({ value, onChange, disabled, testId, model }: ValuesProps & { model: string }) {
  return (
    <UserPicker
      field={SEVERAL}
      model={model}
      value={value}
      onChange={(next) => onChange(Array.isArray(next) ? next.map(String) : [])}
      disabled={disabled}
      testId={testId}
    />
  );
}

export function DepartmentsPicker({ value, onChange, disabled, testId, model }: ValuesProps & { model: string }) {
  return (
    <DepartmentPicker
      field={SEVERAL}
      model={model}
      value={value}
      onChange={(next) => onChange(Array.isArray(next) ? next.map(String) : [])}
      disabled={disabled}
      testId={testId}
    />
  );
}

/** The role list shows at most this many (spec §9); a tenant with more finds them by typing. */
const ROLE_ROWS = 100;

export function RolesPicker({ value, onChange, disabled, testId }: ValuesProps) {
  const { t } = useTranslation();
  const roles = useQuery({
    queryKey: ['workflow', 'designer', 'roles'],
    queryFn: () => searchRoles({ rows: ROLE_ROWS }),
    staleTime: 60_000,
  });
  const rows = roles.data?.result === RESULT_CODES.success ? roles.data.data.data.rows : [];
  const known = new Set(rows.map((role) => role.code));
  const options = [
    ...rows.map((role) => ({ value: role.code, label: `${role.name} (${role.code})` })),
    // A code no longer among the roles still shows, so it can be seen and removed.
    ...value.filter((code) => !known.has(code)).map((code) => ({ value: code, label: code })),
  ];
  return (
    <Select
      mode="multiple"
      style={{ width: '100%' }}
      value={value}
      onChange={onChange}
      options={options}
      loading={roles.isFetching}
      optionFilterProp="label"
      placeholder={t('designer.pickRoles')}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

export function CompaniesPicker({ value, onChange, disabled, testId }: ValuesProps) {
  const { t } = useTranslation();
  const companies = useSession()?.companys ?? [];
  const known = new Set(companies.map((company) => company.sid));
  const options = [
    ...companies.map((company) => ({ value: company.sid, label: company.company_name })),
    ...value.filter((sid) => !known.has(sid)).map((sid) => ({ value: sid, label: sid })),
  ];
  return (
    <Select
      mode="multiple"
      style={{ width: '100%' }}
      value={value}
      onChange={onChange}
      options={options}
      optionFilterProp="label"
      placeholder={t('designer.pickCompanies')}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

export function LevelsPicker({ value, onChange, disabled, testId }: ValuesProps) {
  const { t } = useTranslation();
  const levels = Array.from({ length: MAX_APPROVAL_LEVEL }, (_, index) => String(index + 1));
  return (
    <Select
      mode="tags"
      style={{ width: '100%' }}
      value={value}
      onChange={onChange}
      options={levels.map((level) => ({ value: level, label: t('designer.orgLevelValue', { level }) }))}
      placeholder={t('designer.pickLevels')}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

/** The model's fields that hold users (kind user), by name. */
export function UserFieldsPicker({
  value,
  onChange,
  disabled,
  testId,
  fields,
  single,
}: ValuesProps & { fields: readonly SchemaField[]; single?: boolean }) {
  const { t } = useTranslation();
  const userFields = fields.filter((field) => field.kind === 'user');
  const known = new Set(userFields.map((field) => field.name));
  const options = [
    ...userFields.map((field) => ({ value: field.name, label: `${field.label} (${field.name})` })),
    ...value.filter((name) => !known.has(name)).map((name) => ({ value: name, label: name })),
  ];
  return (
    <Select<string | string[]>
      mode={single ? undefined : 'multiple'}
      allowClear
      style={{ width: '100%' }}
      value={single ? value[0] : value}
      onChange={(next) => onChange(next === undefined ? [] : Array.isArray(next) ? next : [next])}
      options={options}
      optionFilterProp="label"
      placeholder={t('designer.pickUserFields')}
      disabled={disabled}
      data-testid={testId}
    />
  );
}
