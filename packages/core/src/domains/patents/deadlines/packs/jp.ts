// JPO deadline rules (patents) from /work/shared/domain/patent-rules.md. A procedural period ending on a
// closed day (Saturday, Sunday, national holiday, 29 Dec–3 Jan) ends on the next open day (Patent Act
// Art. 3(2)); the patent term does not. The exam request counts from the JP (or international) filing date.
import type { FilingRoute } from '../../case-facts.js';
import { termPeriod, termYears } from '../../fees/term.js';
import type { DeadlineRule, RulePack } from '../types.js';

const ENDED = ['abandoned', 'withdrawn'] as const;
const JP_ALL: readonly FilingRoute[] = ['direct', 'paris', 'divisional', 'pct_national'];
const EXAM_SOURCE = 'Art 48-3, jpo.go.jp/e/system/patent/gaiyo/1309_005.html — patent-rules.md JPO (V)';

const rules: DeadlineRule[] = [
  {
    code: 'JP-EXAM-REQUEST',
    label: { zh: '提出审查请求', en: 'Request examination' },
    office: 'JP',
    patentTypes: ['invention'],
    routes: JP_ALL,
    // The JP filing date (PCT: the international filing date), never the priority date.
    trigger: { base: 'filing' },
    offset: { years: 3 },
    appliesFrom: '2001-10-01',
    roll: true,
    cancelledBy: ENDED,
    completedBy: ['exam_requested'],
    citation: { zh: '日本专利法第48条之3第1款', en: 'JP Patent Act Art. 48-3(1)' },
    source: EXAM_SOURCE,
    status: 'verified',
  },
  {
    code: 'JP-EXAM-REQUEST-PRE-2001',
    label: { zh: '提出审查请求（2001年10月1日前申请）', en: 'Request examination (filed before 1 October 2001)' },
    office: 'JP',
    patentTypes: ['invention'],
    routes: JP_ALL,
    trigger: { base: 'filing' },
    offset: { years: 7 },
    appliesUntil: '2001-09-30',
    roll: true,
    cancelledBy: ENDED,
    completedBy: ['exam_requested'],
    citation: { zh: '日本专利法第48条之3第1款（2001年前）', en: 'JP Patent Act Art. 48-3(1) (before 2001)' },
    source: EXAM_SOURCE,
    status: 'verified',
  },
  {
    code: 'JP-ANNUITY-1-3',
    label: { zh: '一次性缴纳第1至3年专利费', en: 'Pay the patent fees for years 1–3' },
    office: 'JP',
    patentTypes: ['invention'],
    routes: JP_ALL,
    trigger: { base: 'event', event: 'grant_notice' },
    offset: { days: 30 },
    roll: true,
    cancelledBy: ENDED,
    completedBy: ['annuity_paid', 'registration_paid'],
    citation: { zh: '日本专利法第108条第1款', en: 'JP Patent Act Art. 108(1)' },
    source:
      'Art 108(1), patent.lifetechia.com/tokkyo/108 — patent-rules.md JPO (V); event = service of the decision to grant',
    status: 'verified',
  },
  {
    code: 'JP-PCT-ENTRY',
    label: { zh: '进入日本国家阶段（提交国内书面）', en: 'Enter the Japanese national phase (national document)' },
    office: 'JP',
    patentTypes: ['invention'],
    routes: ['pct_national'],
    trigger: { base: 'priority_or_filing' },
    offset: { months: 30 },
    roll: true,
    cancelledBy: ENDED,
    completedBy: ['national_document_filed', 'national_phase_entered'],
    citation: { zh: 'PCT第22条第1款、第39条第1款', en: 'PCT Art. 22(1), 39(1)' },
    source: 'WIPO time-limits table: JP 30 m — patent-rules.md JPO (V)',
    status: 'verified',
  },
  {
    code: 'JP-PCT-TRANSLATION',
    label: { zh: '提交日文译文', en: 'File the Japanese translation' },
    office: 'JP',
    patentTypes: ['invention'],
    routes: ['pct_national'],
    trigger: { base: 'priority_or_filing' },
    offset: { months: 30 },
    latestOf: [{ trigger: { base: 'event', event: 'national_document_filed' }, offset: { months: 2 } }],
    roll: true,
    cancelledBy: ENDED,
    completedBy: ['translation_filed'],
    citation: { zh: '日本专利法第184条之4第1款', en: 'JP Patent Act Art. 184-4(1)' },
    source: 'Later of 30 m / 2 m after the national document: benrishi.com — patent-rules.md JPO (S)',
    status: 'secondary',
  },
  {
    code: 'JP-OA-REPLY',
    label: { zh: '答复拒绝理由通知', en: 'Reply to the notice of reasons for refusal' },
    office: 'JP',
    patentTypes: ['invention'],
    routes: JP_ALL,
    trigger: { base: 'event', event: 'office_action' },
    offset: { days: 60 },
    roll: true,
    cancelledBy: ENDED,
    completedBy: ['response_filed'],
    citation: { zh: '日本专利法第50条（审查员指定期限）', en: 'JP Patent Act Art. 50 (period set by the examiner)' },
    source: 'Not in patent-rules.md: 60 days for applicants resident in Japan (UNVERIFIED)',
    status: 'unverified',
    note: {
      zh: '在日本境外的申请人通常为3个月（未核实），以通知书为准',
      en: 'Applicants abroad usually get 3 months (unverified); the notice governs',
    },
  },
  {
    code: 'JP-TERM',
    label: { zh: '专利权期限届满', en: 'Patent term ends' },
    office: 'JP',
    patentTypes: ['invention'],
    routes: JP_ALL,
    trigger: { base: 'filing' },
    // The last day of protection, as the case's expiry date and fee schedule have it (fees/term.ts).
    offset: termPeriod(termYears('JP', 'invention', '2000-01-01')),
    roll: false,
    cancelledBy: [...ENDED, 'lapsed'],
    citation: { zh: '日本专利法第67条第1款', en: 'JP Patent Act Art. 67(1)' },
    source: 'Not in patent-rules.md: 20 years from filing (UNVERIFIED); Art 3(2) does not extend the term (V)',
    status: 'unverified',
  },
];

export const JP_RULE_PACK: RulePack = {
  office: 'JP',
  version: 'JP-2024.2',
  effectiveFrom: '2022-04-01',
  calendarOffice: 'JP',
  rules,
};
