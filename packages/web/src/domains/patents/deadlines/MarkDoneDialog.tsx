// Marking a deadline done: the deadline's "complete" lifecycle action (patent_task), completed on the date
// picked (today by default), with the version read, so a deadline changed meanwhile is not overwritten.
import { DatePicker, Form, Modal, type ButtonProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errors } from '@ipdesk/core';
import type { VisibleNotice } from '../../../api/failure';
import type { CaseDeadline } from '../../../api/patent-rules';
import { FormNotice } from '../../../components/FormNotice';
import { runActionOnRecord } from '../../../models/lifecycle/run-one';

interface Values {
  completed_on?: Dayjs | null;
}

export interface MarkDoneDialogProps {
  deadline: CaseDeadline;
  subCompanySid: string | undefined;
  onClose: () => void;
  /** After the action, or after a conflict so the list is read again. */
  onChanged: () => Promise<void>;
}

export function MarkDoneDialog({ deadline, subCompanySid, onClose, onChanged }: MarkDoneDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<VisibleNotice>();

  const submit = async (values: Values): Promise<void> => {
    setNotice(undefined);
    setSaving(true);
    const outcome = await runActionOnRecord(
      'patent_task',
      'complete',
      {
        sid: deadline.sid,
        version: deadline.version,
        values: { completed_on: (values.completed_on ?? dayjs()).format('YYYY-MM-DD') },
      },
      { subCompanySid },
    );
    setSaving(false);
    if (!outcome.ok) {
      setNotice(outcome.notice);
      if (outcome.code === errors.conflict.code) await onChanged();
      return;
    }
    await onChanged();
    onClose();
  };

  return (
    <Modal
      open
      title={t('patentDeadlines.markDoneTitle', { title: deadline.title })}
      okText={t('patentDeadlines.markDone')}
      cancelText={t('model.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'deadline-done-submit' } as ButtonProps}
      onOk={() => form.submit()}
      cancelButtonProps={{ disabled: saving }}
      onCancel={() => !saving && onClose()}
      maskClosable={false}
      destroyOnHidden
    >
      <FormNotice notice={notice} testId="deadline-done-error" />
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={saving}
        initialValues={{ completed_on: dayjs() }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="completed_on"
          label={t('patentDeadlines.completedOn')}
          rules={[{ required: true, message: t('patentDeadlines.completedOnRequired') }]}
        >
          <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" data-testid="deadline-done-date" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
