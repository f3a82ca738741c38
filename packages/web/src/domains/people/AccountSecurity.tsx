// The sign-in state of a person's or agent's login account on its detail page (issue 14): whether failed
// sign-ins locked it and until when (local time, the user's language), Unlock, and setting a temporary
// password the owner must change at the next sign-in. Shown while the record has an account.
import { KeyOutlined, UnlockOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Tag, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, formatLocalDateTime, isLanguage, RESULT_CODES } from '@ipdesk/core';
import { fetchLockState, lockedUntil, setTemporaryPassword, unlockAccount } from '../../api/account-admin';
import { inlineNotice, type VisibleNotice } from '../../api/failure';
import { FormNotice } from '../../components/FormNotice';
import { sealPasswords } from '../../session/password-envelope';
import { ConfirmAction } from './ConfirmAction';
import { useServerFieldErrors } from '../../components/field-errors';

const lockKey = (userSid: string) => ['account', 'lock-state', userSid] as const;

/** A lock's end as the reader reads time: their language and their browser's time zone. */
function useLocalTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (iso) => formatLocalDateTime(new Date(iso), language, zone);
}

export function AccountSecurity({ userSid, name }: { userSid: string; name: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const localTime = useLocalTime();
  const [resetting, setResetting] = useState(false);
  const state = useQuery({ queryKey: lockKey(userSid), queryFn: () => fetchLockState(userSid) });
  const outcome = state.data;
  const lock = outcome?.result === RESULT_CODES.success ? outcome.data.data : undefined;
  const until = lock ? lockedUntil(lock) : undefined;

  return (
    <>
      {lock &&
        (until ? (
          <Tag color="red" data-testid="account-lock-state" data-locked="true">
            {t('accountAdmin.lockedUntil', { until: localTime(until) })}
          </Tag>
        ) : (
          <Tag color="green" data-testid="account-lock-state" data-locked="false">
            {t('accountAdmin.notLocked')}
          </Tag>
        ))}
      {until && (
        <ConfirmAction
          label={t('accountAdmin.unlock')}
          icon={<UnlockOutlined />}
          title={t('accountAdmin.unlockTitle', { name })}
          content={t('accountAdmin.unlockContent')}
          okText={t('accountAdmin.unlock')}
          run={() => unlockAccount(userSid)}
          onDone={async () => {
            void message.success(t('accountAdmin.unlocked'));
            await queryClient.invalidateQueries({ queryKey: lockKey(userSid) });
          }}
          testId="unlock-account"
        />
      )}
      <Button icon={<KeyOutlined />} onClick={() => setResetting(true)} data-testid="reset-password">
        {t('accountAdmin.resetPassword')}
      </Button>
      {resetting && (
        <TemporaryPasswordDialog
          userSid={userSid}
          title={t('accountAdmin.resetPasswordTitle', { name })}
          onClose={() => setResetting(false)}
          onDone={() => {
            setResetting(false);
            void message.success(t('accountAdmin.passwordSet'));
            void queryClient.invalidateQueries({ queryKey: lockKey(userSid) });
          }}
        />
      )}
    </>
  );
}

interface TemporaryPasswordValues {
  new_password: string;
  confirm_password: string;
}

function TemporaryPasswordDialog(props: { userSid: string; title: string; onClose: () => void; onDone: () => void }) {
  const { userSid, title, onClose, onDone } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<TemporaryPasswordValues>();
  const placeFieldErrors = useServerFieldErrors(form);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<VisibleNotice>();

  const submit = async (values: TemporaryPasswordValues): Promise<void> => {
    setNotice(undefined);
    setSaving(true);
    const sealed = await sealPasswords(values);
    if (!sealed.ok) {
      setSaving(false);
      setNotice(sealed.failure ? inlineNotice(sealed.failure) : { kind: 'text', key: 'login.keyUnavailable' });
      return;
    }
    const outcome = await setTemporaryPassword({ user_sid: userSid, ...sealed.envelopes });
    setSaving(false);
    if (outcome.result !== RESULT_CODES.success) {
      placeFieldErrors(outcome.error, ['new_password', 'confirm_password']);
      setNotice(inlineNotice(outcome.error));
      return;
    }
    onDone();
  };

  return (
    <Modal
      open
      title={<span data-testid="reset-password-title">{title}</span>}
      okText={t('accountAdmin.setPassword')}
      cancelText={t('model.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'reset-password-submit' } as ButtonProps}
      onOk={() => form.submit()}
      cancelButtonProps={{ disabled: saving }}
      onCancel={() => !saving && onClose()}
      maskClosable={false}
      destroyOnHidden
    >
      <FormNotice notice={notice} testId="reset-password-error" />
      <Form<TemporaryPasswordValues>
        form={form}
        layout="vertical"
        disabled={saving}
        onFinish={(values) => void submit(values)}
        data-testid="reset-password-form"
      >
        <Form.Item
          name="new_password"
          label={t('accountAdmin.newPassword')}
          extra={t('accountAdmin.temporaryHint')}
          rules={[{ required: true, message: t('accountAdmin.newPasswordRequired') }]}
        >
          <Input.Password autoComplete="new-password" data-testid="reset-password-new" />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t('accountAdmin.confirmPassword')}
          dependencies={['new_password']}
          rules={[
            { required: true, message: t('accountAdmin.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (value && value !== getFieldValue('new_password'))
                  throw new Error(t('accountAdmin.confirmMismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="reset-password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
