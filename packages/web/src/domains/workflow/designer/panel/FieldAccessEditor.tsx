// Per-node form field permissions on the business record: fields listed here are editable or hidden
// while the task is open; fields not listed are read-only. A field is added by choosing it, so no row is
// ever without one.
import { DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FIELD_ACCESS_LEVELS, type FieldAccessLevel, type NodeFieldAccess } from '@ipdesk/core';
import type { SchemaField } from '../../../../api/model';

interface FieldAccessEditorProps {
  value: NodeFieldAccess[];
  onChange: (entries: NodeFieldAccess[]) => void;
  fields: readonly SchemaField[];
  disabled?: boolean;
}

export function FieldAccessEditor({ value, onChange, fields, disabled }: FieldAccessEditorProps) {
  const { t } = useTranslation();
  const labels = new Map(fields.map((field) => [field.name, field.label]));
  const listed = new Set(value.map((entry) => entry.field));
  const addable = fields.filter((field) => !field.system && !listed.has(field.name));

  return (
    <Flex vertical gap={6} data-testid="designer-field-access">
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('designer.fieldAccessHint')}
      </Typography.Text>
      {value.map((entry, index) => (
        <Flex key={entry.field} gap={6} align="center" wrap>
          <Typography.Text style={{ flex: '1 1 120px' }} ellipsis>
            {labels.get(entry.field) ?? entry.field}
          </Typography.Text>
          <Radio.Group
            size="small"
            optionType="button"
            value={entry.access}
            onChange={(event) =>
              onChange(
                value.map((old, at) =>
                  at === index ? { ...old, access: event.target.value as FieldAccessLevel } : old,
                ),
              )
            }
            options={FIELD_ACCESS_LEVELS.map((level) => ({ value: level, label: t(`designer.fieldAccess.${level}`) }))}
            disabled={disabled}
          />
          <Button
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('designer.removeField')}
            title={t('designer.removeField')}
            onClick={() => onChange(value.filter((_, at) => at !== index))}
            disabled={disabled}
          />
        </Flex>
      ))}
      <Select<string>
        showSearch
        value={null}
        placeholder={t('designer.addField')}
        optionFilterProp="label"
        options={addable.map((field) => ({ value: field.name, label: field.label }))}
        onChange={(field) => onChange([...value, { field, access: 'edit' }])}
        disabled={disabled}
        data-testid="designer-field-access-add"
      />
    </Flex>
  );
}
