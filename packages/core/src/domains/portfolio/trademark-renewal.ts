// The renewal of a CN registered trademark as dated rules (core docket/, docs/models.md "Dates a model
// dockets"), facts from shared/domain/cn-trademark-copyright-rewards.md ("renewal", TML 40, TMR 33): renewal
// is filed in the 12 months before the registration expires, with a 6-month grace period after it; each new
// term is 10 years from the day after the old one ends, and a mark not renewed is cancelled. The notes do
// not say whether these periods move off closed days, so the dates are not rolled.
import { defineDeadlineModel } from '../../docket/deadline-model.js';
import type { DatedRule } from '../../docket/types.js';

const SOURCE = 'shared/domain/cn-trademark-copyright-rewards.md, "renewal" (TML 40; TMR 33)';
const CITATION = {
  zh: '《商标法》第40条；《商标法实施条例》第33条',
  en: 'CN Trademark Law Art. 40; Implementing Regulations r. 33',
};
/** Registered CN marks only: an application has no term to renew, an ended one none left. */
const REGISTERED_CN = { country: ['CN'], status: ['registered'] };

export const TRADEMARK_RENEWAL_RULES: readonly DatedRule[] = [
  {
    code: 'CN-TM-RENEWAL',
    label: { zh: '商标续展', en: 'Trademark renewal' },
    trigger: { date: 'expiry' },
    offset: {},
    opensBefore: { months: 12 },
    roll: false,
    when: REGISTERED_CN,
    citation: CITATION,
    source: SOURCE,
    status: 'secondary',
    note: { zh: '期满前12个月内办理续展', en: 'Renewal is filed in the 12 months before expiry' },
  },
  {
    code: 'CN-TM-RENEWAL-GRACE',
    label: { zh: '商标续展宽展期届满', en: 'Trademark renewal grace period ends' },
    trigger: { date: 'expiry' },
    offset: { months: 6 },
    roll: false,
    when: REGISTERED_CN,
    citation: CITATION,
    source: SOURCE,
    status: 'secondary',
    note: {
      zh: '期满未续展的，可给予6个月宽展期；宽展期满仍未续展的，注销其注册商标',
      en: 'A 6-month grace period follows expiry; a mark still not renewed is cancelled',
    },
  },
];

/** Where a trademark's deadlines are stored (its `docket.deadlineModel`). */
export const trademarkDeadline = defineDeadlineModel({
  name: 'trademark_deadline',
  label: { zh: '商标期限', en: 'Trademark deadlines' },
  parent: { model: 'trademarks', label: { zh: '商标', en: 'Trademark' } },
  rules: TRADEMARK_RENEWAL_RULES,
});
