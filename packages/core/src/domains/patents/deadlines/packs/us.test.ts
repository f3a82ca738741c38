import { describe, expect, it } from 'vitest';
import { calendarFor } from '../../calendar/offices.js';
import type { CaseFacts } from '../../case-facts.js';
import { computeDeadlines } from '../engine.js';
import type { ComputedDeadline } from '../types.js';
import { US_RULE_PACK } from './us.js';

const US = calendarFor('US');
const run = (facts: Partial<CaseFacts>) =>
  computeDeadlines({ office: 'US', patentType: 'invention', route: 'direct', events: [], ...facts }, US_RULE_PACK, US);
const one = (deadlines: ComputedDeadline[], code: string): ComputedDeadline => {
  const found = deadlines.filter((d) => d.ruleCode === code);
  expect(found).toHaveLength(1);
  return found[0] as ComputedDeadline;
};

describe('US rule pack (35 U.S.C., 37 CFR; roll-forward 35 USC 21(b), 37 CFR 1.7)', () => {
  it('provisional filed 2020-12-31 → non-provisional by 2022-01-03 (35 USC 111(b)(5); 31 Dec 2021 observed New Year, 5 USC 6103(b))', () => {
    const d = one(run({ route: 'provisional', filingDate: '2020-12-31' }), 'US-NONPROVISIONAL');
    expect(d).toMatchObject({ unadjustedDate: '2021-12-31', dueDate: '2022-01-03' });
    expect(d.skipped[0]).toMatchObject({ date: '2021-12-31', reason: 'holiday', name: { en: "New Year's Day" } });
  });

  it('provisional → non-provisional is done when filed and cancelled when abandoned (35 USC 111(b)(5))', () => {
    const done = run({
      route: 'provisional',
      filingDate: '2024-02-01',
      events: [{ code: 'nonprovisional_filed', date: '2025-01-15' }],
    });
    expect(one(done, 'US-NONPROVISIONAL').status).toBe('done');
    const gone = run({
      route: 'provisional',
      filingDate: '2024-02-01',
      events: [{ code: 'abandoned', date: '2024-06-01' }],
    });
    expect(one(gone, 'US-NONPROVISIONAL')).toMatchObject({ status: 'cancelled', cancelledByEvent: 'abandoned' });
  });

  it('office action mailed 2025-04-04: 3 months lands on Independence Day → 2025-07-07; 6-month maximum 2025-10-06 (35 USC 133; MPEP 710)', () => {
    const ds = run({ filingDate: '2023-01-10', events: [{ code: 'office_action', date: '2025-04-04' }] });
    const reply = one(ds, 'US-OA-REPLY');
    expect(reply).toMatchObject({ unadjustedDate: '2025-07-04', dueDate: '2025-07-07' });
    expect(reply.skipped[0]?.name?.en).toBe('Independence Day');
    // 4 Oct 2025 is a Saturday; the maximum counts from the mailing date, not from the rolled 3 months.
    expect(one(ds, 'US-OA-REPLY-MAX')).toMatchObject({ unadjustedDate: '2025-10-04', dueDate: '2025-10-06' });
  });

  it('office action mailed 2025-08-27: reply due on Thanksgiving 2025-11-27 moves to Friday 2025-11-28 (37 CFR 1.7(a))', () => {
    const d = one(
      run({ filingDate: '2023-01-10', events: [{ code: 'office_action', date: '2025-08-27' }] }),
      'US-OA-REPLY',
    );
    expect(d).toMatchObject({ unadjustedDate: '2025-11-27', dueDate: '2025-11-28' });
    expect(d.skipped).toEqual([
      { date: '2025-11-27', reason: 'holiday', name: { zh: '感恩节', en: 'Thanksgiving Day' } },
    ]);
  });

  it('MLK Day and Inauguration Day 2025-01-20 close the office (5 USC 6103(a), (c)): reply due 2025-01-21', () => {
    const d = one(
      run({ filingDate: '2023-01-10', events: [{ code: 'office_action', date: '2024-10-20' }] }),
      'US-OA-REPLY',
    );
    expect(d.dueDate).toBe('2025-01-21');
    expect(d.skipped[0]?.name?.en).toBe('Martin Luther King Jr. Day; Inauguration Day');
  });

  it('maintenance windows from grant 2021-11-23: 3.5 y due 2025-05-23 (opens 2024-11-23), grace to 2025-11-24 (35 USC 41(b); 37 CFR 1.362)', () => {
    const ds = run({ filingDate: '2019-05-02', grantDate: '2021-11-23' });
    expect(one(ds, 'US-MAINTENANCE-1')).toMatchObject({ opensOn: '2024-11-23', dueDate: '2025-05-23', status: 'open' });
    // 23 Nov 2025 is a Sunday.
    expect(one(ds, 'US-MAINTENANCE-1-GRACE')).toMatchObject({ unadjustedDate: '2025-11-23', dueDate: '2025-11-24' });
    expect(one(ds, 'US-MAINTENANCE-2')).toMatchObject({ opensOn: '2028-11-23', dueDate: '2029-05-23' });
    // 2033 is past the US calendar's coverage: the deadline says so.
    expect(one(ds, 'US-MAINTENANCE-3')).toMatchObject({ dueDate: '2033-05-23', calendarCovered: false });
  });

  it('a maintenance payment fulfils only the window it falls in (37 CFR 1.362(d)); design patents pay none (35 USC 41(b))', () => {
    const ds = run({ grantDate: '2021-11-23', events: [{ code: 'maintenance_fee_paid', date: '2025-03-01' }] });
    expect(one(ds, 'US-MAINTENANCE-1')).toMatchObject({ status: 'done', completedOn: '2025-03-01' });
    expect(one(ds, 'US-MAINTENANCE-1-GRACE').status).toBe('done');
    expect(one(ds, 'US-MAINTENANCE-2').status).toBe('open');
    const design = run({ patentType: 'design', grantDate: '2021-11-23' });
    expect(design.filter((d) => d.ruleCode.startsWith('US-MAINTENANCE'))).toHaveLength(0);
  });

  it('issue fee 3 months from allowance; DC Emancipation Day (16 Apr) is not a federal holiday (35 USC 151 — unverified rule)', () => {
    const d = one(run({ events: [{ code: 'allowance', date: '2024-01-16' }] }), 'US-ISSUE-FEE');
    expect(d).toMatchObject({ dueDate: '2024-04-16', skipped: [], ruleStatus: 'unverified' });
  });

  it('PCT national stage 30 months from priority 2023-01-20 → Monday 2025-07-21 (35 USC 371 — unverified row)', () => {
    const d = one(
      run({ route: 'pct_national', priorityDate: '2023-01-20', internationalFilingDate: '2024-01-18' }),
      'US-PCT-ENTRY',
    );
    expect(d).toMatchObject({ baseKind: 'priority', unadjustedDate: '2025-07-20', dueDate: '2025-07-21' });
  });
});
