// Saved views (spec §5 "View names must be unique, with consecutive serial numbers"): the current query
// and columns saved under a name, listed by serial number to apply or delete. Names are checked against
// the list first (case-insensitive, as the server does); the server's 409201 is shown the same way.
import { DeleteOutlined, EyeOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Empty, Flex, Form, Input, Modal, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../../api/failure';
import { createSavedView, deleteSavedView, type SavedView } from '../../api/list-settings';
import { FormNotice } from '../../components/FormNotice';
import { modelKeys, viewsQuery } from '../queries';
import { lengthCount, maxLengthRule } from '../../components/length-limit';

const VIEW_NAME_MAX = 50;

export function useSavedViews(model: string): SavedView[] {
  const query = useQuery(viewsQuery(model));
  return query.data?.result === RESULT_CODES.success ? query.data.data.data : [];
}

/** True when the name is taken by one of the views, in any letter case. */
export function isViewNameTaken(views: readonly Pick<SavedView, 'name'>[], name: string): boolean {
  const wanted = name.trim().toLowerCase();
  return views.some((view) => view.name.trim().toLowerCase() === wanted);
}

interface SaveViewDialogProps {
  model: string;
  views: readonly SavedView[];
  iql: string;
  columns: readonly string[];
  onClose: () => void;
  onSaved: (view: SavedView) => void;
}

function SaveViewDialog({ model, views, iql, columns, onClose, onSaved }: SaveViewDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [notice, setNotice] = useState<VisibleNotice>();
  const [saving, setSaving] = useState(false);

  const save = async ({ name }: { name: string }): Promise<void> => {
    setSaving(true);
    setNotice(undefined);
    const outcome = await createSavedView({ model, name: name.trim(), iql, columns: [...columns] });
    setSaving(false);
    if (outcome.result !== RESULT_CODES.success) {
      setNotice(inlineNotice(outcome.error));
      return;
    }
    onSaved(outcome.data.data);
  };

  return (
    <Modal
      open
      title={t('modelViews.save')}
      onCancel={onClose}
      okText={t('model.ok')}
      cancelText={t('model.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'view-save-ok' }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('modelViews.saveHint')}</Typography.Paragraph>
      <FormNotice notice={notice} testId="view-save-error" />
      <Form form={form} layout="vertical" onFinish={(values) => void save(values)}>
        <Form.Item
          name="name"
          label={t('modelViews.name')}
          rules={[
            { required: true, whitespace: true, message: t('modelViews.nameRequired') },
            maxLengthRule(VIEW_NAME_MAX, t),
            {
              validator: async (_rule, value: string | undefined) => {
                if (value && isViewNameTaken(views, value))
                  throw new Error(t('modelViews.nameTaken', { name: value.trim() }));
              },
            },
          ]}
        >
          <Input count={lengthCount(VIEW_NAME_MAX)} autoFocus data-testid="view-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export interface SavedViewsProps {
  model: string;
  iql: string;
  columns: readonly string[];
  onApply: (view: SavedView) => void;
  /** Called when the view being used is deleted. */
  onDeleted: (view: SavedView) => void;
}

export function SavedViews({ model, iql, columns, onApply, onDeleted }: SavedViewsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const views = useSavedViews(model);
  const [saving, setSaving] = useState(false);
  const [open, setOpen] = useState(false);

  const remove = async (view: SavedView): Promise<void> => {
    const outcome = await deleteSavedView(view.sid);
    if (outcome.result !== RESULT_CODES.success) return;
    void message.success(t('modelViews.deleted'));
    onDeleted(view);
    await queryClient.invalidateQueries({ queryKey: modelKeys.views(model) });
  };

  const list = (
    <div
      className="ant-dropdown-menu"
      style={{ padding: 8, minWidth: 280, maxHeight: 400, overflow: 'auto' }}
      data-testid="views-list"
    >
      {views.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('modelViews.empty')} />
      ) : (
        views.map((view) => (
          <Flex
            key={view.sid}
            align="center"
            gap={8}
            style={{ padding: '4px 0' }}
            data-testid={`view-item-${view.serial}`}
          >
            <Typography.Text type="secondary" style={{ width: 24, textAlign: 'end' }}>
              {view.serial}
            </Typography.Text>
            <Typography.Text ellipsis style={{ flex: 1 }} data-testid={`view-name-${view.serial}`}>
              {view.name}
            </Typography.Text>
            <Button
              size="small"
              type="link"
              onClick={() => {
                setOpen(false);
                onApply(view);
              }}
              data-testid={`view-apply-${view.serial}`}
            >
              {t('modelViews.apply')}
            </Button>
            <Popconfirm
              title={t('modelViews.deleteConfirm', { name: view.name })}
              okText={t('model.ok')}
              cancelText={t('model.cancel')}
              onConfirm={() => remove(view)}
              okButtonProps={{ 'data-testid': 'view-delete-ok' }}
            >
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('modelViews.delete')}
                data-testid={`view-delete-${view.serial}`}
              />
            </Popconfirm>
          </Flex>
        ))
      )}
    </div>
  );

  return (
    <Space>
      <Dropdown open={open} onOpenChange={setOpen} trigger={['click']} popupRender={() => list}>
        <Button icon={<EyeOutlined />} data-testid="model-views">
          {t('modelViews.open')}
          {views.length > 0 && ` (${views.length})`}
        </Button>
      </Dropdown>
      <Button icon={<SaveOutlined />} onClick={() => setSaving(true)} data-testid="model-save-view">
        {t('modelViews.save')}
      </Button>
      {saving && (
        <SaveViewDialog
          model={model}
          views={views}
          iql={iql}
          columns={columns}
          onClose={() => setSaving(false)}
          onSaved={(view) => {
            setSaving(false);
            void message.success(t('modelViews.saved', { name: view.name }));
            void queryClient.invalidateQueries({ queryKey: modelKeys.views(model) });
          }}
        />
      )}
    </Space>
  );
}
