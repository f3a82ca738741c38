// A person's notification preferences (the preferences page): per event whether it shows in the inbox and
// how it is mailed (at once, in the daily digest, or not), and their settings — mail language, time zone,
// quiet hours and digest hour. Account events (MANDATORY_EVENTS) are always in the inbox and mailed at once:
// a request to change that is refused whole, naming the event.
import {
  AppError,
  LANGUAGES,
  MANDATORY_EVENTS,
  NOTIFICATION_EVENTS,
  notificationEventLabel,
  notificationGroup,
  type EmailMode,
  type Language,
  type NotificationEvent,
  type NotificationGroup,
} from '@ipdesk/core';
import type { Queryable, Database } from '../../db/database.js';
import type { RequestContext } from '../context.js';

export interface EventPreference {
  event: NotificationEvent;
  in_app: boolean;
  email: EmailMode;
}

export interface NotificationSettings {
  language: Language;
  /** IANA name (Asia/Shanghai). */
  time_zone: string;
  /** Local hours, both set or both null; from 22 to 7 spans midnight. */
  quiet_from: number | null;
  quiet_to: number | null;
  digest_hour: number;
}

export interface PreferencesAnswer {
  events: Array<EventPreference & { label: string; group: NotificationGroup; mandatory: boolean }>;
  settings: NotificationSettings;
}

export const DEFAULT_SETTINGS: NotificationSettings = {
  language: 'zh-CN',
  time_zone: 'Asia/Shanghai',
  quiet_from: null,
  quiet_to: null,
  digest_hour: 8,
};

/** Whether a time zone is one the runtime knows by its IANA name (no offsets, no abbreviations). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(name) || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export async function readPreferences(
  db: Queryable,
  ctx: Pick<RequestContext, 'principal' | 'language'>,
): Promise<PreferencesAnswer> {
  const userSid = ctx.principal.userSid;
  const stored = await db.query<{ event: string; in_app: boolean; email: EmailMode }>(
    'SELECT event, in_app, email FROM notification_preference WHERE user_sid = $1',
    [userSid],
  );
  const byEvent = new Map(stored.map((p) => [p.event, p]));
  const [settings] = await db.query<NotificationSettings>(
    'SELECT language, time_zone, quiet_from, quiet_to, digest_hour FROM notification_settings WHERE user_sid = $1',
    [userSid],
  );
  return {
    events: NOTIFICATION_EVENTS.map((event) => {
      const mandatory = MANDATORY_EVENTS.has(event);
      const own = byEvent.get(event);
      return {
        event,
        label: notificationEventLabel(event, ctx.language),
        group: notificationGroup(event),
        mandatory,
        in_app: mandatory || (own?.in_app ?? true),
        email: mandatory ? 'immediate' : (own?.email ?? 'immediate'),
      };
    }),
    settings: settings ?? { ...DEFAULT_SETTINGS, language: ctx.language },
  };
}

/** A mandatory event turned off, in-app or by mail (or sent to the digest): refused, naming it. */
function refuseMandatoryOff(events: readonly EventPreference[], language: Language): void {
  const off = events.find((p) => MANDATORY_EVENTS.has(p.event) && (!p.in_app || p.email !== 'immediate'));
  if (off)
    throw new AppError('notificationEventMandatory', {
      params: { event: notificationEventLabel(off.event, language) },
    });
}

/** Saves what is sent (events not named keep theirs; settings replace the stored ones), in one transaction. */
export async function savePreferences(
  db: Database,
  ctx: Pick<RequestContext, 'principal' | 'language'>,
  input: { events?: readonly EventPreference[]; settings?: NotificationSettings },
): Promise<PreferencesAnswer> {
  const events = input.events ?? [];
  refuseMandatoryOff(events, ctx.language);
  const userSid = ctx.principal.userSid;
  await db.transaction(async (tx) => {
    for (const p of events)
      await tx.query(
        `INSERT INTO notification_preference (user_sid, event, in_app, email) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_sid, event) DO UPDATE SET in_app = EXCLUDED.in_app, email = EXCLUDED.email`,
        [userSid, p.event, p.in_app, p.email],
      );
    if (input.settings) await writeSettings(tx, userSid, input.settings);
  });
  return readPreferences(db, ctx);
}

async function writeSettings(tx: Queryable, userSid: string, s: NotificationSettings): Promise<void> {
  await tx.query(
    `INSERT INTO notification_settings (user_sid, language, time_zone, quiet_from, quiet_to, digest_hour)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_sid) DO UPDATE SET language = EXCLUDED.language, time_zone = EXCLUDED.time_zone,
       quiet_from = EXCLUDED.quiet_from, quiet_to = EXCLUDED.quiet_to, digest_hour = EXCLUDED.digest_hour`,
    [userSid, s.language, s.time_zone, s.quiet_from, s.quiet_to, s.digest_hour],
  );
}

/**
 * The UI language switched: mail follows it. Only the language changes (a person without settings gets the
 * defaults with it); nothing is written when it is already so.
 */
export async function followUiLanguage(db: Queryable, userSid: string, language: Language): Promise<void> {
  if (!(LANGUAGES as readonly string[]).includes(language)) return;
  await db.query(
    `INSERT INTO notification_settings (user_sid, language) VALUES ($1, $2)
     ON CONFLICT (user_sid) DO UPDATE SET language = EXCLUDED.language
      WHERE notification_settings.language IS DISTINCT FROM EXCLUDED.language`,
    [userSid, language],
  );
}
