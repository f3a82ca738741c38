// Fee records as users keep them: recording a payment needs its date and, for a rule fee paid late,
// gets the grace-period surcharge of its office's rules; deciding to abandon a fee marks it abandoned.
import {
  AppError,
  FEE_PACKS,
  col,
  feeModel,
  feeSchedule,
  pickFeePack,
  surchargeOn,
  tableOf,
  type RowOf,
} from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { ModelHooks } from '../../modules/models/hooks.js';
import { caseFacts, loadFacts } from './facts.js';

type FeeRow = RowOf<typeof feeModel>;

async function scheduledSurcharge(tx: Queryable, tenantSid: string, fee: FeeRow): Promise<number | undefined> {
  if (fee.origin !== 'rule' || !fee.fee_code || !fee.paid_date) return undefined;
  const [loaded] = await loadFacts(tx, tenantSid, [fee.patent]);
  const facts = loaded ? caseFacts(loaded.row, loaded.items) : undefined;
  const pack = facts ? pickFeePack(FEE_PACKS, facts.office) : undefined;
  if (!facts || !pack) return undefined;
  const claimCount = typeof loaded!.row.claim_count === 'number' ? loaded!.row.claim_count : undefined;
  const scheduled = feeSchedule(facts, pack, { claimCount }).find(
    (f) => f.feeCode === fee.fee_code && f.patentYear === Number(fee.patent_year),
  );
  return scheduled ? surchargeOn(scheduled, fee.paid_date).amount : undefined;
}

const SURCHARGE = col(feeModel, 'surcharge');
const SET_PAID = `UPDATE ${tableOf(feeModel)} SET ${col(feeModel, 'status')} = $3, ${SURCHARGE} = COALESCE($4, ${SURCHARGE})
  WHERE tenant_sid = $1 AND sid = $2`;

export const feeRecordHooks: ModelHooks<FeeRow> = {
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
    const status = abandonNow ? 'abandoned' : after.status;
    if (surcharge === undefined && status === after.status) return;
    await tx.query(SET_PAID, [principal.tenantSid, after.sid, status, surcharge ?? null]);
    return { ...after, status, surcharge: surcharge ?? after.surcharge };
  },
};
