// A deadline entered or changed by hand (or created from a notice) waits for a second person: its entered_by
// becomes the person who did it, any earlier verification is forgotten, and, while the tenant asks for
// verification, it is flagged unverified and the people who may verify it are told once (deadline.unverified).
import { actionResourceCode } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import type { ModelRegistry, ResolvedModel } from '../../models/registry.js';
import { queueNotification } from '../../notifications/notify.js';
import { verificationRequired } from './settings.js';

export interface EnteredDeadlines {
  tenantSid: string;
  store: ResolvedModel;
  sids: readonly string[];
  /** Who entered them; null (a system write) stops nobody from verifying. */
  enteredBy: string | null;
  now: Date;
}

/**
 * The active users whose roles grant verifying this store's deadlines. Tenant administrators, who may do
 * everything, are not told of every deadline; they see the count on the home page like everyone.
 */
export async function verifiersOf(tx: Queryable, tenantSid: string, store: string): Promise<string[]> {
  const rows = await tx.query<{ user_sid: string }>(
    `SELECT DISTINCT ur.user_sid
       FROM user_role ur
       JOIN role r ON r.sid = ur.role_sid
       JOIN role_resource rr ON rr.role_sid = r.sid
       JOIN user_account u ON u.sid = ur.user_sid
      WHERE r.tenant_sid = $1 AND r.status = 1 AND rr.resource_code = $2 AND u.status = 1
        AND r.platform = u.user_type_client
      ORDER BY ur.user_sid`,
    [tenantSid, actionResourceCode(store, 'verify')],
  );
  return rows.map((r) => r.user_sid);
}

/** Marks the deadlines as entered by hand, in the caller's transaction; answers the sids flagged unverified. */
export async function markEntered(
  tx: Queryable,
  deps: { registry: ModelRegistry },
  input: EnteredDeadlines,
): Promise<string[]> {
  if (!input.sids.length) return [];
  const required = await verificationRequired(tx, input.tenantSid);
  const rows = await tx.query<{
    sid: string;
    title: string;
    due_date: string;
    version: number;
    verification: string | null;
  }>(
    `UPDATE ${input.store.table} t
        SET verification = CASE WHEN $3::boolean AND t.status = 'open' THEN 'unverified' END,
            entered_by = $4, verified_by = NULL, verified_at = NULL
      WHERE t.tenant_sid = $1 AND t.sid = ANY($2::text[])
      RETURNING t.sid, t.title, t.due_date::text AS due_date, t.version, t.verification`,
    [input.tenantSid, input.sids, required, input.enteredBy],
  );
  const flagged = rows.filter((r) => r.verification === 'unverified');
  if (!flagged.length) return [];
  const verifiers = await verifiersOf(tx, input.tenantSid, input.store.name);
  for (const row of flagged)
    await queueNotification(tx, deps, {
      tenantSid: input.tenantSid,
      event: 'deadline.unverified',
      record: { model: input.store.name, sid: row.sid },
      to: verifiers,
      actorSid: input.enteredBy,
      params: { deadline: row.title, due: row.due_date },
      // Once each time it becomes unverified: the version it was entered at tells the times apart.
      dedupeKey: `deadline.unverified:${input.store.name}:${row.sid}:${row.version}`,
      now: input.now,
    });
  return flagged.map((r) => r.sid);
}
