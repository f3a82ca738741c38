// Login-account buttons of a person or an agent: "Open login account" while the record has none (and is
// still valid), "Close login account" while it has one, with its lock state, Unlock and Reset password. Shown to holders of <model>:account (or when the
// held resources are not known; the server decides).
import { LockOutlined, UserAddOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeAccount, type AccountModel, type OpenAccountAnswer } from '../../api/people';
import { ConfirmAction } from './ConfirmAction';
import { InitialPasswordDialog, OpenAccountDialog } from './OpenAccountDialog';
import { AccountSecurity } from './AccountSecurity';
import { accountState } from './rules';
import type { DetailActionProps } from './types';

export interface AccountActionsProps extends DetailActionProps {
  target: AccountModel;
  /** The status value of a record that may not have an account opened (resigned, invalid). */
  invalidStatus: string;
  name: string;
}

export function AccountActions({ target, invalidStatus, name, record, subCompanySid, onChanged }: AccountActionsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [opening, setOpening] = useState(false);
  const [opened, setOpened] = useState<OpenAccountAnswer>();
  const state = accountState(record, invalidStatus);

  return (
    <>
      {state.canOpen && (
        <Button icon={<UserAddOutlined />} onClick={() => setOpening(true)} data-testid="open-account">
          {t('peopleAction.openAccount')}
        </Button>
      )}
      {typeof record.account_user === 'string' && record.account_user !== '' && (
        <AccountSecurity userSid={record.account_user} name={name} />
      )}
      {state.canClose && (
        <ConfirmAction
          label={t('peopleAction.closeAccount')}
          icon={<LockOutlined />}
          danger
          title={t('peopleAction.closeAccountTitle', { name })}
          content={t('peopleAction.closeAccountContent')}
          okText={t('peopleAction.close')}
          run={() => closeAccount(target, record.sid, { subCompanySid })}
          onDone={async () => {
            void message.success(t('peopleAction.accountClosed'));
            await onChanged();
          }}
          testId="close-account"
        />
      )}
      {opening && (
        <OpenAccountDialog
          target={target}
          record={record}
          title={t('peopleAction.openAccountTitle', { name })}
          subCompanySid={subCompanySid}
          onClose={() => setOpening(false)}
          onOpened={(answer) => {
            setOpening(false);
            setOpened(answer);
            void message.success(t('peopleAction.accountOpened'));
            void onChanged();
          }}
        />
      )}
      {opened && <InitialPasswordDialog answer={opened} onClose={() => setOpened(undefined)} />}
    </>
  );
}
