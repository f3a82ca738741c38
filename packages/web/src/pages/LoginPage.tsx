// Sign-in (spec §2, §7): system name, slogan and the login-page picture area (placeholders until the
// system configuration brands them), account or e-mail and password, the language switcher and the
// forgotten-password link. The password leaves the browser only as an RSA envelope.
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Grid, Input, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { VisibleNotice } from '../api/failure';
import { FormNotice } from '../components/FormNotice';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { signIn } from '../session/actions';
import { changePasswordPathFor, safeRedirectPath } from '../session/redirect';

interface LoginValues {
  account: string;
  password: string;
}

/** What another page asks the sign-in page to say, e.g. after a password reset. */
export interface LoginPageState {
  notice?: VisibleNotice;
}

function passedNotice(state: unknown): VisibleNotice | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  return (state as LoginPageState).notice;
}

const PICTURE_BACKGROUND = 'linear-gradient(135deg, #0b2a6f 0%, #1554c4 55%, #19a3b8 100%)';

function PictureArea() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <section
      data-testid="login-picture"
      style={{
        flex: '1 1 58%',
        background: PICTURE_BACKGROUND,
        color: token.colorTextLightSolid,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: token.paddingXL * 2,
      }}
    >
      <Flex align="center" gap={token.marginSM}>
        <img src="./favicon.svg" alt="" width={40} height={40} />
        <Typography.Title
          level={2}
          data-testid="login-system-name"
          style={{ color: token.colorTextLightSolid, margin: 0 }}
        >
          {t('app.name')}
        </Typography.Title>
      </Flex>
      <div>
        <Typography.Paragraph
          data-testid="login-slogan"
          style={{ color: token.colorTextLightSolid, fontSize: token.fontSizeHeading3, maxWidth: 560 }}
        >
          {t('login.slogan')}
        </Typography.Paragraph>
        <Typography.Text style={{ color: token.colorTextLightSolid, opacity: 0.75 }}>
          {t('login.pictureCaption')}
        </Typography.Text>
      </div>
    </section>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const [error, setError] = useState<VisibleNotice>();
  const [busy, setBusy] = useState(false);
  const done = passedNotice(location.state);

  const onFinish = async ({ account, password }: LoginValues): Promise<void> => {
    setBusy(true);
    setError(undefined);
    const outcome = await signIn(account, password);
    setBusy(false);
    if (!outcome.ok) {
      // Spec §8: the other side is signed in in this browser.
      if (outcome.failure?.status === 412) void navigate('/412');
      else setError(outcome.notice);
      return;
    }
    // Nothing cached for a previous user may show.
    queryClient.clear();
    const next = safeRedirectPath(params.get('redirect')) ?? '/';
    const target = outcome.value.needChangePassword ? changePasswordPathFor({ forced: true, next }) : next;
    void navigate(target, { replace: true });
  };

  return (
    <div data-testid="login-page" style={{ minHeight: '100vh', display: 'flex', background: token.colorBgLayout }}>
      {screens.md !== false && <PictureArea />}
      <section
        style={{
          flex: '1 1 42%',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          position: 'relative',
          padding: token.paddingLG,
        }}
      >
        <div style={{ position: 'absolute', top: token.padding, right: token.paddingLG }}>
          <LanguageSwitcher size="small" />
        </div>
        <Card style={{ width: '100%', maxWidth: 400 }} variant="borderless">
          <Typography.Title level={3} data-testid="login-title" style={{ marginTop: 0 }}>
            {t('login.title')}
          </Typography.Title>
          <FormNotice notice={done} type="success" testId="login-notice" />
          <FormNotice notice={error} />
          <Form<LoginValues>
            layout="vertical"
            requiredMark={false}
            onFinish={(values) => void onFinish(values)}
            disabled={busy}
          >
            <Form.Item
              name="account"
              rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
            >
              <Input
                size="large"
                prefix={<UserOutlined />}
                placeholder={t('login.accountPlaceholder')}
                autoComplete="username"
                data-testid="login-account"
              />
            </Form.Item>
            <Form.Item
              name="password"
              rules={[{ required: true, message: t('login.passwordRequired') }]}
              style={{ marginBottom: token.marginXS }}
            >
              <Input.Password
                size="large"
                prefix={<LockOutlined />}
                placeholder={t('login.passwordPlaceholder')}
                autoComplete="current-password"
                data-testid="login-password"
              />
            </Form.Item>
            <Flex justify="end" style={{ marginBottom: token.marginLG }}>
              <Link to="/forgot-password" data-testid="forgot-password-link">
                {t('login.forgotPassword')}
              </Link>
            </Flex>
            <Button type="primary" htmlType="submit" size="large" block loading={busy} data-testid="login-submit">
              {t('login.submit')}
            </Button>
          </Form>
        </Card>
      </section>
    </div>
  );
}
