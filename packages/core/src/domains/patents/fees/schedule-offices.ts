// When each office's fees fall due: CN annuities from the grant year, US maintenance stages after
// grant, EP renewal years while pending, JP annuities from registration. Amounts and sources come from
// the prepared pack; every loop stops at `limit` (term end, end of the case, or the caller's horizon).
import type { CaseFacts, EntitySize } from '../case-facts.js';
import type { IsoDate, Period } from '../period.js';
import { makeFee, rowFor, type PreparedRule } from './compile.js';
import { plusDays, plusMonths, yearNumberAt } from './day-math.js';
import type { ScheduledFee } from './types.js';

export interface ScheduleContext {
  facts: CaseFacts;
  /** Filing date the patent years count from (term.ts termStart). */
  start: IsoDate;
  /** Length of the term in years. */
  termYears: number;
  /** No fee due after this date. */
  limit: IsoDate;
  claimCount: number;
}

function afterPeriod(date: IsoDate, period: Period): IsoDate {
  const moved = plusMonths(date, (period.years ?? 0) * 12 + (period.months ?? 0), period.endOfMonth ?? false);
  return period.days ? plusDays(moved, period.days) : moved;
}

/** CN reduction share as recorded on the case, when it is a usable share (0.85 or 0.7 in practice). */
function cnReduction(facts: CaseFacts): number {
  const rate = facts.feeReduction;
  return rate !== undefined && rate > 0 && rate < 1 ? rate : 0;
}

/**
 * CN: patent year N runs from the (N−1)th filing-date anniversary and its annuity is due on that
 * anniversary (CNR 115). Only granted cases get annuities: the grant year's is paid with the
 * registration formalities (CNR 114; 2 months from receipt of the grant notice, a deadline of its own),
 * so it is shown due on the grant date with no grace, non-payment meaning the right is deemed waived.
 * Before grant nothing is scheduled. The reduction covers `reduction.years` years from the grant year.
 */
export function scheduleCn(rule: PreparedRule, ctx: ScheduleContext): ScheduledFee[] {
  if (rule.rule.scheme !== 'cn_annuity') return [];
  const { facts, start, limit } = ctx;
  const grant = facts.grantDate;
  if (grant === undefined) return [];
  const grantYear = yearNumberAt(start, grant);
  if (grantYear < 1) return [];
  const reduction = cnReduction(facts);
  const reducedUntil = grantYear + rule.rule.reduction.years - 1;
  const fees: ScheduledFee[] = [];
  for (let year = grantYear; year <= ctx.termYears; year++) {
    const atGrant = year === grantYear;
    const dueDate = atGrant ? grant : plusMonths(start, (year - 1) * 12);
    if (dueDate > limit) break;
    const amount = rowFor(rule, year, dueDate);
    if (!amount) continue;
    fees.push(
      makeFee(rule, {
        year,
        dueDate,
        graceEnds: atGrant ? dueDate : plusMonths(dueDate, rule.rule.grace.months, rule.rule.grace.endOfMonth),
        baseAmount: amount.row.amount,
        reductionRate: year <= reducedUntil ? reduction : 0,
        source: amount.source,
      }),
    );
  }
  return fees;
}

/**
 * US: stage N is due 3.5 / 7.5 / 11.5 years after grant, may be paid from 3 / 7 / 11 years, and
 * within 6 months after the due date with the surcharge; unpaid, the patent expires at the end of the
 * grace period. Small / micro entities pay the office's tabulated tier amounts.
 */
export function scheduleUs(rule: PreparedRule, ctx: ScheduleContext): ScheduledFee[] {
  if (rule.rule.scheme !== 'us_maintenance') return [];
  const grant = ctx.facts.grantDate;
  if (grant === undefined) return [];
  const entity: EntitySize = ctx.facts.entitySize ?? 'large';
  const fees: ScheduledFee[] = [];
  for (const stage of rule.rule.stages) {
    const dueDate = afterPeriod(grant, stage.due);
    if (dueDate > ctx.limit) break;
    const amount = rowFor(rule, stage.stage, dueDate);
    if (!amount) continue;
    const { row } = amount;
    const tierAmount = entity === 'large' ? row.amount : row.tierAmounts?.[entity];
    fees.push(
      makeFee(rule, {
        year: stage.stage,
        dueDate,
        windowOpens: afterPeriod(grant, stage.windowOpens),
        graceEnds: plusMonths(dueDate, rule.rule.grace.months, rule.rule.grace.endOfMonth),
        baseAmount: row.amount,
        reductionRate: entity === 'large' ? 0 : rule.rule.tierReduction[entity],
        ...(tierAmount !== undefined ? { amount: tierAmount } : {}),
        fixedSurcharge: row.fixedSurcharge?.[entity] ?? 0,
        source: amount.source,
      }),
    );
  }
  return fees;
}

/**
 * EP: renewal year N (from 3) is due on the last day of the month of the (N−1)th filing anniversary
 * (R 51(1)) and may be paid up to 3 months before (6 for the first renewal year). The EPO collects it
 * for every year that has begun by the mention of grant (the year of the mention included, Guide
 * ga_d_ix); later years go to the national offices. Euro-PCT: a fee falling due before 31 months from
 * priority is due at 31 months (R 159(1)(g)); its grace is then counted as plain months from that date
 * (an assumption: J 4/91's month-end reading is for month-end due dates).
 */
export function scheduleEp(rule: PreparedRule, ctx: ScheduleContext): ScheduledFee[] {
  const r = rule.rule;
  if (r.scheme !== 'ep_renewal') return [];
  const { facts, start, limit } = ctx;
  const grant = facts.grantDate;
  const euroPctFloor =
    facts.route === 'pct_national' ? plusMonths(facts.priorityDate ?? start, r.euroPctMonths) : undefined;
  const fees: ScheduledFee[] = [];
  for (let year = r.firstYear; year <= Math.min(r.lastYear, ctx.termYears); year++) {
    const yearStart = plusMonths(start, (year - 1) * 12);
    if (grant !== undefined && yearStart > grant) break;
    const regularDue = plusMonths(start, (year - 1) * 12, true);
    const deferred = euroPctFloor !== undefined && regularDue < euroPctFloor;
    const dueDate = deferred ? euroPctFloor : regularDue;
    if (dueDate > limit) break;
    const amount = rowFor(rule, year, dueDate);
    if (!amount) continue;
    fees.push(
      makeFee(rule, {
        year,
        dueDate,
        windowOpens: plusMonths(regularDue, -(year === r.firstYear ? r.firstYearEarlyMonths : r.earlyMonths)),
        graceEnds: plusMonths(dueDate, r.grace.months, !deferred && r.grace.endOfMonth === true),
        baseAmount: amount.row.amount,
        reductionRate: 0,
        source: amount.source,
      }),
    );
  }
  return fees;
}

/** The registration date JP patent years count from: a 'registration' event if recorded, else the grant date. */
export const JP_REGISTRATION_EVENT = 'registration';

/**
 * JP: years count from registration (Art 107(1)). Years 1–3 are paid in one lump within 30 days of
 * the grant decision (Art 108(1)), modelled as due at grantDate + 30 days with no grace (Art 112 only
 * covers Art 108(2) periods). Year N ≥ 4 is due by the end of year N−1, i.e. on the (N−1)th
 * registration anniversary, with 6 months' grace at a surcharge equal to the fee (Art 112). The
 * amount is base + per-claim part × claimCount.
 */
export function scheduleJp(rule: PreparedRule, ctx: ScheduleContext): ScheduledFee[] {
  const r = rule.rule;
  if (r.scheme !== 'jp_annuity') return [];
  const { facts, limit } = ctx;
  const grant = facts.grantDate;
  if (grant === undefined) return [];
  let registration = grant;
  for (const event of facts.events) if (event.code === JP_REGISTRATION_EVENT) registration = event.date;
  const termLast = plusDays(plusMonths(ctx.start, ctx.termYears * 12), -1);
  const lastYear = yearNumberAt(registration, termLast);
  const lumpDue = plusDays(grant, r.lumpDays);
  const fees: ScheduledFee[] = [];
  for (let year = 1; year <= lastYear; year++) {
    const lump = year <= r.lumpYears;
    const dueDate = lump ? lumpDue : plusMonths(registration, (year - 1) * 12);
    if (dueDate > limit) break;
    const amount = rowFor(rule, year, dueDate);
    if (!amount) continue;
    fees.push(
      makeFee(rule, {
        year,
        dueDate,
        graceEnds: lump ? dueDate : plusMonths(dueDate, r.grace.months, r.grace.endOfMonth),
        baseAmount: amount.row.amount + (amount.row.perClaim ?? 0) * ctx.claimCount,
        reductionRate: 0,
        source: amount.source,
      }),
    );
  }
  return fees;
}
