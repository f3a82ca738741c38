// "Recompute now" on a case: its deadlines, fees and expiry from the rules in force, in one transaction with
// the audit entry counting what changed. The route has checked the case is the caller's to see and update.
import { audit, type AccountsContext } from '../../modules/accounts/context.js';
import type { RequestContext } from '../../platform/context.js';
import { recomputeCases } from './recompute.js';
import type { SyncCounts } from './sync.js';

export async function recomputeCase(
  deps: { accounts: Pick<AccountsContext, 'db'>; timeZone: string },
  ctx: RequestContext,
  input: { sid: string },
): Promise<SyncCounts> {
  return deps.accounts.db.transaction(async (tx) => {
    const { counts } = await recomputeCases(tx, [input.sid], {
      tenantSid: ctx.tenantSid,
      now: ctx.now,
      timeZone: deps.timeZone,
      actorSid: ctx.userSid,
    });
    await audit(tx, {
      tenantSid: ctx.tenantSid,
      actorSid: ctx.userSid,
      action: 'patent.recomputed',
      target: `patent:${input.sid}`,
      detail: { ...counts },
      requestId: ctx.requestId,
      at: ctx.now,
    });
    return counts;
  });
}
