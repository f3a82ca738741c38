import { describe, expect, it } from 'vitest';
import { calendarFor } from '../../calendar/offices.js';
import type { CaseFacts } from '../../case-facts.js';
import { termEnd } from '../../fees/term.js';
import { computeDeadlines } from '../engine.js';
import { explainDeadline } from '../explain.js';
import type { ComputedDeadline } from '../types.js';
import { CN_RULE_PACK } from './cn.js';

const CN = calendarFor('CN');
const run = (facts: Partial<CaseFacts>) =>
  computeDeadlines({ office: 'CN', patentType: 'invention', route: 'direct', events: [], ...facts }, CN_RULE_PACK, CN);
const pick = (deadlines: ComputedDeadline[], code: string) => deadlines.filter((d) => d.ruleCode === code);
const one = (deadlines: ComputedDeadline[], code: string): ComputedDeadline => {
  const found = pick(deadlines, code);
  expect(found).toHaveLength(1);
  return found[0] as ComputedDeadline;
};

describe('CN rule pack (CNL = Patent Law 2020, CNR = Implementing Regulations 2023)', () => {
  it('CN exam request: filing 2023-03-14, no priority → 2026-03-16 (CNL 35, CNR 113; 14 Mar 2026 is a Saturday)', () => {
    const d = one(run({ filingDate: '2023-03-14' }), 'CN-EXAM-REQUEST');
    expect(d).toMatchObject({
      baseKind: 'filing',
      unadjustedDate: '2026-03-14',
      dueDate: '2026-03-16',
      status: 'open',
    });
    expect(d.skipped.map((s) => [s.date, s.reason])).toEqual([
      ['2026-03-14', 'weekend'],
      ['2026-03-15', 'weekend'],
    ]);
  });

  it('CN exam request counts from the priority date when claimed (CNR 12): priority 2022-11-20 → 2025-11-20', () => {
    const d = one(run({ route: 'paris', filingDate: '2023-03-14', priorityDate: '2022-11-20' }), 'CN-EXAM-REQUEST');
    expect(d).toMatchObject({ baseKind: 'priority', baseDate: '2022-11-20', dueDate: '2025-11-20' });
  });

  it('CN exam request rolls over the Spring Festival: filing 2023-02-16 → 2026-02-24 (CNL 35; 国办发明电〔2025〕7号: 15–23 Feb 2026 off)', () => {
    const d = one(run({ filingDate: '2023-02-16' }), 'CN-EXAM-REQUEST');
    expect(d.unadjustedDate).toBe('2026-02-16');
    expect(d.dueDate).toBe('2026-02-24');
    expect(d.skipped).toHaveLength(8);
    expect(d.skipped.every((s) => s.reason === 'holiday' && s.name?.zh === '春节')).toBe(true);
  });

  it('CN exam request is done once requested, and cancelled by a withdrawal (CNL 35)', () => {
    const done = one(
      run({ filingDate: '2023-03-14', events: [{ code: 'exam_requested', date: '2023-05-01' }] }),
      'CN-EXAM-REQUEST',
    );
    expect(done).toMatchObject({ status: 'done', completedOn: '2023-05-01' });
    const gone = one(
      run({ filingDate: '2023-03-14', events: [{ code: 'withdrawn', date: '2024-01-05' }] }),
      'CN-EXAM-REQUEST',
    );
    expect(gone).toMatchObject({ status: 'cancelled', cancelledByEvent: 'withdrawn' });
  });

  it('CN invention office actions: 1st 4 months, later ones 2 months (CNL 37, CNR 50; Guidelines V-7)', () => {
    const ds = run({
      filingDate: '2023-03-14',
      events: [
        { code: 'office_action', date: '2024-09-10', itemSid: 'oa2' },
        { code: 'office_action', date: '2024-03-05', itemSid: 'oa1' },
      ],
    });
    const first = one(ds, 'CN-OA-REPLY-FIRST');
    expect(first).toMatchObject({
      baseDate: '2024-03-05',
      baseSequence: 1,
      dueDate: '2024-07-05',
      triggerItemSid: 'oa1',
    });
    // 10 Nov 2024 is a Sunday.
    const later = one(ds, 'CN-OA-REPLY-LATER');
    expect(later).toMatchObject({
      baseDate: '2024-09-10',
      baseSequence: 2,
      unadjustedDate: '2024-11-10',
      dueDate: '2024-11-11',
    });
    expect(later.triggerItemSid).toBe('oa2');
  });

  it('CN utility model office action landing in golden week → 9 Oct 2025 (CNR 50; 国办发明电〔2024〕12号: 1–8 Oct off)', () => {
    const d = one(
      run({
        patentType: 'utility_model',
        filingDate: '2025-03-01',
        events: [{ code: 'office_action', date: '2025-08-01' }],
      }),
      'CN-OA-REPLY-UM-DESIGN',
    );
    expect(d).toMatchObject({ unadjustedDate: '2025-10-01', dueDate: '2025-10-09' });
    expect(d.skipped.map((s) => s.name?.en)).toEqual([
      'National Day',
      'National Day',
      'National Day',
      'National Day',
      'National Day',
      'Mid-Autumn Festival',
      'National Day',
      'National Day',
    ]);
  });

  it('CN period ending on a make-up working day stays: Sunday 28 Sep and Saturday 11 Oct 2025 (国办发明电〔2024〕12号)', () => {
    const ds = run({
      patentType: 'design',
      filingDate: '2025-03-01',
      events: [
        { code: 'office_action', date: '2025-07-28' },
        { code: 'office_action', date: '2025-08-11' },
      ],
    });
    const [sunday, saturday] = pick(ds, 'CN-OA-REPLY-UM-DESIGN');
    expect(sunday).toMatchObject({ dueDate: '2025-09-28', skipped: [], dueOnWorkingWeekend: true });
    expect(saturday).toMatchObject({ dueDate: '2025-10-11', skipped: [], dueOnWorkingWeekend: true });
  });

  it('CN registration and divisional: 2 months from the grant notice (CNR 60(1), 114; CNR 48(1))', () => {
    const ds = run({
      filingDate: '2022-06-01',
      events: [
        { code: 'grant_notice', date: '2024-05-20' },
        { code: 'registration_paid', date: '2024-06-03' },
      ],
    });
    expect(one(ds, 'CN-REGISTRATION')).toMatchObject({ dueDate: '2024-07-22', status: 'done' });
    // 20 Jul 2024 is a Saturday; the divisional is still open (registration does not file it).
    expect(one(ds, 'CN-DIVISIONAL-LATEST')).toMatchObject({
      unadjustedDate: '2024-07-20',
      dueDate: '2024-07-22',
      status: 'open',
    });
  });

  it('CN Paris priority: invention 12 months, design 6 months, certified copy 16 months / 3 months (CNL 29, 30)', () => {
    expect(one(run({ filingDate: '2024-04-15' }), 'CN-PRIORITY-PERIOD').dueDate).toBe('2025-04-15');
    expect(one(run({ patentType: 'design', filingDate: '2024-04-15' }), 'CN-PRIORITY-PERIOD-DESIGN').dueDate).toBe(
      '2024-10-15',
    );
    const paris = run({ route: 'paris', filingDate: '2024-04-15', priorityDate: '2023-05-10' });
    expect(one(paris, 'CN-PRIORITY-DOCUMENT').dueDate).toBe('2024-09-10');
    const design = run({ patentType: 'design', route: 'paris', filingDate: '2024-04-15', priorityDate: '2023-11-10' });
    expect(one(design, 'CN-PRIORITY-DOCUMENT-DESIGN').dueDate).toBe('2024-07-15');
  });

  it('CN add/correct priority: later of 16 months from priority and 4 months from filing (CNR 37)', () => {
    const d = one(
      run({ route: 'paris', filingDate: '2024-04-15', priorityDate: '2023-05-10' }),
      'CN-PRIORITY-ADD-CORRECT',
    );
    // 16 months → 2024-09-10; 4 months → 2024-08-15: the priority period is later.
    expect(d).toMatchObject({ baseKind: 'priority', unadjustedDate: '2024-09-10' });
    // 16 months → 2024-08-20; 4 months from a filing of 2024-04-25 → 2024-08-25 (a Sunday): filing wins.
    const filingLater = one(
      run({ route: 'paris', filingDate: '2024-04-25', priorityDate: '2023-04-20' }),
      'CN-PRIORITY-ADD-CORRECT',
    );
    expect(filingLater).toMatchObject({
      baseKind: 'filing',
      baseDate: '2024-04-25',
      unadjustedDate: '2024-08-25',
      dueDate: '2024-08-26',
    });
    expect(filingLater.candidates).toHaveLength(2);
  });

  it('CN PCT national phase: 30 months, 32 with the grace fee, from the priority date (CNR 120, 122)', () => {
    const ds = run({
      route: 'pct_national',
      priorityDate: '2023-04-30',
      internationalFilingDate: '2024-04-28',
      filingDate: '2024-04-28',
    });
    // 30 Oct 2025 is a Thursday; 30 Dec 2025 a Tuesday.
    expect(one(ds, 'CN-PCT-ENTRY')).toMatchObject({ baseKind: 'priority', dueDate: '2025-10-30' });
    expect(one(ds, 'CN-PCT-ENTRY-GRACE').dueDate).toBe('2025-12-30');
    // Exam request: CNR 12, priority date + 3 years (30 Apr 2026 is a Thursday).
    expect(one(ds, 'CN-EXAM-REQUEST').dueDate).toBe('2026-04-30');
    // The term counts from the international filing date, not the priority (CNL 42; PCT Art. 11(3)).
    expect(one(ds, 'CN-TERM-INVENTION')).toMatchObject({ baseKind: 'international_filing', dueDate: '2044-04-27' });
  });

  it('CN design term by filing date: 10 years until 2021-05-31, 15 years from 2021-06-01 (CNL 42(1); 2021 interim measures Art 10)', () => {
    const before = run({ patentType: 'design', filingDate: '2021-05-31' });
    expect(one(before, 'CN-TERM-DESIGN-PRE-2021')).toMatchObject({ dueDate: '2031-05-30', rolled: false });
    expect(pick(before, 'CN-TERM-DESIGN')).toHaveLength(0);
    const after = run({ patentType: 'design', filingDate: '2021-06-01' });
    expect(one(after, 'CN-TERM-DESIGN').dueDate).toBe('2036-05-31');
    expect(pick(after, 'CN-TERM-DESIGN-PRE-2021')).toHaveLength(0);
  });

  it('CN invention term ends the day before the anniversary and does not roll: filing 2023-03-14 → 2043-03-13 (CNL 42(1))', () => {
    const d = one(run({ filingDate: '2023-03-14' }), 'CN-TERM-INVENTION');
    // 2043-03-13 is a Friday: not rolled either way; the anniversary 2043-03-14 is the day the right ends.
    expect(d).toMatchObject({ unadjustedDate: '2043-03-13', dueDate: '2043-03-13', rolled: false, skipped: [] });
    expect(explainDeadline(d, 'en')).toContain('filing date 2023-03-14 + 20 years − 1 day = 2043-03-13');
  });

  it('CN term, Guidelines V-9 §2.1 example: a utility model filed 1999-09-06 is protected to 2009-09-05', () => {
    expect(one(run({ patentType: 'utility_model', filingDate: '1999-09-06' }), 'CN-TERM-UM').dueDate).toBe(
      '2009-09-05',
    );
  });

  // One computation: the term deadline, the case's expiry date and the fee schedule's term end (termEnd).
  it.each([
    ['invention', '2023-02-14', 'CN-TERM-INVENTION', '2043-02-13'],
    ['utility_model', '2023-02-14', 'CN-TERM-UM', '2033-02-13'],
    ['design', '2023-02-14', 'CN-TERM-DESIGN', '2038-02-13'],
    ['design', '2020-02-14', 'CN-TERM-DESIGN-PRE-2021', '2030-02-13'],
    // 29 February: the anniversary in a common year is 28 February (CNR 5), so the last day is the 27th …
    ['invention', '2024-02-29', 'CN-TERM-INVENTION', '2044-02-28'],
    ['utility_model', '2024-02-29', 'CN-TERM-UM', '2034-02-27'],
    ['design', '2024-02-29', 'CN-TERM-DESIGN', '2039-02-27'],
    ['design', '2020-02-29', 'CN-TERM-DESIGN-PRE-2021', '2030-02-27'],
    // … and in a leap year the 28th (2044 and 2040 are leap years).
    ['invention', '2020-02-29', 'CN-TERM-INVENTION', '2040-02-28'],
  ] as const)('CN %s filed %s: %s ends %s, the same as termEnd', (patentType, filingDate, code, last) => {
    const facts: CaseFacts = { office: 'CN', patentType, route: 'direct', events: [], filingDate };
    expect(one(run(facts), code).dueDate).toBe(last);
    expect(termEnd(facts)).toBe(last);
  });

  it('CN restoration: 2 months from the notice of loss, and the end of the case does not cancel it (CNR 6(2))', () => {
    const ds = run({
      filingDate: '2020-01-10',
      endedDate: '2024-02-01',
      events: [{ code: 'rights_loss_notice', date: '2024-02-01' }],
    });
    expect(one(ds, 'CN-RESTORATION')).toMatchObject({ dueDate: '2024-04-01', status: 'open' });
    // The term of an ended case is cancelled, not left open.
    expect(one(ds, 'CN-TERM-INVENTION')).toMatchObject({ status: 'cancelled', cancelledByEvent: 'case_ended' });
  });

  it('CN term adjustment request applies only to inventions filed from 2021-06-01 (CNL 42(2), CNR 77)', () => {
    const event = [{ code: 'grant_announced', date: '2024-03-08' }];
    expect(one(run({ filingDate: '2021-06-01', events: event }), 'CN-PTA-REQUEST').dueDate).toBe('2024-06-11');
    expect(pick(run({ filingDate: '2021-05-31', events: event }), 'CN-PTA-REQUEST')).toHaveLength(0);
  });
});
