// An agency's own actions on the detail page: close a valid agency, reopen a closed one (agency:update).
// The server refuses closing while agents of the agency have open accounts; the dialog shows its words.
import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { closeAgency, reopenAgency } from '../../api/people';
import { abilitiesOf } from '../../models/schema';
import { ConfirmAction } from './ConfirmAction';
import { recordName } from './record-name';
import { mayUse, useHeldResources } from './resources';
import type { DetailActionProps } from './types';

export function AgencyActions(props: DetailActionProps) {
  const { schema, record, subCompanySid, onChanged } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const held = useHeldResources();
  if (!abilitiesOf(schema).update || !mayUse(held, 'agency:update')) return null;
  const name = recordName(props);

  if (record.status === 'valid')
    return (
      <ConfirmAction
        label={t('peopleAction.closeAgency')}
        icon={<StopOutlined />}
        danger
        title={t('peopleAction.closeAgencyTitle', { name })}
        content={t('peopleAction.closeAgencyContent')}
        okText={t('peopleAction.closeAgencySubmit')}
        run={() => closeAgency(record.sid, { subCompanySid })}
        onDone={async () => {
          void message.success(t('peopleAction.agencyClosed'));
          await onChanged();
        }}
        testId="close-agency"
      />
    );
  if (record.status === 'invalid')
    return (
      <ConfirmAction
        label={t('peopleAction.reopenAgency')}
        icon={<CheckCircleOutlined />}
        title={t('peopleAction.reopenAgencyTitle', { name })}
        content={t('peopleAction.reopenAgencyContent')}
        okText={t('peopleAction.reopenAgency')}
        run={() => reopenAgency(record.sid, { subCompanySid })}
        onDone={async () => {
          void message.success(t('peopleAction.agencyReopened'));
          await onChanged();
        }}
        testId="reopen-agency"
      />
    );
  return null;
}
