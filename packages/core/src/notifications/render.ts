// A notification's one-line title in the reader's language, from its event and kept parameters. The
// record's title is given by the caller as the reader may see it (looked up through their rights at read
// or mail time); a record they can no longer read reads as "a record you cannot see".
import { translate, type Language, type MessageKey } from '../i18n/index.js';
import { labelIn } from '../models/define.js';
import type { NotificationEvent, NotificationParams } from './events.js';

export interface NotificationRecordTitle {
  /** The record's title for this reader; `hidden` when they may not read it now; absent when there is no record. */
  title?: string | null;
  hidden?: boolean;
}

export function notificationTitle(
  event: NotificationEvent,
  params: NotificationParams,
  language: Language,
  record: NotificationRecordTitle = {},
): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined) values[name] = '';
    else if (typeof value === 'object') values[name] = labelIn(value, language);
    else values[name] = value;
  }
  values.record = record.hidden ? translate(language, 'notification.recordHidden') : (record.title ?? '');
  return translate(language, `notification.title.${event}` as MessageKey, values).replace(/ · $/, '');
}

export function notificationEventLabel(event: NotificationEvent, language: Language): string {
  return translate(language, `notification.event.${event}` as MessageKey);
}
