// US maintenance fees: 35 USC 41(b) (V) — due 3.5 / 7.5 / 11.5 years after grant, window from 3 / 7 /
// 11 years, 6-month grace with surcharge; utility patents only. Amounts from 2025-01-19 (readydone.ai, S).
import { describe, expect, it } from 'vitest';
import type { CaseFacts, EntitySize } from '../case-facts.js';
import { US_FEE_PACK, feeSchedule, surchargeOn } from './index.js';

const facts = (over: Partial<CaseFacts>): CaseFacts => ({
  office: 'US',
  patentType: 'invention',
  route: 'direct',
  filingDate: '2019-05-02',
  grantDate: '2022-03-15',
  events: [],
  ...over,
});

describe('US maintenance fees', () => {
  it('three stages with window, due date and grace end counted from grant', () => {
    const fees = feeSchedule(facts({}), US_FEE_PACK);
    expect(fees.map((f) => [f.patentYear, f.windowOpens, f.dueDate, f.graceEnds])).toEqual([
      [1, '2025-03-15', '2025-09-15', '2026-03-15'],
      [2, '2029-03-15', '2029-09-15', '2030-03-15'],
      [3, '2033-03-15', '2033-09-15', '2034-03-15'],
    ]);
    expect(fees[0]?.label).toEqual({ zh: '第1期维持费', en: 'Maintenance fee, stage 1' });
    expect(fees.every((f) => f.feeCode === 'US-MAINTENANCE' && f.currency === 'USD')).toBe(true);
  });
  it.each<[EntitySize, number, number[], number]>([
    ['large', 0, [2_150, 4_040, 8_280], 540],
    ['small', 0.6, [860, 1_616, 3_312], 216],
    ['micro', 0.8, [430, 808, 1_656], 108],
  ])('%s entity: reduction %d, amounts %j, surcharge %d', (entitySize, rate, amounts, surcharge) => {
    const fees = feeSchedule(facts({ entitySize }), US_FEE_PACK);
    expect(fees.map((f) => f.amount)).toEqual(amounts);
    expect(fees.map((f) => f.baseAmount)).toEqual([2_150, 4_040, 8_280]);
    expect(fees.every((f) => f.reductionRate === rate)).toBe(true);
    expect(fees[0]?.surcharges).toEqual([
      { from: '2025-09-16', to: '2026-03-15', amount: surcharge, rate: 0, kind: 'fixed' },
    ]);
  });
  it('grace surcharge only after the due date; early before the window; lapsed after the grace end', () => {
    const [stage1] = feeSchedule(facts({ entitySize: 'small' }), US_FEE_PACK);
    if (!stage1) throw new Error('no stage 1');
    expect(surchargeOn(stage1, '2025-03-14')).toMatchObject({ early: true, late: false, amount: 0 });
    expect(surchargeOn(stage1, '2025-09-15')).toMatchObject({ early: false, late: false, amount: 0 });
    expect(surchargeOn(stage1, '2025-09-16')).toMatchObject({ late: true, lapsed: false, amount: 216 });
    expect(surchargeOn(stage1, '2026-03-15')).toMatchObject({ lapsed: false, amount: 216 });
    expect(surchargeOn(stage1, '2026-03-16')).toMatchObject({ lapsed: true, amount: 0 });
  });
  it('design patents pay no maintenance fees', () => {
    expect(feeSchedule(facts({ patentType: 'design' }), US_FEE_PACK)).toEqual([]);
  });
  it('no stage due after the 20-year term or the end of the case; none before grant', () => {
    const late = feeSchedule(facts({ filingDate: '2010-01-10', grantDate: '2019-06-01' }), US_FEE_PACK);
    expect(late.map((f) => f.patentYear)).toEqual([1, 2]); // stage 3 would be due 2030-12-01, term ends 2030-01-09
    expect(feeSchedule(facts({ endedDate: '2026-03-16' }), US_FEE_PACK).map((f) => f.patentYear)).toEqual([1]);
    expect(feeSchedule(facts({ grantDate: undefined }), US_FEE_PACK)).toEqual([]);
  });
});
