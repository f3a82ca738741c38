// Fee records: a scheduled fee as the firm tracks it (unpaid, paid with its payment, or abandoned when
// the client lets the right lapse). Recording a payment prices the surcharge for its date and tells
// whether the payment came too late to keep the right.
import type { IsoDate } from '../period.js';
import { surchargeOn } from './surcharge.js';
import type { Currency, ScheduledFee } from './types.js';

export const FEE_STATUSES = ['unpaid', 'paid', 'abandoned'] as const;
export type FeeStatus = (typeof FEE_STATUSES)[number];

export interface FeePayment {
  date: IsoDate;
  /** Amount paid to the office, fee and surcharge together, in the record's currency. */
  amount: number;
  /** Office receipt or transaction number. */
  reference?: string;
}

export interface FeeRecord {
  feeCode: string;
  ruleCode: string;
  patentYear: number;
  dueDate: IsoDate;
  graceEnds: IsoDate;
  /** Payable on time, after reduction. */
  amount: number;
  currency: Currency;
  reductionRate: number;
  /** Surcharge owed with the payment (0 until paid late). */
  surcharge: number;
  status: FeeStatus;
  payment?: FeePayment;
  /** Set with status 'abandoned': the date the decision not to pay was recorded. */
  abandonedOn?: IsoDate;
}

export function feeRecord(fee: ScheduledFee): FeeRecord {
  return {
    feeCode: fee.feeCode,
    ruleCode: fee.ruleCode,
    patentYear: fee.patentYear,
    dueDate: fee.dueDate,
    graceEnds: fee.graceEnds,
    amount: fee.amount,
    currency: fee.currency,
    reductionRate: fee.reductionRate,
    surcharge: 0,
    status: 'unpaid',
  };
}

export interface PaymentOutcome {
  /** Paid when the payment covers fee and surcharge within the grace period; else still unpaid. */
  record: FeeRecord;
  lapsed: boolean;
  /** Fee plus surcharge still missing (0 when the payment covers both). */
  shortfall: number;
}

/** Record a payment of `fee`; the surcharge is the one for the payment date (surchargeOn). */
export function recordPayment(fee: ScheduledFee, payment: FeePayment): PaymentOutcome {
  const outcome = surchargeOn(fee, payment.date);
  const due = fee.amount + outcome.amount;
  // Compare in minor units: amounts are already rounded, the sum of two may carry float noise.
  const shortfall = outcome.lapsed ? 0 : Math.max(0, Math.round((due - payment.amount) * 100) / 100);
  const record: FeeRecord = {
    ...feeRecord(fee),
    surcharge: outcome.amount,
    status: outcome.lapsed || shortfall > 0 ? 'unpaid' : 'paid',
    payment,
  };
  return { record, lapsed: outcome.lapsed, shortfall };
}

/** Mark a record abandoned: the client decided not to pay, so the right lapses with this fee. */
export function abandonFee(record: FeeRecord, on: IsoDate): FeeRecord {
  return { ...record, status: 'abandoned', abandonedOn: on };
}
