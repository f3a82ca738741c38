// The field-permission tab: pick a declared model, then per field (system fields excepted) full access,
// read-only or hidden. Rules are deny-only overrides (a field without one is fully accessible); with
// several roles the most permissive wins (spec §6).
import { Alert, Button, Flex, Radio, Result, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, MODEL_CATALOG, isLanguage, labelIn } from '@ipdesk/core';
import type { SchemaField } from '../../api/model';
import type { FieldRule } from '../../api/roles';
import { useModelSchema } from '../../models/queries';
import {
  FIELD_CHOICES,
  fieldChoice,
  ruleCounts,
  setFieldChoice,
  setModelFieldChoice,
  type FieldChoice,
} from './permission-draft';

export function FieldPermissions({
  rules,
  editable,
  onChange,
}: {
  rules: readonly FieldRule[];
  editable: boolean;
  onChange: (next: FieldRule[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [model, setModel] = useState<string>(MODEL_CATALOG[0]?.name ?? 'patent');
  const { schema, failed, isPending, retry } = useModelSchema(model);
  const counts = ruleCounts(rules);
  const fields = (schema?.fields ?? []).filter((field) => !field.system);

  return (
    <Flex vertical gap={12} data-testid="role-field-permissions">
      <Alert type="info" showIcon message={t('adminRole.fieldHint')} />
      <Space wrap>
        <Typography.Text id="role-field-model-label">{t('adminRole.fieldModel')}</Typography.Text>
        <Select
          value={model}
          onChange={setModel}
          style={{ minWidth: 220 }}
          aria-labelledby="role-field-model-label"
          options={MODEL_CATALOG.map((declared) => {
            const count = counts.get(declared.name) ?? 0;
            const label = labelIn(declared.label, language);
            return {
              value: declared.name,
              label: count > 0 ? t('adminRole.fieldModelWithRules', { model: label, count }) : label,
            };
          })}
          data-testid="role-field-model"
        />
        {editable && fields.length > 0 && (
          <>
            {FIELD_CHOICES.map((choice) => (
              <Button
                key={choice}
                size="small"
                onClick={() =>
                  onChange(
                    setModelFieldChoice(
                      rules,
                      model,
                      fields.map((field) => field.name),
                      choice,
                    ),
                  )
                }
                data-testid={`role-field-all-${choice}`}
              >
                {t(`adminRole.fieldAll.${choice}`)}
              </Button>
            ))}
          </>
        )}
      </Space>
      {failed ? (
        <Result
          status="warning"
          title={t('model.loadFailed')}
          extra={<Button onClick={retry}>{t('adminRole.retry')}</Button>}
        />
      ) : (
        <Table<SchemaField>
          rowKey="name"
          size="small"
          loading={isPending}
          dataSource={fields}
          pagination={false}
          data-testid="role-field-table"
          columns={[
            { key: 'label', title: t('adminRole.fieldLabel'), dataIndex: 'label' },
            {
              key: 'name',
              title: t('adminRole.fieldName'),
              render: (_v, field) => <Typography.Text type="secondary">{field.name}</Typography.Text>,
            },
            {
              key: 'access',
              title: t('adminRole.fieldAccess'),
              render: (_v, field) => (
                <Radio.Group
                  value={fieldChoice(rules, model, field.name)}
                  disabled={!editable}
                  onChange={(event) =>
                    onChange(setFieldChoice(rules, model, field.name, event.target.value as FieldChoice))
                  }
                  aria-label={t('adminRole.fieldAccessOf', { field: field.label })}
                  data-testid={`role-field-${field.name}`}
                  options={FIELD_CHOICES.map((choice) => ({
                    value: choice,
                    label: t(`adminRole.fieldChoice.${choice}`),
                  }))}
                />
              ),
            },
          ]}
        />
      )}
    </Flex>
  );
}
