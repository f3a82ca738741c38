// What the organisation page's writes share: the words for a refused write (a stale version said
// plainly), a dialog's save state, and deleting a company or department after a confirmation.
import type { TFunction } from 'i18next';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import type { RequestResult } from '../../api/call';
import type { RequestFailure } from '../../api/failure';
import type { DataEnvelope } from '../../api/model';
import { failureText, isConflict } from '../roles/feedback';

/** The server's refusal in words; "changed by someone else" for a stale version. */
export function refusalText(t: TFunction, failure: RequestFailure): string {
  return isConflict(failure) ? t('adminOrg.conflict') : failureText(t, failure);
}

/** A dialog's write: whether it is on its way and the refusal of the last attempt. */
export function useDialogSave() {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  /** Sends the write: its answer's data when saved, else undefined with the refusal shown. */
  const save = async <T>(send: () => Promise<RequestResult<DataEnvelope<T>>>): Promise<T | undefined> => {
    setSaving(true);
    const outcome = await send();
    setSaving(false);
    if (outcome.result === RESULT_CODES.success) return outcome.data.data;
    setError(refusalText(t, outcome.error));
    return undefined;
  };

  return { saving, error, clearError: () => setError(undefined), save };
}

/** Asks before deleting; once deleted says so and runs `onDeleted`, else shows the server's words. */
export function useConfirmDelete() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  return (options: {
    title: string;
    content: string;
    remove: () => Promise<RequestResult<unknown>>;
    onDeleted: () => unknown;
  }): void => {
    modal.confirm({
      title: options.title,
      content: options.content,
      okText: t('adminOrg.delete'),
      okButtonProps: { danger: true },
      cancelText: t('model.cancel'),
      onOk: async () => {
        const outcome = await options.remove();
        if (outcome.result !== RESULT_CODES.success) {
          void message.error(failureText(t, outcome.error));
          return;
        }
        void message.success(t('adminOrg.deleted'));
        await options.onDeleted();
      },
    });
  };
}
