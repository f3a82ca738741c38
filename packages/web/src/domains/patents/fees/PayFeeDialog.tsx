// Recording a payment of a fee: the date paid, the amount and the payment reference, sent as the fee's
// pay action (it becomes paid) with the version read. The server's field errors show beside the fields;
// a fee changed meanwhile is read again.
import { DatePicker, Form, Input, InputNumber, Modal, type ButtonProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES, errors } from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../../../api/failure';
import { runRecordAction } from '../../../api/model';
import type { StoredFee } from '../../../api/patent-rules';
import { FormNotice } from '../../../components/FormNotice';
import { useServerFieldErrors } from '../../../components/field-errors';
import { paymentData, suggestedPayment } from './fee-rules';
import { lengthCount, maxLengthRule } from '../../../components/length-limit';

interface Values {
  paid_date?: Dayjs | null;
  paid_amount?: number | null;
  payment_reference?: string;
}

const REFERENCE_MAX = 128;
const AMOUNT_MAX = 1e9;

export interface PayFeeDialogProps {
  fee: StoredFee;
  /** The fee's name as the schedule shows it. */
  label: string;
  subCompanySid: string | undefined;
  onClose: () => void;
  onChanged: () => Promise<void>;
}

export function PayFeeDialog({ fee, label, subCompanySid, onClose, onChanged }: PayFeeDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const placeFieldErrors = useServerFieldErrors(form);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<VisibleNotice>();

  const submit = async (values: Values): Promise<void> => {
    setNotice(undefined);
    setSaving(true);
    const outcome = await runRecordAction(
      'fee',
      'pay',
      {
        sids: [fee.sid],
        versions: { [fee.sid]: fee.version },
        values: paymentData({
          paid_date: (values.paid_date ?? dayjs()).format('YYYY-MM-DD'),
          paid_amount: values.paid_amount ?? 0,
          payment_reference: values.payment_reference,
        }),
      },
      { silent: true, subCompanySid },
    );
    setSaving(false);
    if (outcome.result !== RESULT_CODES.success) {
      placeFieldErrors(outcome.error, ['paid_date', 'paid_amount', 'payment_reference']);
      setNotice(inlineNotice(outcome.error));
      return;
    }
    // The fee's own refusal (its status, a stale version, a value the action refuses), in the server's words.
    const refused = outcome.data.data.results.find((result) => result.outcome === 'refused');
    if (refused?.outcome === 'refused') {
      setNotice({ kind: 'server', text: refused.message });
      if (refused.code === errors.conflict.code) await onChanged();
      return;
    }
    await onChanged();
    onClose();
  };

  return (
    <Modal
      open
      title={t('patentFees.payTitle', { fee: label })}
      okText={t('patentFees.paySubmit')}
      cancelText={t('model.cancel')}
      okButtonProps={{ loading: saving, 'data-testid': 'fee-pay-submit' } as ButtonProps}
      onOk={() => form.submit()}
      cancelButtonProps={{ disabled: saving }}
      onCancel={() => !saving && onClose()}
      maskClosable={false}
      destroyOnHidden
    >
      <FormNotice notice={notice} testId="fee-pay-error" />
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={saving}
        initialValues={{ paid_date: dayjs(), paid_amount: suggestedPayment(fee) }}
        onFinish={(values) => void submit(values)}
        data-testid="fee-pay-form"
      >
        <Form.Item
          name="paid_date"
          label={t('patentFees.paidDate')}
          rules={[{ required: true, message: t('patentFees.paidDateRequired') }]}
        >
          <DatePicker style={{ width: '100%' }} format="YYYY-MM-DD" data-testid="fee-pay-date" />
        </Form.Item>
        <Form.Item
          name="paid_amount"
          label={t('patentFees.paidAmount', { currency: fee.currency ?? '' })}
          rules={[{ required: true, message: t('patentFees.paidAmountRequired') }]}
        >
          <InputNumber<number>
            style={{ width: '100%' }}
            min={0}
            max={AMOUNT_MAX}
            precision={2}
            data-testid="fee-pay-amount"
          />
        </Form.Item>
        <Form.Item
          name="payment_reference"
          label={t('patentFees.paymentReference')}
          rules={[maxLengthRule(REFERENCE_MAX, t)]}
        >
          <Input count={lengthCount(REFERENCE_MAX)} data-testid="fee-pay-reference" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
