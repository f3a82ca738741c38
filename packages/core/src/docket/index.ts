// Dates any model dockets (docs/models.md "Dates a model dockets"): the declaration, the dated-rule engine,
// its print, the shared deadline lifecycle and the factory of a model's deadline store.
export * from './types.js';
export {
  computeDocket,
  docketFields,
  docketOffice,
  docketPrint,
  ruleApplies,
  type DatedDeadline,
  type DocketedModel,
} from './engine.js';
export { docketFingerprint } from './fingerprint.js';
export { deadlineLifecycle } from './lifecycle.js';
export { defineDeadlineModel, type DeadlineModelInput } from './deadline-model.js';
export {
  DEADLINE_VERIFICATIONS,
  VERIFIED_INPUTS,
  verificationFields,
  type DeadlineVerification,
} from './verification.js';
