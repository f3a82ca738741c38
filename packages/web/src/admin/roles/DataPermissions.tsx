// The data-permission tab: the role's default data scope (all / own company and sub-companies / own
// department and children / specified departments / own records) and per-model overrides.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Radio, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_SCOPES, DEFAULT_LANGUAGE, MODEL_CATALOG, isLanguage, type DataScope, labelIn } from '@ipdesk/core';
import type { ModelScope } from '../../api/roles';
import { DepartmentSelect } from './DepartmentSelect';
import { addModelScope, removeModelScope, updateModelScope, type PermissionDraft } from './permission-draft';

type DataDraft = Pick<PermissionDraft, 'data_scope' | 'data_departments' | 'model_scopes'>;

export function DataPermissions({
  draft,
  editable,
  problems,
  onChange,
}: {
  draft: DataDraft;
  editable: boolean;
  /** "default" or model names whose specified departments are missing. */
  problems: readonly string[];
  onChange: (change: Partial<DataDraft>) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const modelLabel = (name: string): string => {
    const declared = MODEL_CATALOG.find((model) => model.name === name);
    return declared ? labelIn(declared.label, language) : name;
  };
  const unused = MODEL_CATALOG.filter((model) => !draft.model_scopes.some((one) => one.model === model.name));
  const [adding, setAdding] = useState<string>();
  const scopeOptions = DATA_SCOPES.map((value) => ({ value, label: t(`adminRole.scope.${value}`) }));

  return (
    <Flex vertical gap={16} data-testid="role-data-permissions">
      <Alert type="info" showIcon message={t('adminRole.dataHint')} />
      <Card size="small" title={t('adminRole.defaultScope')}>
        <Flex vertical gap={12}>
          <Radio.Group
            value={draft.data_scope}
            disabled={!editable}
            onChange={(event) => onChange({ data_scope: event.target.value as DataScope })}
            options={scopeOptions}
            aria-label={t('adminRole.defaultScope')}
            data-testid="role-data-scope"
          />
          {draft.data_scope === 'departments' && (
            <Space direction="vertical" size={4}>
              <DepartmentSelect
                value={draft.data_departments}
                onChange={(sids) => onChange({ data_departments: sids })}
                disabled={!editable}
                status={problems.includes('default') ? 'error' : undefined}
                ariaLabel={t('adminRole.departments')}
                testId="role-data-departments"
              />
              {problems.includes('default') && (
                <Typography.Text type="danger">{t('adminRole.departmentsRequired')}</Typography.Text>
              )}
            </Space>
          )}
        </Flex>
      </Card>
      <Card
        size="small"
        title={t('adminRole.modelScopes')}
        extra={
          editable && (
            <Space>
              <Select
                value={adding}
                onChange={setAdding}
                placeholder={t('adminRole.modelScopeModel')}
                aria-label={t('adminRole.modelScopeModel')}
                style={{ minWidth: 180 }}
                options={unused.map((model) => ({ value: model.name, label: modelLabel(model.name) }))}
                data-testid="role-model-scope-model"
              />
              <Button
                icon={<PlusOutlined />}
                disabled={!adding}
                onClick={() => {
                  if (!adding) return;
                  onChange({ model_scopes: addModelScope(draft.model_scopes, adding, draft.data_scope) });
                  setAdding(undefined);
                }}
                data-testid="role-model-scope-add"
              >
                {t('adminRole.modelScopeAdd')}
              </Button>
            </Space>
          )
        }
      >
        <Table<ModelScope>
          rowKey="model"
          size="small"
          pagination={false}
          dataSource={[...draft.model_scopes]}
          locale={{ emptyText: t('adminRole.modelScopesEmpty') }}
          data-testid="role-model-scopes"
          columns={[
            { key: 'model', title: t('adminRole.modelScopeModel'), render: (_v, row) => modelLabel(row.model) },
            {
              key: 'scope',
              title: t('adminRole.modelScopeScope'),
              render: (_v, row) => (
                <Flex vertical gap={4}>
                  <Select
                    value={row.scope}
                    disabled={!editable}
                    style={{ minWidth: 220 }}
                    options={scopeOptions}
                    onChange={(scope: DataScope) =>
                      onChange({ model_scopes: updateModelScope(draft.model_scopes, row.model, { scope }) })
                    }
                    aria-label={t('adminRole.modelScopeOf', { model: modelLabel(row.model) })}
                    data-testid={`role-model-scope-${row.model}`}
                  />
                  {row.scope === 'departments' && (
                    <DepartmentSelect
                      value={row.department_sids}
                      disabled={!editable}
                      status={problems.includes(row.model) ? 'error' : undefined}
                      onChange={(sids) =>
                        onChange({
                          model_scopes: updateModelScope(draft.model_scopes, row.model, { department_sids: sids }),
                        })
                      }
                      ariaLabel={t('adminRole.departments')}
                      testId={`role-model-scope-departments-${row.model}`}
                    />
                  )}
                  {problems.includes(row.model) && (
                    <Typography.Text type="danger">{t('adminRole.departmentsRequired')}</Typography.Text>
                  )}
                </Flex>
              ),
            },
            {
              key: 'actions',
              title: t('adminRole.actions'),
              width: 100,
              render: (_v, row) =>
                editable && (
                  <Button
                    type="link"
                    danger
                    size="small"
                    icon={<DeleteOutlined />}
                    onClick={() => onChange({ model_scopes: removeModelScope(draft.model_scopes, row.model) })}
                    data-testid={`role-model-scope-remove-${row.model}`}
                  >
                    {t('adminRole.remove')}
                  </Button>
                ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
