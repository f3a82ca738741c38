// /admin/notification-deliveries — the tenant's notification webhook (address, write-only signing secret, a
// test message) and the log of deliveries: failed ones first, with why, and a resend button. The page needs
// system.settings (the shell's guard; the server refuses the calls anyway).
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Input, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DELIVERY_CHANNELS,
  DELIVERY_STATUSES,
  RESULT_CODES,
  WEBHOOK_SECRET_MAX,
  WEBHOOK_SECRET_MIN,
  WEBHOOK_URL_MAX,
  type DeliveryChannel,
  type DeliveryStatus,
} from '@ipdesk/core';
import {
  fetchDeliveries,
  fetchWebhook,
  resendDelivery,
  sendWebhookTest,
  updateWebhook,
  type DeliveryLogItem,
  type WebhookSettings,
} from '../api/notification-delivery';
import { FormErrorList } from '../components/FormErrorList';
import { lengthCount, maxLengthRule } from '../components/length-limit';
import { formatTimestamp } from '../models/fields/format';
import { showFailureOnForm } from './settings-feedback';

const WEBHOOK_KEY = ['admin', 'setting', 'tenant_webhook'] as const;
const DELIVERIES_KEY = ['admin', 'notification_deliveries'] as const;
const STATUS_COLORS: Record<DeliveryStatus, string> = { pending: 'blue', sent: 'green', failed: 'red' };

interface WebhookFormValues {
  url: string;
  secret: string;
}

function WebhookForm({ saved, onSaved }: { saved: WebhookSettings; onSaved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<WebhookFormValues>();
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  const submit = async (values: WebhookFormValues): Promise<void> => {
    setErrors([]);
    const url = values.url.trim();
    setBusy('save');
    const outcome = await updateWebhook({
      url: url === '' ? null : url,
      ...(values.secret !== '' && { secret: values.secret }),
      updated_at: saved.updated_at,
    });
    setBusy(null);
    if (outcome.result !== RESULT_CODES.success) {
      setErrors(showFailureOnForm(t, form, ['url', 'secret'], outcome.error));
      return;
    }
    void message.success(t('adminWebhook.saved'));
    onSaved();
  };

  const test = async (): Promise<void> => {
    setErrors([]);
    setBusy('test');
    const outcome = await sendWebhookTest();
    setBusy(null);
    if (outcome.result !== RESULT_CODES.success) {
      setErrors(showFailureOnForm(t, form, [], outcome.error));
      return;
    }
    void message.success(t('adminWebhook.testSent'));
  };

  return (
    <Form<WebhookFormValues>
      form={form}
      layout="vertical"
      initialValues={{ url: saved.url ?? '', secret: '' }}
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 640 }}
      data-testid="webhook-form"
    >
      <FormErrorList errors={errors} testId="webhook-error" />
      <Form.Item
        name="url"
        label={t('adminWebhook.url')}
        extra={t('adminWebhook.urlHelp')}
        rules={[
          maxLengthRule(WEBHOOK_URL_MAX, t),
          {
            validator: async (_rule, value: string | undefined) => {
              const text = (value ?? '').trim();
              if (text !== '' && !/^https?:\/\/\S+$/.test(text)) throw new Error(t('adminWebhook.urlInvalid'));
            },
          },
        ]}
      >
        <Input placeholder={t('adminWebhook.urlPlaceholder')} data-testid="webhook-url" />
      </Form.Item>
      <Form.Item
        name="secret"
        label={t('adminWebhook.secret')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const length = (value ?? '').length;
              if (length > 0 && (length < WEBHOOK_SECRET_MIN || length > WEBHOOK_SECRET_MAX))
                throw new Error(t('adminWebhook.secretLength', { min: WEBHOOK_SECRET_MIN, max: WEBHOOK_SECRET_MAX }));
            },
          },
        ]}
        extra={
          <span data-testid="webhook-secret-state">
            {t(saved.has_secret ? 'adminWebhook.secretStored' : 'adminWebhook.secretNone')}
          </span>
        }
      >
        <Input.Password
          count={lengthCount(WEBHOOK_SECRET_MAX, false)}
          autoComplete="new-password"
          data-testid="webhook-secret"
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={busy === 'save'} data-testid="webhook-save">
          {t('adminWebhook.save')}
        </Button>
        <Button onClick={() => void test()} loading={busy === 'test'} disabled={!saved.url} data-testid="webhook-test">
          {t('adminWebhook.test')}
        </Button>
      </Space>
    </Form>
  );
}

function WebhookCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: WEBHOOK_KEY, queryFn: fetchWebhook });
  const answer = query.data?.result === RESULT_CODES.success ? query.data.data.data : undefined;
  return (
    <Card title={t('adminWebhook.title')}>
      <Flex vertical gap={16}>
        <Alert type="info" showIcon message={t('adminWebhook.intro')} />
        {query.data !== undefined && !answer && (
          <Alert
            type="error"
            showIcon
            message={t('adminWebhook.loadFailed')}
            action={
              <Button size="small" onClick={() => void query.refetch()}>
                {t('adminWebhook.retry')}
              </Button>
            }
          />
        )}
        {query.isPending && <Skeleton active />}
        {answer && (
          // Mounted again after a save: the secret box empties and says a secret is set.
          <WebhookForm
            key={query.dataUpdatedAt}
            saved={answer}
            onSaved={() => void queryClient.invalidateQueries({ queryKey: WEBHOOK_KEY })}
          />
        )}
      </Flex>
    </Card>
  );
}

function DeliveriesCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [status, setStatus] = useState<DeliveryStatus>('failed');
  const [channel, setChannel] = useState<DeliveryChannel | 'all'>('all');
  const [resending, setResending] = useState<string | null>(null);
  const filter = { status, ...(channel !== 'all' && { channel }) };
  const query = useInfiniteQuery({
    queryKey: [...DELIVERIES_KEY, status, channel],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => fetchDeliveries({ ...filter, ...(pageParam && { before: pageParam }) }),
    getNextPageParam: (last) => (last.result === RESULT_CODES.success ? (last.data.next ?? undefined) : undefined),
  });
  const pages = query.data?.pages ?? [];
  const rows = pages.flatMap((page) => (page.result === RESULT_CODES.success ? page.data.data : []));
  const failed = pages.some((page) => page.result !== RESULT_CODES.success);

  const resend = async (row: DeliveryLogItem): Promise<void> => {
    setResending(row.id);
    const outcome = await resendDelivery(row.id);
    setResending(null);
    if (outcome.result !== RESULT_CODES.success) return;
    void message.success(t('adminDeliveries.resent'));
    void query.refetch();
  };

  return (
    <Card title={t('adminDeliveries.title')}>
      <Flex vertical gap={16}>
        <Alert type="info" showIcon message={t('adminDeliveries.intro')} />
        <Space wrap>
          <Select<DeliveryStatus>
            value={status}
            onChange={setStatus}
            style={{ width: 160 }}
            aria-label={t('adminDeliveries.status')}
            data-testid="deliveries-status"
            options={DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`adminDeliveries.status.${s}`) }))}
          />
          <Select<DeliveryChannel | 'all'>
            value={channel}
            onChange={setChannel}
            style={{ width: 160 }}
            aria-label={t('adminDeliveries.channel')}
            data-testid="deliveries-channel"
            options={[
              { value: 'all', label: t('adminDeliveries.channel.all') },
              ...DELIVERY_CHANNELS.map((c) => ({ value: c, label: t(`adminDeliveries.channel.${c}`) })),
            ]}
          />
        </Space>
        {failed && <Alert type="error" showIcon message={t('adminDeliveries.loadFailed')} />}
        <Table<DeliveryLogItem>
          rowKey="id"
          size="middle"
          loading={query.isFetching && rows.length === 0}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: t('adminDeliveries.empty') }}
          scroll={{ x: 'max-content' }}
          data-testid="deliveries-table"
          columns={[
            {
              key: 'created',
              title: t('adminDeliveries.createdAt'),
              render: (_value, row) => formatTimestamp(row.created_at),
            },
            {
              key: 'channel',
              title: t('adminDeliveries.channel'),
              render: (_value, row) => t(`adminDeliveries.channel.${row.channel}`),
            },
            {
              key: 'notification',
              title: t('adminDeliveries.notification'),
              render: (_value, row) => (
                <Flex vertical>
                  <Typography.Text type="secondary">{row.event_label}</Typography.Text>
                  {row.link ? <Link to={row.link}>{row.title}</Link> : <span>{row.title}</span>}
                </Flex>
              ),
            },
            {
              key: 'recipient',
              title: t('adminDeliveries.recipient'),
              render: (_value, row) => (row.recipient ? `${row.recipient.name} (${row.recipient.account})` : '—'),
            },
            {
              key: 'status',
              title: t('adminDeliveries.status'),
              render: (_value, row) => (
                <Tag color={STATUS_COLORS[row.status]} data-testid="delivery-status">
                  {t(`adminDeliveries.status.${row.status}`)}
                </Tag>
              ),
            },
            { key: 'attempts', title: t('adminDeliveries.attempts'), dataIndex: 'attempts' },
            {
              key: 'reason',
              title: t('adminDeliveries.reason'),
              render: (_value, row) => <span data-testid="delivery-reason">{row.reason ?? ''}</span>,
            },
            {
              key: 'when',
              title: status === 'pending' ? t('adminDeliveries.nextAttempt') : t('adminDeliveries.sentAt'),
              render: (_value, row) =>
                row.status === 'sent' && row.sent_at
                  ? formatTimestamp(row.sent_at)
                  : row.status === 'pending'
                    ? formatTimestamp(row.available_at)
                    : '',
            },
            {
              key: 'resend',
              title: '',
              fixed: 'right',
              render: (_value, row) =>
                row.status === 'pending' ? null : (
                  <Button
                    size="small"
                    loading={resending === row.id}
                    onClick={() => void resend(row)}
                    data-testid="delivery-resend"
                  >
                    {t('adminDeliveries.resend')}
                  </Button>
                ),
            },
          ]}
        />
        {query.hasNextPage && (
          <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('adminDeliveries.more')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}

export function NotificationDeliveriesPage() {
  return (
    <Flex vertical gap={16} data-testid="notification-deliveries-page">
      <WebhookCard />
      <DeliveriesCard />
    </Flex>
  );
}
