// A fee record for a line of a case's fee schedule that has none — above all the grant-year annuity,
// paid with the registration formalities before the grant is announced, so its line is past by the time
// the grant date is entered and the recompute never stores it (fees whose grace ended are not stored).
// A docketing user records that payment: this makes the record (unpaid, as generated records start), the
// fee list's pay action then records the payment. The record stays and follows the case (compute.ts
// `past`), and the recompute never makes a second one. One transaction, audited.
import {
  AppError,
  FEE_PACKS,
  feeModel,
  feeSchedule,
  localizeFeeRow,
  newSid,
  pickFeePack,
  tableOf,
  type Language,
} from '@ipdesk/core';
import type { AccountsContext } from '../../modules/accounts/context.js';
import { audit } from '../../modules/accounts/context.js';
import type { Principal } from '../../http/context.js';
import { feeKey, feeTitle } from './compute.js';
import { caseFacts, loadFacts } from './facts.js';

export async function createFeeRecord(
  accounts: AccountsContext,
  input: { principal: Principal; patent: Record<string, unknown>; key: string; language: Language; requestId: string },
): Promise<Record<string, unknown>> {
  const { principal, patent } = input;
  const patentSid = String(patent.sid);
  const now = accounts.now();
  return accounts.db.transaction(async (tx) => {
    const [loaded] = await loadFacts(tx, principal.tenantSid, [patentSid]);
    const facts = loaded ? caseFacts(loaded.row, loaded.items) : undefined;
    const pack = facts ? pickFeePack(FEE_PACKS, facts.office) : undefined;
    const claimCount = typeof patent.claim_count === 'number' ? patent.claim_count : undefined;
    const line =
      facts && pack
        ? feeSchedule(facts, pack, { claimCount }).find((fee) => feeKey(fee.feeCode, fee.patentYear) === input.key)
        : undefined;
    if (!line || !facts) throw new AppError('feeLineNotFound');
    const existing = await tx.query<{ sid: string }>(
      `SELECT sid FROM ${tableOf(feeModel)} WHERE tenant_sid = $1 AND patent = $2 AND origin = 'rule' AND fee_code = $3
          AND coalesce(patent_year, 0) = $4 FOR UPDATE`,
      [principal.tenantSid, patentSid, line.feeCode, line.patentYear],
    );
    if (existing.length) throw new AppError('feeRecordExists');
    const sid = newSid();
    const [row] = await tx.query<Record<string, unknown>>(
      `INSERT INTO ${tableOf(feeModel)} (sid, tenant_sid, company_sid, created_at, created_by, updated_at, updated_by, version, custom,
         patent, title, patent_year, due_date, grace_end_date, base_amount, reduction_rate, amount, currency, status,
         office, origin, fee_code, fee_rule)
       VALUES ($1, $2, $3, $4, $5, $4, $5, 1, '{}'::jsonb, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'unpaid', $15, 'rule',
         $16, $17)
       RETURNING sid, version, patent, title, patent_year, due_date, grace_end_date, base_amount, reduction_rate, amount,
         currency, status, office, origin, fee_code, fee_rule`,
      [
        sid,
        principal.tenantSid,
        patent.company_sid ?? principal.tenantSid,
        now,
        principal.userSid,
        patentSid,
        feeTitle(line),
        line.patentYear || null,
        line.dueDate,
        line.graceEnds,
        line.baseAmount,
        line.reductionRate,
        line.amount,
        line.currency,
        facts.office,
        line.feeCode,
        line.ruleCode,
      ],
    );
    await audit(tx, {
      tenantSid: principal.tenantSid,
      actorSid: principal.userSid,
      action: 'fee.created',
      target: `fee:${sid}`,
      detail: { from_schedule: input.key, patent: patentSid },
      requestId: input.requestId,
      at: now,
    });
    return { ...row!, ...localizeFeeRow(row!, input.language) };
  });
}
