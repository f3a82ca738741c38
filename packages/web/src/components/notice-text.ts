// Turns a notice (an i18n key with params, or the server's own words) into the text to show.
import type { TFunction } from 'i18next';
import type { VisibleNotice } from '../api/failure';

export function noticeText(t: TFunction, notice: VisibleNotice): string {
  return notice.kind === 'server' ? notice.text : t(notice.key, notice.params);
}
