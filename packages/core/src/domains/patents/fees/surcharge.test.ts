// Late payment in the grace period. CN: CNR 115 (6 months) and Guidelines V-9 §2.2.1.3 (via
// ngawriters.com, S): ≤1 m 0, >1–2 m 5 %, 2–3 10 %, 3–4 15 %, 4–5 20 %, 5–6 25 % of the full annuity
// (25 % vs 30 % is UNVERIFIED; 25 % adopted). Paid after the grace period: lapsed.
import { describe, expect, it } from 'vitest';
import type { CaseFacts } from '../case-facts.js';
import { CN_FEE_PACK, feeSchedule, surchargeOn, type ScheduledFee } from './index.js';

const facts = (over: Partial<CaseFacts>): CaseFacts => ({
  office: 'CN',
  patentType: 'invention',
  route: 'direct',
  filingDate: '2015-06-03',
  grantDate: '2018-05-10',
  events: [],
  ...over,
});

function year(fees: readonly ScheduledFee[], n: number): ScheduledFee {
  const fee = fees.find((f) => f.patentYear === n);
  if (!fee) throw new Error(`no fee for year ${n}`);
  return fee;
}

// Year 5: due 2019-06-03, full fee 1,200, grace to 2019-12-03.
const y5 = year(feeSchedule(facts({}), CN_FEE_PACK), 5);

describe('CN annuity surcharge by month of delay', () => {
  it('lists the charged bands, month ends counted from the due date', () => {
    expect(y5.graceEnds).toBe('2019-12-03');
    expect(y5.surcharges).toEqual([
      { from: '2019-07-04', to: '2019-08-03', amount: 60, rate: 0.05, kind: 'rate' },
      { from: '2019-08-04', to: '2019-09-03', amount: 120, rate: 0.1, kind: 'rate' },
      { from: '2019-09-04', to: '2019-10-03', amount: 180, rate: 0.15, kind: 'rate' },
      { from: '2019-10-04', to: '2019-11-03', amount: 240, rate: 0.2, kind: 'rate' },
      { from: '2019-11-04', to: '2019-12-03', amount: 300, rate: 0.25, kind: 'rate' },
    ]);
  });
  it.each([
    ['on the due date', '2019-06-03', 0, 0, false],
    ['0.5 months late', '2019-06-18', 0, 0, true],
    ['1.5 months late', '2019-07-18', 60, 0.05, true],
    ['2.5 months late', '2019-08-18', 120, 0.1, true],
    ['3.5 months late', '2019-09-18', 180, 0.15, true],
    ['4.5 months late', '2019-10-18', 240, 0.2, true],
    ['5.5 months late', '2019-11-18', 300, 0.25, true],
  ])('%s (%s): %d', (_what, date, amount, rate, late) => {
    expect(surchargeOn(y5, date)).toEqual({ amount, rate, late, lapsed: false, early: false });
  });
  it('exactly on a month boundary the lower band applies; the day after, the next', () => {
    expect(surchargeOn(y5, '2019-07-03').amount).toBe(0); // exactly 1 month: "≤1 m"
    expect(surchargeOn(y5, '2019-07-04').amount).toBe(60);
    expect(surchargeOn(y5, '2019-08-03').amount).toBe(60); // exactly 2 months
    expect(surchargeOn(y5, '2019-08-04').amount).toBe(120);
    expect(surchargeOn(y5, '2019-12-03')).toMatchObject({ amount: 300, lapsed: false }); // last day of grace
  });
  it('after 6 months the right has lapsed and no surcharge is quoted', () => {
    expect(surchargeOn(y5, '2019-12-04')).toEqual({ amount: 0, rate: 0, late: true, lapsed: true, early: false });
  });
  it('the grant-year annuity has no grace: paid after the registration date it is lapsed', () => {
    const y3 = year(feeSchedule(facts({}), CN_FEE_PACK), 3);
    expect(surchargeOn(y3, '2018-05-11')).toMatchObject({ amount: 0, lapsed: true });
  });
  it('the surcharge is on the full annuity, also when the annuity is reduced', () => {
    const reduced = year(feeSchedule(facts({ feeReduction: 0.85 }), CN_FEE_PACK), 5);
    expect(reduced.amount).toBe(180);
    expect(surchargeOn(reduced, '2019-07-18').amount).toBe(60);
  });
  it('month ends after a month-end due date are not chained (31 Aug → 30 Sep, 31 Oct, 30 Nov …)', () => {
    const um = feeSchedule(
      facts({ patentType: 'utility_model', filingDate: '2019-08-31', grantDate: '2020-03-01' }),
      CN_FEE_PACK,
    );
    const y2 = year(um, 2);
    expect(y2.dueDate).toBe('2020-08-31');
    expect(y2.graceEnds).toBe('2021-02-28');
    expect(y2.surcharges.map((s) => [s.from, s.to])).toEqual([
      ['2020-10-01', '2020-10-31'],
      ['2020-11-01', '2020-11-30'],
      ['2020-12-01', '2020-12-31'],
      ['2021-01-01', '2021-01-31'],
      ['2021-02-01', '2021-02-28'],
    ]);
    expect(surchargeOn(y2, '2020-09-30').amount).toBe(0);
    expect(surchargeOn(y2, '2020-10-01').amount).toBe(30); // 5 % of 600
  });
});
