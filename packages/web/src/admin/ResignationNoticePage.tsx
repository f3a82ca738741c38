// /admin/resignation-notice — who is told when someone resigns (spec §2 "Resignation notice settings"):
// the handover person, the system administrators, and up to 20 further e-mail addresses. The page needs
// system.settings (the shell's guard); the server checks every address again and stays the authority.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Select, Skeleton, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES, isEmail } from '@ipdesk/core';
import {
  MAX_EXTRA_RECIPIENTS,
  fetchResignationNotice,
  updateResignationNotice,
  type ResignationNotice,
  type SavedResignationNotice,
} from '../api/resignation-notice';
import { failureLines } from './roles/feedback';
import { FormErrorList } from '../components/FormErrorList';

const NOTICE_KEY = ['admin', 'setting', 'resignation_notice'] as const;
/** What separates addresses typed or pasted into the recipients box. */
const SEPARATORS = [',', ';', '，', '；', ' ', '\n'];

/** The addresses trimmed, blanks dropped, and one kept of those differing only in case (as the server does). */
export function normalizeRecipients(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const value of values) {
    const address = value.trim();
    const key = address.toLowerCase();
    if (address === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(address);
  }
  return kept;
}

export type RecipientsProblem = { kind: 'invalid'; value: string } | { kind: 'tooMany'; max: number };

/** The first reason the server would refuse the recipients: an address that is not an e-mail, or too many. */
export function recipientsProblem(values: readonly string[]): RecipientsProblem | undefined {
  const invalid = values.find((value) => !isEmail(value));
  if (invalid !== undefined) return { kind: 'invalid', value: invalid };
  if (values.length > MAX_EXTRA_RECIPIENTS) return { kind: 'tooMany', max: MAX_EXTRA_RECIPIENTS };
  return undefined;
}

type NoticeAnswer = Awaited<ReturnType<typeof fetchResignationNotice>>;

function NoticeForm({ saved, onSaved }: { saved: SavedResignationNotice; onSaved: (answer: NoticeAnswer) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ResignationNotice>();
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const submit = async (): Promise<void> => {
    setErrors([]);
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    const outcome = await updateResignationNotice({
      updated_at: saved.updated_at,
      notify_handover: values.notify_handover,
      notify_admins: values.notify_admins,
      extra_recipients: normalizeRecipients(values.extra_recipients ?? []),
    });
    setSaving(false);
    if (outcome.result !== RESULT_CODES.success) {
      setErrors(failureLines(t, outcome.error));
      return;
    }
    void message.success(t('adminResignation.saved'));
    onSaved(outcome);
  };

  return (
    <Form<ResignationNotice>
      form={form}
      layout="vertical"
      initialValues={saved}
      onFinish={() => void submit()}
      style={{ maxWidth: 640 }}
      data-testid="resignation-notice-form"
    >
      <FormErrorList errors={errors} testId="resignation-notice-error" />
      <Form.Item
        name="notify_handover"
        label={t('adminResignation.notifyHandover')}
        extra={t('adminResignation.notifyHandoverHelp')}
        valuePropName="checked"
      >
        <Switch data-testid="resignation-notice-handover" />
      </Form.Item>
      <Form.Item
        name="notify_admins"
        label={t('adminResignation.notifyAdmins')}
        extra={t('adminResignation.notifyAdminsHelp')}
        valuePropName="checked"
      >
        <Switch data-testid="resignation-notice-admins" />
      </Form.Item>
      <Form.Item
        name="extra_recipients"
        label={t('adminResignation.extraRecipients')}
        extra={t('adminResignation.extraRecipientsHelp', { max: MAX_EXTRA_RECIPIENTS })}
        normalize={(value: string[] | undefined) => normalizeRecipients(value ?? [])}
        rules={[
          {
            validator: async (_rule, value: string[] | undefined) => {
              const problem = recipientsProblem(value ?? []);
              if (problem?.kind === 'invalid')
                throw new Error(t('adminResignation.invalidEmail', { value: problem.value }));
              if (problem?.kind === 'tooMany') throw new Error(t('adminResignation.tooMany', { max: problem.max }));
            },
          },
        ]}
      >
        <Select
          mode="tags"
          options={[]}
          notFoundContent={null}
          suffixIcon={null}
          tokenSeparators={SEPARATORS}
          placeholder={t('adminResignation.extraRecipientsPlaceholder')}
          tagRender={({ value, label, closable, onClose }) => (
            <Tag
              color={isEmail(String(value)) ? undefined : 'error'}
              closable={closable}
              onClose={onClose}
              onMouseDown={(event) => event.preventDefault()}
              style={{ marginInlineEnd: 4 }}
              data-testid={`resignation-notice-recipient-${String(value)}`}
            >
              {label}
            </Tag>
          )}
          data-testid="resignation-notice-recipients"
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="resignation-notice-save">
          {t('adminResignation.save')}
        </Button>
        <Button
          disabled={saving}
          onClick={() => {
            setErrors([]);
            form.resetFields();
          }}
          data-testid="resignation-notice-reset"
        >
          {t('adminResignation.reset')}
        </Button>
      </Space>
    </Form>
  );
}

export function ResignationNoticePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: NOTICE_KEY, queryFn: fetchResignationNotice });
  const saved = query.data?.result === RESULT_CODES.success ? query.data.data.data : undefined;
  const failed = query.data !== undefined && query.data.result !== RESULT_CODES.success;

  return (
    <Flex vertical gap={16} data-testid="resignation-notice-page">
      <Card title={t('adminResignation.title')}>
        <Flex vertical gap={16}>
          <Alert type="info" showIcon message={t('adminResignation.intro')} />
          {failed && (
            <Alert
              type="error"
              showIcon
              message={t('adminResignation.loadFailed')}
              action={
                <Button size="small" onClick={() => void query.refetch()} data-testid="resignation-notice-retry">
                  {t('adminResignation.retry')}
                </Button>
              }
              data-testid="resignation-notice-load-failed"
            />
          )}
          {query.isPending && <Skeleton active />}
          {saved && (
            // Mounted again after a save, so "revert" goes back to what was saved last.
            <NoticeForm
              key={query.dataUpdatedAt}
              saved={saved}
              onSaved={(answer) => queryClient.setQueryData(NOTICE_KEY, answer)}
            />
          )}
        </Flex>
      </Card>
    </Flex>
  );
}
