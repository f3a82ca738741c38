// The fee schedule of one case: its annuities, maintenance or renewal fees from the office's rule pack,
// up to the term end and never after the case ended (abandoned, rejected, lapsed). Pure and cheap, as
// the server generates schedules for up to a million cases at a time.
import type { CaseFacts } from '../case-facts.js';
import type { IsoDate } from '../period.js';
import { preparePack, type PreparedRule } from './compile.js';
import { scheduleCn, scheduleEp, scheduleJp, scheduleUs, type ScheduleContext } from './schedule-offices.js';
import { scheduleOfficial } from './schedule-official.js';
import { lastDayOfTerm, termRuleFor, termStart } from './term.js';
import type { FeeRulePack, FeeScheduleOptions, ScheduledFee } from './types.js';

function earliest(a: IsoDate, b: IsoDate | undefined): IsoDate {
  return b !== undefined && b < a ? b : a;
}

/**
 * Every fee of `facts` under `pack`, in due-date order. Nothing is scheduled without a filing date (the
 * term is then unknown) or for a patent type the pack has no rule for (US designs pay no maintenance
 * fees, EP has no utility models). A fee due on the day the case ended is kept (it is the fee whose
 * non-payment may have ended it); none due later is. Due dates are the legal ones, not rolled to a
 * working day.
 */
export function feeSchedule(facts: CaseFacts, pack: FeeRulePack, options: FeeScheduleOptions = {}): ScheduledFee[] {
  if (facts.office !== pack.office) {
    throw new RangeError(`fee pack ${pack.office} ${pack.version} does not apply to office ${facts.office}`);
  }
  const claimCount = options.claimCount ?? 1;
  if (!Number.isInteger(claimCount) || claimCount < 1) {
    throw new RangeError(`claimCount must be a whole number of at least 1, got ${claimCount}`);
  }
  const rule = preparePack(pack).byType.get(facts.patentType);
  const start = termStart(facts);
  const term = termRuleFor(facts, start);
  // One-off official fees (filing, examination) need no term: they fall due before grant.
  const official = scheduleOfficial(pack, facts, earliest(earliest('9999-12-31', facts.endedDate), options.until));
  if (!rule || start === undefined || term === undefined) return official;
  const ctx: ScheduleContext = {
    facts,
    start,
    termYears: term.years,
    limit: earliest(earliest(lastDayOfTerm(start, term.years), facts.endedDate), options.until),
    claimCount,
  };
  const periodic = periodicFees(rule, ctx);
  if (official.length === 0) return periodic;
  return [...official, ...periodic].sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0));
}

function periodicFees(rule: PreparedRule, ctx: ScheduleContext): ScheduledFee[] {
  switch (rule.rule.scheme) {
    case 'cn_annuity':
      return scheduleCn(rule, ctx);
    case 'us_maintenance':
      return scheduleUs(rule, ctx);
    case 'ep_renewal':
      return scheduleEp(rule, ctx);
    case 'jp_annuity':
      return scheduleJp(rule, ctx);
  }
}
