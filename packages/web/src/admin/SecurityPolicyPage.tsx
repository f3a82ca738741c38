// /admin/security-policy — the tenant's password rules (policy, history, expiry) and the lock after failed
// sign-ins (threshold, counting window, duration). Limits match the server's; the server checks again and
// its messages appear beside the fields. The page needs system.settings (the shell's guard).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, InputNumber, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_POLICIES, RESULT_CODES } from '@ipdesk/core';
import {
  fetchSecurityPolicy,
  updateSecurityPolicy,
  type SecurityPolicy,
  type SecurityPolicyAnswer,
} from '../api/tenant-settings';
import { showFailureOnForm } from './settings-feedback';
import { FormErrorList } from '../components/FormErrorList';

const SECURITY_KEY = ['admin', 'setting', 'tenant_security'] as const;

/** The numbers of the policy with the server's ranges and their texts. */
const NUMBERS = [
  {
    name: 'password_history_count',
    min: 0,
    max: 24,
    label: 'adminSecurity.historyCount',
    help: 'adminSecurity.historyCountHelp',
  },
  {
    name: 'password_expiry_days',
    min: 0,
    max: 3650,
    label: 'adminSecurity.expiryDays',
    help: 'adminSecurity.expiryDaysHelp',
  },
  {
    name: 'lockout_threshold',
    min: 1,
    max: 100,
    label: 'adminSecurity.lockoutThreshold',
    help: 'adminSecurity.lockoutThresholdHelp',
  },
  {
    name: 'lockout_window_minutes',
    min: 1,
    max: 1440,
    label: 'adminSecurity.lockoutWindow',
    help: 'adminSecurity.lockoutWindowHelp',
  },
  {
    name: 'lockout_minutes',
    min: 1,
    max: 1440,
    label: 'adminSecurity.lockoutMinutes',
    help: 'adminSecurity.lockoutMinutesHelp',
  },
] as const;

const FIELDS = ['password_policy', ...NUMBERS.map((n) => n.name)];

function SecurityPolicyForm({ saved, onSaved }: { saved: SecurityPolicyAnswer; onSaved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SecurityPolicy>();
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const submit = async (values: SecurityPolicy): Promise<void> => {
    setErrors([]);
    setSaving(true);
    // What was read: a save over someone else's since then is refused, not silently lost.
    const outcome = await updateSecurityPolicy({ ...values, updated_at: saved.updated_at });
    setSaving(false);
    if (outcome.result !== RESULT_CODES.success) {
      setErrors(showFailureOnForm(t, form, FIELDS, outcome.error));
      return;
    }
    void message.success(t('adminSecurity.saved'));
    onSaved();
  };

  return (
    <Form<SecurityPolicy>
      form={form}
      layout="vertical"
      initialValues={saved}
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 640 }}
      data-testid="security-policy-form"
    >
      <FormErrorList errors={errors} testId="security-policy-error" />
      <Form.Item name="password_policy" label={t('adminSecurity.passwordPolicy')}>
        <Select
          data-testid="security-password-policy"
          options={PASSWORD_POLICIES.map((policy) => ({ value: policy, label: t(`adminSecurity.policy.${policy}`) }))}
        />
      </Form.Item>
      {NUMBERS.map((n) => (
        <Form.Item
          key={n.name}
          name={n.name}
          label={t(n.label)}
          extra={t(n.help)}
          rules={[
            { required: true, message: t('adminSecurity.range', { min: n.min, max: n.max }) },
            { type: 'integer', min: n.min, max: n.max, message: t('adminSecurity.range', { min: n.min, max: n.max }) },
          ]}
        >
          <InputNumber style={{ width: 160 }} data-testid={`security-${n.name}`} />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" loading={saving} data-testid="security-save">
        {t('adminSecurity.save')}
      </Button>
    </Form>
  );
}

export function SecurityPolicyPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: SECURITY_KEY, queryFn: fetchSecurityPolicy });
  const answer = query.data?.result === RESULT_CODES.success ? query.data : undefined;
  const failed = query.data !== undefined && answer === undefined;

  return (
    <Flex vertical gap={16} data-testid="security-policy-page">
      <Card title={t('adminSecurity.title')}>
        <Flex vertical gap={16}>
          <Alert type="info" showIcon message={t('adminSecurity.intro')} />
          {failed && (
            <Alert
              type="error"
              showIcon
              message={t('adminSecurity.loadFailed')}
              action={
                <Button size="small" onClick={() => void query.refetch()}>
                  {t('adminSecurity.retry')}
                </Button>
              }
              data-testid="security-policy-load-failed"
            />
          )}
          {query.isPending && <Skeleton active />}
          {answer && (
            <SecurityPolicyForm
              key={query.dataUpdatedAt}
              saved={answer.data.data}
              onSaved={() => void queryClient.invalidateQueries({ queryKey: SECURITY_KEY })}
            />
          )}
        </Flex>
      </Card>
    </Flex>
  );
}
