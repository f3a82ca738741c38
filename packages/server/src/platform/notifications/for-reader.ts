// Notifications as one reader sees them now: each title rendered in their language with the record's title
// looked up through their rights at this moment (the inbox, a mail, the digest). A record they can no longer
// read, or whose title fields they may not see, reads as "(a record you cannot see)" and does not link.
import { notificationTitle, type Language, type NotificationEvent, type NotificationParams } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { Principal } from '../context.js';
import { lookupTitles } from '../models/reference-titles.js';
import type { ModelRegistry } from '../models/registry.js';

/** The columns of a notification (joined with its event) that rendering needs. */
export interface NotificationSource {
  event: NotificationEvent;
  model: string | null;
  record_sid: string | null;
  params: NotificationParams;
  link: string | null;
}

export interface RenderedNotification {
  title: string;
  /** Where it leads in the app, or null when the reader may not open the record (or there is none). */
  link: string | null;
  /** False when it is about a record the reader cannot read now. */
  recordVisible: boolean;
}

/** The app path of a record's page (the web's model pages route). */
export function recordPath(model: string, sid: string): string {
  return `/model/${model}/${sid}`;
}

export async function renderForReader(
  db: Queryable,
  registry: ModelRegistry,
  principal: Principal,
  language: Language,
  sources: readonly NotificationSource[],
): Promise<RenderedNotification[]> {
  const wanted = new Map<string, Set<string>>();
  for (const s of sources)
    if (s.model && s.record_sid && registry.get(s.model)) {
      const set = wanted.get(s.model) ?? new Set<string>();
      set.add(s.record_sid);
      wanted.set(s.model, set);
    }
  const titles = wanted.size ? await lookupTitles(db, registry, principal, language, wanted) : {};
  return sources.map((s) => {
    if (!s.model || !s.record_sid)
      return { title: notificationTitle(s.event, s.params, language), link: s.link, recordVisible: true };
    const title = titles[s.model]?.[s.record_sid] ?? null;
    const visible = title !== null;
    return {
      title: notificationTitle(s.event, s.params, language, visible ? { title } : { hidden: true }),
      link: visible ? (s.link ?? recordPath(s.model, s.record_sid)) : null,
      recordVisible: visible,
    };
  });
}
