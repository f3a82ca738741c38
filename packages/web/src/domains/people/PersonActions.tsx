// A person's own actions on the detail page: the login account (open, close) and, while active, the
// resignation. All are guarded by person:account.
import { LogoutOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountActions } from './AccountActions';
import { ResignDialog } from './ResignDialog';
import { mayUse, useHeldResources } from './resources';
import { recordName } from './record-name';
import type { DetailActionProps } from './types';

export function PersonActions(props: DetailActionProps) {
  const { record, subCompanySid, onChanged } = props;
  const { t } = useTranslation();
  const { message } = App.useApp();
  const held = useHeldResources();
  const [resigning, setResigning] = useState(false);
  if (!mayUse(held, 'person:account')) return null;
  const name = recordName(props);

  return (
    <>
      <AccountActions {...props} target="person" invalidStatus="resigned" name={name} />
      {record.status === 'active' && (
        <Button danger icon={<LogoutOutlined />} onClick={() => setResigning(true)} data-testid="resign">
          {t('peopleAction.resign')}
        </Button>
      )}
      {resigning && (
        <ResignDialog
          record={record}
          title={t('peopleAction.resignTitle', { name })}
          subCompanySid={subCompanySid}
          onClose={() => setResigning(false)}
          onChanged={onChanged}
          onResigned={() => {
            setResigning(false);
            void message.success(t('peopleAction.resigned'));
            void onChanged();
          }}
        />
      )}
    </>
  );
}
