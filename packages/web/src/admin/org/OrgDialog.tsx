// The frame of the organisation's edit dialogs (company, department, move): OK runs the dialog's
// action, Cancel closes, and the server's refusal of the last attempt stands above the form.
import { Alert, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function OrgDialog({
  title,
  okText,
  okTestId,
  okDisabled,
  error,
  errorTestId,
  saving,
  onOk,
  onClose,
  children,
}: {
  title: string;
  okText: string;
  okTestId: string;
  okDisabled?: boolean;
  /** The refusal to show, if any. */
  error: string | undefined;
  errorTestId: string;
  saving: boolean;
  onOk: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('model.cancel')}
      onOk={onOk}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ disabled: okDisabled, 'data-testid': okTestId }}
      destroyOnHidden
    >
      {error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={<span data-testid={errorTestId}>{error}</span>}
        />
      )}
      {children}
    </Modal>
  );
}
