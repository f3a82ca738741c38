// A button whose action needs a confirmation (closing an account, closing or reopening an agency): the
// dialog says what will happen, runs the call, and keeps the server's refusal inside the dialog (e.g.
// "agents still have open accounts") instead of closing on it.
import { Alert, Button, Modal, Typography, type ButtonProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RESULT_CODES } from '@ipdesk/core';
import { inlineNotice, type VisibleNotice } from '../../api/failure';
import type { RequestResult } from '../../api/call';
import { noticeText } from '../../components/notice-text';

export interface ConfirmActionProps {
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  title: string;
  content: string;
  okText: string;
  /** The call; on success the dialog closes and onDone runs. */
  run: () => Promise<RequestResult<unknown>>;
  onDone: () => Promise<void> | void;
  testId: string;
  buttonProps?: ButtonProps;
}

export function ConfirmAction(props: ConfirmActionProps) {
  const { label, icon, danger, title, content, okText, run, onDone, testId } = props;
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<VisibleNotice>();

  const confirm = async (): Promise<void> => {
    setBusy(true);
    setNotice(undefined);
    const outcome = await run();
    setBusy(false);
    if (outcome.result !== RESULT_CODES.success) {
      setNotice(inlineNotice(outcome.error));
      return;
    }
    setOpen(false);
    await onDone();
  };

  return (
    <>
      <Button
        danger={danger}
        icon={icon}
        onClick={() => {
          setNotice(undefined);
          setOpen(true);
        }}
        data-testid={testId}
        {...props.buttonProps}
      >
        {label}
      </Button>
      <Modal
        open={open}
        title={<span data-testid={`${testId}-title`}>{title}</span>}
        okText={okText}
        cancelText={t('model.cancel')}
        okButtonProps={{ danger, loading: busy, 'data-testid': `${testId}-ok` } as ButtonProps}
        cancelButtonProps={{ disabled: busy }}
        onOk={() => void confirm()}
        onCancel={() => !busy && setOpen(false)}
        maskClosable={!busy}
        destroyOnHidden
      >
        <Typography.Paragraph>{content}</Typography.Paragraph>
        {notice && (
          <Alert type="error" showIcon message={<span data-testid={`${testId}-error`}>{noticeText(t, notice)}</span>} />
        )}
      </Modal>
    </>
  );
}
