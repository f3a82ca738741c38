// Fee records as users keep them: a payment (the fee's pay action, which requires its date and amount)
// of a rule fee paid late gets the grace-period surcharge of its office's rules; abandoning a fee (its
// abandon action) records the decision to abandon it, and deciding to abandon by an edit is refused.
import {
  AppError,
  FEE_PACKS,
  col,
  feeModel,
  feeSchedule,
  labelIn,
  pickFeePack,
  surchargeOn,
  tableOf,
  translate,
  type RowOf,
} from '@ipdesk/core';
import type { Queryable } from '../../db/database.js';
import type { ModelHooks } from '../../platform/models/hooks.js';
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

const SET_SURCHARGE = `UPDATE ${tableOf(feeModel)} SET ${col(feeModel, 'surcharge')} = $3 WHERE tenant_sid = $1 AND sid = $2`;
const SET_DECISION = `UPDATE ${tableOf(feeModel)} SET ${col(feeModel, 'decision')} = $3 WHERE tenant_sid = $1 AND sid = $2`;

export const feeRecordHooks: ModelHooks<FeeRow> = {
  // The status moves only by the fee's lifecycle actions (pay, abandon): this completes what they leave.
  async afterWrite(tx, { principal, model, before, after, language }) {
    // Deciding to abandon is abandoning: only the action does it (with its reason and audit entry), so the
    // decision and the status never disagree. Maintaining stays a plain update.
    if (after.status === 'unpaid' && after.decision === 'abandon' && before?.decision !== 'abandon') {
      const decision = model.fields.get('decision');
      throw new AppError('fieldRule', {
        fields: [
          {
            field: 'decision',
            label: decision ? labelIn(decision.label, language) : 'decision',
            message: translate(language, 'validation.abandonByAction'),
          },
        ],
      });
    }
    const paidNow = after.status === 'paid' && before?.status !== 'paid';
    const abandonedNow = after.status === 'abandoned' && before?.status !== 'abandoned';
    if (abandonedNow && after.decision !== 'abandon') {
      // Abandoning is the decision too, as the fees tab shows it.
      await tx.query(SET_DECISION, [principal.tenantSid, after.sid, 'abandon']);
      return { ...after, decision: 'abandon' };
    }
    if (!paidNow || after.surcharge != null) return;
    const surcharge = await scheduledSurcharge(tx, principal.tenantSid, after);
    if (surcharge === undefined) return;
    await tx.query(SET_SURCHARGE, [principal.tenantSid, after.sid, surcharge]);
    return { ...after, surcharge };
  },
};
