// PCT (international phase) deadline rules from /work/shared/domain/patent-rules.md. Acts filed with
// the International Bureau roll over WIPO's closed days (PCT r. 80.5); the demand (IPEA) and national
// phase entries (designated offices) follow those offices' days, so they are not rolled here.
import type { DeadlineRule, RulePack } from '../types.js';

const ENDED = ['abandoned', 'withdrawn'] as const;
const TIME_LIMITS = 'wipo.int/pct/en/texts/time_limits.html — patent-rules.md PCT (V)';

/** Offices with 31 months under Chapter I and II (WIPO time-limits table). */
export const PCT_31_MONTH_OFFICES = [
  'EP', 'AU', 'KR', 'IN', 'GB', 'DE', 'DK', 'FI', 'CZ', 'HU', 'BG', 'HR', 'EE', 'IS', 'EA',
  'AP', 'CO', 'CR', 'EC', 'DZ', 'GE', 'ID', 'BY', 'KZ', 'KG', 'AM', 'AL', 'BW',
] as const; // prettier-ignore

const OWN_LIMIT = [...PCT_31_MONTH_OFFICES, 'BA', 'LU', 'TZ'];
const NOT_ROLLED = {
  zh: '按该国家局的休息日顺延（本处不顺延）',
  en: "The designated office's closing days apply (not rolled here)",
};

function nationalPhase(
  code: string,
  months: number,
  label: DeadlineRule['label'],
  extra: Partial<DeadlineRule>,
): DeadlineRule {
  return {
    code,
    label,
    office: 'WO',
    patentTypes: ['invention', 'utility_model'],
    routes: ['pct_international'],
    trigger: { base: 'priority_or_filing' },
    offset: { months },
    roll: false,
    cancelledBy: ENDED,
    citation: { zh: 'PCT第22条、第39条第1款；WIPO期限表', en: 'PCT Art. 22, 39(1); WIPO time-limits table' },
    source: TIME_LIMITS,
    status: 'verified',
    note: NOT_ROLLED,
    ...extra,
  };
}

const rules: DeadlineRule[] = [
  {
    code: 'WO-DEMAND',
    label: { zh: '提出国际初步审查要求（第II章）', en: 'File the Chapter II demand' },
    office: 'WO',
    patentTypes: ['invention', 'utility_model'],
    routes: ['pct_international'],
    trigger: { base: 'priority_or_filing' },
    offset: { months: 22 },
    latestOf: [{ trigger: { base: 'event', event: 'isr_transmitted' }, offset: { months: 3 } }],
    roll: false,
    cancelledBy: ENDED,
    completedBy: ['demand_filed'],
    citation: { zh: 'PCT实施细则第54条之二.1(a)', en: 'PCT r. 54bis.1(a)' },
    source: 'Rule 54bis.1 (wipo.int) — patent-rules.md PCT (V); a late demand is treated as not made',
    status: 'verified',
    note: { zh: '按国际初审单位的休息日顺延（本处不顺延）', en: "The IPEA's closing days apply (not rolled here)" },
  },
  {
    code: 'WO-ART19-AMENDMENT',
    label: { zh: '按条约第19条修改权利要求', en: 'Amend the claims under Article 19' },
    office: 'WO',
    patentTypes: ['invention', 'utility_model'],
    routes: ['pct_international'],
    trigger: { base: 'priority_or_filing' },
    offset: { months: 16 },
    latestOf: [{ trigger: { base: 'event', event: 'isr_transmitted' }, offset: { months: 2 } }],
    roll: true,
    cancelledBy: ENDED,
    completedBy: ['article19_amended'],
    citation: { zh: 'PCT第19条；实施细则第46.1条', en: 'PCT Art. 19; r. 46.1' },
    source: 'Not in patent-rules.md: later of 2 m from ISR transmittal / 16 m from priority (UNVERIFIED)',
    status: 'unverified',
  },
  {
    code: 'WO-PRIORITY-DOCUMENT',
    label: { zh: '提交优先权文件', en: 'Furnish the priority document' },
    office: 'WO',
    patentTypes: ['invention', 'utility_model'],
    routes: ['pct_international'],
    trigger: { base: 'priority' },
    offset: { months: 16 },
    roll: true,
    cancelledBy: ENDED,
    completedBy: ['priority_document_filed'],
    citation: { zh: 'PCT实施细则第17.1(a)条', en: 'PCT r. 17.1(a)' },
    source: 'Not in patent-rules.md: 16 m from priority (UNVERIFIED)',
    status: 'unverified',
  },
  nationalPhase(
    'WO-NATIONAL-PHASE-30',
    30,
    { zh: '进入国家阶段（30个月）', en: 'Enter the national phase (30 months)' },
    {
      exceptOffices: OWN_LIMIT,
      note: {
        zh: '多数局（含CN、JP、CA；US未核实）；AZ、GM第II章为31个月；按该国家局的休息日顺延（本处不顺延）',
        en: "Most offices (incl. CN, JP, CA; US not verified); AZ, GM 31 under Chapter II; the office's closing days apply (not rolled here)",
      },
    },
  ),
  nationalPhase(
    'WO-NATIONAL-PHASE-31',
    31,
    { zh: '进入国家阶段（31个月）', en: 'Enter the national phase (31 months)' },
    {
      forOffices: PCT_31_MONTH_OFFICES,
    },
  ),
  nationalPhase(
    'WO-NATIONAL-PHASE-CN-32',
    32,
    { zh: '进入中国国家阶段（宽限至32个月）', en: 'Enter the CN national phase (32 months, grace fee)' },
    {
      forOffices: ['CN'],
      citation: {
        zh: '中国专利法实施细则第120条；WIPO期限表',
        en: 'CN Implementing Regulations r. 120; WIPO time-limits table',
      },
    },
  ),
  nationalPhase(
    'WO-NATIONAL-PHASE-CA-42',
    42,
    { zh: '进入加拿大国家阶段（缴费宽限至42个月）', en: 'Enter the CA national phase (42 months, late fee)' },
    {
      forOffices: ['CA'],
    },
  ),
  nationalPhase(
    'WO-NATIONAL-PHASE-BA-34',
    34,
    { zh: '进入波黑国家阶段（34个月）', en: 'Enter the BA national phase (34 months)' },
    {
      forOffices: ['BA'],
    },
  ),
  nationalPhase(
    'WO-NATIONAL-PHASE-LU-TZ',
    20,
    { zh: '进入国家阶段（LU、TZ：20个月）', en: 'Enter the national phase (LU, TZ: 20 months)' },
    {
      forOffices: ['LU', 'TZ'],
      note: {
        zh: '第II章为21个月；在19个月内提出要求书的适用30/31个月；按该国家局的休息日顺延（本处不顺延）',
        en: "21 months under Chapter II; 30/31 months with a demand filed by 19 months; the office's closing days apply (not rolled here)",
      },
    },
  ),
];

export const WO_RULE_PACK: RulePack = {
  office: 'WO',
  version: 'WO-2024.1',
  effectiveFrom: '2024-01-01',
  calendarOffice: 'WO',
  rules,
};

/** The national-phase period in months for an office (Chapter I), per the WIPO time-limits table. */
export function pctNationalPhaseMonths(office: string): number {
  if ((PCT_31_MONTH_OFFICES as readonly string[]).includes(office)) return 31;
  if (office === 'BA') return 34;
  if (office === 'LU' || office === 'TZ') return 20;
  return 30;
}
