// Password change (spec §2, §5): forced (?forced=1, after a sign-in that needs it or when a call
// answers 403101) or chosen from the user menu. Old, new and confirmation with live rule feedback; the
// answer's token replaces the stored one (the server ends the other sessions), then on to ?redirect=
// or the home page. A forced change can only be left by signing out.
import { LockOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { RESULT_CODES } from '@ipdesk/core';
import type { VisibleNotice } from '../api/failure';
import { fetchPasswordPolicy } from '../api/user-info';
import { FormNotice } from '../components/FormNotice';
import { NewPasswordFields, type NewPasswordValues } from '../components/NewPasswordFields';
import { resetLanguageAfterSignOut } from '../i18n/i18n';
import { changePassword, signOut } from '../session/actions';
import { LOGIN_PATH, safeRedirectPath } from '../session/redirect';

export function ChangePasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const forced = params.get('forced') === '1';
  const next = safeRedirectPath(params.get('redirect')) ?? '/';
  // The tenant's own rules, so the live feedback agrees with the server.
  const policy = useQuery({ queryKey: ['password-policy'], queryFn: fetchPasswordPolicy, staleTime: 60_000 });
  const [form] = Form.useForm<NewPasswordValues>();
  const [error, setError] = useState<VisibleNotice>();
  const [busy, setBusy] = useState(false);

  const onFinish = async (values: NewPasswordValues): Promise<void> => {
    setBusy(true);
    setError(undefined);
    const outcome = await changePassword({
      oldPassword: values.old_password ?? '',
      newPassword: values.new_password,
      confirmPassword: values.confirm_password,
    });
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.notice);
      return;
    }
    void message.success(t('changePassword.done'));
    // Calls refused with 403101 before the change are worth making again.
    await queryClient.invalidateQueries();
    void navigate(next, { replace: true });
  };

  const leave = async (): Promise<void> => {
    if (!forced) {
      // Back where the user came from; opened directly, there is nothing of ours to go back to.
      const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      void (index > 0 ? navigate(-1) : navigate(next));
      return;
    }
    await signOut();
    queryClient.clear();
    await navigate(LOGIN_PATH, { replace: true });
    await resetLanguageAfterSignOut();
  };

  return (
    <Card data-testid="change-password-page" style={{ maxWidth: 480, margin: '0 auto' }}>
      <Typography.Title level={3} style={{ marginTop: 0 }} data-testid="change-password-title">
        {forced ? t('changePassword.forcedTitle') : t('changePassword.title')}
      </Typography.Title>
      {forced && (
        <Alert
          type="info"
          showIcon
          message={<span data-testid="change-password-forced">{t('changePassword.forcedHint')}</span>}
          style={{ marginBottom: 16 }}
        />
      )}
      <FormNotice notice={error} />
      <Form<NewPasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={busy}
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          name="old_password"
          label={t('field.oldPassword')}
          rules={[{ required: true, message: t('password.oldRequired') }]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="old-password" />
        </Form.Item>
        <NewPasswordFields
          policy={policy.data?.result === RESULT_CODES.success ? policy.data.data.data.password_policy : undefined}
        />
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="change-password-submit">
            {t('changePassword.submit')}
          </Button>
          <Button onClick={() => void leave()} data-testid="change-password-leave" disabled={busy}>
            {forced ? t('user.signOut') : t('changePassword.back')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
