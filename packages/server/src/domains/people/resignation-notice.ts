// Who is told when someone resigns (resignation_notice_setting): the handover person (on unless
// turned off), the tenant's administrators, and up to 20 further addresses. A tenant without a row
// has the defaults. Saving takes the `updated_at` the caller read (null: the defaults, nothing saved yet), so
// an administrator's save never silently overwrites another's made meanwhile (409000).
import { AppError } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import { audit } from '../../modules/accounts/context.js';
import type { PeopleContext } from './records.js';
import { unchangedSince } from '../../db/setting-version.js';
import type { RequestContext } from '../../platform/context.js';

export interface ResignationNotice {
  notify_handover: boolean;
  notify_admins: boolean;
  extra_recipients: string[];
}

/** The settings as read: with when they were last saved (null: never, the defaults). */
export interface SavedResignationNotice extends ResignationNotice {
  updated_at: Date | null;
}

export const MAX_EXTRA_RECIPIENTS = 20;

export const DEFAULT_RESIGNATION_NOTICE: ResignationNotice = {
  notify_handover: true,
  notify_admins: false,
  extra_recipients: [],
};

const COLUMNS = `notify_handover, notify_admins, extra_recipients,
  date_trunc('milliseconds', updated_at) AS updated_at`;

export async function resignationNotice(db: Queryable, tenantSid: string): Promise<SavedResignationNotice> {
  const rows = await db.query<SavedResignationNotice>(
    `SELECT ${COLUMNS} FROM resignation_notice_setting WHERE tenant_sid = $1`,
    [tenantSid],
  );
  return rows[0] ?? { ...DEFAULT_RESIGNATION_NOTICE, extra_recipients: [], updated_at: null };
}

/** Each address once (case aside), in the given order. */
export function uniqueAddresses(addresses: readonly string[]): string[] {
  const seen = new Set<string>();
  return addresses.filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Saves the settings (addresses already checked; repeated ones kept once, in the given order). */
export async function updateResignationNotice(
  deps: Pick<PeopleContext, 'accounts'>,
  { principal, requestId, now }: RequestContext,
  input: ResignationNotice & { updated_at: string | null },
): Promise<SavedResignationNotice> {
  const extra = uniqueAddresses(input.extra_recipients);
  return deps.accounts.db.transaction(async (tx) => {
    const before = await resignationNotice(tx, principal.tenantSid);
    // Saved only over the row the caller read: a first save finds none (a concurrent first save makes
    // this one meet its row, whose time the caller did not read), a later one the same time.
    const rows = await tx.query<SavedResignationNotice>(
      `INSERT INTO resignation_notice_setting AS s (tenant_sid, notify_handover, notify_admins, extra_recipients, updated_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (tenant_sid) DO UPDATE
         SET notify_handover = EXCLUDED.notify_handover, notify_admins = EXCLUDED.notify_admins,
             extra_recipients = EXCLUDED.extra_recipients, updated_at = EXCLUDED.updated_at
         WHERE ${unchangedSince('s', '$6')}
       RETURNING ${COLUMNS}`,
      [principal.tenantSid, input.notify_handover, input.notify_admins, extra, now, input.updated_at],
    );
    const after = rows[0];
    if (!after) throw new AppError('conflict');
    await audit(tx, {
      tenantSid: principal.tenantSid,
      actorSid: principal.userSid,
      action: 'resignation_notice.updated',
      target: 'setting:resignation_notice',
      detail: { before, after },
      requestId,
      at: now,
    });
    return after;
  });
}
