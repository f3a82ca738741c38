// A form's message in plain elements, for the sign-in page (which loads without antd): the same text
// and test ids as FormNotice, announced to screen readers as it appears.
import { useTranslation } from 'react-i18next';
import type { VisibleNotice } from '../api/failure';
import { noticeText } from './notice-text';

export interface PlainNoticeProps {
  notice: VisibleNotice | undefined;
  type?: 'error' | 'success';
  testId?: string;
}

export function PlainNotice({ notice, type = 'error', testId = 'form-error' }: PlainNoticeProps) {
  const { t } = useTranslation();
  if (!notice) return null;
  return (
    <div className={`plain-notice plain-notice-${type}`} role={type === 'error' ? 'alert' : 'status'}>
      <span data-testid={testId}>{noticeText(t, notice)}</span>
    </div>
  );
}
