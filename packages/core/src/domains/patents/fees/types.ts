// The shapes of patent fee rules (fee types, versioned rule packs per office, amount rows with dates
// in force) and of what the schedule produces. Data lives in packs/*.ts; the timing of each office's
// fees is code in schedule-*.ts because it differs in kind, not just in numbers.
import type { Label } from '../../../models/define.js';
import type { EntitySize, FilingRoute, PatentType } from '../case-facts.js';
import type { IsoDate, Period } from '../period.js';

/** How far a rule or amount has been checked (patent-rules.md St column). */
export type SourceStatus = 'verified' | 'secondary' | 'unverified';

export interface FeeSource {
  /** Where the fact was read: statute article, official page or secondary page. */
  ref: string;
  status: SourceStatus;
  note?: string;
}

export const FEE_CATEGORIES = ['annuity', 'maintenance', 'renewal', 'official'] as const;
export type FeeCategory = (typeof FEE_CATEGORIES)[number];

export interface FeeType {
  /** 'CN-ANNUITY' style: office, dash, kind. */
  code: string;
  label: Label;
  category: FeeCategory;
}

export const CURRENCIES = ['CNY', 'USD', 'EUR', 'JPY'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * One amount for a band of patent years (or US maintenance stages), in force from `effectiveFrom`
 * through `until` (inclusive). An amendment is a new row: the schedule uses the row in force on the
 * fee's due date (not the payment date, which the schedule cannot know).
 */
export interface FeeAmountRow {
  /** First and last patent year (or stage) of the band, inclusive. */
  years: readonly [number, number];
  /** Full fee, before any reduction, in the pack's currency. */
  amount: number;
  /** JP: added per claim (the schedule takes claimCount, default 1). */
  perClaim?: number;
  /** US: the small / micro entity amounts as the office tabulates them. */
  tierAmounts?: { small: number; micro: number };
  /** US: the fixed grace-period surcharge per entity size. */
  fixedSurcharge?: Record<EntitySize, number>;
  effectiveFrom: IsoDate;
  until?: IsoDate;
  source: FeeSource;
}

export interface GraceRule {
  months: number;
  /** The grace period ends on the last day of its last month (EP, J 4/91). */
  endOfMonth?: boolean;
}

/**
 * What a late payment inside the grace period costs: a rate by month of delay (CN), one rate for the
 * whole grace period (EP 50 %, JP 100 %), or the fixed amount of the amount row (US). Rates apply to
 * the full fee before reduction.
 */
export type SurchargeRule =
  | { kind: 'monthly'; rates: readonly number[]; feeType: string; source: FeeSource }
  | { kind: 'rate'; rate: number; feeType: string; source: FeeSource }
  | { kind: 'fixed'; feeType: string; source: FeeSource };

interface RuleBase {
  /** Stable rule code, e.g. 'CN-ANNUITY-INV'. */
  code: string;
  /** FeeType code of the fees this rule produces. */
  feeType: string;
  patentTypes: readonly PatentType[];
  /** Label of one scheduled fee; '{n}' stands for the patent year or stage. */
  label: Label;
  amounts: readonly FeeAmountRow[];
  grace: GraceRule;
  surcharge: SurchargeRule;
  /** Where the timing of the rule comes from. */
  source: FeeSource;
}

/** CN annuities: years from the CN filing date, scheduled from the grant year (CNR 114, 115). */
export interface CnAnnuityRule extends RuleBase {
  scheme: 'cn_annuity';
  /** Fee reduction (财税〔2016〕78号) covers this many patent years counted from the grant year. */
  reduction: { years: number; source: FeeSource };
}

export interface MaintenanceStage {
  stage: number;
  /** Counted from the grant date. */
  windowOpens: Period;
  due: Period;
}

/** US maintenance fees: stages after grant, utility patents only (35 USC 41(b)). */
export interface UsMaintenanceRule extends RuleBase {
  scheme: 'us_maintenance';
  stages: readonly MaintenanceStage[];
  /** Share off for small / micro entities, shown as the reduction rate. */
  tierReduction: { small: number; micro: number };
}

/** EP renewal fees: years from the filing date while the application is pending (Art 86, R 51). */
export interface EpRenewalRule extends RuleBase {
  scheme: 'ep_renewal';
  firstYear: number;
  lastYear: number;
  /** Payment is valid at most this many months before the due date … */
  earlyMonths: number;
  /** … except for the first renewal year. */
  firstYearEarlyMonths: number;
  /** Euro-PCT: a renewal fee falling due earlier is due at this many months from priority (R 159(1)(g)). */
  euroPctMonths: number;
}

/** JP annuities: years from registration; years 1–3 in one lump after the grant decision (Art 107, 108). */
export interface JpAnnuityRule extends RuleBase {
  scheme: 'jp_annuity';
  lumpYears: number;
  lumpDays: number;
}

export type FeeRule = CnAnnuityRule | UsMaintenanceRule | EpRenewalRule | JpAnnuityRule;

/**
 * A one-off official fee of a procedure (filing, examination request): due a period after a date of the
 * case, no grace period (unpaid, the application is deemed withdrawn), so no surcharge either; reduced
 * like the annuities where the office's reduction covers it. Its patent year is 0 (none).
 */
export interface OfficialFeeRule {
  /** 'CN-FILING-INV' style. */
  code: string;
  feeType: string;
  patentTypes: readonly PatentType[];
  /** Routes the fee applies to (a PCT national phase pays other fees on entry). */
  routes: readonly FilingRoute[];
  label: Label;
  /** One row per amendment; `years` is [0, 0]. */
  amounts: readonly FeeAmountRow[];
  /** 'filing': the filing date; 'priority_or_filing': the earliest priority date, else the filing date. */
  due: { base: 'filing' | 'priority_or_filing'; offset: Period };
  /** Not scheduled once one of these events is recorded (the fee is paid with that request). */
  settledBy?: readonly string[];
  /** Whether the office's fee reduction covers it (CN 财税〔2016〕78号). */
  reducible: boolean;
  source: FeeSource;
}

/** A versioned set of fee rules of one office. A new fee list is a new version, never an edit. */
export interface FeeRulePack {
  office: string;
  version: string;
  currency: Currency;
  /** When this pack version replaces the previous one (pickFeePack chooses by it). */
  effectiveFrom: IsoDate;
  feeTypes: readonly FeeType[];
  rules: readonly FeeRule[];
  /** One-off official fees of the procedure (filing, examination request). */
  officialFees?: readonly OfficialFeeRule[];
  /** Notes on the sources of the pack as a whole (what was read, what conflicts). */
  sources: readonly FeeSource[];
}

export interface ScheduledSurcharge {
  /** First and last day of the delay this surcharge applies to, inclusive. */
  from: IsoDate;
  to: IsoDate;
  amount: number;
  /** Share of the full fee; 0 for a fixed amount. */
  rate: number;
  kind: 'rate' | 'fixed';
}

/** One fee of a case's schedule. Amounts are in `currency`, rounded to its minor unit (money.ts). */
export interface ScheduledFee {
  feeCode: string;
  label: Label;
  /** The patent year the fee keeps in force; for US maintenance fees the stage 1/2/3. */
  patentYear: number;
  /**
   * The legal due date, not rolled to a working day: payment on the next working day is accepted
   * where the office's rules say so (CNR 5, 35 USC 21, R 134, JP Art 3(2)), but the date shown is the
   * one the law names.
   */
  dueDate: IsoDate;
  /** Earliest valid payment date, where the office restricts early payment (US, EP). */
  windowOpens?: IsoDate;
  /** Last day a late payment (with surcharge) keeps the right; equal to dueDate when there is no grace. */
  graceEnds: IsoDate;
  /** Full fee before reduction. */
  baseAmount: number;
  /** Share off (0.85 = 85 % off); 0 when none. */
  reductionRate: number;
  /** Payable on time: baseAmount less the reduction, rounded. */
  amount: number;
  currency: Currency;
  /** Surcharges by delay, in date order; a late payment outside all of them costs no surcharge. */
  surcharges: readonly ScheduledSurcharge[];
  ruleCode: string;
  /** The weaker of the rule's and the amount's sources. */
  source: FeeSource;
}

export interface FeeScheduleOptions {
  /** JP: number of claims for the per-claim part (default 1). */
  claimCount?: number;
  /** Schedule no fee due after this date. */
  until?: IsoDate;
}
