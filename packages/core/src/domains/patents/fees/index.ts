// Patent fee rules: fee types, versioned rule packs per office (CN, US, EP, JP), the term of a patent
// and the annuity / maintenance / renewal schedule of a case, late-payment surcharges and fee records.
// Pure data and functions, no I/O.
export type {
  CnAnnuityRule,
  Currency,
  EpRenewalRule,
  FeeAmountRow,
  FeeCategory,
  FeeRule,
  FeeRulePack,
  OfficialFeeRule,
  FeeScheduleOptions,
  FeeSource,
  FeeType,
  GraceRule,
  JpAnnuityRule,
  MaintenanceStage,
  ScheduledFee,
  ScheduledSurcharge,
  SourceStatus,
  SurchargeRule,
  UsMaintenanceRule,
} from './types.js';
export { CURRENCIES, FEE_CATEGORIES } from './types.js';
export { CURRENCY_DECIMALS, afterReduction, roundMoney, shareOf } from './money.js';
export { TERM_RULES, lastDayOfTerm, termEnd, termRuleFor, termStart, type TermRule } from './term.js';
export { feeSchedule } from './schedule.js';
export { JP_REGISTRATION_EVENT } from './schedule-offices.js';
export { surchargeOn, type SurchargeOutcome } from './surcharge.js';
export {
  FEE_STATUSES,
  abandonFee,
  feeRecord,
  recordPayment,
  type FeePayment,
  type FeeRecord,
  type FeeStatus,
  type PaymentOutcome,
} from './records.js';
export { CN_FEE_PACK, EP_FEE_PACK, FEE_PACKS, JP_FEE_PACK, US_FEE_PACK, pickFeePack } from './packs/index.js';
export { canonicalJson, feePackFingerprint, feeRuleFingerprints, fnv1a64 } from './fingerprint.js';
