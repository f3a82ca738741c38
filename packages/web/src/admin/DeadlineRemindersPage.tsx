// /admin/deadline-reminders — the tenant's deadline reminder lead times (per category, and per rule code where a
// rule needs its own) and when open deadlines are escalated (docs/notifications.md "Reminders and escalation").
// The form checks the limits core shares with the server (0–365, unique, at most 10); the server checks again
// and its messages appear beside the fields. The page needs system.settings (the shell's guard).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, InputNumber, Select, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEAD_TIME_CATEGORIES, LEAD_TIME_LIMITS, RESULT_CODES, leadTimeProblem, sortLeadTimes } from '@ipdesk/core';
import { fetchReminderSettings, updateReminderSettings, type ReminderSettingsAnswer } from '../api/tenant-settings';
import { showFailureOnForm } from './settings-feedback';
import { FormErrorList } from '../components/FormErrorList';
import { DeadlineVerificationCard } from './DeadlineVerificationCard';

const REMINDERS_KEY = ['admin', 'setting', 'tenant_reminders'] as const;
const CATEGORIES: readonly string[] = LEAD_TIME_CATEGORIES;

interface RuleRow {
  type?: string;
  days?: Array<number | string>;
}

interface FormValues {
  categories: Record<string, Array<number | string>>;
  rules: RuleRow[];
  escalate_within_days: number;
}

const toDays = (values: ReadonlyArray<number | string> = []) => values.map((v) => Number(v));

function RemindersForm({ saved, onSaved }: { saved: ReminderSettingsAnswer; onSaved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const known = new Set(saved.types.map((type) => type.type));
  const ruleOptions = saved.types
    .filter((type) => type.kind === 'rule')
    .map((r) => ({ value: r.type, label: r.label }));
  const labelOf = (type: string) => saved.types.find((x) => x.type === type)?.label ?? type;

  const daysRule = (type: () => string | undefined) => ({
    validator: async (_: unknown, value: Array<number | string> | undefined) => {
      const days = toDays(value);
      const problem = leadTimeProblem(type() ?? '', days, known);
      if (problem) throw new Error(t(`adminReminders.problem.${problem}`));
    },
  });

  const submit = async (values: FormValues): Promise<void> => {
    setErrors([]);
    setSaving(true);
    const leadTimes: Record<string, number[]> = {};
    for (const category of CATEGORIES) leadTimes[category] = sortLeadTimes(toDays(values.categories[category]));
    for (const row of values.rules ?? []) if (row.type) leadTimes[row.type] = sortLeadTimes(toDays(row.days));
    // What was read: a save over someone else's since then is refused, not silently lost.
    const outcome = await updateReminderSettings({
      lead_times: leadTimes,
      escalate_within_days: values.escalate_within_days,
      updated_at: saved.updated_at,
    });
    setSaving(false);
    if (outcome.result !== RESULT_CODES.success) {
      setErrors(showFailureOnForm(t, form, ['escalate_within_days'], outcome.error));
      return;
    }
    void message.success(t('adminReminders.saved'));
    onSaved();
  };

  const initialValues: FormValues = {
    categories: Object.fromEntries(CATEGORIES.map((c) => [c, saved.lead_times[c] ?? []])),
    rules: Object.entries(saved.lead_times)
      .filter(([type]) => !CATEGORIES.includes(type))
      .map(([type, days]) => ({ type, days })),
    escalate_within_days: saved.escalate_within_days,
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 720 }}
      data-testid="reminders-form"
    >
      <FormErrorList errors={errors} testId="reminders-error" />
      {CATEGORIES.map((category) => (
        <Form.Item
          key={category}
          name={['categories', category]}
          label={labelOf(category)}
          extra={t('adminReminders.daysHelp', { max: LEAD_TIME_LIMITS.perType })}
          rules={[daysRule(() => category)]}
        >
          <Select mode="tags" tokenSeparators={[',', ' ']} data-testid={`reminders-${category}`} />
        </Form.Item>
      ))}
      <Form.List name="rules">
        {(rows, { add, remove }) => (
          <Flex vertical gap={8}>
            {rows.map((row) => (
              <Space key={row.key} align="start" data-testid="reminders-rule-row">
                <Form.Item
                  name={[row.name, 'type']}
                  rules={[{ required: true, message: t('adminReminders.ruleRequired') }]}
                >
                  <Select
                    showSearch
                    optionFilterProp="label"
                    style={{ width: 360 }}
                    options={ruleOptions}
                    placeholder={t('adminReminders.rule')}
                  />
                </Form.Item>
                <Form.Item
                  name={[row.name, 'days']}
                  rules={[daysRule(() => form.getFieldValue(['rules', row.name, 'type']) as string | undefined)]}
                >
                  <Select mode="tags" tokenSeparators={[',', ' ']} style={{ width: 220 }} />
                </Form.Item>
                <Button onClick={() => remove(row.name)}>{t('adminReminders.removeRule')}</Button>
              </Space>
            ))}
            <Button onClick={() => add({ days: [] })} data-testid="reminders-add-rule" style={{ width: 'fit-content' }}>
              {t('adminReminders.addRule')}
            </Button>
          </Flex>
        )}
      </Form.List>
      <Form.Item
        name="escalate_within_days"
        label={t('adminReminders.escalate')}
        extra={t('adminReminders.escalateHelp')}
        style={{ marginTop: 16 }}
        rules={[
          { required: true, message: t('adminReminders.range') },
          { type: 'integer', min: 0, max: 365, message: t('adminReminders.range') },
        ]}
      >
        <InputNumber style={{ width: 160 }} data-testid="reminders-escalate" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving} data-testid="reminders-save">
        {t('adminReminders.save')}
      </Button>
    </Form>
  );
}

export function DeadlineRemindersPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: REMINDERS_KEY, queryFn: fetchReminderSettings });
  const answer = query.data?.result === RESULT_CODES.success ? query.data : undefined;
  const failed = query.data !== undefined && answer === undefined;

  return (
    <Flex vertical gap={16} data-testid="deadline-reminders-page">
      <Card title={t('adminReminders.title')}>
        <Flex vertical gap={16}>
          <Alert type="info" showIcon message={t('adminReminders.intro')} />
          {failed && (
            <Alert
              type="error"
              showIcon
              message={t('adminReminders.loadFailed')}
              action={
                <Button size="small" onClick={() => void query.refetch()}>
                  {t('adminReminders.retry')}
                </Button>
              }
            />
          )}
          {query.isPending && <Skeleton active />}
          {answer && (
            <RemindersForm
              key={query.dataUpdatedAt}
              saved={answer.data.data}
              onSaved={() => void queryClient.invalidateQueries({ queryKey: REMINDERS_KEY })}
            />
          )}
        </Flex>
      </Card>
      <DeadlineVerificationCard />
    </Flex>
  );
}
