// CNIPA annuities (年费): amounts by patent-year band per patent type, the 85 % / 70 % reduction for
// ten years from the grant year, and the monthly late-payment surcharge of the six-month grace period.
// Facts and their status from shared/domain/patent-rules.md.
import type { FeeAmountRow, FeeRulePack, FeeSource, OfficialFeeRule, SurchargeRule } from '../types.js';

// The amounts were read as "current from 2018-08-01"; the date of the underlying standard was not.
const LISTED_2018: FeeSource = {
  ref: 'm.meiqi88.com/baike/show.php?itemid=205 (fee list current 2018-08-01)',
  status: 'secondary',
};
const DESIGN_2022: FeeSource = {
  ref: 'NDRC [2022] 465; english.cnipa.gov.cn/art/2022/4/28/art_2906_175272.html',
  status: 'verified',
};
const FROM_2018 = '2018-08-01';

const band = (
  from: number,
  to: number,
  amount: number,
  source = LISTED_2018,
  effectiveFrom = FROM_2018,
): FeeAmountRow => ({
  years: [from, to],
  amount,
  effectiveFrom,
  source,
});

const UM_BANDS: readonly FeeAmountRow[] = [band(1, 3, 600), band(4, 5, 900), band(6, 8, 1_200), band(9, 10, 2_000)];

const SURCHARGE: SurchargeRule = {
  kind: 'monthly',
  // Month of delay 1 … 6; a share of the full (unreduced) annuity.
  rates: [0, 0.05, 0.1, 0.15, 0.2, 0.25],
  feeType: 'CN-LATE-FEE',
  source: {
    ref: 'CNR 115 (V); Guidelines V-9 §2.2.1.3 via ngawriters.com/news/view/24998.html (S)',
    status: 'unverified',
    note: 'Bands to 20 % are secondary; the 6th month is 25 % here, 30 % per yezhimaip.com and third-party code: conflict unresolved, 25 % adopted.',
  },
};

const TIMING: FeeSource = {
  ref: 'CNR 114, 115 (grant-year annuity with registration; later years due on the filing-date anniversary)',
  status: 'verified',
};

const REDUCTION = {
  years: 10,
  source: {
    ref: '财税〔2016〕78号 (specbsh.com/newsshow.php?Id=3651); f2dsex4.com/zlfy/509.htm',
    status: 'secondary',
    note: 'Annuities for 10 years from the grant year since 2018-08-01 (6 before); changes after 2019 unverified.',
  } satisfies FeeSource,
};

const GRACE = { months: 6 };

// The official fees of the procedure before grant (patent-rules.md, CN fees "Others", 2018-08-01 list).
// Registration and printing fees were abolished on 2018-08-01 (f2dsex4.com): none is scheduled; the
// grant-year annuity paid with the registration formalities is the annuity rule's first fee.
const OTHERS_2018: FeeSource = {
  ref: 'm.meiqi88.com/baike/show.php?itemid=205 (fee list current 2018-08-01)',
  status: 'secondary',
};
const official = (amount: number): FeeAmountRow[] => [
  { years: [0, 0], amount, effectiveFrom: FROM_2018, source: OTHERS_2018 },
];
const FILING_TIMING: FeeSource = {
  ref: 'CNR (2010) 95 via jqkq.cn/wenku/ressh/ovBW9Az6mQ and zgxyx.cn/science/5277.html: 2 months from filing, or 15 days from receipt of the acceptance notice; unpaid → deemed withdrawn',
  status: 'secondary',
  note: 'Scheduled at 2 months from filing: the receipt date of the acceptance notice is not recorded. The article number in the 2023 regulations was not read.',
};
const FILING_ROUTES = ['direct', 'paris', 'divisional'] as const;
const REDUCIBLE_SOURCE = '财税〔2016〕78号: filing and examination fees are reducible (f2dsex4.com/zlfy/509.htm, S)';

const OFFICIAL_FEES: readonly OfficialFeeRule[] = [
  {
    code: 'CN-FILING-INV',
    feeType: 'CN-FILING',
    patentTypes: ['invention'],
    routes: FILING_ROUTES,
    label: { zh: '发明专利申请费', en: 'Invention filing fee' },
    amounts: official(900),
    due: { base: 'filing', offset: { months: 2 } },
    reducible: true,
    source: { ...FILING_TIMING, note: `${FILING_TIMING.note} ${REDUCIBLE_SOURCE}` },
  },
  {
    code: 'CN-FILING-UM',
    feeType: 'CN-FILING',
    patentTypes: ['utility_model'],
    routes: FILING_ROUTES,
    label: { zh: '实用新型申请费', en: 'Utility model filing fee' },
    amounts: official(500),
    due: { base: 'filing', offset: { months: 2 } },
    reducible: true,
    source: { ...FILING_TIMING, note: `${FILING_TIMING.note} ${REDUCIBLE_SOURCE}` },
  },
  {
    code: 'CN-FILING-DES',
    feeType: 'CN-FILING',
    patentTypes: ['design'],
    routes: FILING_ROUTES,
    label: { zh: '外观设计申请费', en: 'Design filing fee' },
    amounts: official(500),
    due: { base: 'filing', offset: { months: 2 } },
    reducible: true,
    source: { ...FILING_TIMING, note: `${FILING_TIMING.note} ${REDUCIBLE_SOURCE}` },
  },
  {
    // Due with the request for substantive examination: the CN-EXAM-REQUEST deadline (CNL 35, CNR 113).
    code: 'CN-EXAM-FEE',
    feeType: 'CN-EXAM',
    patentTypes: ['invention'],
    routes: ['direct', 'paris', 'pct_national', 'divisional'],
    label: { zh: '发明专利申请实质审查费', en: 'Substantive examination fee' },
    amounts: official(2_500),
    due: { base: 'priority_or_filing', offset: { months: 36 } },
    settledBy: ['exam_requested'],
    reducible: true,
    source: {
      ref: 'CNL 35; CNR 113 (exam request and its fee within 3 years of the priority date, else the filing date)',
      status: 'verified',
      note: REDUCIBLE_SOURCE,
    },
  },
];

export const CN_FEE_PACK: FeeRulePack = {
  office: 'CN',
  version: '2026.1',
  currency: 'CNY',
  effectiveFrom: '2022-05-05',
  feeTypes: [
    { code: 'CN-ANNUITY', label: { zh: '年费', en: 'Annuity' }, category: 'annuity' },
    { code: 'CN-LATE-FEE', label: { zh: '年费滞纳金', en: 'Annuity late payment surcharge' }, category: 'official' },
    { code: 'CN-FILING', label: { zh: '申请费', en: 'Filing fee' }, category: 'official' },
    { code: 'CN-EXAM', label: { zh: '实质审查费', en: 'Examination fee' }, category: 'official' },
  ],
  rules: [
    {
      scheme: 'cn_annuity',
      code: 'CN-ANNUITY-INV',
      feeType: 'CN-ANNUITY',
      patentTypes: ['invention'],
      label: { zh: '发明专利第{n}年度年费', en: 'Invention annuity, year {n}' },
      amounts: [
        band(1, 3, 900),
        band(4, 6, 1_200),
        band(7, 9, 2_000),
        band(10, 12, 4_000),
        band(13, 15, 6_000),
        band(16, 20, 8_000),
      ],
      grace: GRACE,
      surcharge: SURCHARGE,
      reduction: REDUCTION,
      source: TIMING,
    },
    {
      scheme: 'cn_annuity',
      code: 'CN-ANNUITY-UM',
      feeType: 'CN-ANNUITY',
      patentTypes: ['utility_model'],
      label: { zh: '实用新型第{n}年度年费', en: 'Utility model annuity, year {n}' },
      amounts: UM_BANDS,
      grace: GRACE,
      surcharge: SURCHARGE,
      reduction: REDUCTION,
      source: TIMING,
    },
    {
      scheme: 'cn_annuity',
      code: 'CN-ANNUITY-DES',
      feeType: 'CN-ANNUITY',
      patentTypes: ['design'],
      label: { zh: '外观设计第{n}年度年费', en: 'Design annuity, year {n}' },
      // Years 1–10 as utility models; years 11–15 exist only for designs filed from 2021-06-01.
      amounts: [...UM_BANDS, band(11, 15, 3_000, DESIGN_2022, '2022-05-05')],
      grace: GRACE,
      surcharge: SURCHARGE,
      reduction: REDUCTION,
      source: TIMING,
    },
  ],
  officialFees: OFFICIAL_FEES,
  sources: [
    {
      ref: 'f2dsex4.com (patent-rules.md, CN fees)',
      status: 'secondary',
      note: 'Patent registration and printing fees were abolished on 2018-08-01: none is scheduled.',
    },
    {
      ref: 'patent-rules.md, CN fees',
      status: 'secondary',
      note: 'Amounts before 2018-08-01 were not read: a fee due earlier uses the earliest row and is marked unverified.',
    },
    {
      ref: 'patent-rules.md, CN fees',
      status: 'unverified',
      note: 'Annuities of a term-adjustment compensation period (8,000/y per third-party notes) are not modelled.',
    },
  ],
};
