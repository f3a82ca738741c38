// /admin/custom-fields — tenant administrators add custom fields to a model (spec §5): a table of the
// model's fields with their status, an edit mode in which drafts are added and changed, and publishing
// (only outside edit mode), after which users see the fields once they sign in again.
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Alert, Button, Card, Flex, Select, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, MODEL_CATALOG, RESULT_CODES, isLanguage, labelIn, type Label } from '@ipdesk/core';
import { publishCustomFields, searchCustomFields, type CustomFieldRow } from '../api/admin';
import { formatTimestamp } from '../models/fields/format';
import { CustomFieldDrawer } from './CustomFieldDrawer';

const fieldsKey = (model: string) => ['admin', 'custom-fields', model] as const;

export function CustomFieldsPage() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const labelOf = (label: Label) => labelIn(label, language);
  const { notification, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [model, setModel] = useState<string>(MODEL_CATALOG[0]?.name ?? 'patent');
  const [editMode, setEditMode] = useState(false);
  const [drawer, setDrawer] = useState<{ editing: CustomFieldRow | undefined }>();

  const query = useQuery({ queryKey: fieldsKey(model), queryFn: () => searchCustomFields(model) });
  const rows = query.data?.result === RESULT_CODES.success ? query.data.data.data : [];
  const modelLabel = labelOf(MODEL_CATALOG.find((m) => m.name === model)?.label ?? { zh: model, en: model });

  const publish = (): void => {
    modal.confirm({
      title: t('adminField.publishConfirm', { model: modelLabel }),
      content: t('adminField.publishConfirmContent'),
      okText: t('model.ok'),
      cancelText: t('model.cancel'),
      onOk: async () => {
        const outcome = await publishCustomFields(model);
        if (outcome.result !== RESULT_CODES.success) return;
        notification.success({
          message: (
            <span data-testid="publish-notice">
              {t('adminField.published', { version: outcome.data.data.version })}
            </span>
          ),
          duration: 8,
        });
        await queryClient.invalidateQueries({ queryKey: fieldsKey(model) });
      },
    });
  };

  const definitionOf = (row: CustomFieldRow) => row.draft ?? row.published;

  return (
    <Flex vertical gap={16} data-testid="custom-fields-page">
      <Card
        title={t('adminField.title')}
        extra={
          <Space wrap>
            <Typography.Text>{t('adminField.model')}</Typography.Text>
            <Select
              value={model}
              onChange={setModel}
              style={{ minWidth: 160 }}
              options={MODEL_CATALOG.map((m) => ({ value: m.name, label: labelOf(m.label) }))}
              data-testid="custom-fields-model"
            />
            <Typography.Text>{t('adminField.editMode')}</Typography.Text>
            <Switch checked={editMode} onChange={setEditMode} data-testid="custom-fields-edit-mode" />
            <Tooltip title={editMode ? t('adminField.publishDisabled') : undefined}>
              <Button type="primary" disabled={editMode} onClick={publish} data-testid="custom-fields-publish">
                {t('adminField.publish')}
              </Button>
            </Tooltip>
          </Space>
        }
      >
        <Flex vertical gap={12}>
          <Alert type="info" showIcon message={t('adminField.editModeHint')} />
          {editMode && (
            <div>
              <Button
                icon={<PlusOutlined />}
                onClick={() => setDrawer({ editing: undefined })}
                data-testid="custom-fields-create"
              >
                {t('adminField.create')}
              </Button>
            </div>
          )}
          <Table<CustomFieldRow>
            rowKey="sid"
            size="middle"
            loading={query.isFetching}
            dataSource={rows}
            pagination={false}
            locale={{ emptyText: t('adminField.empty') }}
            data-testid="custom-fields-table"
            columns={[
              { key: 'code', title: t('adminField.code'), dataIndex: 'code' },
              {
                key: 'name',
                title: language === 'en' ? t('adminField.nameEn') : t('adminField.nameZh'),
                render: (_v, row) => {
                  const d = definitionOf(row);
                  return d ? (language === 'en' ? d.name_en : d.name_zh) : '';
                },
              },
              {
                key: 'kind',
                title: t('adminField.kind'),
                render: (_v, row) => {
                  const d = definitionOf(row);
                  return d ? t(`adminField.kind.${d.kind}`) : '';
                },
              },
              {
                key: 'status',
                title: t('adminField.status'),
                render: (_v, row) => (
                  <Space size={4} data-testid={`custom-field-status-${row.code}`}>
                    {row.status === 'published' ? (
                      <Tag color="success">{t('adminField.statusPublished')}</Tag>
                    ) : (
                      <Tag>{t('adminField.statusUnpublished')}</Tag>
                    )}
                    {row.has_draft && <Tag color="warning">{t('adminField.hasDraft')}</Tag>}
                  </Space>
                ),
              },
              {
                key: 'published_at',
                title: t('adminField.publishedAt'),
                render: (_v, row) => (row.published_at ? formatTimestamp(row.published_at) : ''),
              },
              {
                key: 'actions',
                title: t('adminField.actions'),
                render: (_v, row) => (
                  <Button
                    type="link"
                    size="small"
                    disabled={!editMode}
                    onClick={() => setDrawer({ editing: row })}
                    data-testid={`custom-field-edit-${row.code}`}
                  >
                    {t('adminField.edit')}
                  </Button>
                ),
              },
            ]}
          />
        </Flex>
      </Card>
      {drawer && (
        <CustomFieldDrawer
          model={model}
          editing={drawer.editing}
          onClose={() => setDrawer(undefined)}
          onSaved={() => {
            setDrawer(undefined);
            notification.success({ message: t('adminField.saved') });
            void queryClient.invalidateQueries({ queryKey: fieldsKey(model) });
          }}
        />
      )}
    </Flex>
  );
}
