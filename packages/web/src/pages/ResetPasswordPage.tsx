// Reset by e-mail (spec §2, §7): the link carries email and emailKey. The link is checked first; an
// expired or used one shows the server's message ("use forgot password again") with the way there.
// Otherwise the new password with live rule feedback, then back to sign-in with a success message.
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { RESULT_CODES, type PasswordPolicy } from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../api/failure';
import { checkResetLink } from '../api/user-info';
import { FormNotice } from '../components/FormNotice';
import { NewPasswordFields, type NewPasswordValues } from '../components/NewPasswordFields';
import { noticeText } from '../components/notice-text';
import { resetPassword } from '../session/actions';
import { LOGIN_PATH } from '../session/redirect';
import type { LoginPageState } from './LoginPage';

const EXPIRED: VisibleNotice = { kind: 'text', key: 'error.resetLinkExpired' };

function useLinkCheck(
  email: string,
  emailKey: string,
): { checking: boolean; problem: VisibleNotice | undefined; policy: PasswordPolicy | undefined } {
  const complete = email !== '' && emailKey !== '';
  const check = useQuery({
    queryKey: ['reset-link', email, emailKey],
    queryFn: () => checkResetLink(email, emailKey),
    enabled: complete,
    gcTime: 0,
  });
  if (!complete) return { checking: false, problem: EXPIRED, policy: undefined };
  if (!check.data) return { checking: true, problem: undefined, policy: undefined };
  return check.data.result === RESULT_CODES.success
    ? { checking: false, problem: undefined, policy: check.data.data.data.password_policy }
    : { checking: false, problem: inlineNotice(check.data.error), policy: undefined };
}

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const emailKey = params.get('emailKey') ?? '';
  const { checking, problem, policy } = useLinkCheck(email, emailKey);
  const [form] = Form.useForm<NewPasswordValues>();
  const [error, setError] = useState<VisibleNotice>();
  const [busy, setBusy] = useState(false);

  const onFinish = async (values: NewPasswordValues): Promise<void> => {
    setBusy(true);
    setError(undefined);
    const outcome = await resetPassword({
      email,
      emailKey,
      newPassword: values.new_password,
      confirmPassword: values.confirm_password,
    });
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.notice);
      return;
    }
    const state: LoginPageState = { notice: { kind: 'text', key: 'login.resetDone' } };
    void navigate(LOGIN_PATH, { replace: true, state });
  };

  if (checking) {
    return (
      <Card data-testid="reset-password-page">
        <Spin tip={t('reset.checking')}>
          <div style={{ height: 120 }} />
        </Spin>
      </Card>
    );
  }

  if (problem) {
    return (
      <Card data-testid="reset-password-page">
        <Result
          status="warning"
          title={<span data-testid="reset-invalid-title">{t('reset.invalidTitle')}</span>}
          subTitle={<span data-testid="reset-invalid">{noticeText(t, problem)}</span>}
          extra={
            <Button type="primary" onClick={() => void navigate('/forgot-password')} data-testid="reset-forgot-again">
              {t('reset.forgotAgain')}
            </Button>
          }
        />
      </Card>
    );
  }

  return (
    <Card data-testid="reset-password-page" style={{ maxWidth: 480, margin: '0 auto' }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('reset.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('reset.forAccount', { email })}</Typography.Paragraph>
      <FormNotice notice={error} />
      <Form<NewPasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={busy}
        onFinish={(values) => void onFinish(values)}
      >
        <NewPasswordFields policy={policy} />
        <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="reset-submit">
          {t('reset.submit')}
        </Button>
      </Form>
    </Card>
  );
}
