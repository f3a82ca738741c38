// {webapi} the signed-in person's notifications (docs/api.md "Notifications"): the inbox and its unread
// count, marking read, preferences, following the UI language, and watching a record. The bell's calls are
// silent (a failed poll is not worth a message); the pages' calls show failures as every page does.
import type { EmailMode, InboxPage, Language, NotificationEvent, NotificationGroup } from '@ipdesk/core';

export type { InboxItem, InboxPage } from '@ipdesk/core';
import type { RequestResult } from './call';
import type { DataEnvelope } from './model';
import { request } from './request';

export interface InboxQuery {
  unread?: boolean;
  group?: NotificationGroup;
  before?: string;
  limit?: number;
}

export interface EventPreference {
  event: NotificationEvent;
  in_app: boolean;
  email: EmailMode;
}

export interface NotificationSettings {
  language: Language;
  time_zone: string;
  quiet_from: number | null;
  quiet_to: number | null;
  digest_hour: number;
}

export interface Preferences {
  events: Array<EventPreference & { label: string; group: NotificationGroup; mandatory: boolean }>;
  settings: NotificationSettings;
}

const BASE = '/webapi/notifications';

export function fetchInbox(query: InboxQuery, silent = false): Promise<RequestResult<DataEnvelope<InboxPage>>> {
  return request({
    url: BASE,
    query: {
      unread: query.unread ? 'true' : undefined,
      group: query.group,
      before: query.before,
      limit: query.limit,
    },
    silent,
  });
}

export function fetchUnreadCount(): Promise<RequestResult<DataEnvelope<{ unread: number }>>> {
  return request({ url: `${BASE}/unread-count`, silent: true });
}

export function markRead(
  which: { sids: string[] } | { all: true },
): Promise<RequestResult<DataEnvelope<{ marked: number; unread: number }>>> {
  return request({ url: `${BASE}/read`, method: 'POST', body: which });
}

export function fetchPreferences(): Promise<RequestResult<DataEnvelope<Preferences>>> {
  return request({ url: `${BASE}/preferences` });
}

/** Refusals (a mandatory event turned off, a bad time zone) are shown by the page beside the form (silent). */
export function savePreferences(input: {
  events?: EventPreference[];
  settings?: NotificationSettings;
}): Promise<RequestResult<DataEnvelope<Preferences>>> {
  return request({ url: `${BASE}/preferences`, method: 'PUT', body: input, silent: true });
}

/** The UI language switched: notification mails follow it (best effort, silent). */
export function followLanguage(language: Language): Promise<RequestResult<unknown>> {
  return request({ url: `${BASE}/language`, method: 'POST', body: { language }, silent: true });
}

const watchUrl = (verb: 'watch' | 'unwatch', model: string, sid: string) =>
  `/webapi/model/${encodeURIComponent(model)}/do/${verb}/${encodeURIComponent(sid)}`;

export function fetchWatching(model: string, sid: string): Promise<RequestResult<DataEnvelope<{ watching: boolean }>>> {
  return request({ url: watchUrl('watch', model, sid), silent: true });
}

export function setWatching(
  model: string,
  sid: string,
  watching: boolean,
): Promise<RequestResult<DataEnvelope<{ watching: boolean }>>> {
  return request({ url: watchUrl(watching ? 'watch' : 'unwatch', model, sid), method: 'POST', body: {} });
}
