// The patent domain's pure rules: period arithmetic, case facts, working-day calendars, deadline rule
// packs, fee rule packs (and, as they land, application numbers, inventors and relations).
export * from './period.js';
export * from './case-facts.js';
export * from './calendar/index.js';
// Both pack kinds have their own canonical JSON and hash helpers: only the fingerprints go out.
export {
  DEADLINE_EVENTS,
  RULE_PACKS,
  computeDeadlines,
  explainDeadline,
  formatOffset,
  pickPack,
  ruleFingerprints,
  rulePackFingerprint,
  toBasis,
  eventLabel,
  isDeadlineEventCode,
} from './deadlines/index.js';
export type * from './deadlines/types.js';
export {
  CURRENCIES,
  FEE_CATEGORIES,
  FEE_PACKS,
  feePackFingerprint,
  feeRuleFingerprints,
  feeSchedule,
  pickFeePack,
  surchargeOn,
  termEnd,
  CN_FEE_PACK,
  EP_FEE_PACK,
  JP_FEE_PACK,
  US_FEE_PACK,
} from './fees/index.js';
export type { FeeRulePack, ScheduledFee, ScheduledSurcharge, FeeSource, Currency } from './fees/index.js';
export * from './ical.js';
// The declarations, for the server's typed hooks and hand-written SQL (RowOf, tableOf, col).
export { patent as patentModel } from './models/patent.js';
export { patentItem as patentItemModel } from './models/patent-item.js';
export { patentTask as patentTaskModel } from './models/patent-task.js';
export { fee as feeModel } from './models/fee.js';
export * from './relations.js';
export * from './inventors.js';
export * from './application-number.js';
export * from './titles.js';
