// What a user who may update fees does with an unpaid fee record: record its payment (a dialog), or
// decide to maintain the right or to abandon it (abandoning asks first). Decisions are generic updates
// of the record's decision with the version read.
import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Space, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { updateRecord } from '../../../api/model';
import type { StoredFee } from '../../../api/patent-rules';
import { PayFeeDialog } from './PayFeeDialog';

export interface FeeActionsProps {
  fee: StoredFee;
  label: string;
  /** Distinguishes this fee's buttons: the patent year on schedule lines, the sid on other fees. */
  testKey: string;
  subCompanySid: string | undefined;
  onChanged: () => Promise<void>;
}

export function FeeActions({ fee, label, testKey, subCompanySid, onChanged }: FeeActionsProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [paying, setPaying] = useState(false);
  const [deciding, setDeciding] = useState(false);

  const decide = async (decision: 'maintain' | 'abandon'): Promise<void> => {
    setDeciding(true);
    const outcome = await updateRecord(
      'fee',
      { sid: fee.sid, version: fee.version, data: { decision } },
      { subCompanySid },
    );
    setDeciding(false);
    // A failure has been shown by the request layer; a conflict needs the current version anyway.
    await onChanged();
    if (outcome.result === RESULT_CODES.success) void message.success(t('patentFees.decided'));
  };

  const onDecision = (decision: 'maintain' | 'abandon'): void => {
    if (decision === 'maintain') {
      void decide(decision);
      return;
    }
    modal.confirm({
      title: t('patentFees.abandonTitle', { fee: label }),
      content: t('patentFees.abandonContent'),
      okText: t('patentFees.decision.abandon'),
      okButtonProps: { danger: true, 'data-testid': `fee-abandon-ok-${testKey}` } as ButtonProps,
      cancelText: t('model.cancel'),
      onOk: () => decide(decision),
    });
  };

  return (
    <Space size={4}>
      <Button size="small" type="primary" onClick={() => setPaying(true)} data-testid={`fee-pay-${testKey}`}>
        {t('patentFees.pay')}
      </Button>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'maintain',
              label: <span data-testid={`fee-maintain-${testKey}`}>{t('patentFees.decision.maintain')}</span>,
              disabled: fee.decision === 'maintain',
            },
            {
              key: 'abandon',
              label: <span data-testid={`fee-abandon-${testKey}`}>{t('patentFees.decision.abandon')}</span>,
              danger: true,
              disabled: fee.decision === 'abandon',
            },
          ],
          onClick: ({ key }) => onDecision(key === 'abandon' ? 'abandon' : 'maintain'),
        }}
      >
        <Button size="small" loading={deciding} data-testid={`fee-decide-${testKey}`}>
          {t('patentFees.decide')} <DownOutlined />
        </Button>
      </Dropdown>
      {paying && (
        <PayFeeDialog
          fee={fee}
          label={label}
          subCompanySid={subCompanySid}
          onClose={() => setPaying(false)}
          onChanged={onChanged}
        />
      )}
    </Space>
  );
}
