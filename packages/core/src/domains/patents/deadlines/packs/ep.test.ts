import { describe, expect, it } from 'vitest';
import { calendarFor } from '../../calendar/offices.js';
import type { CaseFacts } from '../../case-facts.js';
import { computeDeadlines } from '../engine.js';
import type { ComputedDeadline } from '../types.js';
import { EP_RULE_PACK } from './ep.js';

const EP = calendarFor('EP');
const run = (facts: Partial<CaseFacts>) =>
  computeDeadlines({ office: 'EP', patentType: 'invention', route: 'direct', events: [], ...facts }, EP_RULE_PACK, EP);
const one = (deadlines: ComputedDeadline[], code: string): ComputedDeadline => {
  const found = deadlines.filter((d) => d.ruleCode === code);
  expect(found).toHaveLength(1);
  return found[0] as ComputedDeadline;
};

describe('EP rule pack (EPC; roll-forward EPC r. 134(1))', () => {
  it('exam request and designation fee: 6 months from the search report mention 2024-03-13 → 2024-09-13 (EPC r. 70(1), r. 39(1))', () => {
    const ds = run({ filingDate: '2023-02-01', events: [{ code: 'search_report_published', date: '2024-03-13' }] });
    expect(one(ds, 'EP-EXAM-REQUEST')).toMatchObject({ baseEvent: 'search_report_published', dueDate: '2024-09-13' });
    expect(one(ds, 'EP-DESIGNATION-FEE').dueDate).toBe('2024-09-13');
  });

  it('exam request is done once requested and cancelled when the application is withdrawn (EPC r. 70(1))', () => {
    const base = { code: 'search_report_published', date: '2024-03-13' };
    const done = run({ filingDate: '2023-02-01', events: [base, { code: 'exam_requested', date: '2024-05-02' }] });
    expect(one(done, 'EP-EXAM-REQUEST').status).toBe('done');
    // A withdrawal before the search report does not cancel a deadline that starts later.
    const early = run({ filingDate: '2023-02-01', events: [{ code: 'withdrawn', date: '2024-01-05' }, base] });
    expect(one(early, 'EP-EXAM-REQUEST').status).toBe('open');
    const late = run({ filingDate: '2023-02-01', events: [base, { code: 'withdrawn', date: '2024-04-05' }] });
    expect(one(late, 'EP-EXAM-REQUEST')).toMatchObject({ status: 'cancelled', cancelledByEvent: 'withdrawn' });
  });

  it('Euro-PCT entry 31 months from priority 2023-05-31 → 2025-12-31, an EPO closing day → 2026-01-02 (EPC r. 159(1), r. 134(1))', () => {
    const d = one(
      run({ route: 'pct_national', priorityDate: '2023-05-31', internationalFilingDate: '2024-05-30' }),
      'EP-PCT-ENTRY',
    );
    expect(d).toMatchObject({ unadjustedDate: '2025-12-31', dueDate: '2026-01-02' });
    expect(d.skipped.map((s) => s.name?.en)).toEqual(["New Year's Eve", "New Year's Day"]);
  });

  it('Euro-PCT entry landing on Good Friday 2025-04-18 → Tuesday 2025-04-22 after Easter Monday (EPC r. 159(1), r. 134(1))', () => {
    const d = one(
      run({ route: 'pct_national', priorityDate: '2022-09-18', internationalFilingDate: '2023-09-15' }),
      'EP-PCT-ENTRY',
    );
    expect(d.dueDate).toBe('2025-04-22');
    expect(d.skipped.map((s) => s.reason)).toEqual(['holiday', 'weekend', 'weekend', 'holiday']);
  });

  it('Euro-PCT exam request: the later of 31 months and 6 months from the search report mention (EPC r. 159(1)(f), r. 70(1))', () => {
    const early = run({
      route: 'pct_national',
      priorityDate: '2022-01-15',
      internationalFilingDate: '2023-01-13',
      events: [{ code: 'search_report_published', date: '2023-07-20' }],
    });
    expect(one(early, 'EP-EXAM-REQUEST-EURO-PCT')).toMatchObject({
      baseKind: 'priority',
      unadjustedDate: '2024-08-15',
    });
    const late = run({
      route: 'pct_national',
      priorityDate: '2022-01-15',
      internationalFilingDate: '2023-01-13',
      events: [{ code: 'search_report_published', date: '2024-05-08' }],
    });
    expect(one(late, 'EP-EXAM-REQUEST-EURO-PCT')).toMatchObject({ baseKind: 'event', unadjustedDate: '2024-11-08' });
  });

  it('3rd-year renewal fee due at the month end: filing 2022-04-12 → 2024-04-30, grace to 2024-10-31 (EPC Art. 86, r. 51(1), (2); J 4/91)', () => {
    const ds = run({ filingDate: '2022-04-12' });
    expect(one(ds, 'EP-RENEWAL-3')).toMatchObject({ unadjustedDate: '2024-04-30', dueDate: '2024-04-30' });
    expect(one(ds, 'EP-RENEWAL-3-GRACE')).toMatchObject({ unadjustedDate: '2024-10-31', dueDate: '2024-10-31' });
  });

  it('Euro-PCT 3rd-year renewal not due before 31 months (EPC r. 159(1)(g)): IFD 2022-03-10, priority 2021-03-12 → 2024-03-31 vs 2023-10-12', () => {
    const d = one(
      run({ route: 'pct_national', priorityDate: '2021-03-12', internationalFilingDate: '2022-03-10' }),
      'EP-RENEWAL-3-EURO-PCT',
    );
    // Month end of the 2nd anniversary (2024-03-31, a Sunday, also Easter Sunday) is later than 31 months.
    expect(d).toMatchObject({ baseKind: 'international_filing', unadjustedDate: '2024-03-31', dueDate: '2024-04-02' });
  });

  it('validation 3 months from the mention of grant 2024-10-30 → 2025-01-30, not rolled at the EPO (EPC Art. 65(1))', () => {
    const d = one(
      run({ filingDate: '2020-01-10', events: [{ code: 'grant_mentioned', date: '2024-10-30' }] }),
      'EP-VALIDATION',
    );
    expect(d).toMatchObject({ dueDate: '2025-01-30', rolled: false });
  });
});
