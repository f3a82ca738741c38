// What the rules say a case should have: its deadlines (with the basis each was computed from), its
// fee schedule and its expiry — pure, from the case's facts, the packs and the tenant's calendars.
// What of it is stored is decided here too (see KEEP_OVERDUE_MONTHS).
import {
  addPeriod,
  computeDeadlines,
  feeSchedule,
  pickFeePack,
  pickPack,
  RULE_PACKS,
  FEE_PACKS,
  storedTitle,
  termEnd,
  toBasis,
  type CaseFacts,
  type DeadlineBasis,
  type OfficeCalendar,
  type RulePack,
  type FeeRulePack,
  type ScheduledFee,
} from '@ipdesk/core';

/**
 * Open deadlines that passed more than this long ago are not stored: after two years even the latest
 * restoration (CNR 6(1)) is out of reach, so for cases imported with a long history they would only
 * bury the deadlines that still matter.
 */
export const KEEP_OVERDUE_MONTHS = 24;

export interface DeadlinePlan {
  key: string;
  ruleCode: string;
  itemSid: string | null;
  title: string;
  dueDate: string;
  baseDate: string;
  unadjustedDate: string;
  packVersion: string;
  status: 'open' | 'done' | 'cancelled';
  basis: DeadlineBasis;
}

export interface FeePlan {
  key: string;
  fee: ScheduledFee;
  title: string;
  /**
   * Its grace ended before today: not inserted (paid or lost long ago), but a record that exists (made
   * on request, fee-records.ts) is kept and follows the case instead of being deleted as obsolete.
   */
  past?: true;
}

export interface CasePlan {
  deadlines: DeadlinePlan[];
  fees: FeePlan[];
  expiry: string | null;
}

export function deadlineKey(ruleCode: string, itemSid: string | null | undefined): string {
  return `${ruleCode}|${itemSid ?? ''}`;
}

export function feeKey(feeCode: string, year: number): string {
  return `${feeCode}|${year}`;
}

/** A fee's title as stored: both languages, for title searches; every output shows the reader's (titles.ts). */
export function feeTitle(fee: ScheduledFee): string {
  return storedTitle(fee.label, fee.patentYear);
}

/** The packs a computation uses: the built-in ones unless a caller (a benchmark, a test) passes its own. */
export interface Packs {
  deadlines: readonly RulePack[];
  fees: readonly FeeRulePack[];
}

export const BUILT_IN_PACKS: Packs = { deadlines: RULE_PACKS, fees: FEE_PACKS };

export function planCase(
  facts: CaseFacts,
  calendars: (office: string) => OfficeCalendar,
  today: string,
  claimCount?: number,
  packs: Packs = BUILT_IN_PACKS,
): CasePlan {
  const keepFrom = addPeriod(today, { months: -KEEP_OVERDUE_MONTHS });
  const deadlines: DeadlinePlan[] = [];
  const pack = pickPack(packs.deadlines, facts.office);
  if (pack) {
    for (const d of computeDeadlines(facts, pack, calendars(pack.calendarOffice))) {
      if (d.status === 'open' && d.dueDate < keepFrom) continue;
      deadlines.push({
        key: deadlineKey(d.ruleCode, d.triggerItemSid),
        ruleCode: d.ruleCode,
        itemSid: d.triggerItemSid ?? null,
        // Both languages, for title searches; every output shows the reader's language (titles.ts).
        title: storedTitle(d.label),
        dueDate: d.dueDate,
        baseDate: d.baseDate,
        unadjustedDate: d.unadjustedDate,
        packVersion: d.packVersion,
        status: d.status,
        basis: toBasis(d),
      });
    }
  }
  const fees: FeePlan[] = [];
  const feePack = pickFeePack(packs.fees, facts.office);
  if (feePack) {
    for (const fee of feeSchedule(facts, feePack, { claimCount })) {
      // Fees whose grace ended before today were paid or lost long ago: not inserted (the schedule view
      // shows them), yet a record made on request stays.
      const plan: FeePlan = { key: feeKey(fee.feeCode, fee.patentYear), fee, title: feeTitle(fee) };
      if (fee.graceEnds < today) plan.past = true;
      fees.push(plan);
    }
  }
  return { deadlines, fees, expiry: termEnd(facts) ?? null };
}
