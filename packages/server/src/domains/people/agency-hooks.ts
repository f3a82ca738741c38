// An agency's lifecycle rule that reads the database (spec §3/§4): an agency with agents whose login
// accounts are still open cannot be closed. Runs in the close action's transaction, on the agency row the
// action locked (FOR UPDATE): opening an agent's account takes a share lock on that row (accounts.ts), so
// no account opens while this counts.
import { AppError, agencyModel, agentModel, tableOf } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { ModelRegistry } from '../../platform/models/registry.js';

/** How many agents of the agency have an open login account. */
async function openAgentAccounts(tx: Queryable, tenantSid: string, agencySid: string): Promise<number> {
  const open = await tx.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM ${tableOf(agentModel)} a JOIN user_account u ON u.sid = a.account_user
      WHERE a.tenant_sid = $1 AND a.agency = $2 AND u.status = 1`,
    [tenantSid, agencySid],
  );
  return open[0]?.count ?? 0;
}

export function installAgencyHooks(registry: ModelRegistry): void {
  if (!registry.get(agencyModel.name) || !registry.get(agentModel.name)) return;
  registry.hooks.add(agencyModel, {
    async beforeAction(tx, { principal, action, before }) {
      if (action !== 'close') return;
      const count = await openAgentAccounts(tx, principal.tenantSid, before.sid);
      if (count > 0) throw new AppError('agencyHasOpenAccounts', { params: { count } });
    },
  });
}
