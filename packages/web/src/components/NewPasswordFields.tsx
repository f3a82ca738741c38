// The new password and its confirmation, with live rule feedback (PasswordRules). Used by the reset
// and the change pages inside their antd Form; with an old-password field the new one must differ.
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PASSWORD_POLICY, checkPassword, type PasswordPolicy } from '@ipdesk/core';
import { PasswordRules } from './PasswordRules';

export interface NewPasswordValues {
  old_password?: string;
  new_password: string;
  confirm_password: string;
}

export function NewPasswordFields({ policy = DEFAULT_PASSWORD_POLICY }: { policy?: PasswordPolicy }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<NewPasswordValues>();
  const password = Form.useWatch('new_password', form) ?? '';
  return (
    <>
      <Form.Item
        name="new_password"
        label={t('field.newPassword')}
        dependencies={['old_password']}
        rules={[
          { required: true, message: t('password.newRequired') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (!value) return;
              if (!checkPassword(value, policy).ok) throw new Error(t('password.rulesNotMet'));
              const old = getFieldValue('old_password') as string | undefined;
              if (old && old === value) throw new Error(t('password.sameAsOld'));
            },
          }),
        ]}
        style={{ marginBottom: 8 }}
      >
        <Input.Password autoComplete="new-password" data-testid="new-password" />
      </Form.Item>
      <PasswordRules password={password} policy={policy} />
      <Form.Item
        name="confirm_password"
        label={t('field.confirmPassword')}
        dependencies={['new_password']}
        rules={[
          { required: true, message: t('password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (value && value !== getFieldValue('new_password')) throw new Error(t('password.confirmMismatch'));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="confirm-password" />
      </Form.Item>
    </>
  );
}
