// The drawer that creates a role or edits one: code (the server's pattern; fixed after creation), name,
// description, weight, status, platform (fixed after creation), whether its users see ID and mobile
// numbers unmasked (spec §6 desensitisation) and whom its users can pick in user pickers. The server's
// refusal (a taken code or name, a stale version) is shown above the form.
import { Alert, Button, Drawer, Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PICK_RANGES,
  RESULT_CODES,
  ROLE_CODE_PATTERN,
  ROLE_DESCRIPTION_MAX,
  ROLE_NAME_MAX,
  ROLE_PLATFORMS,
  type PickRange,
  type RolePlatform,
} from '@ipdesk/core';
import { createRole, updateRole, type RoleRow } from '../../api/roles';
import { failureText, isConflict } from './feedback';
import { lengthCount } from '../../components/length-limit';

export const ROLE_CODE_MAX = 48;
/** Weights the server accepts (whole numbers). */
export const ROLE_WEIGHT_MIN = -1_000_000;
export const ROLE_WEIGHT_MAX = 1_000_000;

interface RoleFormValues {
  code: string;
  name: string;
  description?: string;
  weight: number;
  enabled: boolean;
  platform: RolePlatform;
  show_sensitive: boolean;
  pick_range: PickRange;
}

export function RoleDrawer({
  editing,
  platform,
  onClose,
  onSaved,
}: {
  /** undefined: a new role. */
  editing: RoleRow | undefined;
  /** The platform a new role starts on (the list's switch). */
  platform: RolePlatform;
  onClose: () => void;
  onSaved: (role: RoleRow) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleFormValues>();
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const isNew = editing === undefined;

  const initialValues: RoleFormValues = editing
    ? {
        code: editing.code,
        name: editing.name,
        description: editing.description ?? '',
        weight: editing.weight,
        enabled: editing.status === 1,
        platform: editing.platform,
        show_sensitive: editing.show_sensitive,
        pick_range: editing.pick_range,
      }
    : {
        code: '',
        name: '',
        description: '',
        weight: 0,
        enabled: true,
        platform,
        show_sensitive: false,
        pick_range: 'company',
      };

  const submit = async (): Promise<void> => {
    setServerError(undefined);
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    const fields = {
      name: values.name.trim(),
      description: values.description?.trim() ? values.description.trim() : null,
      weight: values.weight ?? 0,
      status: (values.enabled ? 1 : 0) as 0 | 1,
      show_sensitive: values.show_sensitive,
      pick_range: values.pick_range,
    };
    const outcome = isNew
      ? await createRole({ ...fields, code: values.code.trim(), platform: values.platform })
      : await updateRole({ ...fields, sid: editing.sid, version: editing.version });
    setSaving(false);
    if (outcome.result === RESULT_CODES.success) {
      onSaved(outcome.data.data);
      return;
    }
    setServerError(isConflict(outcome.error) ? t('adminRole.conflict') : failureText(t, outcome.error));
  };

  return (
    <Drawer
      open
      width={520}
      title={isNew ? t('adminRole.createTitle') : t('adminRole.editTitle', { name: editing.name })}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('model.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="role-save">
            {t('adminRole.save')}
          </Button>
        </Space>
      }
      data-testid="role-drawer"
    >
      {serverError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={<span data-testid="role-error">{serverError}</span>}
        />
      )}
      <Form<RoleFormValues> form={form} layout="vertical" initialValues={initialValues}>
        <Form.Item
          name="code"
          label={t('adminRole.code')}
          extra={isNew ? t('adminRole.codeHint', { max: ROLE_CODE_MAX }) : t('adminRole.codeFixed')}
          rules={[
            { required: true, whitespace: true, message: t('adminRole.codeRequired') },
            { pattern: ROLE_CODE_PATTERN, message: t('adminRole.codePattern', { max: ROLE_CODE_MAX }) },
          ]}
        >
          <Input disabled={!isNew} count={lengthCount(ROLE_CODE_MAX, isNew)} data-testid="role-code" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('adminRole.name')}
          rules={[
            { required: true, whitespace: true, message: t('adminRole.nameRequired') },
            { max: ROLE_NAME_MAX, message: t('adminRole.tooLong', { max: ROLE_NAME_MAX }) },
          ]}
        >
          <Input count={lengthCount(ROLE_NAME_MAX)} data-testid="role-name" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('adminRole.description')}
          rules={[{ max: ROLE_DESCRIPTION_MAX, message: t('adminRole.tooLong', { max: ROLE_DESCRIPTION_MAX }) }]}
        >
          <Input.TextArea rows={3} count={lengthCount(ROLE_DESCRIPTION_MAX)} data-testid="role-description" />
        </Form.Item>
        <Form.Item
          name="weight"
          label={t('adminRole.weight')}
          extra={t('adminRole.weightHint')}
          rules={[{ required: true, message: t('adminRole.weightRequired') }]}
        >
          <InputNumber min={ROLE_WEIGHT_MIN} max={ROLE_WEIGHT_MAX} precision={0} data-testid="role-weight" />
        </Form.Item>
        <Form.Item name="enabled" label={t('adminRole.status')} valuePropName="checked">
          <Switch
            checkedChildren={t('adminRole.enabled')}
            unCheckedChildren={t('adminRole.disabled')}
            data-testid="role-status"
          />
        </Form.Item>
        <Form.Item
          name="platform"
          label={t('adminRole.platform')}
          extra={isNew ? t('adminRole.platformHint') : t('adminRole.platformFixed')}
        >
          <Radio.Group
            disabled={!isNew}
            options={ROLE_PLATFORMS.map((value) => ({ value, label: t(`adminRole.platform.${value}`) }))}
            data-testid="role-platform"
          />
        </Form.Item>
        <Form.Item
          name="show_sensitive"
          label={t('adminRole.showSensitive')}
          extra={t('adminRole.showSensitiveHint')}
          valuePropName="checked"
        >
          <Switch data-testid="role-show-sensitive" />
        </Form.Item>
        <Form.Item name="pick_range" label={t('adminRole.pickRange')} extra={t('adminRole.pickRangeHint')}>
          <Select
            options={PICK_RANGES.map((value) => ({ value, label: t(`adminRole.pickRange.${value}`) }))}
            data-testid="role-pick-range"
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
