// The statutory term of a patent by office, type and filing date, and its last day of protection.
// Fees stop at the term end. Term adjustments and extensions (CN PTA, US PTA/PTE, terminal
// disclaimers, SPCs) are not applied: they need facts CaseFacts does not carry.
import type { CaseFacts, PatentType } from '../case-facts.js';
import type { IsoDate, Period } from '../period.js';
import { plusDays, plusMonths } from './day-math.js';
import type { FeeSource } from './types.js';

export interface TermRule {
  office: string;
  patentType: PatentType;
  years: number;
  /** The rule covers filings on or after this date … */
  filedFrom?: IsoDate;
  /** … and on or before this one. */
  filedUntil?: IsoDate;
  source: FeeSource;
}

export const TERM_RULES: readonly TermRule[] = [
  { office: 'CN', patentType: 'invention', years: 20, source: { ref: 'CNL 42(1)', status: 'verified' } },
  { office: 'CN', patentType: 'utility_model', years: 10, source: { ref: 'CNL 42(1)', status: 'verified' } },
  {
    office: 'CN',
    patentType: 'design',
    years: 15,
    filedFrom: '2021-06-01',
    source: { ref: 'CNL 42(1) (Patent Law 2020, in force 2021-06-01)', status: 'verified' },
  },
  {
    office: 'CN',
    patentType: 'design',
    years: 10,
    filedUntil: '2021-05-31',
    source: { ref: '2021 interim measures Art 10; aoyamapat.gr.jp/?p=2858', status: 'secondary' },
  },
  {
    office: 'US',
    patentType: 'invention',
    years: 20,
    source: {
      ref: '35 USC 154(a)(2)',
      status: 'unverified',
      note: 'Not in patent-rules.md; patent term adjustment and extension are ignored.',
    },
  },
  {
    office: 'EP',
    patentType: 'invention',
    years: 20,
    source: { ref: 'EPC Art 63(1)', status: 'unverified', note: 'Not in patent-rules.md.' },
  },
  {
    office: 'JP',
    patentType: 'invention',
    years: 20,
    source: { ref: 'JP Patent Act Art 67(1); keiyaku-watch.jp/?p=11611', status: 'secondary' },
  },
];

/**
 * The date the term and the patent years count from: the filing date in the office, which for a PCT
 * national phase is the international filing date (CNR 12 makes the priority date the filing date
 * except for the term, CNL 42). Divisionals are expected to carry the parent's filing date. For US
 * continuations the term runs from the earliest US/PCT filing referenced; CaseFacts does not tell it
 * apart from a Paris priority, so the case's own filing date is used.
 */
export function termStart(facts: CaseFacts): IsoDate | undefined {
  if (facts.route === 'pct_national') return facts.internationalFilingDate ?? facts.filingDate;
  return facts.filingDate;
}

export function termRuleFor(facts: CaseFacts, start: IsoDate | undefined = termStart(facts)): TermRule | undefined {
  if (start === undefined) return undefined;
  for (const rule of TERM_RULES) {
    if (rule.office !== facts.office || rule.patentType !== facts.patentType) continue;
    if (rule.filedFrom !== undefined && start < rule.filedFrom) continue;
    if (rule.filedUntil !== undefined && start > rule.filedUntil) continue;
    return rule;
  }
  return undefined;
}

/*
 * A term of N years "counted from the filing date" (CNL 42(1)) ends on the day before the Nth
 * anniversary: the Patent Examination Guidelines (2010) Part V Chapter 9 §2.1 give a utility model
 * filed 1999-09-06 the term 1999-09-06 to 2009-09-05, the right terminating on 2009-09-06, not moved
 * for holidays (quoted at kaotiyun.com/show/va3D777K; secondary). The anniversary is the same-numbered
 * day, else the month end (CNR 5), so a filing on 29 February has its anniversary on 28 February of a
 * common year and its last day on the 27th: our reading of CNR 5 with the Guidelines' example, which
 * has no 29 February case. This period is the one computation of the term end: the term deadlines
 * (deadline packs), the case's expiry date, the fee schedule and the statistics all read it.
 */
export function termPeriod(years: number): Period {
  return { years, days: -1 };
}

/** The last day of a term of `years` from `start` (termPeriod, on the fee schedule's fast arithmetic). */
export function lastDayOfTerm(start: IsoDate, years: number): IsoDate {
  return plusDays(plusMonths(start, years * 12), -1);
}

/** The term rule's length for an office and type filed on `filed` (the deadline packs' term rules). */
export function termYears(office: string, patentType: PatentType, filed: IsoDate): number {
  const rule = TERM_RULES.find(
    (r) =>
      r.office === office &&
      r.patentType === patentType &&
      (r.filedFrom === undefined || filed >= r.filedFrom) &&
      (r.filedUntil === undefined || filed <= r.filedUntil),
  );
  if (!rule) throw new Error(`no term rule for ${office} ${patentType} filed ${filed}`);
  return rule.years;
}

/**
 * The last day of protection, or undefined when the term is not known (no filing date, or a type the
 * office has no term rule for here, such as US designs). "20 years from the filing date" ends the day
 * before the 20th anniversary (termPeriod; filed 2015-06-03 → last day 2035-06-02), the same in every
 * office, so that patent year N runs from the (N−1)th anniversary to the day before the Nth and the
 * last patent year ends on the term end.
 */
export function termEnd(facts: CaseFacts): IsoDate | undefined {
  const start = termStart(facts);
  const rule = termRuleFor(facts, start);
  return start === undefined || rule === undefined ? undefined : lastDayOfTerm(start, rule.years);
}
