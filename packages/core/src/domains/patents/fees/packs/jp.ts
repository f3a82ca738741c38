// JPO patent fees (特許料): years counted from registration, years 1–3 in one lump after the grant
// decision, later years by the end of the preceding year, a base amount plus an amount per claim, and
// six months' late payment with a surcharge equal to the fee. Facts from shared/domain/patent-rules.md.
import type { FeeAmountRow, FeeRulePack, FeeSource } from '../types.js';

const FEES_2022: FeeSource = { ref: 'fujino-po.com (fees from 2022-04-01)', status: 'secondary' };
const FEES_2019: FeeSource = {
  ref: 'fujino-po.com (fees 2019-04-01 to 2022-03-31)',
  status: 'secondary',
  note: 'Which cases use which table (due date, filing or examination request date) is unverified.',
};

const band = (
  from: number,
  to: number,
  amount: number,
  perClaim: number,
  effectiveFrom: string,
  source: FeeSource,
  until?: string,
): FeeAmountRow => ({ years: [from, to], amount, perClaim, effectiveFrom, ...(until ? { until } : {}), source });

export const JP_FEE_PACK: FeeRulePack = {
  office: 'JP',
  version: '2022.1',
  currency: 'JPY',
  effectiveFrom: '2022-04-01',
  feeTypes: [
    { code: 'JP-ANNUITY', label: { zh: '专利年费', en: 'Patent annuity' }, category: 'annuity' },
    {
      code: 'JP-ANNUITY-SURCHARGE',
      label: { zh: '年费追缴附加费', en: 'Patent annuity late-payment surcharge' },
      category: 'official',
    },
  ],
  rules: [
    {
      scheme: 'jp_annuity',
      code: 'JP-ANNUITY-PATENT',
      feeType: 'JP-ANNUITY',
      patentTypes: ['invention'],
      label: { zh: '第{n}年专利年费', en: 'Patent annuity, year {n}' },
      lumpYears: 3,
      lumpDays: 30,
      amounts: [
        band(1, 3, 2_100, 200, '2019-04-01', FEES_2019, '2022-03-31'),
        band(4, 6, 6_400, 500, '2019-04-01', FEES_2019, '2022-03-31'),
        band(7, 9, 19_300, 1_500, '2019-04-01', FEES_2019, '2022-03-31'),
        band(10, 25, 55_400, 4_300, '2019-04-01', FEES_2019, '2022-03-31'),
        band(1, 3, 4_300, 300, '2022-04-01', FEES_2022),
        band(4, 6, 10_300, 800, '2022-04-01', FEES_2022),
        band(7, 9, 24_800, 1_900, '2022-04-01', FEES_2022),
        band(10, 25, 59_400, 4_600, '2022-04-01', FEES_2022),
      ],
      grace: { months: 6 },
      surcharge: {
        kind: 'rate',
        rate: 1,
        feeType: 'JP-ANNUITY-SURCHARGE',
        source: { ref: 'JP Patent Act Art 112(1),(2) via iuris.jp', status: 'verified' },
      },
      source: {
        ref: 'JP Patent Act Art 107(1), 108(1),(2) (patent.lifetechia.com, V); tokkyohou-no-sekai.jp Art 108 commentary (S)',
        status: 'secondary',
        note: 'Articles verified; the year-4+ due date as the registration anniversary ("before N−1 years from registration elapse") is from the commentary.',
      },
    },
  ],
  sources: [
    {
      ref: 'patent-rules.md, JPO annuities',
      status: 'unverified',
      note: 'SME reductions, the 30-day extension of Art 108(3) and restoration (Art 112-2) are not modelled.',
    },
  ],
};
