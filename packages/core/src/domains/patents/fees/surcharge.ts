// Late payment: the surcharge bands of a scheduled fee's grace period, and what a payment on a given
// date costs. A payment after the grace period does not keep the right (CNR 115, 35 USC 41(b),
// EPC R 51(2), JP Art 112(4)): it is reported as lapsed, with no surcharge to pay.
import type { IsoDate } from '../period.js';
import { plusDays, plusMonths } from './day-math.js';
import { shareOf } from './money.js';
import type { Currency, ScheduledFee, ScheduledSurcharge, SurchargeRule } from './types.js';

interface SurchargeInputs {
  dueDate: IsoDate;
  graceEnds: IsoDate;
  baseAmount: number;
  fixedSurcharge?: number;
}

/**
 * The bands with a charge, in date order. Rates apply to the full fee before reduction: the CN
 * Guidelines (V-9 §2.2.1.3) compute the late fee on the full annuity, and the reductions of
 * 财税〔2016〕78号 do not extend to surcharges. Month bands count from the due date each time (not
 * chained), so a 31 January due date gives 29 February, 31 March, 30 April … as month ends.
 */
export function buildSurcharges(rule: SurchargeRule, fee: SurchargeInputs, currency: Currency): ScheduledSurcharge[] {
  const { dueDate, graceEnds } = fee;
  if (graceEnds <= dueDate) return [];
  const dayAfterDue = plusDays(dueDate, 1);
  switch (rule.kind) {
    case 'rate':
      return [
        {
          from: dayAfterDue,
          to: graceEnds,
          amount: shareOf(fee.baseAmount, rule.rate, currency),
          rate: rule.rate,
          kind: 'rate',
        },
      ];
    case 'fixed':
      return [{ from: dayAfterDue, to: graceEnds, amount: fee.fixedSurcharge ?? 0, rate: 0, kind: 'fixed' }];
    case 'monthly': {
      const bands: ScheduledSurcharge[] = [];
      let from = dayAfterDue;
      for (let month = 1; month <= rule.rates.length; month++) {
        const monthEnd = plusMonths(dueDate, month);
        const to = month === rule.rates.length || monthEnd > graceEnds ? graceEnds : monthEnd;
        const rate = rule.rates[month - 1] ?? 0;
        if (rate > 0) bands.push({ from, to, amount: shareOf(fee.baseAmount, rate, currency), rate, kind: 'rate' });
        if (to >= graceEnds) break;
        from = plusDays(to, 1);
      }
      return bands;
    }
  }
}

export interface SurchargeOutcome {
  /** Surcharge payable with the fee on that date (0 when on time or lapsed). */
  amount: number;
  rate: number;
  /** Paid after the due date. */
  late: boolean;
  /** Paid after the grace period: the right is lost (subject to restoration), the payment does not keep it. */
  lapsed: boolean;
  /** Paid before the window opens (US, EP): the office does not accept it yet. */
  early: boolean;
}

/**
 * What paying `fee` on `paymentDate` costs on top of the fee. The date is compared with the legal due
 * date; when a due date or grace end falls on a closed day and the office accepts the next working day,
 * the caller passes the date the payment counts for.
 */
export function surchargeOn(fee: ScheduledFee, paymentDate: IsoDate): SurchargeOutcome {
  const late = paymentDate > fee.dueDate;
  const lapsed = paymentDate > fee.graceEnds;
  const early = fee.windowOpens !== undefined && paymentDate < fee.windowOpens;
  if (late && !lapsed) {
    for (const band of fee.surcharges) {
      if (band.from <= paymentDate && paymentDate <= band.to) {
        return { amount: band.amount, rate: band.rate, late, lapsed, early };
      }
    }
  }
  return { amount: 0, rate: 0, late, lapsed, early };
}
