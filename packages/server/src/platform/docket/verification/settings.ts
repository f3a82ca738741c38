// The tenant's switch for deadline verification (dual docketing; docs/notifications.md "Deadline
// verification"), kept in tenant_notification_settings.verification_required. Switching it on flags the open
// deadlines entered by hand (or from a notice) that were never verified; switching it off clears every flag,
// so nothing is flagged, counted or refused while it is off. Both in the save's transaction, audited once.
import { AppError } from '@ipdesk/core';
import type { Queryable } from '../../../db/database.js';
import { audit, type AccountsContext } from '../../../modules/accounts/context.js';
import type { RequestContext } from '../../context.js';
import type { ModelRegistry, ResolvedModel } from '../../models/registry.js';

export interface DeadlineVerificationSetting {
  required: boolean;
  /** The settings row's version (0 before anything was saved): a save sends back the one it read. */
  version: number;
}

export async function readDeadlineVerification(db: Queryable, tenantSid: string): Promise<DeadlineVerificationSetting> {
  const [row] = await db.query<{ verification_required: boolean; version: number }>(
    'SELECT verification_required, verification_version AS version FROM tenant_notification_settings WHERE tenant_sid = $1',
    [tenantSid],
  );
  return { required: row?.verification_required ?? false, version: row ? Number(row.version) : 0 };
}

/** Whether the tenant asks for verification now (read in the caller's transaction). */
export async function verificationRequired(db: Queryable, tenantSid: string): Promise<boolean> {
  return (await readDeadlineVerification(db, tenantSid)).required;
}

/** A store's deadlines that came from a notice besides those made by hand (patent_task's `item`). */
function enteredByHand(store: ResolvedModel): string {
  return store.fields.has('item') ? `(t.origin = 'manual' OR t.item IS NOT NULL)` : `t.origin = 'manual'`;
}

/** Flags or clears every store's deadlines of the tenant: answers how many changed. */
async function applySwitch(tx: Queryable, registry: ModelRegistry, tenantSid: string, on: boolean): Promise<number> {
  let changed = 0;
  for (const store of registry.deadlineStores()) {
    if (on) {
      // Rule deadlines from before verification existed count as verified, as new ones are written.
      await tx.query(
        `UPDATE ${store.table} t SET verification = 'verified'
          WHERE t.tenant_sid = $1 AND t.verification IS NULL AND NOT ${enteredByHand(store)}`,
        [tenantSid],
      );
      // Who entered it, when unknown (entered before the field existed): who created it.
      const rows = await tx.query(
        `UPDATE ${store.table} t SET verification = 'unverified', entered_by = COALESCE(t.entered_by, t.created_by)
          WHERE t.tenant_sid = $1 AND t.verification IS NULL AND t.status = 'open' AND ${enteredByHand(store)}
          RETURNING 1`,
        [tenantSid],
      );
      changed += rows.length;
    } else {
      const rows = await tx.query(
        `UPDATE ${store.table} t SET verification = NULL
          WHERE t.tenant_sid = $1 AND t.verification = 'unverified' RETURNING 1`,
        [tenantSid],
      );
      changed += rows.length;
    }
  }
  return changed;
}

/** Switches verification on or off at the version the caller read (409000 when someone saved since). */
export async function updateDeadlineVerification(
  deps: { accounts: Pick<AccountsContext, 'db'>; registry: ModelRegistry },
  ctx: RequestContext,
  input: DeadlineVerificationSetting,
): Promise<DeadlineVerificationSetting> {
  return deps.accounts.db.transaction(async (tx) => {
    const [current] = await tx.query<{ verification_required: boolean; version: number }>(
      `SELECT verification_required, verification_version AS version
         FROM tenant_notification_settings WHERE tenant_sid = $1 FOR UPDATE`,
      [ctx.tenantSid],
    );
    if ((current ? Number(current.version) : 0) !== input.version) throw new AppError('conflict');
    // A first save races another first save on the key: the loser finds no row to answer and is a conflict.
    const [row] = current
      ? await tx.query<{ version: number }>(
          `UPDATE tenant_notification_settings SET verification_required = $2, verification_version = verification_version + 1
            WHERE tenant_sid = $1 RETURNING verification_version AS version`,
          [ctx.tenantSid, input.required],
        )
      : await tx.query<{ version: number }>(
          `INSERT INTO tenant_notification_settings (tenant_sid, verification_required, verification_version)
           VALUES ($1, $2, 1) ON CONFLICT (tenant_sid) DO NOTHING RETURNING verification_version AS version`,
          [ctx.tenantSid, input.required],
        );
    if (!row) throw new AppError('conflict');
    const was = current?.verification_required ?? false;
    const changed = was === input.required ? 0 : await applySwitch(tx, deps.registry, ctx.tenantSid, input.required);
    await audit(tx, {
      tenantSid: ctx.tenantSid,
      actorSid: ctx.userSid,
      action: 'tenant.deadline_verification_updated',
      detail: { required: input.required, was, deadlines_changed: changed },
      requestId: ctx.requestId,
      at: ctx.now,
    });
    return { required: input.required, version: Number(row.version) };
  });
}
