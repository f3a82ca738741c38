// Closing and reopening an agency (spec §3/§4): an agency with agents whose login accounts are still
// open cannot be closed; a closed (invalid) agency gets no new agent logins until it is reopened.
import { AppError, agencyModel, agentModel, tableOf } from '@ipdesk/core';
import { audit } from '../../modules/accounts/context.js';
import type { RecordRow } from '../../modules/models/records.js';
import { changesOf, lockRow, viewRow, visibleRecord, type PeopleContext } from './records.js';
import type { RequestContext } from '../../platform/context.js';

type AgencyStatus = 'valid' | 'invalid';

export async function setAgencyStatus(
  ctx: PeopleContext,
  { principal, requestId }: RequestContext,
  sid: string,
  status: AgencyStatus,
): Promise<RecordRow> {
  const view = await visibleRecord(ctx, principal, 'agency', sid);
  const tenantSid = principal.tenantSid;
  const now = ctx.accounts.now();
  return ctx.accounts.db.transaction(async (tx) => {
    const before = await lockRow<{ status: string; version: number }>(tx, view, tenantSid, sid, ['status', 'version']);
    if (before.status === status) throw new AppError('statusUnchanged');
    if (status === 'invalid') {
      // Opening an agent's account takes a share lock on the agency, so none opens while this counts.
      const open = await tx.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM ${tableOf(agentModel)} a JOIN user_account u ON u.sid = a.account_user
          WHERE a.tenant_sid = $1 AND a.agency = $2 AND u.status = 1`,
        [tenantSid, sid],
      );
      const count = open[0]?.count ?? 0;
      if (count > 0) throw new AppError('agencyHasOpenAccounts', { params: { count } });
    }
    await tx.query(
      `UPDATE ${tableOf(agencyModel)} SET status = $3, version = version + 1, updated_at = $4, updated_by = $5
        WHERE sid = $1 AND tenant_sid = $2`,
      [sid, tenantSid, status, now, principal.userSid],
    );
    await audit(tx, {
      tenantSid,
      actorSid: principal.userSid,
      action: status === 'invalid' ? 'agency.closed' : 'agency.reopened',
      target: `agency:${sid}`,
      detail: { changes: changesOf({ status: before.status }, { status }), version: before.version + 1 },
      requestId,
      at: now,
    });
    return viewRow(tx, view, tenantSid, sid);
  });
}
