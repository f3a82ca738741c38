// One process action as a dialog: the opinion (a comment and up to 20 files, uploaded as they are chosen)
// and what the action needs besides — the step to return or
// jump to, the user to transfer to, the signers and where they sign. A refusal the user can fix stays in
// the dialog in the server's words; one that means the process moved on (handled elsewhere, 409) closes
// it, says so, and the caller reads the process again.
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../../../api/failure';
import type { SchemaField } from '../../../api/model';
import { sendCommand, type AddSignMode, type Attachment } from '../../../api/workflow-runs';
import { FormNotice } from '../../../components/FormNotice';
import { noticeText } from '../../../components/notice-text';
import { UserPicker } from '../../../models/fields/pickers/UserPicker';
import { AttachmentsField } from './AttachmentsField';
import {
  ACTION_DONE,
  ACTION_LABELS,
  COMMENT_MAX_LENGTH,
  DANGEROUS,
  MAX_SIGNERS,
  commandCall,
  movedOn,
  type ActionButton,
} from './panel-actions';
import { lengthCount, maxLengthRule } from '../../../components/length-limit';

// The least of a schema field the user picker reads: whether it takes one user or several.
const ONE_USER = { name: 'user', multiple: false } as unknown as SchemaField;
const SEVERAL_USERS = { name: 'users', multiple: true } as unknown as SchemaField;

interface ActionValues {
  comment?: string;
  attachments?: Attachment[];
  target?: string;
  user?: string | null;
  mode?: AddSignMode;
  signers?: string[];
}

export interface ActionDialogProps {
  action: ActionButton;
  instanceSid: string;
  /** The record the process runs on (for the user pickers' company data). */
  model: string;
  onClose: () => void;
  /** After the action went through, or after a refusal that means the process moved on. */
  onChanged: () => Promise<void>;
}

export function ActionDialog({ action, instanceSid, model, onClose, onChanged }: ActionDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ActionValues>();
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<VisibleNotice>();
  const label = t(ACTION_LABELS[action.name]);

  const send = async (values: ActionValues): Promise<void> => {
    setNotice(undefined);
    setSending(true);
    const outcome = await sendCommand(
      commandCall(action, instanceSid, {
        comment: values.comment,
        attachments: values.attachments,
        targetNodeId: values.target,
        userSid: values.user ?? undefined,
        mode: values.mode,
        signerSids: values.signers,
      }),
    );
    setSending(false);
    if (outcome.result === RESULT_CODES.success) {
      void message.success(t(ACTION_DONE[action.name]));
      onClose();
      await onChanged();
      return;
    }
    const failure = inlineNotice(outcome.error);
    if (movedOn(outcome.error)) {
      void message.warning({
        content: <span data-testid="wf-moved-on">{t('wfRun.movedOn', { reason: noticeText(t, failure) })}</span>,
      });
      onClose();
      await onChanged();
      return;
    }
    setNotice(failure);
  };

  return (
    <Modal
      open
      title={label}
      okText={label}
      cancelText={t('model.cancel')}
      okButtonProps={{ danger: DANGEROUS.has(action.name), loading: sending, 'data-testid': 'wf-action-ok' }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="wf-action-dialog"
    >
      <FormNotice notice={notice} testId="wf-action-error" />
      <Form<ActionValues>
        form={form}
        layout="vertical"
        disabled={sending}
        initialValues={{ target: action.targets[0]?.id, mode: action.modes[0], signers: [] }}
        onFinish={(values) => void send(values)}
      >
        {action.asks === 'target' && (
          <Form.Item
            name="target"
            label={t(action.name === 'jump' ? 'wfRun.jumpTarget' : 'wfRun.returnTarget')}
            rules={[{ required: true, message: t('wfRun.targetRequired') }]}
          >
            <Select
              options={action.targets.map((target) => ({ value: target.id, label: target.name || target.id }))}
              data-testid="wf-action-target"
            />
          </Form.Item>
        )}
        {action.asks === 'user' && (
          <Form.Item
            name="user"
            label={t('wfRun.transferTo')}
            rules={[{ required: true, message: t('wfRun.userRequired') }]}
          >
            <UserPicker field={ONE_USER} model={model} testId="wf-action-user" />
          </Form.Item>
        )}
        {action.asks === 'signers' && (
          <>
            <Form.Item name="mode" label={t('wfRun.signMode')}>
              <Radio.Group
                options={action.modes.map((mode) => ({ value: mode, label: t(`wfRun.signMode.${mode}`) }))}
                data-testid="wf-action-mode"
              />
            </Form.Item>
            <Form.Item
              name="signers"
              label={t('wfRun.signers')}
              rules={[
                {
                  validator: async (_rule, value: unknown) => {
                    const count = Array.isArray(value) ? value.length : 0;
                    if (count === 0) throw new Error(t('wfRun.signersRequired'));
                    if (count > MAX_SIGNERS) throw new Error(t('wfRun.signersTooMany', { max: MAX_SIGNERS }));
                  },
                },
              ]}
            >
              <UserPicker field={SEVERAL_USERS} model={model} testId="wf-action-signers" />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="comment"
          label={t('wfRun.comment')}
          extra={t('wfRun.commentHint', { max: COMMENT_MAX_LENGTH })}
          rules={[maxLengthRule(COMMENT_MAX_LENGTH, t)]}
        >
          <Input.TextArea
            rows={3}
            count={lengthCount(COMMENT_MAX_LENGTH)}
            placeholder={t('wfRun.commentPlaceholder')}
            data-testid="wf-action-comment"
          />
        </Form.Item>
        <Form.Item name="attachments" label={t('wfRun.attachmentsLabel')}>
          <AttachmentsField />
        </Form.Item>
      </Form>
    </Modal>
  );
}
