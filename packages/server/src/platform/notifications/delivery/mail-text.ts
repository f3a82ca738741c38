// The words of a notification mail and of the daily digest, in the recipient's language (texts in
// core/src/i18n/notification-delivery.*.ts). Plain text: every title and link is a line of its own.
import {
  NOTIFICATION_GROUPS,
  NOTIFICATION_PREFERENCES_PATH,
  notificationEventLabel,
  notificationGroup,
  translate,
  type Language,
  type MessageKey,
  type NotificationEvent,
} from '@ipdesk/core';
import type { RenderedNotification } from '../for-reader.js';
import { appUrl, type LinkContext } from './links.js';

export interface OutgoingText {
  subject: string;
  text: string;
}

function footer(ctx: LinkContext, language: Language): string {
  return `--\n${translate(language, 'notificationMail.preferences', { url: appUrl(ctx, NOTIFICATION_PREFERENCES_PATH) })}`;
}

/** One notification: its title as the subject and first line, the kind of event, the link (when visible). */
export function notificationMail(
  ctx: LinkContext,
  language: Language,
  event: NotificationEvent,
  rendered: RenderedNotification,
): OutgoingText {
  const lines = [
    rendered.title,
    '',
    translate(language, 'notificationMail.event', { event: notificationEventLabel(event, language) }),
  ];
  if (rendered.link) lines.push(translate(language, 'notificationMail.open', { url: appUrl(ctx, rendered.link) }));
  lines.push('', footer(ctx, language));
  return { subject: rendered.title, text: `${lines.join('\n')}\n` };
}

/** The day's notifications grouped as the preferences page groups events, oldest first in each group. */
export function digestMail(
  ctx: LinkContext,
  language: Language,
  items: ReadonlyArray<{ event: NotificationEvent; rendered: RenderedNotification }>,
): OutgoingText {
  const lines = [translate(language, 'notificationMail.digestIntro')];
  for (const group of NOTIFICATION_GROUPS) {
    const inGroup = items.filter((item) => notificationGroup(item.event) === group);
    if (!inGroup.length) continue;
    lines.push('', translate(language, `notificationMail.group.${group}` as MessageKey));
    for (const { rendered } of inGroup) {
      lines.push(`- ${rendered.title}`);
      if (rendered.link) lines.push(`  ${appUrl(ctx, rendered.link)}`);
    }
  }
  lines.push('', footer(ctx, language));
  return {
    subject: translate(language, 'notificationMail.digestSubject', { count: items.length }),
    text: `${lines.join('\n')}\n`,
  };
}
