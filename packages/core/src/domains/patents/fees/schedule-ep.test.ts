// EP renewal fees: EPC Art 86, R 51(1) (due on the last day of the anniversary month, years 3+ while
// pending; early payment ≤3 m, 3rd year ≤6 m), R 51(2) + J 4/91 (6-month grace ending on a month end,
// +50 %), Guide ga_d_ix (EPO collects up to the year of the grant mention), R 159(1)(g) (Euro-PCT).
// Amounts for payments from 2024-04-01 (S).
import { describe, expect, it } from 'vitest';
import type { CaseFacts } from '../case-facts.js';
import { EP_FEE_PACK, feeSchedule, surchargeOn } from './index.js';

const facts = (over: Partial<CaseFacts>): CaseFacts => ({
  office: 'EP',
  patentType: 'invention',
  route: 'direct',
  filingDate: '2021-04-12',
  events: [],
  ...over,
});

describe('EP renewal fees', () => {
  it('years 3 to 20 while pending, due on the last day of the anniversary month', () => {
    const fees = feeSchedule(facts({}), EP_FEE_PACK);
    expect(fees.map((f) => f.patentYear)).toEqual(Array.from({ length: 18 }, (_, i) => i + 3));
    expect(fees[0]).toMatchObject({
      patentYear: 3,
      dueDate: '2023-04-30',
      windowOpens: '2022-10-30',
      graceEnds: '2023-10-31',
    });
    expect(fees[1]).toMatchObject({ patentYear: 4, dueDate: '2024-04-30', windowOpens: '2024-01-30', amount: 845 });
    expect(fees.at(-1)).toMatchObject({ patentYear: 20, dueDate: '2040-04-30', amount: 1_775 });
    expect(fees[0]?.label).toEqual({ zh: '欧洲专利申请第3年续展费', en: 'Renewal fee, year 3' });
  });
  it('stops at grant: the year in which the grant is mentioned is the last one paid to the EPO', () => {
    expect(feeSchedule(facts({ grantDate: '2025-05-20' }), EP_FEE_PACK).map((f) => f.patentYear)).toEqual([3, 4, 5]);
    // Granted after year 5 began (12 April) but before its due date (30 April): year 5 still EPO's.
    const midMonth = feeSchedule(facts({ grantDate: '2025-04-20' }), EP_FEE_PACK);
    expect(midMonth.at(-1)).toMatchObject({ patentYear: 5, dueDate: '2025-04-30' });
    expect(feeSchedule(facts({ grantDate: '2025-04-11' }), EP_FEE_PACK).map((f) => f.patentYear)).toEqual([3, 4]);
  });
  it('50 % additional fee in the grace period, then the application is deemed withdrawn', () => {
    const y4 = feeSchedule(facts({}), EP_FEE_PACK)[1];
    if (!y4) throw new Error('no year 4');
    expect(y4.graceEnds).toBe('2024-10-31');
    expect(y4.surcharges).toEqual([{ from: '2024-05-01', to: '2024-10-31', amount: 422.5, rate: 0.5, kind: 'rate' }]);
    expect(surchargeOn(y4, '2024-05-01')).toMatchObject({ amount: 422.5, late: true, lapsed: false });
    expect(surchargeOn(y4, '2024-11-01')).toMatchObject({ amount: 0, lapsed: true });
    expect(surchargeOn(y4, '2024-01-29')).toMatchObject({ early: true });
  });
  it('Euro-PCT: a renewal fee falling due before 31 months from priority is due at 31 months', () => {
    const fees = feeSchedule(
      facts({ route: 'pct_national', internationalFilingDate: '2020-01-10', filingDate: '2022-08-01' }),
      EP_FEE_PACK,
    );
    expect(fees[0]).toMatchObject({
      patentYear: 3,
      dueDate: '2022-08-10',
      windowOpens: '2021-07-31',
      graceEnds: '2023-02-10',
    });
    expect(fees[1]).toMatchObject({ patentYear: 4, dueDate: '2023-01-31' });
  });
  it('a fee due before the 2024 table is priced from it and marked unverified', () => {
    const [y3] = feeSchedule(facts({}), EP_FEE_PACK);
    expect(y3).toMatchObject({ amount: 690 });
    expect(y3?.source.status).toBe('unverified');
  });
});
