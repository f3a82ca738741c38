// Money rounding per currency (CNY whole yuan, USD/EUR cents, JPY whole yen) and the amount in force
// on the due date when a fee band changes (JP table of 2022-04-01 replacing that of 2019-04-01).
import { describe, expect, it } from 'vitest';
import type { CaseFacts } from '../case-facts.js';
import { JP_FEE_PACK, afterReduction, feeSchedule, roundMoney, shareOf } from './index.js';

describe('money rounding', () => {
  it('reductions and shares are exact in minor units, rounded half up', () => {
    expect(afterReduction(900, 0.85, 'CNY')).toBe(135); // 900 × 0.15 in floats is 134.99999999999997
    expect(afterReduction(1_555, 0.7, 'CNY')).toBe(467); // 466.5 → 467
    expect(afterReduction(1_555, 0.7, 'USD')).toBe(466.5);
    expect(shareOf(845, 0.5, 'EUR')).toBe(422.5);
    expect(shareOf(0.05, 0.5, 'EUR')).toBe(0.03); // 2.5 cents → 3
    expect(shareOf(333, 0.05, 'JPY')).toBe(17); // 16.65 → 17
    expect(roundMoney(1.005, 'USD')).toBe(1.01);
    expect(roundMoney(2_150.4, 'CNY')).toBe(2_150);
    expect(afterReduction(2_150, 0, 'USD')).toBe(2_150);
  });
});

describe('the amount in force on the due date', () => {
  const jp = (grantDate: string): CaseFacts => ({
    office: 'JP',
    patentType: 'invention',
    route: 'direct',
    filingDate: '2017-03-01',
    grantDate,
    events: [],
  });
  it('uses the 2019 table for a fee due up to 2022-03-31 and the 2022 table from 2022-04-01', () => {
    const before = feeSchedule(jp('2022-03-01'), JP_FEE_PACK)[0]; // due 2022-03-31
    const after = feeSchedule(jp('2022-03-02'), JP_FEE_PACK)[0]; // due 2022-04-01
    expect(before).toMatchObject({ dueDate: '2022-03-31', amount: 2_300 });
    expect(after).toMatchObject({ dueDate: '2022-04-01', amount: 4_600 });
    expect(before?.source.ref).toContain('2019-04-01');
  });
  it('later years of the same case use the table in force on their own due dates', () => {
    const fees = feeSchedule(jp('2021-06-01'), JP_FEE_PACK);
    expect(fees[0]).toMatchObject({ dueDate: '2021-07-01', amount: 2_300 });
    expect(fees[3]).toMatchObject({ dueDate: '2024-06-01', amount: 11_100 });
  });
  it('a due date before every known table uses the earliest row, marked unverified', () => {
    const [first] = feeSchedule(jp('2018-05-01'), JP_FEE_PACK);
    expect(first).toMatchObject({ dueDate: '2018-05-31', amount: 2_300 });
    expect(first?.source.status).toBe('unverified');
  });
});
