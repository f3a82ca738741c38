// The process itself (shown when nothing is selected): its name and the spec §3 process definition fields
// (ipdesk:ProcessSettings). The key and the model are shown, not edited: the key names the definition
// across versions, and spec §5 says the model cannot change once the process exists. A process may approve
// one of the model's approval-bound lifecycle actions (issue 18): chosen among those the schema declares.
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { BONUS_CATEGORY, RESTART_MODES, type ProcessSettings, type RestartMode } from '@ipdesk/core';
import type { SchemaField } from '../../../../api/model';
import { writeName, writeProcessSettings, type DiagramServices } from '../diagram-services';
import { readProcessForm, type ProcessSettingsForm } from '../extension-values';
import { CommitInput } from './CommitInput';
import { RolesPicker, UserFieldsPicker, UsersPicker } from './pickers';

/** Spec §4 invoice statuses, for processes that move an invoice on. */
export const INVOICE_STATUSES = ['un_process', 'audited', 'pay_requested', 'paid', 'write_off'] as const;

/** A lifecycle action of the model that needs approval, labelled in the user's language (schema `lifecycle`). */
export interface ApprovalActionOption {
  name: string;
  label: string;
}

interface ProcessPanelProps {
  services: DiagramServices;
  modelLabel: string;
  fields: readonly SchemaField[];
  approvalActions: readonly ApprovalActionOption[];
  disabled: boolean;
}

type TextSetting = keyof Pick<ProcessSettings, 'form' | 'serialNumber' | 'identityKey' | 'scope' | 'processCategory'>;
const TEXT_SETTINGS: readonly TextSetting[] = ['form', 'serialNumber', 'identityKey', 'scope'];

export function ProcessPanel({ services, modelLabel, fields, approvalActions, disabled }: ProcessPanelProps) {
  const { t } = useTranslation();
  const root = services.canvas.getRootElement();
  const process = root.businessObject;
  const form = readProcessForm(process);
  const update = (change: Partial<ProcessSettingsForm>) => writeProcessSettings(services, { ...form, ...change });
  const text = (value: string) => (value.trim() === '' ? null : value.trim());

  return (
    <>
      <Form.Item label={t('designer.processKey')}>
        <Input value={process.id ?? ''} disabled data-testid="designer-process-key" />
      </Form.Item>
      <Form.Item label={t('designer.processName')}>
        <CommitInput
          value={typeof process.name === 'string' ? process.name : ''}
          onCommit={(name) => writeName(services, root, name)}
          disabled={disabled}
          testId="designer-process-name"
        />
      </Form.Item>
      <Form.Item label={t('designer.processModel')} tooltip={t('designer.processModelLocked')}>
        <Input value={modelLabel} disabled data-testid="designer-process-model" />
      </Form.Item>
      <Form.Item label={t('designer.setting.action')} tooltip={t('designer.settingHint.action')}>
        <Select<string>
          allowClear
          value={form.action ?? undefined}
          onChange={(action) => update({ action: action ?? undefined })}
          options={approvalActions.map((action) => ({ value: action.name, label: action.label }))}
          disabled={disabled}
          data-testid="designer-setting-action"
        />
      </Form.Item>
      {TEXT_SETTINGS.map((setting) => (
        <Form.Item
          key={setting}
          label={t(`designer.setting.${setting}`)}
          tooltip={t(`designer.settingHint.${setting}`)}
        >
          <CommitInput
            value={form[setting] ?? ''}
            onCommit={(value) => update({ [setting]: text(value) })}
            disabled={disabled}
            testId={`designer-setting-${setting}`}
          />
        </Form.Item>
      ))}
      <Form.Item label={t('designer.setting.restartMode')}>
        <Select<RestartMode>
          value={form.restartMode}
          onChange={(restartMode) => update({ restartMode })}
          options={RESTART_MODES.map((mode) => ({
            value: mode,
            label: `${mode} · ${t(`designer.restartMode.${mode}`)}`,
          }))}
          disabled={disabled}
          data-testid="designer-setting-restartMode"
        />
      </Form.Item>
      <Form.Item
        label={t('designer.setting.processCategory')}
        tooltip={t('designer.settingHint.processCategory', { bonus: BONUS_CATEGORY })}
      >
        <CommitInput
          value={form.processCategory ?? ''}
          onCommit={(value) => update({ processCategory: text(value) })}
          disabled={disabled}
          testId="designer-setting-processCategory"
        />
      </Form.Item>
      <Form.Item label={t('designer.setting.invoiceStatus')} tooltip={t('designer.settingHint.invoiceStatus')}>
        <Select<string>
          allowClear
          value={form.invoiceStatus ?? undefined}
          onChange={(value) => update({ invoiceStatus: value ?? null })}
          options={INVOICE_STATUSES.map((status) => ({ value: status, label: t(`designer.invoiceStatus.${status}`) }))}
          disabled={disabled}
          data-testid="designer-setting-invoiceStatus"
        />
      </Form.Item>
      <Form.Item label={t('designer.setting.approveUsers')} tooltip={t('designer.settingHint.starters')}>
        <UsersPicker
          model={form.model}
          value={form.approveUsers}
          onChange={(approveUsers) => update({ approveUsers })}
          disabled={disabled}
          testId="designer-setting-approveUsers"
        />
      </Form.Item>
      <Form.Item label={t('designer.setting.approveRoles')}>
        <RolesPicker
          value={form.approveRoles}
          onChange={(approveRoles) => update({ approveRoles })}
          disabled={disabled}
          testId="designer-setting-approveRoles"
        />
      </Form.Item>
      <Form.Item label={t('designer.setting.approveUserField')}>
        <UserFieldsPicker
          single
          fields={fields}
          value={form.approveUserField ? [form.approveUserField] : []}
          onChange={(names) => update({ approveUserField: names[0] ?? null })}
          disabled={disabled}
          testId="designer-setting-approveUserField"
        />
      </Form.Item>
    </>
  );
}
