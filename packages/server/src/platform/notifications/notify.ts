// Queuing a notification in the transaction of its cause (the outbox; docs/notifications.md): one
// notification_event, one inbox row per person told, and the deliveries their preferences ask for (e-mail
// at once or in the digest) plus the tenant's webhook. Nothing is sent here: delivery jobs lease the
// delivery rows after the commit. A person is told only of a record they may read as they are now (the
// record's view right and data scope), and never of their own action.
import {
  MANDATORY_EVENTS,
  modelResourceCode,
  newSid,
  type NotificationEvent,
  type NotificationParams,
} from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { loadAccess } from '../../modules/rbac/access.js';
import type { Principal } from '../context.js';
import type { ModelRegistry, ResolvedModel } from '../models/registry.js';
import { scopeCondition } from '../models/scope.js';
import { SqlParams } from '../models/sql-params.js';

export interface NotificationInput {
  tenantSid: string;
  event: NotificationEvent;
  /** The record it is about: only people who may read it are told, and the notification opens it. */
  record?: { model: string; sid: string };
  /**
   * Another record whose data the notification shows (a deadline's title and due date, told about its case):
   * only people who may read it too are told.
   */
  alsoReadable?: { model: string; sid: string };
  /** People told by their user sid (an assignee, the starter of a process, the account's owner). */
  to?: readonly string[];
  /** Also tell the record's responsible people (its model's `responsible` fields). */
  responsible?: boolean;
  /** Also tell the people watching the record. */
  watchers?: boolean;
  /** Who caused it: shown in the text where the event names an actor, and not told of it. */
  actorSid?: string | null;
  params?: NotificationParams;
  /** Where the notification leads in the app (a path under the app's base); default the record's page. */
  link?: string | null;
  /** Once per tenant: a second notification with the same key is not queued (a reminder per lead time). */
  dedupeKey?: string;
  now: Date;
}

export interface QueuedNotification {
  eventSid: string;
  /** The people told, after the visibility filter. */
  recipients: string[];
}

export interface NotifyDeps {
  /** The models a record may be of; needed only for a notification about a record (account notices have none). */
  registry?: ModelRegistry;
  /**
   * Recipients' principals already loaded, by user sid, kept by a caller that queues many notifications at
   * once (a batch's records, the reminder run) so each person's roles are read once, not once per notification.
   */
  principals?: Map<string, Principal>;
}

/** The user sids a record's responsible fields hold (a person reference counts as that person's account). */
async function responsibleUsers(
  tx: Queryable,
  model: ResolvedModel,
  tenantSid: string,
  sid: string,
): Promise<string[]> {
  const names = model.declaration.responsible ?? [];
  if (!names.length) return [];
  const [row] = await tx.query<Record<string, unknown>>(
    `SELECT ${names.map((n) => `t.${n}`).join(', ')} FROM ${model.table} t WHERE t.sid = $1 AND t.tenant_sid = $2`,
    [sid, tenantSid],
  );
  if (!row) return [];
  const users: string[] = [];
  const persons: string[] = [];
  for (const name of names) {
    const values = [row[name] ?? []].flat().filter((v): v is string => typeof v === 'string' && v !== '');
    if (model.fields.get(name)?.declaration?.kind === 'user') users.push(...values);
    else persons.push(...values);
  }
  if (persons.length) {
    const accounts = await tx.query<{ account_user: string }>(
      'SELECT account_user FROM m_person WHERE tenant_sid = $1 AND sid = ANY($2::text[]) AND account_user IS NOT NULL',
      [tenantSid, persons],
    );
    users.push(...accounts.map((a) => a.account_user));
  }
  return users;
}

/** A recipient as the permission checks see them: their roles as they are now, no sub-company chosen. */
export async function recipientPrincipal(
  tx: Queryable,
  registry: ModelRegistry,
  user: { sid: string; tenant_sid: string; side: 1 | 2; is_tenant_admin: boolean },
): Promise<Principal> {
  const subject = {
    userSid: user.sid,
    tenantSid: user.tenant_sid,
    side: user.side,
    isTenantAdmin: user.is_tenant_admin,
  };
  const access = await loadAccess(tx, registry.resources, subject);
  return { ...subject, sessionSid: '', companySid: undefined, passwordChangeRequired: false, access };
}

/** Whether this person may read the record now: the model's view right and their data scope. */
export async function mayRead(
  tx: Queryable,
  principal: Principal,
  model: ResolvedModel,
  recordSid: string,
): Promise<boolean> {
  if (!principal.access.resources.has(modelResourceCode(model.name, 'view'))) return false;
  const params = new SqlParams([recordSid]);
  const where = scopeCondition(principal, model, params);
  const rows = await tx.query(`SELECT 1 FROM ${model.table} t WHERE t.sid = $1 AND ${where}`, params.values as never);
  return rows.length > 0;
}

interface RecipientRow {
  sid: string;
  tenant_sid: string;
  side: 1 | 2;
  is_tenant_admin: boolean;
  in_app: boolean | null;
  email: 'off' | 'immediate' | 'digest' | null;
  address: string | null;
}

export async function queueNotification(
  tx: Queryable,
  deps: NotifyDeps,
  input: NotificationInput,
): Promise<QueuedNotification | undefined> {
  const model = input.record ? deps.registry?.get(input.record.model) : undefined;
  if (input.record && !model) throw new Error(`notification about unknown model ${input.record.model}`);
  const shown = input.alsoReadable ? deps.registry?.get(input.alsoReadable.model) : undefined;
  if (input.alsoReadable && !shown) throw new Error(`notification showing unknown model ${input.alsoReadable.model}`);

  const wanted = new Set(input.to ?? []);
  if (model && input.record && input.responsible)
    for (const sid of await responsibleUsers(tx, model, input.tenantSid, input.record.sid)) wanted.add(sid);
  if (input.record && input.watchers) {
    const watchers = await tx.query<{ user_sid: string }>(
      'SELECT user_sid FROM record_watch WHERE tenant_sid = $1 AND model = $2 AND record_sid = $3',
      [input.tenantSid, input.record.model, input.record.sid],
    );
    for (const w of watchers) wanted.add(w.user_sid);
  }
  if (input.actorSid) wanted.delete(input.actorSid);
  if (!wanted.size) return undefined;

  // Active people of the tenant, with their preference for this event.
  const candidates = await tx.query<RecipientRow>(
    `SELECT u.sid, u.tenant_sid, u.user_type_client AS side, u.is_tenant_admin, p.in_app, p.email, u.email AS address
       FROM user_account u
       LEFT JOIN notification_preference p ON p.user_sid = u.sid AND p.event = $3
      WHERE u.tenant_sid = $1 AND u.sid = ANY($2::text[]) AND u.status = 1
      ORDER BY u.sid`,
    [input.tenantSid, [...wanted], input.event],
  );
  const recipients: RecipientRow[] = [];
  for (const candidate of candidates) {
    if (deps.registry && (model || shown)) {
      let principal = deps.principals?.get(candidate.sid);
      if (!principal) {
        principal = await recipientPrincipal(tx, deps.registry, candidate);
        deps.principals?.set(candidate.sid, principal);
      }
      if (model && input.record && !(await mayRead(tx, principal, model, input.record.sid))) continue;
      if (shown && input.alsoReadable && !(await mayRead(tx, principal, shown, input.alsoReadable.sid))) continue;
    }
    recipients.push(candidate);
  }
  if (!recipients.length) return undefined;

  const eventSid = newSid();
  const inserted = await tx.query<{ sid: string }>(
    `INSERT INTO notification_event (sid, tenant_sid, event, model, record_sid, actor_sid, params, link, dedupe_key, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (tenant_sid, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
     RETURNING sid`,
    [
      eventSid,
      input.tenantSid,
      input.event,
      input.record?.model ?? null,
      input.record?.sid ?? null,
      input.actorSid ?? null,
      JSON.stringify(input.params ?? {}),
      input.link ?? null,
      input.dedupeKey ?? null,
      input.now,
    ],
  );
  if (!inserted.length) return undefined;

  // The inbox rows, then the deliveries (and the tenant's webhook) in one statement each: a batch action of a
  // thousand records writes three statements per record, not one per person and channel.
  const mandatory = MANDATORY_EVENTS.has(input.event);
  const rows = recipients.map((r) => {
    const email = mandatory ? 'immediate' : (r.email ?? 'immediate');
    return {
      sid: newSid(),
      recipient: r.sid,
      // In-app off: the notification is still listed, as read, so the bell does not count it.
      unread: mandatory || r.in_app !== false,
      channel: email === 'off' || !r.address ? null : email === 'digest' ? 'digest' : 'email',
    };
  });
  await tx.query(
    `INSERT INTO notification (sid, tenant_sid, event_sid, recipient_sid, event, created_at, read_at)
     SELECT x.sid, $1::text, $2::text, x.recipient, $3::text, $4::timestamptz, CASE WHEN x.unread THEN NULL ELSE $4::timestamptz END
       FROM unnest($5::text[], $6::text[], $7::boolean[]) AS x(sid, recipient, unread)`,
    [
      input.tenantSid,
      eventSid,
      input.event,
      input.now,
      rows.map((r) => r.sid),
      rows.map((r) => r.recipient),
      rows.map((r) => r.unread),
    ],
  );
  const mailed = rows.filter((r) => r.channel !== null);
  await tx.query(
    `INSERT INTO notification_delivery (tenant_sid, event_sid, notification_sid, channel, available_at, created_at)
     SELECT $1::text, $2::text, x.sid, x.channel, $3::timestamptz, $3::timestamptz
       FROM unnest($4::text[], $5::text[]) AS x(sid, channel)
     UNION ALL
     SELECT $1::text, $2::text, NULL, 'webhook', $3::timestamptz, $3::timestamptz FROM tenant_notification_settings
      WHERE tenant_sid = $1 AND webhook_url IS NOT NULL`,
    [input.tenantSid, eventSid, input.now, mailed.map((r) => r.sid), mailed.map((r) => r.channel)],
  );
  return { eventSid, recipients: recipients.map((r) => r.sid) };
}
