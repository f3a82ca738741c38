// Live feedback while a new password is typed: every rule of the policy with a tick or a cross. The
// rules are core's, the same the server checks again (spec §5, SECURITY.md).
import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PASSWORD_POLICY, PASSWORD_RULES, checkPassword, type PasswordPolicy } from '@ipdesk/core';

export interface PasswordRulesProps {
  password: string;
  policy?: PasswordPolicy;
}

export function PasswordRules({ password, policy = DEFAULT_PASSWORD_POLICY }: PasswordRulesProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const failed = new Set(checkPassword(password, policy).failed);
  return (
    <div data-testid="password-rules" style={{ marginBottom: token.marginMD }}>
      <Typography.Text type="secondary">{t('password.rulesTitle')}</Typography.Text>
      <ul style={{ listStyle: 'none', padding: 0, margin: `${token.marginXXS}px 0 0` }}>
        {PASSWORD_RULES[policy].map((rule) => {
          // Nothing typed yet: nothing is met, not even "no spaces".
          const met = password !== '' && !failed.has(rule);
          return (
            <li
              key={rule.key}
              data-testid="password-rule"
              data-rule={rule.key}
              data-met={met ? 'true' : 'false'}
              style={{ color: met ? token.colorSuccess : token.colorTextSecondary }}
            >
              {met ? (
                <CheckCircleFilled aria-label={t('password.ruleMet')} />
              ) : (
                <CloseCircleOutlined aria-label={t('password.ruleUnmet')} style={{ color: token.colorTextTertiary }} />
              )}{' '}
              {t(rule.key, rule.params)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
