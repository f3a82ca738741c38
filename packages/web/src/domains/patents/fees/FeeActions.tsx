// What a user does with an unpaid fee record: record its payment (the pay action, a dialog), decide to
// maintain the right (an update of the record's decision with the version read), or abandon the fee (the
// abandon action: its warning and a reason, in the generic action dialog). Each is offered only to those
// who may do it.
import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { updateRecord, type ModelSchema } from '../../../api/model';
import type { StoredFee } from '../../../api/patent-rules';
import { ActionDialog } from '../../../models/lifecycle/ActionDialog';
import { offeredFeeActions } from './fee-rules';
import { PayFeeDialog } from './PayFeeDialog';

export interface FeeActionsProps {
  /** The fee model's schema: its abilities and lifecycle say what the reader may do. */
  schema: ModelSchema;
  fee: StoredFee;
  label: string;
  /** Distinguishes this fee's buttons: the patent year on schedule lines, the sid on other fees. */
  testKey: string;
  subCompanySid: string | undefined;
  onChanged: () => Promise<void>;
}

export function FeeActions({ schema, fee, label, testKey, subCompanySid, onChanged }: FeeActionsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [paying, setPaying] = useState(false);
  const [abandoning, setAbandoning] = useState(false);
  const [deciding, setDeciding] = useState(false);
  const offered = offeredFeeActions(schema);

  const maintain = async (): Promise<void> => {
    setDeciding(true);
    const outcome = await updateRecord(
      'fee',
      { sid: fee.sid, version: fee.version, data: { decision: 'maintain' } },
      { subCompanySid },
    );
    setDeciding(false);
    // A failure has been shown by the request layer; a conflict needs the current version anyway.
    await onChanged();
    if (outcome.result === RESULT_CODES.success) void message.success(t('patentFees.decided'));
  };

  const decisions = [
    ...(offered.maintain
      ? [
          {
            key: 'maintain',
            label: <span data-testid={`fee-maintain-${testKey}`}>{t('patentFees.decision.maintain')}</span>,
            disabled: fee.decision === 'maintain',
          },
        ]
      : []),
    ...(offered.abandon
      ? [
          {
            key: 'abandon',
            label: <span data-testid={`fee-abandon-${testKey}`}>{t('patentFees.decision.abandon')}</span>,
            danger: true,
          },
        ]
      : []),
  ];

  return (
    <Space size={4}>
      {offered.pay && (
        <Button size="small" type="primary" onClick={() => setPaying(true)} data-testid={`fee-pay-${testKey}`}>
          {t('patentFees.pay')}
        </Button>
      )}
      {decisions.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: decisions,
            onClick: ({ key }) => (key === 'abandon' ? setAbandoning(true) : void maintain()),
          }}
        >
          <Button size="small" loading={deciding} data-testid={`fee-decide-${testKey}`}>
            {t('patentFees.decide')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
      {paying && (
        <PayFeeDialog
          fee={fee}
          label={label}
          subCompanySid={subCompanySid}
          onClose={() => setPaying(false)}
          onChanged={onChanged}
        />
      )}
      {abandoning && offered.abandon && (
        <ActionDialog
          schema={schema}
          action={offered.abandon}
          targets={[{ sid: fee.sid, version: fee.version, title: label }]}
          subCompanySid={subCompanySid}
          onClose={() => setAbandoning(false)}
          onRan={async (run) => {
            await onChanged();
            if (run.done) void message.success(t('patentFees.decided'));
          }}
        />
      )}
    </Space>
  );
}
