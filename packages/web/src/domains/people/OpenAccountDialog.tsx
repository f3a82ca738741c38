// Opening a login account for a person or an agent: the account name (the server's pattern, checked as
// typed) and the roles of the matching platform (enterprise roles for persons, agency roles for agents).
// The answer's initial password is handed to InitialPasswordDialog, which shows it once.
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Modal, Select, Typography, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../../api/failure';
import type { ModelRow } from '../../api/model';
import {
  ACCOUNT_PLATFORM,
  enabledRoles,
  openAccount,
  type AccountModel,
  type OpenAccountAnswer,
  type RolePlatform,
} from '../../api/people';
import { copyText } from '../../components/clipboard';
import { FormNotice } from '../../components/FormNotice';
import { useServerFieldErrors } from '../../components/field-errors';
import { ACCOUNT_NAME_MAX_LENGTH, accountNameRules, suggestedAccount } from './rules';
import { mayUse, useHeldResources } from './resources';
import { lengthCount } from '../../components/length-limit';

interface OpenAccountValues {
  account: string;
  role_sids?: string[];
}

export const roleKeys = {
  enabled: (platform: RolePlatform) => ['role', 'enabled', platform] as const,
};

function RolesSelect(props: {
  platform: RolePlatform;
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
}) {
  const { platform, value, onChange, id } = props;
  const { t } = useTranslation();
  const roles = useQuery({
    queryKey: roleKeys.enabled(platform),
    queryFn: () => enabledRoles(platform),
    staleTime: 60_000,
  });
  const outcome = roles.data;
  const failed = outcome !== undefined && outcome.result !== RESULT_CODES.success;
  const rows = outcome?.result === RESULT_CODES.success ? outcome.data.data.rows : [];
  return (
    <Flex vertical gap={4}>
      <Select
        id={id}
        mode="multiple"
        allowClear
        showSearch
        optionFilterProp="label"
        loading={roles.isFetching}
        value={value ?? []}
        onChange={(next: string[]) => onChange?.(next)}
        options={rows.map((role) => ({ value: role.sid, label: role.name, title: role.description ?? undefined }))}
        placeholder={t('peopleAction.rolesPlaceholder')}
        data-testid="open-account-roles"
      />
      {failed && (
        <Flex gap={8} align="center">
          <Typography.Text type="danger">{t('peopleAction.rolesLoadFailed')}</Typography.Text>
          <Button size="small" onClick={() => void roles.refetch()}>
            {t('model.retry')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}

export interface OpenAccountDialogProps {
  target: AccountModel;
  record: ModelRow;
  title: string;
  subCompanySid?: string;
  onClose: () => void;
  onOpened: (answer: OpenAccountAnswer) => void;
}

export function OpenAccountDialog({ target, record, title, subCompanySid, onClose, onOpened }: OpenAccountDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OpenAccountValues>();
  const placeFieldErrors = useServerFieldErrors(form);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<VisibleNotice>();
  // Giving roles is role management (system administrators); others open the account without roles.
  const canGiveRoles = mayUse(useHeldResources(), 'system.roles');

  const submit = async (values: OpenAccountValues): Promise<void> => {
    setNotice(undefined);
    setSaving(true);
    const outcome = await openAccount(
      target,
      { sid: record.sid, account: values.account.trim(), role_sids: values.role_sids ?? [] },
      { subCompanySid },
    );
    setSaving(false);
    if (outcome.result !== RESULT_CODES.success) {
      placeFieldErrors(outcome.error, ['account', 'role_sids']);
      setNotice(inlineNotice(outcome.error));
      return;
    }
    onOpened(outcome.data.data);
  };

  return (
    <Modal
      open
      title={<span data-testid="open-account-title">{title}</span>}
      okText={t('peopleAction.open')}
      cancelText={t('model.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'open-account-submit' } as ButtonProps}
      onOk={() => form.submit()}
      cancelButtonProps={{ disabled: saving }}
      onCancel={() => !saving && onClose()}
      maskClosable={false}
      destroyOnHidden
    >
      <FormNotice notice={notice} testId="open-account-error" />
      <Form<OpenAccountValues>
        form={form}
        layout="vertical"
        disabled={saving}
        initialValues={{ account: suggestedAccount(record), role_sids: [] }}
        onFinish={(values) => void submit(values)}
        data-testid="open-account-form"
      >
        <Form.Item
          name="account"
          label={t('peopleAction.account')}
          required
          rules={accountNameRules(t)}
          extra={t('peopleAction.accountHint', { max: ACCOUNT_NAME_MAX_LENGTH })}
          data-testid="open-account-item-account"
        >
          <Input count={lengthCount(ACCOUNT_NAME_MAX_LENGTH)} autoComplete="off" data-testid="open-account-name" />
        </Form.Item>
        {canGiveRoles && (
          <Form.Item name="role_sids" label={t('peopleAction.roles')} data-testid="open-account-item-roles">
            <RolesSelect platform={ACCOUNT_PLATFORM[target]} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/** The initial password, shown once: copy it, then close. It cannot be shown again. */
export function InitialPasswordDialog({ answer, onClose }: { answer: OpenAccountAnswer; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<boolean>();
  const copy = async (): Promise<void> => setCopied(await copyText(answer.initial_password));
  return (
    <Modal
      open
      title={t('peopleAction.initialPasswordTitle')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="initial-password-done">
          {t('peopleAction.done')}
        </Button>
      }
    >
      <Flex vertical gap={12} data-testid="initial-password-dialog">
        <Alert type="warning" showIcon message={t('peopleAction.initialPasswordOnce')} />
        <Flex gap={8} align="baseline">
          <Typography.Text type="secondary">{t('peopleAction.accountLabel')}</Typography.Text>
          <Typography.Text strong data-testid="initial-account">
            {answer.account}
          </Typography.Text>
        </Flex>
        <Flex gap={8} align="center" wrap>
          <Typography.Text type="secondary">{t('peopleAction.initialPassword')}</Typography.Text>
          <Typography.Text code style={{ fontSize: 16, userSelect: 'all' }} data-testid="initial-password">
            {answer.initial_password}
          </Typography.Text>
          <Button size="small" onClick={() => void copy()} data-testid="initial-password-copy">
            {t('peopleAction.copy')}
          </Button>
          {copied !== undefined && (
            <Typography.Text type={copied ? 'success' : 'danger'} role="status" data-testid="initial-password-copied">
              {copied ? t('peopleAction.copied') : t('peopleAction.copyFailed')}
            </Typography.Text>
          )}
        </Flex>
        <Typography.Text>{t('peopleAction.initialPasswordChange')}</Typography.Text>
      </Flex>
    </Modal>
  );
}
