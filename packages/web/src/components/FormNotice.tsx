// A form's own message above its fields: why the last submit failed, or what just succeeded.
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VisibleNotice } from '../api/failure';
import { noticeText } from './notice-text';

export interface FormNoticeProps {
  notice: VisibleNotice | undefined;
  type?: 'error' | 'success' | 'info' | 'warning';
  testId?: string;
}

export function FormNotice({ notice, type = 'error', testId = 'form-error' }: FormNoticeProps) {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <Alert
      type={type}
      showIcon
      message={<span data-testid={testId}>{noticeText(t, notice)}</span>}
      style={{ marginBottom: 16 }}
    />
  );
}
