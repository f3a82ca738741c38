// One-off official fees of the procedure (filing fee, examination fee) from the pack's officialFees:
// due a period after the filing or priority date, with no grace period and so no surcharge (unpaid, the
// application is deemed withdrawn), reduced by the case's CN reduction where the rule says so — the same
// amount rows (in force on the due date) and reduction arithmetic as the annuities.
import type { CaseFacts } from '../case-facts.js';
import type { IsoDate } from '../period.js';
import { plusDays, plusMonths } from './day-math.js';
import { afterReduction } from './money.js';
import type { FeeAmountRow, FeeRulePack, OfficialFeeRule, ScheduledFee } from './types.js';

function dueDate(rule: OfficialFeeRule, facts: CaseFacts): IsoDate | undefined {
  const base = rule.due.base === 'priority_or_filing' ? (facts.priorityDate ?? facts.filingDate) : facts.filingDate;
  if (base === undefined) return undefined;
  const { years = 0, months = 0, days = 0, endOfMonth = false } = rule.due.offset;
  const moved = plusMonths(base, years * 12 + months, endOfMonth);
  return days ? plusDays(moved, days) : moved;
}

/** The amount row in force on the due date, else the nearest (marked unverified, as for annuities). */
function rowOn(rows: readonly FeeAmountRow[], due: IsoDate): { row: FeeAmountRow; fallback: boolean } | undefined {
  const inForce = rows
    .filter((r) => r.effectiveFrom <= due && (r.until === undefined || due <= r.until))
    .sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? 1 : -1))[0];
  if (inForce) return { row: inForce, fallback: false };
  const nearest = [...rows].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1))[0];
  return nearest && { row: nearest, fallback: true };
}

/** The CN reduction recorded on the case (0.85 or 0.7), as the annuities use it. */
function reductionOf(facts: CaseFacts): number {
  const rate = facts.feeReduction;
  return rate !== undefined && rate > 0 && rate < 1 ? rate : 0;
}

const RANK = { verified: 2, secondary: 1, unverified: 0 } as const;

export function scheduleOfficial(pack: FeeRulePack, facts: CaseFacts, limit: IsoDate | undefined): ScheduledFee[] {
  const fees: ScheduledFee[] = [];
  for (const rule of pack.officialFees ?? []) {
    if (!rule.patentTypes.includes(facts.patentType) || !rule.routes.includes(facts.route)) continue;
    if (rule.settledBy?.some((code) => facts.events.some((e) => e.code === code))) continue;
    const due = dueDate(rule, facts);
    if (due === undefined || (limit !== undefined && due > limit)) continue;
    const amount = rowOn(rule.amounts, due);
    if (!amount) continue;
    const reductionRate = rule.reducible ? reductionOf(facts) : 0;
    // The weaker of the rule's and the amount's sources; a fallback amount is unverified.
    const weaker = RANK[amount.row.source.status] < RANK[rule.source.status] ? amount.row.source : rule.source;
    const status = amount.fallback ? 'unverified' : weaker.status;
    fees.push({
      feeCode: rule.feeType,
      label: rule.label,
      patentYear: 0,
      dueDate: due,
      graceEnds: due,
      baseAmount: amount.row.amount,
      reductionRate,
      amount: afterReduction(amount.row.amount, reductionRate, pack.currency),
      currency: pack.currency,
      surcharges: [],
      ruleCode: rule.code,
      source: {
        ref: `${rule.source.ref}; ${amount.row.source.ref}`,
        status,
        ...(rule.source.note ? { note: rule.source.note } : {}),
      },
    });
  }
  return fees;
}
