import { describe, expect, it } from 'vitest';
import { calendarFor } from '../../calendar/offices.js';
import type { CaseFacts } from '../../case-facts.js';
import { computeDeadlines } from '../engine.js';
import type { ComputedDeadline, ComputeOptions } from '../types.js';
import { WO_RULE_PACK, pctNationalPhaseMonths } from './wo.js';

const WO = calendarFor('WO');
const run = (facts: Partial<CaseFacts>, options?: ComputeOptions) =>
  computeDeadlines(
    { office: 'WO', patentType: 'invention', route: 'pct_international', events: [], ...facts },
    WO_RULE_PACK,
    WO,
    options,
  );
const one = (deadlines: ComputedDeadline[], code: string): ComputedDeadline => {
  const found = deadlines.filter((d) => d.ruleCode === code);
  expect(found).toHaveLength(1);
  return found[0] as ComputedDeadline;
};
const nationalPhase = (deadlines: ComputedDeadline[]) =>
  deadlines.filter((d) => d.ruleCode.startsWith('WO-NATIONAL-PHASE')).map((d) => [d.ruleCode, d.dueDate]);

describe('WO rule pack (PCT)', () => {
  it('Chapter II demand: later of 22 months from priority and 3 months from the ISR transmittal (PCT r. 54bis.1(a))', () => {
    const facts = { filingDate: '2024-01-10', priorityDate: '2023-01-10' };
    expect(one(run(facts), 'WO-DEMAND')).toMatchObject({ baseKind: 'priority', dueDate: '2024-11-10', rolled: false });
    const lateIsr = run({ ...facts, events: [{ code: 'isr_transmitted', date: '2024-10-01' }] });
    expect(one(lateIsr, 'WO-DEMAND')).toMatchObject({
      baseKind: 'event',
      baseEvent: 'isr_transmitted',
      dueDate: '2025-01-01',
    });
    const earlyIsr = run({ ...facts, events: [{ code: 'isr_transmitted', date: '2024-05-02' }] });
    expect(one(earlyIsr, 'WO-DEMAND')).toMatchObject({ baseKind: 'priority', dueDate: '2024-11-10' });
    const filed = run({ ...facts, events: [{ code: 'demand_filed', date: '2024-09-30' }] });
    expect(one(filed, 'WO-DEMAND').status).toBe('done');
  });

  it('national phase 30 vs 31 months for a given office: priority 2023-06-15 → US 2025-12-15, KR 2026-01-15 (PCT Art. 22, 39(1); WIPO time-limits table)', () => {
    const facts = { filingDate: '2024-06-14', priorityDate: '2023-06-15' };
    expect(nationalPhase(run(facts, { designatedOffices: ['US'] }))).toEqual([['WO-NATIONAL-PHASE-30', '2025-12-15']]);
    expect(nationalPhase(run(facts, { designatedOffices: ['KR'] }))).toEqual([['WO-NATIONAL-PHASE-31', '2026-01-15']]);
    expect(nationalPhase(run(facts, { designatedOffices: ['EP'] }))).toEqual([['WO-NATIONAL-PHASE-31', '2026-01-15']]);
    expect(pctNationalPhaseMonths('KR')).toBe(31);
    expect(pctNationalPhaseMonths('JP')).toBe(30);
  });

  it('national phase with an office-specific limit: CN 30 + 32 with grace fee, CA 30 + 42, BA 34, LU 20 (WIPO time-limits table; CNR 120)', () => {
    const facts = { filingDate: '2024-06-14', priorityDate: '2023-06-15' };
    expect(nationalPhase(run(facts, { designatedOffices: ['CN'] }))).toEqual([
      ['WO-NATIONAL-PHASE-30', '2025-12-15'],
      ['WO-NATIONAL-PHASE-CN-32', '2026-02-15'],
    ]);
    expect(nationalPhase(run(facts, { designatedOffices: ['CA'] }))).toEqual([
      ['WO-NATIONAL-PHASE-30', '2025-12-15'],
      ['WO-NATIONAL-PHASE-CA-42', '2026-12-15'],
    ]);
    expect(nationalPhase(run(facts, { designatedOffices: ['BA'] }))).toEqual([
      ['WO-NATIONAL-PHASE-BA-34', '2026-04-15'],
    ]);
    expect(nationalPhase(run(facts, { designatedOffices: ['LU'] }))).toEqual([
      ['WO-NATIONAL-PHASE-LU-TZ', '2025-02-15'],
    ]);
    // Without designations every reminder shows; not rolled, as the designated office's days apply (r. 80.5).
    expect(nationalPhase(run(facts))).toHaveLength(6);
  });

  it('national phase without priority counts from the international filing date, to the month end: 2023-08-31 → 2026-02-28 (PCT Art. 2(xi), 22)', () => {
    const d = one(run({ filingDate: '2023-08-31' }, { designatedOffices: ['JP'] }), 'WO-NATIONAL-PHASE-30');
    expect(d).toMatchObject({ baseKind: 'international_filing', unadjustedDate: '2026-02-28' });
  });

  it('Article 19 amendments filed with the IB roll over WIPO closed days: priority 2023-08-25 + 16 months = 25 Dec 2024 → 26 Dec (PCT r. 46.1, r. 80.5 — unverified rule)', () => {
    const d = one(
      run({
        filingDate: '2024-08-23',
        priorityDate: '2023-08-25',
        events: [{ code: 'isr_transmitted', date: '2024-06-01' }],
      }),
      'WO-ART19-AMENDMENT',
    );
    expect(d).toMatchObject({ unadjustedDate: '2024-12-25', dueDate: '2024-12-26', ruleStatus: 'unverified' });
    expect(d.candidates?.map((c) => c.date)).toEqual(['2024-12-25', '2024-08-01']);
  });

  it('priority document 16 months from priority, none without a priority claim (PCT r. 17.1(a) — unverified rule)', () => {
    expect(one(run({ filingDate: '2024-11-20', priorityDate: '2023-11-29' }), 'WO-PRIORITY-DOCUMENT').dueDate).toBe(
      '2025-03-31',
    );
    expect(run({ filingDate: '2024-11-20' }).map((d) => d.ruleCode)).not.toContain('WO-PRIORITY-DOCUMENT');
  });

  it('withdrawal cancels the open international-phase deadlines; none starts after the case ended (PCT r. 90bis)', () => {
    const ds = run({
      filingDate: '2024-01-10',
      priorityDate: '2023-01-10',
      endedDate: '2024-09-01',
      events: [
        { code: 'withdrawn', date: '2024-09-01' },
        { code: 'isr_transmitted', date: '2024-10-01' },
      ],
    });
    expect(one(ds, 'WO-DEMAND')).toMatchObject({
      status: 'cancelled',
      cancelledByEvent: 'withdrawn',
      baseKind: 'priority',
    });
    expect(ds.every((d) => d.status === 'cancelled')).toBe(true);
  });
});
