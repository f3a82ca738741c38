// Starting a process on a record: a button listing the model's published processes the caller may start
// here (the server lists them only when the caller may edit the record and none is open), then a dialog
// with the opinion, to submit at once or save as a draft the starter submits later.
import { DownOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../../../api/failure';
import { startProcess, type StartableProcess } from '../../../api/workflow-runs';
import { FormNotice } from '../../../components/FormNotice';
import { COMMENT_MAX_LENGTH, movedOn } from './panel-actions';
import { lengthCount, maxLengthRule } from '../../../components/length-limit';

export interface StartProcessProps {
  model: string;
  recordSid: string;
  subCompanySid: string | undefined;
  startable: readonly StartableProcess[];
  onChanged: () => Promise<void>;
}

export function StartProcess({ model, recordSid, subCompanySid, startable, onChanged }: StartProcessProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<StartableProcess>();
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: startable.map((process) => ({
            key: process.key,
            label: <span data-testid={`wf-start-${process.key}`}>{process.name}</span>,
          })),
          onClick: ({ key }) => setChosen(startable.find((process) => process.key === key)),
        }}
      >
        <Button type="primary" icon={<PlayCircleOutlined />} data-testid="wf-start">
          <Space size={4}>
            {t('wfRun.start')}
            <DownOutlined />
          </Space>
        </Button>
      </Dropdown>
      {chosen && (
        <StartDialog
          process={chosen}
          model={model}
          recordSid={recordSid}
          subCompanySid={subCompanySid}
          onClose={() => setChosen(undefined)}
          onChanged={onChanged}
        />
      )}
    </>
  );
}

function StartDialog({
  process,
  model,
  recordSid,
  subCompanySid,
  onClose,
  onChanged,
}: Omit<StartProcessProps, 'startable'> & { process: StartableProcess; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ comment?: string }>();
  const [sending, setSending] = useState<'submit' | 'draft'>();
  const [notice, setNotice] = useState<VisibleNotice>();

  const start = async (draft: boolean): Promise<void> => {
    setNotice(undefined);
    // A comment over the limit is refused here with the length message, never cut.
    const valid = await form.validateFields().then(
      () => true,
      () => false,
    );
    if (!valid) return;
    setSending(draft ? 'draft' : 'submit');
    const comment = (form.getFieldValue('comment') as string | undefined)?.trim();
    const outcome = await startProcess(
      {
        definition_key: process.key,
        model,
        record_sid: recordSid,
        ...(draft && { draft }),
        ...(comment && { comment }),
      },
      { subCompanySid },
    );
    setSending(undefined);
    if (outcome.result !== RESULT_CODES.success) {
      setNotice(inlineNotice(outcome.error));
      // Someone started one meanwhile: the panel shows it.
      if (movedOn(outcome.error)) await onChanged();
      return;
    }
    void message.success(t(draft ? 'wfRun.draftSaved' : 'wfRun.started', { name: process.name }));
    onClose();
    await onChanged();
  };

  return (
    <Modal
      open
      title={t('wfRun.startTitle', { name: process.name })}
      onCancel={onClose}
      destroyOnHidden
      data-testid="wf-start-dialog"
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('model.cancel')}
        </Button>,
        <Button
          key="draft"
          loading={sending === 'draft'}
          disabled={sending === 'submit'}
          onClick={() => void start(true)}
          data-testid="wf-start-draft"
        >
          {t('wfRun.saveDraft')}
        </Button>,
        <Button
          key="submit"
          type="primary"
          loading={sending === 'submit'}
          disabled={sending === 'draft'}
          onClick={() => void start(false)}
          data-testid="wf-start-submit"
        >
          {t('wfRun.submit')}
        </Button>,
      ]}
    >
      <FormNotice notice={notice} testId="wf-start-error" />
      <Form form={form} layout="vertical" disabled={sending !== undefined}>
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
            data-testid="wf-start-comment"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
