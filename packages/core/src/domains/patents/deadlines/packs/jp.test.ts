import { describe, expect, it } from 'vitest';
import { calendarFor } from '../../calendar/offices.js';
import type { CaseFacts } from '../../case-facts.js';
import { computeDeadlines } from '../engine.js';
import type { ComputedDeadline } from '../types.js';
import { JP_RULE_PACK } from './jp.js';

const JP = calendarFor('JP');
const run = (facts: Partial<CaseFacts>) =>
  computeDeadlines({ office: 'JP', patentType: 'invention', route: 'direct', events: [], ...facts }, JP_RULE_PACK, JP);
const codes = (deadlines: ComputedDeadline[]) => deadlines.map((d) => d.ruleCode);
const one = (deadlines: ComputedDeadline[], code: string): ComputedDeadline => {
  const found = deadlines.filter((d) => d.ruleCode === code);
  expect(found).toHaveLength(1);
  return found[0] as ComputedDeadline;
};

describe('JP rule pack (Patent Act; closed days Art. 3(2), Act on Holidays of Administrative Organs)', () => {
  it('exam request counts from the JP filing date, not the priority date: filed 2022-06-20 → 2025-06-20 (Art. 48-3)', () => {
    const d = one(run({ route: 'paris', filingDate: '2022-06-20', priorityDate: '2021-06-25' }), 'JP-EXAM-REQUEST');
    expect(d).toMatchObject({ baseKind: 'filing', baseDate: '2022-06-20', dueDate: '2025-06-20' });
  });

  it('PCT exam request from the international filing date 2021-12-29 → 2024-12-29 in the New Year closure → 2025-01-06 (Art. 48-3; Art. 3(2))', () => {
    const d = one(
      run({ route: 'pct_national', priorityDate: '2021-01-05', internationalFilingDate: '2021-12-29' }),
      'JP-EXAM-REQUEST',
    );
    expect(d).toMatchObject({ baseKind: 'international_filing', unadjustedDate: '2024-12-29', dueDate: '2025-01-06' });
    expect(d.skipped.map((s) => s.date)).toEqual([
      '2024-12-29',
      '2024-12-30',
      '2024-12-31',
      '2025-01-01',
      '2025-01-02',
      '2025-01-03',
      '2025-01-04',
      '2025-01-05',
    ]);
    expect(d.skipped[1]?.name?.en).toBe('Year-end and New Year closure');
  });

  it('exam request period by filing date: 7 years until 2001-09-30, 3 years from 2001-10-01 (Art. 48-3; jpo.go.jp 1309_005)', () => {
    const old = run({ filingDate: '2001-09-28' });
    expect(codes(old)).toContain('JP-EXAM-REQUEST-PRE-2001');
    expect(codes(old)).not.toContain('JP-EXAM-REQUEST');
    // 28 Sep 2008 is a Sunday, and 2008 is before the JP calendar's coverage: weekends only.
    expect(one(old, 'JP-EXAM-REQUEST-PRE-2001')).toMatchObject({ dueDate: '2008-09-29', calendarCovered: false });
    const current = run({ filingDate: '2001-10-01' });
    expect(codes(current)).not.toContain('JP-EXAM-REQUEST-PRE-2001');
    expect(one(current, 'JP-EXAM-REQUEST').unadjustedDate).toBe('2004-10-01');
  });

  it('years 1–3 fees within 30 days of the decision to grant served 2024-12-02 → 2025-01-01 → 2025-01-06 (Art. 108(1))', () => {
    const ds = run({ filingDate: '2021-04-01', events: [{ code: 'grant_notice', date: '2024-12-02' }] });
    expect(one(ds, 'JP-ANNUITY-1-3')).toMatchObject({
      unadjustedDate: '2025-01-01',
      dueDate: '2025-01-06',
      status: 'open',
    });
    const paid = run({
      filingDate: '2021-04-01',
      events: [
        { code: 'grant_notice', date: '2024-12-02' },
        { code: 'annuity_paid', date: '2024-12-20' },
      ],
    });
    expect(one(paid, 'JP-ANNUITY-1-3').status).toBe('done');
  });

  it('PCT national phase 30 months from priority 2023-03-20 → Saturday 2025-09-20 → 2025-09-22; translation later of 30 m / 2 m after the national document (WIPO table; Art. 184-4)', () => {
    const facts = { route: 'pct_national' as const, priorityDate: '2023-03-20', internationalFilingDate: '2024-03-18' };
    expect(one(run(facts), 'JP-PCT-ENTRY').dueDate).toBe('2025-09-22');
    const late = run({ ...facts, events: [{ code: 'national_document_filed', date: '2025-09-10' }] });
    expect(one(late, 'JP-PCT-TRANSLATION')).toMatchObject({
      baseEvent: 'national_document_filed',
      dueDate: '2025-11-10',
    });
    expect(one(late, 'JP-PCT-ENTRY').status).toBe('done');
    const early = run({ ...facts, events: [{ code: 'national_document_filed', date: '2025-05-01' }] });
    expect(one(early, 'JP-PCT-TRANSLATION')).toMatchObject({ baseKind: 'priority', dueDate: '2025-09-22' });
  });

  it('reply to reasons for refusal over Golden Week: 2025-03-04 + 60 days = 2025-05-03 → 2025-05-07 (Art. 50 practice — unverified rule)', () => {
    const d = one(
      run({ filingDate: '2022-01-11', events: [{ code: 'office_action', date: '2025-03-04' }] }),
      'JP-OA-REPLY',
    );
    expect(d).toMatchObject({ unadjustedDate: '2025-05-03', dueDate: '2025-05-07', ruleStatus: 'unverified' });
    expect(d.skipped.map((s) => s.name?.en ?? s.reason)).toEqual([
      'Constitution Day',
      'Greenery Day',
      "Children's Day",
      'Greenery Day (substitute holiday)',
    ]);
  });

  it('the patent term does not roll (Art. 3(2) covers procedures, not the term): filing 2023-03-14 → last day 2043-03-13', () => {
    expect(one(run({ filingDate: '2023-03-14' }), 'JP-TERM')).toMatchObject({ dueDate: '2043-03-13', rolled: false });
  });
});
