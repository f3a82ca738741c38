// Forgotten password (spec §2, §7): the user's e-mail → a reset link by mail. Once sent, the page says
// so and offers to send again after a countdown (spec §9). The server's refusals (address not
// registered, mail not set up, too many requests) are shown as it words them.
import { MailOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RESULT_CODES, isEmail } from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../api/failure';
import { sendResetLink } from '../api/user-info';
import { FormNotice } from '../components/FormNotice';
import { useCountdown } from '../components/useCountdown';
import { LOGIN_PATH } from '../session/redirect';

/** Spec §9 "reset e-mail resend countdown in seconds". */
export const RESET_MAIL_RESEND_SECONDS = 60;

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [error, setError] = useState<VisibleNotice>();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string>();
  const { seconds, start } = useCountdown();

  const send = async (email: string): Promise<void> => {
    setBusy(true);
    setError(undefined);
    const outcome = await sendResetLink(email.trim());
    setBusy(false);
    if (outcome.result !== RESULT_CODES.success) {
      setError(inlineNotice(outcome.error));
      return;
    }
    setSentTo(email.trim());
    start(RESET_MAIL_RESEND_SECONDS);
  };

  const backToLogin = (
    <Link to={LOGIN_PATH} data-testid="back-to-login">
      {t('forgot.backToLogin')}
    </Link>
  );

  if (sentTo) {
    return (
      <Card data-testid="forgot-password-page">
        <Result
          status="success"
          title={<span data-testid="forgot-sent-title">{t('forgot.sentTitle')}</span>}
          subTitle={<span data-testid="forgot-sent">{t('forgot.sent', { email: sentTo })}</span>}
          extra={[
            <FormNotice key="error" notice={error} />,
            <Button
              key="resend"
              disabled={seconds > 0}
              loading={busy}
              onClick={() => void send(sentTo)}
              data-testid="forgot-resend"
            >
              {seconds > 0 ? t('forgot.resendIn', { seconds }) : t('forgot.resend')}
            </Button>,
            <div key="back" style={{ marginTop: 16 }}>
              {backToLogin}
            </div>,
          ]}
        />
      </Card>
    );
  }

  return (
    <Card data-testid="forgot-password-page" style={{ maxWidth: 440, margin: '0 auto' }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('forgot.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('forgot.hint')}</Typography.Paragraph>
      <FormNotice notice={error} />
      <Form<{ email: string }>
        layout="vertical"
        requiredMark={false}
        disabled={busy}
        onFinish={({ email }) => void send(email)}
      >
        <Form.Item
          name="email"
          rules={[
            { required: true, whitespace: true, message: t('forgot.emailRequired') },
            {
              validator: async (_rule, value: string | undefined) => {
                if (value && value.trim() !== '' && !isEmail(value.trim())) throw new Error(t('forgot.emailInvalid'));
              },
            },
          ]}
        >
          <Input
            size="large"
            prefix={<MailOutlined />}
            placeholder={t('forgot.emailPlaceholder')}
            autoComplete="email"
            data-testid="forgot-email"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="forgot-submit">
          {t('forgot.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>{backToLogin}</div>
    </Card>
  );
}
