// /admin/mail-server — the tenant's outgoing mail server (SMTP host, port, encryption, account, password,
// sender) and a test mail through the saved settings. The password is write-only: the page only says
// whether one is stored, and sends one only when typed. The page needs system.settings (the shell's guard).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Input, InputNumber, Select, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES, isEmail } from '@ipdesk/core';
import {
  fetchMailServer,
  sendTestMail,
  updateMailServer,
  type MailServerAnswer,
  type MailServerUpdate,
} from '../api/tenant-settings';
import { lengthCount, maxLengthRule } from '../components/length-limit';
import { showFailureOnForm } from './settings-feedback';
import { FormErrorList } from '../components/FormErrorList';

const MAIL_KEY = ['admin', 'setting', 'tenant_mail'] as const;
const FIELDS = ['host', 'port', 'secure', 'username', 'password', 'from_address'] as const;

interface MailFormValues {
  host: string;
  port: number | null;
  secure: boolean;
  username: string;
  password: string;
  from_address: string;
}

const EMPTY: MailFormValues = { host: '', port: 465, secure: true, username: '', password: '', from_address: '' };

function toForm(saved: MailServerAnswer | null): MailFormValues {
  if (!saved) return EMPTY;
  return { ...saved, port: saved.port, username: saved.username ?? '', password: '' };
}

function MailServerForm({ saved, onSaved }: { saved: MailServerAnswer | null; onSaved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<MailFormValues>();
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const required = (label: string) => ({
    required: true,
    whitespace: true,
    message: t('adminMail.required', { label }),
  });

  const submit = async (values: MailFormValues): Promise<void> => {
    setErrors([]);
    const input: MailServerUpdate = {
      host: values.host.trim(),
      port: values.port ?? 0,
      secure: values.secure,
      username: values.username.trim() === '' ? null : values.username.trim(),
      from_address: values.from_address.trim(),
      ...(values.password !== '' && { password: values.password }),
      // What was read: a save over someone else's since then is refused, not silently lost.
      updated_at: saved?.updated_at ?? null,
    };
    setSaving(true);
    const outcome = await updateMailServer(input);
    setSaving(false);
    if (outcome.result !== RESULT_CODES.success) {
      setErrors(showFailureOnForm(t, form, FIELDS, outcome.error));
      return;
    }
    void message.success(t('adminMail.saved'));
    onSaved();
  };

  return (
    <Form<MailFormValues>
      form={form}
      layout="vertical"
      initialValues={toForm(saved)}
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 640 }}
      data-testid="mail-server-form"
    >
      <FormErrorList errors={errors} testId="mail-server-error" />
      <Form.Item name="host" label={t('adminMail.host')} rules={[required(t('adminMail.host')), maxLengthRule(255, t)]}>
        <Input placeholder={t('adminMail.hostPlaceholder')} count={lengthCount(255, false)} data-testid="mail-host" />
      </Form.Item>
      <Form.Item
        name="port"
        label={t('adminMail.port')}
        extra={t('adminMail.portHelp')}
        rules={[
          { required: true, message: t('adminMail.portInvalid') },
          { type: 'integer', min: 0, max: 65535, message: t('adminMail.portInvalid') },
        ]}
      >
        <InputNumber style={{ width: 160 }} data-testid="mail-port" />
      </Form.Item>
      <Form.Item name="secure" label={t('adminMail.encryption')}>
        <Select
          data-testid="mail-secure"
          options={[
            { value: true, label: t('adminMail.encryptionTls') },
            { value: false, label: t('adminMail.encryptionStartTls') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="username"
        label={t('adminMail.username')}
        extra={t('adminMail.usernameHelp')}
        rules={[maxLengthRule(255, t)]}
      >
        <Input count={lengthCount(255, false)} autoComplete="off" data-testid="mail-username" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('adminMail.password')}
        rules={[maxLengthRule(1024, t)]}
        extra={
          <span data-testid="mail-password-state">
            {t(saved?.has_password ? 'adminMail.passwordStored' : 'adminMail.passwordNone')}
          </span>
        }
      >
        <Input.Password count={lengthCount(1024, false)} autoComplete="new-password" data-testid="mail-password" />
      </Form.Item>
      <Form.Item
        name="from_address"
        label={t('adminMail.from')}
        rules={[required(t('adminMail.from')), maxLengthRule(320, t)]}
      >
        <Input placeholder={t('adminMail.fromPlaceholder')} count={lengthCount(320, false)} data-testid="mail-from" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="mail-save">
        {t('adminMail.save')}
      </Button>
    </Form>
  );
}

function TestMail() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ to: string }>();
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const send = async ({ to }: { to: string }): Promise<void> => {
    setErrors([]);
    setSending(true);
    const outcome = await sendTestMail(to.trim());
    setSending(false);
    if (outcome.result !== RESULT_CODES.success) {
      setErrors(showFailureOnForm(t, form, ['to'], outcome.error));
      return;
    }
    void message.success(t('adminMail.testSent', { to: to.trim() }));
  };

  return (
    <Form<{ to: string }>
      form={form}
      layout="inline"
      onFinish={(values) => void send(values)}
      data-testid="mail-test-form"
    >
      <Flex vertical gap={8} style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('adminMail.testHelp')} />
        {errors.length > 0 && (
          <Alert
            type="error"
            showIcon
            message={
              <span data-testid="mail-test-error">
                {errors.map((line) => (
                  <div key={line}>{line}</div>
                ))}
              </span>
            }
          />
        )}
        <Space align="start">
          <Form.Item
            name="to"
            label={t('adminMail.testTo')}
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  if (!isEmail((value ?? '').trim())) throw new Error(t('adminMail.testToInvalid'));
                },
              },
            ]}
          >
            <Input style={{ width: 280 }} data-testid="mail-test-to" />
          </Form.Item>
          <Button htmlType="submit" loading={sending} data-testid="mail-test-send">
            {t('adminMail.testSend')}
          </Button>
        </Space>
      </Flex>
    </Form>
  );
}

export function MailServerPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: MAIL_KEY, queryFn: fetchMailServer });
  const answer = query.data?.result === RESULT_CODES.success ? query.data : undefined;
  const loaded = answer !== undefined;
  const saved = answer?.data.data;
  const failed = query.data !== undefined && !loaded;

  return (
    <Flex vertical gap={16} data-testid="mail-server-page">
      <Card title={t('adminMail.title')}>
        <Flex vertical gap={16}>
          <Alert type="info" showIcon message={t('adminMail.intro')} />
          {failed && (
            <Alert
              type="error"
              showIcon
              message={t('adminMail.loadFailed')}
              action={
                <Button size="small" onClick={() => void query.refetch()}>
                  {t('adminMail.retry')}
                </Button>
              }
              data-testid="mail-server-load-failed"
            />
          )}
          {query.isPending && <Skeleton active />}
          {loaded && (
            // Mounted again after a save: the password box empties and says a password is stored.
            <MailServerForm
              key={query.dataUpdatedAt}
              saved={saved ?? null}
              onSaved={() => void queryClient.invalidateQueries({ queryKey: MAIL_KEY })}
            />
          )}
        </Flex>
      </Card>
      <Card title={t('adminMail.testTitle')}>
        <TestMail />
      </Card>
    </Flex>
  );
}
