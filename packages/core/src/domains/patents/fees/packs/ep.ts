// EPO renewal fees for pending European applications: years 3 to 20 from the filing date, due on the
// last day of the anniversary month, six-month grace with a 50 % additional fee. After the mention of
// grant the national offices collect renewal fees, which is outside this pack.
import type { FeeAmountRow, FeeRulePack, FeeSource } from '../types.js';

const FEES_2024: FeeSource = {
  ref: 'williamspowell.com; lewissilkin.com; surrey-chambers.co.uk (payments from 2024-04-01)',
  status: 'secondary',
  note: 'Revisions after 2024 unverified.',
};

const year = (from: number, to: number, amount: number): FeeAmountRow => ({
  years: [from, to],
  amount,
  effectiveFrom: '2024-04-01',
  source: FEES_2024,
});

export const EP_FEE_PACK: FeeRulePack = {
  office: 'EP',
  version: '2024.1',
  currency: 'EUR',
  effectiveFrom: '2024-04-01',
  feeTypes: [
    { code: 'EP-RENEWAL', label: { zh: '续展费', en: 'Renewal fee' }, category: 'renewal' },
    {
      code: 'EP-RENEWAL-ADDITIONAL',
      label: { zh: '续展费滞纳附加费', en: 'Renewal fee additional fee' },
      category: 'official',
    },
  ],
  rules: [
    {
      scheme: 'ep_renewal',
      code: 'EP-RENEWAL-APPLICATION',
      feeType: 'EP-RENEWAL',
      patentTypes: ['invention'],
      label: { zh: '欧洲专利申请第{n}年续展费', en: 'Renewal fee, year {n}' },
      firstYear: 3,
      lastYear: 20,
      earlyMonths: 3,
      firstYearEarlyMonths: 6,
      euroPctMonths: 31,
      amounts: [
        year(3, 3, 690),
        year(4, 4, 845),
        year(5, 5, 1_000),
        year(6, 6, 1_155),
        year(7, 7, 1_310),
        year(8, 8, 1_465),
        year(9, 9, 1_620),
        year(10, 20, 1_775),
      ],
      grace: { months: 6, endOfMonth: true },
      surcharge: {
        kind: 'rate',
        rate: 0.5,
        feeType: 'EP-RENEWAL-ADDITIONAL',
        source: { ref: 'EPC R 51(2); Guide ga_c5_11_1; J 4/91', status: 'verified' },
      },
      source: {
        ref: 'EPC Art 86; R 51(1); Guidelines A-X 5.2.4; Guide ga_d_ix; R 159(1)(g) (Euro-PCT, ga_c5_11_1)',
        status: 'verified',
      },
    },
  ],
  sources: [
    {
      ref: 'patent-rules.md, EPO renewal fees',
      status: 'secondary',
      note: 'The EPO charges the fee in force on the payment date; the schedule shows the one in force on the due date.',
    },
  ],
};
