// Creating or editing a configuration pack: its name and its content as JSON. The text must be a JSON
// object before it is sent; the server validates the content (roles, their resources, dictionaries)
// and every message it returns is listed above the editor.
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { fetchConfigPack, saveConfigPack, type ConfigPack } from '../../api/config-packs';
import { failureLines } from '../roles/feedback';
import { PACK_NAME_MAX } from './org-rules';
import { lengthCount } from '../../components/length-limit';

export const EMPTY_PACK_CONTENT = { roles: [], dictionaries: [] };

export type PackJson =
  { ok: true; content: Record<string, unknown> } | { ok: false; reason: 'syntax' | 'notObject'; detail?: string };

/** The editor's text as pack content: a JSON object, or why it is not one. */
export function parsePackJson(text: string): PackJson {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: 'syntax', detail: error instanceof Error ? error.message : undefined };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: 'notObject' };
  return { ok: true, content: value as Record<string, unknown> };
}

export function formatPackJson(content: unknown): string {
  return JSON.stringify(content ?? EMPTY_PACK_CONTENT, null, 2);
}

interface PackFormValues {
  name: string;
  content: string;
}

function PackForm({
  pack,
  onClose,
  onSaved,
}: {
  pack: ConfigPack | undefined;
  onClose: () => void;
  onSaved: (pack: ConfigPack) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PackFormValues>();
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const submit = async (): Promise<void> => {
    setErrors([]);
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const parsed = parsePackJson(values.content);
    if (!parsed.ok) return;
    setSaving(true);
    const outcome = await saveConfigPack({
      ...(pack ? { sid: pack.sid } : {}),
      name: values.name.trim(),
      content: parsed.content,
    });
    setSaving(false);
    if (outcome.result === RESULT_CODES.success) onSaved(outcome.data.data);
    else setErrors(failureLines(t, outcome.error));
  };

  return (
    <Modal
      open
      width={760}
      title={pack ? t('adminOrg.packEditTitle', { name: pack.name }) : t('adminOrg.packCreateTitle')}
      okText={t('adminOrg.save')}
      cancelText={t('model.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'pack-save' }}
      destroyOnHidden
    >
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('adminOrg.packInvalid')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="pack-errors">
              {errors.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          }
        />
      )}
      <Form<PackFormValues>
        form={form}
        layout="vertical"
        initialValues={{ name: pack?.name ?? '', content: formatPackJson(pack?.content) }}
      >
        <Form.Item
          name="name"
          label={t('adminOrg.packName')}
          rules={[
            { required: true, whitespace: true, message: t('adminOrg.nameRequired') },
            { max: PACK_NAME_MAX, message: t('adminOrg.tooLong', { max: PACK_NAME_MAX }) },
          ]}
        >
          <Input count={lengthCount(PACK_NAME_MAX)} data-testid="pack-name" />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('adminOrg.packContent')}
          extra={<Typography.Text type="secondary">{t('adminOrg.packContentHint')}</Typography.Text>}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const parsed = parsePackJson(value ?? '');
                if (parsed.ok) return;
                throw new Error(
                  parsed.reason === 'syntax'
                    ? t('adminOrg.packSyntax', { detail: parsed.detail ?? '' })
                    : t('adminOrg.packNotObject'),
                );
              },
            },
          ]}
        >
          <Input.TextArea
            rows={18}
            spellCheck={false}
            style={{ fontFamily: 'monospace', fontSize: 13 }}
            data-testid="pack-content"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Loads the pack being edited (its content is not in the list), then shows the form. */
export function PackEditor({
  sid,
  onClose,
  onSaved,
}: {
  /** undefined: a new pack. */
  sid: string | undefined;
  onClose: () => void;
  onSaved: (pack: ConfigPack) => void;
}) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['admin', 'config-pack', sid],
    queryFn: () => fetchConfigPack(sid as string),
    enabled: sid !== undefined,
    gcTime: 0,
  });
  if (sid === undefined) return <PackForm pack={undefined} onClose={onClose} onSaved={onSaved} />;
  if (query.data?.result === RESULT_CODES.success)
    return <PackForm pack={query.data.data.data} onClose={onClose} onSaved={onSaved} />;
  return (
    <Modal open title={t('adminOrg.packs')} footer={null} onCancel={onClose}>
      {query.data ? (
        <Alert type="error" showIcon message={t('model.loadFailed')} />
      ) : (
        <Spin>
          <div style={{ minHeight: 120 }} />
        </Spin>
      )}
    </Modal>
  );
}
