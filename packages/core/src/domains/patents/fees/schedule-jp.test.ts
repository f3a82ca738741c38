// JP patent fees: Art 107(1) (years from registration), 108(1) (years 1–3 within 30 days of the grant
// decision, modelled as grantDate + 30 d), 108(2) (year 4+ by the end of the preceding year: the
// registration anniversary, tokkyohou-no-sekai.jp, S), 112 (6 months with a surcharge equal to the fee).
// Amounts from 2022-04-01 and 2019-04-01 (fujino-po.com, S).
import { describe, expect, it } from 'vitest';
import type { CaseFacts } from '../case-facts.js';
import { JP_FEE_PACK, JP_REGISTRATION_EVENT, feeSchedule, surchargeOn } from './index.js';

const facts = (over: Partial<CaseFacts>): CaseFacts => ({
  office: 'JP',
  patentType: 'invention',
  route: 'direct',
  filingDate: '2018-03-01',
  grantDate: '2022-06-10',
  events: [{ code: JP_REGISTRATION_EVENT, date: '2022-07-20' }],
  ...over,
});

describe('JP annuities', () => {
  const fees = feeSchedule(facts({}), JP_FEE_PACK, { claimCount: 5 });

  it('years 1–3 at grant + 30 days, no grace; year 4+ on the registration anniversary', () => {
    expect(fees.slice(0, 3).map((f) => [f.patentYear, f.dueDate, f.graceEnds])).toEqual([
      [1, '2022-07-10', '2022-07-10'],
      [2, '2022-07-10', '2022-07-10'],
      [3, '2022-07-10', '2022-07-10'],
    ]);
    expect(fees[3]).toMatchObject({ patentYear: 4, dueDate: '2025-07-20', graceEnds: '2026-01-20' });
    expect(fees[4]).toMatchObject({ patentYear: 5, dueDate: '2026-07-20' });
  });
  it('runs to the registration year that contains the term end (filed 2018-03-01 → 2038-02-28)', () => {
    expect(fees.at(-1)).toMatchObject({ patentYear: 16, dueDate: '2037-07-20' });
    expect(fees).toHaveLength(16);
  });
  it('amounts are base + per claim × claimCount', () => {
    const by = new Map(fees.map((f) => [f.patentYear, f.amount]));
    expect([1, 4, 7, 10, 16].map((y) => by.get(y))).toEqual([5_800, 14_300, 34_300, 82_400, 82_400]);
    const oneClaim = feeSchedule(facts({}), JP_FEE_PACK);
    expect(oneClaim.map((f) => f.amount).slice(0, 4)).toEqual([4_600, 4_600, 4_600, 11_100]);
    expect(() => feeSchedule(facts({}), JP_FEE_PACK, { claimCount: 0 })).toThrow(RangeError);
  });
  it('late payment doubles the fee (surcharge equal to the fee), lapsed after 6 months', () => {
    const y4 = fees[3];
    if (!y4) throw new Error('no year 4');
    expect(y4.surcharges).toEqual([{ from: '2025-07-21', to: '2026-01-20', amount: 14_300, rate: 1, kind: 'rate' }]);
    expect(surchargeOn(y4, '2025-12-01')).toMatchObject({ amount: 14_300, late: true, lapsed: false });
    expect(surchargeOn(y4, '2026-01-21')).toMatchObject({ amount: 0, lapsed: true });
    expect(surchargeOn(fees[0] as (typeof fees)[number], '2022-07-11')).toMatchObject({ lapsed: true });
  });
  it('without a registration event, years count from the grant date; nothing before grant', () => {
    const noEvent = feeSchedule(facts({ events: [] }), JP_FEE_PACK);
    expect(noEvent[3]).toMatchObject({ patentYear: 4, dueDate: '2025-06-10' });
    expect(feeSchedule(facts({ grantDate: undefined }), JP_FEE_PACK)).toEqual([]);
  });
});
