// Public API of the deadline engine: rule and result types, the event codes, the rule packs, the
// engine, the explanation and the pack fingerprint.
export * from './types.js';
export {
  DEADLINE_EVENTS,
  eventLabel,
  isDeadlineEventCode,
  type DeadlineEventCode,
  type DeadlineEventDefinition,
} from './events.js';
export {
  CN_RULE_PACK,
  EP_RULE_PACK,
  JP_RULE_PACK,
  PCT_31_MONTH_OFFICES,
  RULE_PACKS,
  US_RULE_PACK,
  WO_RULE_PACK,
  pctNationalPhaseMonths,
  pickPack,
} from './packs/index.js';
export { computeDeadlines } from './engine.js';
export { explainDeadline, formatOffset, toBasis } from './explain.js';
export { canonicalJson, fnv1a32, ruleFingerprints, rulePackFingerprint } from './fingerprint.js';
export { presumedServiceDate, type ServiceMode } from './service.js';
