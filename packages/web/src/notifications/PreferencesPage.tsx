// Notification preferences (/notifications/preferences): a table of events by group × in the app (on/off)
// and e-mail (at once, daily digest, off); account events are shown locked (always sent). Below, the mail
// language, time zone, quiet hours (none, or from–to) and the digest hour. Saved together; a refusal (a
// mandatory event, a bad time zone) is shown above the form in the server's words.
import { LockOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Select, Space, Switch, Table, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EMAIL_MODES,
  LANGUAGES,
  NOTIFICATION_GROUPS,
  RESULT_CODES,
  type EmailMode,
  type NotificationGroup,
} from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../api/failure';
import {
  fetchPreferences,
  savePreferences,
  type EventPreference,
  type NotificationSettings,
  type Preferences,
} from '../api/notifications';
import { FormNotice } from '../components/FormNotice';
import { LoadFailed, LoadingCard } from '../models/ModelPageState';
import { notificationKeys } from './queries';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const NONE = 'none';

/** The runtime's IANA time zones (with the stored one, should the runtime not list it). */
function timeZones(current: string): string[] {
  const listed = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return listed.includes(current) ? listed : [current, ...listed];
}

type Row =
  | { key: string; kind: 'group'; group: NotificationGroup }
  | { key: string; kind: 'event'; event: Preferences['events'][number] };

export function PreferencesPage() {
  const query = useQuery({ queryKey: notificationKeys.preferences, queryFn: fetchPreferences });
  if (query.isLoading) return <LoadingCard />;
  const data = query.data?.result === RESULT_CODES.success ? query.data.data.data : undefined;
  if (!data) return <LoadFailed onRetry={() => void query.refetch()} />;
  return <PreferencesForm preferences={data} />;
}

function PreferencesForm({ preferences }: { preferences: Preferences }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [events, setEvents] = useState<EventPreference[]>(preferences.events);
  const [settings, setSettings] = useState<NotificationSettings>(preferences.settings);
  const [error, setError] = useState<VisibleNotice | undefined>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setEvents(preferences.events);
    setSettings(preferences.settings);
  }, [preferences]);

  const rows = useMemo<Row[]>(
    () =>
      NOTIFICATION_GROUPS.flatMap((group) => [
        { key: `group-${group}`, kind: 'group' as const, group },
        ...preferences.events
          .filter((e) => e.group === group)
          .map((event) => ({ key: event.event, kind: 'event' as const, event })),
      ]),
    [preferences.events],
  );
  const current = (event: string) => events.find((e) => e.event === event)!;
  const change = (event: string, patch: Partial<EventPreference>) =>
    setEvents((all) => all.map((e) => (e.event === event ? { ...e, ...patch } : e)));

  const save = async () => {
    setSaving(true);
    setError(undefined);
    const mandatory = new Set(preferences.events.filter((e) => e.mandatory).map((e) => e.event));
    const result = await savePreferences({
      events: events
        .filter((e) => !mandatory.has(e.event))
        .map(({ event, in_app, email }) => ({ event, in_app, email })),
      settings,
    });
    setSaving(false);
    if (result.result !== RESULT_CODES.success) {
      setError(inlineNotice(result.error));
      return;
    }
    queryClient.setQueryData(notificationKeys.preferences, result);
    void message.success(t('notificationPrefs.saved'));
  };

  const hourOptions = HOURS.map((hour) => ({ value: hour, label: t('notificationPrefs.hour', { hour }) }));
  const quietOptions = [{ value: NONE, label: t('notificationPrefs.quietNone') }, ...hourOptions];

  return (
    <Card title={t('notificationPrefs.title')} data-testid="notification-preferences">
      <FormNotice notice={error} testId="preferences-error" />
      <Typography.Title level={5}>{t('notificationPrefs.events')}</Typography.Title>
      <Table<Row>
        size="small"
        pagination={false}
        dataSource={rows}
        rowKey="key"
        data-testid="preferences-events"
        columns={[
          {
            key: 'event',
            title: t('notificationPrefs.event'),
            onCell: (row) => (row.kind === 'group' ? { colSpan: 3 } : {}),
            render: (_, row) =>
              row.kind === 'group' ? (
                <Typography.Text strong>{t(`notifications.group.${row.group}`)}</Typography.Text>
              ) : (
                <Space>
                  {row.event.label}
                  {row.event.mandatory && (
                    <Tooltip title={t('notificationPrefs.mandatory')}>
                      <LockOutlined aria-label={t('notificationPrefs.mandatory')} data-testid="preference-locked" />
                    </Tooltip>
                  )}
                </Space>
              ),
          },
          {
            key: 'in_app',
            title: t('notificationPrefs.inApp'),
            onCell: (row) => (row.kind === 'group' ? { colSpan: 0 } : {}),
            render: (_, row) =>
              row.kind === 'event' && (
                <Switch
                  checked={current(row.event.event).in_app}
                  disabled={row.event.mandatory}
                  aria-label={`${row.event.label} · ${t('notificationPrefs.inApp')}`}
                  data-testid={`preference-in-app-${row.event.event}`}
                  onChange={(checked) => change(row.event.event, { in_app: checked })}
                />
              ),
          },
          {
            key: 'email',
            title: t('notificationPrefs.email'),
            onCell: (row) => (row.kind === 'group' ? { colSpan: 0 } : {}),
            render: (_, row) =>
              row.kind === 'event' && (
                <Select<EmailMode>
                  style={{ minWidth: 140 }}
                  value={current(row.event.event).email}
                  disabled={row.event.mandatory}
                  aria-label={`${row.event.label} · ${t('notificationPrefs.email')}`}
                  data-testid={`preference-email-${row.event.event}`}
                  onChange={(email) => change(row.event.event, { email })}
                  options={EMAIL_MODES.map((mode) => ({ value: mode, label: t(`notificationPrefs.email.${mode}`) }))}
                />
              ),
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('notificationPrefs.settings')}
      </Typography.Title>
      <Form layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 12 }} style={{ maxWidth: 720 }}>
        <Form.Item label={t('notificationPrefs.language')}>
          <Select
            value={settings.language}
            data-testid="preferences-language"
            onChange={(language) => setSettings({ ...settings, language })}
            options={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('notificationPrefs.timeZone')}>
          <Select
            showSearch
            value={settings.time_zone}
            data-testid="preferences-time-zone"
            onChange={(time_zone) => setSettings({ ...settings, time_zone })}
            options={timeZones(settings.time_zone).map((zone) => ({ value: zone, label: zone }))}
          />
        </Form.Item>
        <Form.Item label={t('notificationPrefs.quietHours')} extra={t('notificationPrefs.quietHours.help')}>
          <Space wrap>
            <Select<number | typeof NONE>
              style={{ minWidth: 110 }}
              value={settings.quiet_from ?? NONE}
              aria-label={t('notificationPrefs.quietFrom')}
              data-testid="preferences-quiet-from"
              options={quietOptions}
              onChange={(from) =>
                setSettings(
                  from === NONE
                    ? { ...settings, quiet_from: null, quiet_to: null }
                    : { ...settings, quiet_from: from, quiet_to: settings.quiet_to ?? (from + 9) % 24 },
                )
              }
            />
            –
            <Select<number | typeof NONE>
              style={{ minWidth: 110 }}
              value={settings.quiet_to ?? NONE}
              aria-label={t('notificationPrefs.quietTo')}
              data-testid="preferences-quiet-to"
              options={quietOptions}
              onChange={(to) =>
                setSettings(
                  to === NONE
                    ? { ...settings, quiet_from: null, quiet_to: null }
                    : { ...settings, quiet_to: to, quiet_from: settings.quiet_from ?? (to + 15) % 24 },
                )
              }
            />
          </Space>
        </Form.Item>
        <Form.Item label={t('notificationPrefs.digestHour')}>
          <Select
            value={settings.digest_hour}
            data-testid="preferences-digest-hour"
            onChange={(digest_hour) => setSettings({ ...settings, digest_hour })}
            options={hourOptions}
          />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 6 }}>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="preferences-save">
            {t('notificationPrefs.save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
