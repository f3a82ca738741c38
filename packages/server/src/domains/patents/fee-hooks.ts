// Fee records as users keep them: recording a payment needs its date and, for a rule fee paid late,
// gets the grace-period surcharge of its office's rules; deciding to abandon a fee marks it abandoned.
import { AppError, FEE_PACKS, feeSchedule, pickFeePack, surchargeOn } from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { ModelHooks, RecordRow } from '../../modules/models/hooks.js';
import { caseFacts, loadFacts } from './facts.js';

async function scheduledSurcharge(tx: Queryable, tenantSid: string, fee: RecordRow): Promise<number | undefined> {
  if (fee.origin !== 'rule' || !fee.fee_code || !fee.paid_date) return undefined;
  const [loaded] = await loadFacts(tx, tenantSid, [String(fee.patent)]);
  const facts = loaded ? caseFacts(loaded.row, loaded.items) : undefined;
  const pack = facts ? pickFeePack(FEE_PACKS, facts.office) : undefined;
  if (!facts || !pack) return undefined;
  const claimCount = typeof loaded!.row.claim_count === 'number' ? loaded!.row.claim_count : undefined;
  const scheduled = feeSchedule(facts, pack, { claimCount }).find(
    (f) => f.feeCode === fee.fee_code && f.patentYear === Number(fee.patent_year),
  );
  return scheduled ? surchargeOn(scheduled, String(fee.paid_date)).amount : undefined;
}

export const feeRecordHooks: ModelHooks = {
  async afterWrite(tx, { principal, before, after }) {
    const paidNow = after.status === 'paid' && before?.status !== 'paid';
    const abandonNow = after.decision === 'abandon' && before?.decision !== 'abandon' && after.status === 'unpaid';
    if (!paidNow && !abandonNow) return;
    if (paidNow && !after.paid_date) {
      throw new AppError('validation', {
        issues: [{ field: 'paid_date', labelKey: 'field.paidDate', messageKey: 'validation.paidDateRequired' }],
      });
    }
    const surcharge =
      paidNow && after.surcharge == null ? await scheduledSurcharge(tx, principal.tenantSid, after) : undefined;
    const status = abandonNow ? 'abandoned' : String(after.status);
    if (surcharge === undefined && status === after.status) return;
    await tx.query(
      'UPDATE m_fee SET status = $3, surcharge = COALESCE($4, surcharge) WHERE tenant_sid = $1 AND sid = $2',
      [principal.tenantSid, String(after.sid), status, surcharge ?? null],
    );
    return { ...after, status, surcharge: surcharge ?? after.surcharge };
  },
};
