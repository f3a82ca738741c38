// USPTO deadline rules from /work/shared/domain/patent-rules.md. A period ending on a Saturday, Sunday
// or DC federal holiday ends on the next business day (35 USC 21(b), 37 CFR 1.7); maintenance-fee
// windows are deadlines too (due, then the surcharge grace), for utility patents only.
import type { FilingRoute } from '../../case-facts.js';
import type { DeadlineRule, RulePack } from '../types.js';

const ENDED = ['abandoned', 'withdrawn'] as const;
const NONPROVISIONAL: readonly FilingRoute[] = ['direct', 'paris', 'pct_national', 'divisional', 'continuation', 'cip'];
const USC41 = 'codexstanford/markdonw-chunck-of-the-usa-code chuncks/title-35/chunck-54.md, -55.md';

function maintenance(stage: 1 | 2 | 3): DeadlineRule[] {
  const opens = [3, 7, 11][stage - 1] ?? 3;
  const ordinal = { zh: ['第一', '第二', '第三'][stage - 1] ?? '', en: ['1st', '2nd', '3rd'][stage - 1] ?? '' };
  const common = {
    office: 'US',
    patentTypes: ['invention'],
    routes: NONPROVISIONAL,
    trigger: { base: 'grant' },
    opensAfter: { years: opens },
    roll: true,
    cancelledBy: ['lapsed'],
    completedBy: ['maintenance_fee_paid'],
    status: 'verified',
  } as const;
  return [
    {
      ...common,
      code: `US-MAINTENANCE-${stage}`,
      label: {
        zh: `缴纳${ordinal.zh}次维持费（授权后${opens}.5年）`,
        en: `Pay the ${ordinal.en} maintenance fee (${opens}.5 years)`,
      },
      offset: { years: opens, months: 6 },
      citation: { zh: '美国专利法第41条(b)；37 CFR 1.362(d)', en: '35 U.S.C. 41(b); 37 CFR 1.362(d)' },
      source: `35 USC 41(b) — ${USC41} (V); window opening 37 CFR 1.362 via heimlichlaw.com/?p=3375 (S)`,
    },
    {
      ...common,
      code: `US-MAINTENANCE-${stage}-GRACE`,
      label: {
        zh: `${ordinal.zh}次维持费宽限期届满（缴纳附加费）`,
        en: `${ordinal.en} maintenance fee grace period ends (with surcharge)`,
      },
      offset: { years: opens + 1 },
      citation: { zh: '美国专利法第41条(b)；37 CFR 1.362(e)', en: '35 U.S.C. 41(b); 37 CFR 1.362(e)' },
      source: `35 USC 41(b) 6-month grace, expiry at its end — ${USC41} (V); 37 CFR 1.362 via heimlichlaw.com (S)`,
    },
  ];
}

const rules: DeadlineRule[] = [
  {
    code: 'US-NONPROVISIONAL',
    label: { zh: '基于临时申请提出正式申请', en: 'File the non-provisional application' },
    office: 'US',
    patentTypes: ['invention'],
    routes: ['provisional'],
    trigger: { base: 'filing' },
    offset: { months: 12 },
    roll: true,
    cancelledBy: ENDED,
    completedBy: ['nonprovisional_filed'],
    citation: { zh: '美国专利法第111条(b)(5)；37 CFR 1.7(b)', en: '35 U.S.C. 111(b)(5); 37 CFR 1.7(b)' },
    source: '35 USC 111(b)(5) chunck-72.md (V); roll-forward 37 CFR 1.7(b) via clfip.com/ip/blog/mpep/710-12',
    status: 'verified',
    note: { zh: '临时申请12个月后视为放弃，不可恢复', en: 'The provisional is abandoned at 12 months; no revival' },
  },
  {
    code: 'US-OA-REPLY',
    label: { zh: '答复审查意见（缩短的法定期限）', en: 'Reply to the office action (shortened statutory period)' },
    office: 'US',
    patentTypes: ['invention', 'design'],
    routes: NONPROVISIONAL,
    trigger: { base: 'event', event: 'office_action' },
    offset: { months: 3 },
    roll: true,
    cancelledBy: ENDED,
    completedBy: ['response_filed'],
    citation: { zh: '美国专利法第133条；MPEP 710', en: '35 U.S.C. 133; MPEP 710' },
    source:
      '35 USC 133, MPEP 710 on uspto.gov (V); 3 months as the usual shortened period: patenteducationseries.com (S)',
    status: 'secondary',
    note: {
      zh: '以通知书所定期限为准；可付费延期至最长6个月（37 CFR 1.136(a)）',
      en: 'The action sets the period; fee-based extensions up to the 6-month maximum (37 CFR 1.136(a))',
    },
  },
  {
    code: 'US-OA-REPLY-MAX',
    label: { zh: '答复审查意见的法定最长期限', en: 'Statutory maximum to reply to the office action' },
    office: 'US',
    patentTypes: ['invention', 'design'],
    routes: NONPROVISIONAL,
    trigger: { base: 'event', event: 'office_action' },
    offset: { months: 6 },
    roll: true,
    cancelledBy: ENDED,
    completedBy: ['response_filed'],
    citation: {
      zh: '美国专利法第133条；37 CFR 1.136(a)；MPEP 710.02(e)',
      en: '35 U.S.C. 133; 37 CFR 1.136(a); MPEP 710.02(e)',
    },
    source: '35 USC 133; MPEP 710.02(e) on uspto.gov (V)',
    status: 'verified',
  },
  {
    code: 'US-ISSUE-FEE',
    label: { zh: '缴纳授权费', en: 'Pay the issue fee' },
    office: 'US',
    patentTypes: ['invention', 'design'],
    routes: NONPROVISIONAL,
    trigger: { base: 'event', event: 'allowance' },
    offset: { months: 3 },
    roll: true,
    cancelledBy: ENDED,
    completedBy: ['issue_fee_paid'],
    citation: { zh: '美国专利法第151条；37 CFR 1.311', en: '35 U.S.C. 151; 37 CFR 1.311' },
    source: 'Not in patent-rules.md: 3 months from the notice of allowance, not extendable (UNVERIFIED)',
    status: 'unverified',
  },
  {
    code: 'US-PCT-ENTRY',
    label: { zh: '进入美国国家阶段', en: 'Enter the US national stage' },
    office: 'US',
    patentTypes: ['invention'],
    routes: ['pct_national'],
    trigger: { base: 'priority_or_filing' },
    offset: { months: 30 },
    roll: true,
    cancelledBy: ENDED,
    completedBy: ['national_phase_entered'],
    citation: { zh: '美国专利法第371条；37 CFR 1.495', en: '35 U.S.C. 371; 37 CFR 1.495' },
    source: 'patent-rules.md PCT table: US row not read (UNVERIFIED); 30 months is the PCT Art. 22 default',
    status: 'unverified',
  },
  ...maintenance(1),
  ...maintenance(2),
  ...maintenance(3),
];

export const US_RULE_PACK: RulePack = {
  office: 'US',
  version: 'US-2025.1',
  effectiveFrom: '2025-01-19',
  calendarOffice: 'US',
  rules,
};
