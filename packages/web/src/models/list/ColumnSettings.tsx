// Table column settings (spec §2 "Table column settings", §5 up to 20 fields): tick the fields to show,
// order them, save them for this user and model (save_header). A 21st column is refused with a message.
// "Restore defaults" saves an empty choice, so the model's default columns apply again.
import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Col, Flex, List, Modal, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { saveHeaderColumns } from '../../api/list-settings';
import type { ModelSchema } from '../../api/model';
import { fieldMap, ownFieldsFirst } from '../schema';
import { defaultColumns, moveColumn, TABLE_COLUMNS_MAX, toggleColumn } from './columns';

export interface ColumnSettingsProps {
  schema: ModelSchema;
  /** The columns shown now; the dialog starts from them. */
  columns: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}

export function ColumnSettings({ schema, columns, onClose, onSaved }: ColumnSettingsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<string[]>([...columns]);
  const [restored, setRestored] = useState(false);
  const [saving, setSaving] = useState(false);
  const fields = fieldMap(schema);

  const toggle = (name: string, shown: boolean): void => {
    const edit = toggleColumn(draft, name, shown);
    if (!edit.ok) {
      void message.warning(t('modelColumns.tooMany', { max: edit.max }));
      return;
    }
    setDraft(edit.columns);
    setRestored(false);
  };
  const save = async (): Promise<void> => {
    if (draft.length === 0) {
      void message.warning(t('modelColumns.atLeastOne'));
      return;
    }
    setSaving(true);
    const outcome = await saveHeaderColumns(schema.name, restored ? [] : draft);
    setSaving(false);
    if (outcome.result !== RESULT_CODES.success) return;
    void message.success(t('modelColumns.saved'));
    onSaved();
  };

  return (
    <Modal
      open
      width={760}
      title={t('modelColumns.title')}
      onCancel={onClose}
      footer={[
        <Button
          key="restore"
          onClick={() => {
            setDraft(defaultColumns(schema));
            setRestored(true);
          }}
          data-testid="columns-restore"
        >
          {t('modelColumns.restoreDefaults')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('model.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => void save()} data-testid="columns-save">
          {t('model.ok')}
        </Button>,
      ]}
    >
      <Row gutter={24}>
        <Col span={12}>
          <Typography.Title level={5}>{t('modelColumns.available')}</Typography.Title>
          <Flex vertical gap={4} style={{ maxHeight: 420, overflow: 'auto' }} data-testid="columns-available">
            {ownFieldsFirst(schema.fields).map((field) => (
              <Checkbox
                key={field.name}
                checked={draft.includes(field.name)}
                onChange={(event) => toggle(field.name, event.target.checked)}
                data-testid={`column-check-${field.name}`}
              >
                {field.label}
              </Checkbox>
            ))}
          </Flex>
        </Col>
        <Col span={12}>
          <Typography.Title level={5}>
            {t('modelColumns.chosen', { count: draft.length, max: TABLE_COLUMNS_MAX })}
          </Typography.Title>
          <List
            size="small"
            bordered
            style={{ maxHeight: 420, overflow: 'auto' }}
            dataSource={draft}
            data-testid="columns-chosen"
            renderItem={(name, index) => (
              <List.Item
                data-testid={`column-chosen-${name}`}
                actions={[
                  <Button
                    key="up"
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    disabled={index === 0}
                    aria-label={t('modelColumns.moveUp')}
                    onClick={() => {
                      setDraft(moveColumn(draft, index, -1));
                      setRestored(false);
                    }}
                    data-testid={`column-up-${name}`}
                  />,
                  <Button
                    key="down"
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    disabled={index === draft.length - 1}
                    aria-label={t('modelColumns.moveDown')}
                    onClick={() => {
                      setDraft(moveColumn(draft, index, 1));
                      setRestored(false);
                    }}
                    data-testid={`column-down-${name}`}
                  />,
                  <Button
                    key="remove"
                    size="small"
                    type="text"
                    icon={<CloseOutlined />}
                    aria-label={t('modelColumns.remove')}
                    onClick={() => toggle(name, false)}
                    data-testid={`column-remove-${name}`}
                  />,
                ]}
              >
                {fields.get(name)?.label ?? name}
              </List.Item>
            )}
          />
        </Col>
      </Row>
    </Modal>
  );
}
