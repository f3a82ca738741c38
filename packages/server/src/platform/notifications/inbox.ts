// The signed-in person's inbox (docs/notifications.md "Inbox, watching, preferences"): their own
// notifications only, newest first, paged by keyset on (created_at, sid) along notification_inbox_idx, each
// rendered in the caller's language through their rights now (renderForReader); the bell's unread count as
// one count over notification_unread_idx; marking read, which silently skips sids that are not theirs.
import {
  AppError,
  NOTIFICATION_EVENTS,
  notificationEventLabel,
  notificationGroup,
  SID_PATTERN,
  type InboxItem,
  type InboxPage,
  type NotificationEvent,
  type NotificationGroup,
  type NotificationParams,
} from '@ipdesk/core';
import type { Queryable, SqlValue } from '../../db/database.js';
import type { RequestContext } from '../context.js';
import type { ModelRegistry } from '../models/registry.js';
import { renderForReader } from './for-reader.js';

export const INBOX_PAGE_MAX = 100;
export const INBOX_PAGE_DEFAULT = 20;
/** At most this many sids in one "mark read" call (a page of the list, or the dropdown's ten). */
export const MARK_READ_MAX = 500;

export interface InboxDeps {
  db: Queryable;
  registry: ModelRegistry;
}

interface InboxRow {
  sid: string;
  event: NotificationEvent;
  created_at: Date;
  read_at: Date | null;
  cursor_at: string;
  model: string | null;
  record_sid: string | null;
  params: NotificationParams;
  link: string | null;
  actor_sid: string | null;
  actor_name: string | null;
  actor_english_name: string | null;
}

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The opaque cursor of a row: its created_at to the microsecond (UTC) and its sid. */
function encodeCursor(at: string, sid: string): string {
  return Buffer.from(JSON.stringify([at, sid])).toString('base64url');
}

/** A cursor comes from the client: anything but one of ours is a 400 (cursorInvalid), never a database error. */
function decodeCursor(cursor: string): { at: string; sid: string } {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('cursorInvalid');
  }
  if (!Array.isArray(value) || value.length !== 2) throw new AppError('cursorInvalid');
  const [at, sid] = value as unknown[];
  if (typeof at !== 'string' || !CURSOR_AT.test(at) || Number.isNaN(Date.parse(at)))
    throw new AppError('cursorInvalid');
  if (typeof sid !== 'string' || !SID_PATTERN.test(sid)) throw new AppError('cursorInvalid');
  return { at, sid };
}

export async function listInbox(
  deps: InboxDeps,
  ctx: Pick<RequestContext, 'principal' | 'language'>,
  input: { unread?: boolean; group?: NotificationGroup; before?: string; limit?: number },
): Promise<InboxPage> {
  const limit = Math.min(Math.max(input.limit ?? INBOX_PAGE_DEFAULT, 1), INBOX_PAGE_MAX);
  const { userSid, tenantSid } = ctx.principal;
  const values: SqlValue[] = [userSid, tenantSid];
  const where = ['n.recipient_sid = $1', 'n.tenant_sid = $2'];
  if (input.unread) where.push('n.read_at IS NULL');
  if (input.group) {
    values.push(NOTIFICATION_EVENTS.filter((event) => notificationGroup(event) === input.group));
    where.push(`n.event = ANY($${values.length}::text[])`);
  }
  if (input.before) {
    const cursor = decodeCursor(input.before);
    values.push(cursor.at, cursor.sid);
    where.push(`(n.created_at, n.sid) < ($${values.length - 1}::timestamptz, $${values.length})`);
  }
  const rows = await deps.db.query<InboxRow>(
    `SELECT n.sid, n.event, n.created_at, n.read_at,
            to_char(n.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_at,
            e.model, e.record_sid, e.params, e.link, e.actor_sid,
            a.name AS actor_name, a.english_name AS actor_english_name
       FROM notification n
       JOIN notification_event e ON e.sid = n.event_sid
       LEFT JOIN user_account a ON a.sid = e.actor_sid AND a.tenant_sid = n.tenant_sid
      WHERE ${where.join(' AND ')}
      ORDER BY n.created_at DESC, n.sid DESC
      LIMIT ${limit + 1}`,
    values,
  );
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const rendered = await renderForReader(deps.db, deps.registry, ctx.principal, ctx.language, page);
  const items = page.map((row, i): InboxItem => {
    const shown = rendered[i]!;
    const visible = shown.recordVisible && row.model !== null;
    return {
      sid: row.sid,
      event: row.event,
      event_label: notificationEventLabel(row.event, ctx.language),
      group: notificationGroup(row.event),
      title: shown.title,
      link: shown.link,
      model: visible ? row.model : null,
      record_sid: visible ? row.record_sid : null,
      actor_sid: row.actor_sid,
      actor_name: (ctx.language === 'en' && row.actor_english_name) || row.actor_name,
      created_at: row.created_at.toISOString(),
      read_at: row.read_at?.toISOString() ?? null,
    };
  });
  const last = page.at(-1);
  return { items, next: more && last ? encodeCursor(last.cursor_at, last.sid) : null };
}

/**
 * What the bell shows: one count over the partial index of unread rows. A user sid belongs to one tenant, so
 * the recipient alone keeps it to the caller's tenant, and no rights are loaded (the count names no record).
 */
export async function unreadCount(db: Queryable, userSid: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM notification WHERE recipient_sid = $1 AND read_at IS NULL',
    [userSid],
  );
  return row?.n ?? 0;
}

/**
 * Marks the caller's notifications read: the sids given (others' and unknown ones are skipped without a
 * word, so the answer reveals nothing about them) or all of them. Answers how many changed and the new count.
 */
export async function markRead(
  db: Queryable,
  ctx: Pick<RequestContext, 'principal' | 'now'>,
  input: { sids?: readonly string[]; all?: boolean },
): Promise<{ marked: number; unread: number }> {
  const { userSid, tenantSid } = ctx.principal;
  const values: SqlValue[] = [userSid, tenantSid, ctx.now];
  let which = '';
  if (!input.all) {
    if (!input.sids?.length) return { marked: 0, unread: await unreadCount(db, userSid) };
    values.push([...new Set(input.sids)]);
    which = 'AND sid = ANY($4::text[])';
  }
  const marked = await db.query(
    `UPDATE notification SET read_at = $3
      WHERE recipient_sid = $1 AND tenant_sid = $2 AND read_at IS NULL ${which}
      RETURNING sid`,
    values,
  );
  return { marked: marked.length, unread: await unreadCount(db, userSid) };
}
