// USPTO maintenance fees for utility patents: three stages after grant with a six-month window before
// each due date and a six-month grace period with a fixed surcharge. Designs (and plants) pay none.
// Facts and their status from shared/domain/patent-rules.md.
import type { FeeRulePack, FeeSource } from '../types.js';

const FEES_2025: FeeSource = {
  ref: 'readydone.ai/tools/patent-renewal-fees (fees from 2025-01-19)',
  status: 'secondary',
};

export const US_FEE_PACK: FeeRulePack = {
  office: 'US',
  version: '2025.1',
  currency: 'USD',
  effectiveFrom: '2025-01-19',
  feeTypes: [
    { code: 'US-MAINTENANCE', label: { zh: '维持费', en: 'Maintenance fee' }, category: 'maintenance' },
    {
      code: 'US-MAINTENANCE-SURCHARGE',
      label: { zh: '维持费宽限期附加费', en: 'Maintenance fee grace-period surcharge' },
      category: 'official',
    },
  ],
  rules: [
    {
      scheme: 'us_maintenance',
      code: 'US-MAINTENANCE-UTILITY',
      feeType: 'US-MAINTENANCE',
      patentTypes: ['invention'],
      label: { zh: '第{n}期维持费', en: 'Maintenance fee, stage {n}' },
      stages: [
        { stage: 1, windowOpens: { years: 3 }, due: { years: 3, months: 6 } },
        { stage: 2, windowOpens: { years: 7 }, due: { years: 7, months: 6 } },
        { stage: 3, windowOpens: { years: 11 }, due: { years: 11, months: 6 } },
      ],
      // The office tabulates rounded tier amounts; the rates are only shown as the reduction.
      tierReduction: { small: 0.6, micro: 0.8 },
      amounts: [
        {
          years: [1, 1],
          amount: 2_150,
          tierAmounts: { small: 860, micro: 430 },
          fixedSurcharge: { large: 540, small: 216, micro: 108 },
          effectiveFrom: '2025-01-19',
          source: FEES_2025,
        },
        {
          years: [2, 2],
          amount: 4_040,
          tierAmounts: { small: 1_616, micro: 808 },
          fixedSurcharge: { large: 540, small: 216, micro: 108 },
          effectiveFrom: '2025-01-19',
          source: FEES_2025,
        },
        {
          years: [3, 3],
          amount: 8_280,
          tierAmounts: { small: 3_312, micro: 1_656 },
          fixedSurcharge: { large: 540, small: 216, micro: 108 },
          effectiveFrom: '2025-01-19',
          source: FEES_2025,
        },
      ],
      grace: { months: 6 },
      surcharge: {
        kind: 'fixed',
        feeType: 'US-MAINTENANCE-SURCHARGE',
        source: { ref: '35 USC 41(b),(c) (V); 37 CFR 1.362 via heimlichlaw.com/?p=3375 (S)', status: 'verified' },
      },
      source: {
        ref: '35 USC 41(b) (codexstanford/markdonw-chunck-of-the-usa-code title-35 chunck-54, -55)',
        status: 'verified',
      },
    },
  ],
  sources: [
    {
      ref: 'danielpatents.com',
      status: 'secondary',
      note: 'Small / micro entities pay 60 % / 80 % less; the tabulated amounts are used as they are.',
    },
    {
      ref: 'patent-rules.md, US maintenance fees',
      status: 'unverified',
      note: 'Earlier amounts (large 2,000 / 3,760 / 7,700?) have no dates read: a fee due before 2025-01-19 uses the 2025 row and is marked unverified.',
    },
  ],
};
