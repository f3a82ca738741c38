// CN annuity schedules. Sources: CNR 114/115 (grant-year annuity with registration, later years due on
// the filing-date anniversary), CNL 42(1) (term), annuity bands per patent-rules.md (meiqi88, S),
// design y11–15 from 2022-05-05 (CNIPA, V), reduction for 10 years from the grant year (f2dsex4, S).
import { describe, expect, it } from 'vitest';
import type { CaseFacts } from '../case-facts.js';
import { CN_FEE_PACK, feeSchedule, termEnd } from './index.js';

const facts = (over: Partial<CaseFacts>): CaseFacts => ({
  office: 'CN',
  patentType: 'invention',
  route: 'direct',
  events: [],
  ...over,
});

// The annuities only; the one-off official fees have their own tests below.
const annuities = (...args: Parameters<typeof feeSchedule>) =>
  feeSchedule(...args).filter((fee) => fee.feeCode === 'CN-ANNUITY');

const invention = facts({ filingDate: '2015-06-03', grantDate: '2018-05-10' });

describe('CN invention filed 2015-06-03, granted 2018-05-10', () => {
  const fees = annuities(invention, CN_FEE_PACK);

  it('schedules the grant year (year 3) through year 20, nothing before grant', () => {
    expect(fees.map((f) => f.patentYear)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(fees.every((f) => f.feeCode === 'CN-ANNUITY' && f.ruleCode === 'CN-ANNUITY-INV')).toBe(true);
    expect(fees[0]?.label).toEqual({ zh: '发明专利第3年度年费', en: 'Invention annuity, year 3' });
  });
  it('the grant-year annuity is due at grant with no grace (CNR 114); later years on the anniversary (CNR 115)', () => {
    expect(fees[0]).toMatchObject({ patentYear: 3, dueDate: '2018-05-10', graceEnds: '2018-05-10', surcharges: [] });
    expect(fees[1]).toMatchObject({ patentYear: 4, dueDate: '2018-06-03', graceEnds: '2018-12-03' });
    expect(fees.find((f) => f.patentYear === 6)?.dueDate).toBe('2020-06-03');
    expect(fees.at(-1)).toMatchObject({ patentYear: 20, dueDate: '2034-06-03' });
  });
  it('amounts by band: 900 / 1,200 / 2,000 / 4,000 / 6,000 / 8,000', () => {
    const byYear = new Map(fees.map((f) => [f.patentYear, f.amount]));
    expect([3, 4, 6, 7, 9, 10, 12, 13, 15, 16, 20].map((y) => byYear.get(y))).toEqual([
      900, 1_200, 1_200, 2_000, 2_000, 4_000, 4_000, 6_000, 6_000, 8_000, 8_000,
    ]);
    expect(fees.every((f) => f.currency === 'CNY' && f.reductionRate === 0 && f.baseAmount === f.amount)).toBe(true);
  });
  it('nothing after the term end', () => {
    expect(termEnd(invention)).toBe('2035-06-02');
    expect(fees.every((f) => f.dueDate <= '2035-06-02')).toBe(true);
  });
  it('with endedDate set, nothing due after it (a fee due on that day stays)', () => {
    const ended = annuities({ ...invention, endedDate: '2024-06-03' }, CN_FEE_PACK);
    expect(ended.at(-1)).toMatchObject({ patentYear: 10, dueDate: '2024-06-03' });
    expect(annuities({ ...invention, endedDate: '2024-06-02' }, CN_FEE_PACK).at(-1)?.patentYear).toBe(9);
  });
  it('stops at the caller horizon (until)', () => {
    expect(annuities(invention, CN_FEE_PACK, { until: '2020-12-31' }).map((f) => f.patentYear)).toEqual([3, 4, 5, 6]);
  });
  it('schedules nothing before grant, or without a filing date', () => {
    expect(annuities(facts({ filingDate: '2015-06-03' }), CN_FEE_PACK)).toEqual([]);
    expect(annuities(facts({ grantDate: '2018-05-10' }), CN_FEE_PACK)).toEqual([]);
  });
  it('a PCT national phase counts years from the international filing date', () => {
    const pct = annuities(
      facts({
        route: 'pct_national',
        internationalFilingDate: '2019-04-12',
        filingDate: '2021-10-12',
        grantDate: '2023-02-01',
      }),
      CN_FEE_PACK,
    );
    expect(pct[0]).toMatchObject({ patentYear: 4, dueDate: '2023-02-01' });
    expect(pct[1]).toMatchObject({ patentYear: 5, dueDate: '2023-04-12' });
    expect(pct.at(-1)).toMatchObject({ patentYear: 20, dueDate: '2038-04-12' });
  });
  it('refuses a pack of another office', () => {
    expect(() => feeSchedule(facts({ office: 'US' }), CN_FEE_PACK)).toThrow(RangeError);
  });
});

describe('CN utility models and designs', () => {
  it('utility model: 10-year term, bands 600 / 900 / 1,200 / 2,000', () => {
    const fees = annuities(
      facts({ patentType: 'utility_model', filingDate: '2020-03-15', grantDate: '2020-09-01' }),
      CN_FEE_PACK,
    );
    expect(fees.map((f) => [f.patentYear, f.amount])).toEqual([
      [1, 600],
      [2, 600],
      [3, 600],
      [4, 900],
      [5, 900],
      [6, 1_200],
      [7, 1_200],
      [8, 1_200],
      [9, 2_000],
      [10, 2_000],
    ]);
    expect(fees[0]?.dueDate).toBe('2020-09-01');
    expect(fees.at(-1)?.dueDate).toBe('2029-03-15');
  });
  it('design filed 2021-05-31: 10 years; filed 2021-06-01: 15 years with y11–15 at 3,000', () => {
    const before = annuities(
      facts({ patentType: 'design', filingDate: '2021-05-31', grantDate: '2021-11-02' }),
      CN_FEE_PACK,
    );
    expect(before.at(-1)).toMatchObject({ patentYear: 10, dueDate: '2030-05-31' });
    const after = annuities(
      facts({ patentType: 'design', filingDate: '2021-06-01', grantDate: '2021-11-02' }),
      CN_FEE_PACK,
    );
    expect(after.at(-1)).toMatchObject({ patentYear: 15, dueDate: '2035-06-01', amount: 3_000 });
    const y11 = after.find((f) => f.patentYear === 11);
    expect(y11).toMatchObject({ dueDate: '2031-06-01', amount: 3_000, ruleCode: 'CN-ANNUITY-DES' });
    expect(y11?.source.status).toBe('verified');
    expect(after.find((f) => f.patentYear === 10)).toMatchObject({ amount: 2_000 });
    expect(after.find((f) => f.patentYear === 10)?.source.status).toBe('secondary');
  });
});

describe('CN fee reduction (财税〔2016〕78号; 10 years from the grant year, f2dsex4 — secondary)', () => {
  it('85 % off for patent years 3–12 (grant year 3 and the nine after), none from year 13', () => {
    const fees = annuities({ ...invention, feeReduction: 0.85 }, CN_FEE_PACK);
    const by = new Map(fees.map((f) => [f.patentYear, f]));
    expect(by.get(3)).toMatchObject({ baseAmount: 900, reductionRate: 0.85, amount: 135 });
    expect(by.get(4)).toMatchObject({ baseAmount: 1_200, reductionRate: 0.85, amount: 180 });
    expect(by.get(10)).toMatchObject({ baseAmount: 4_000, reductionRate: 0.85, amount: 600 });
    expect(by.get(12)).toMatchObject({ baseAmount: 4_000, reductionRate: 0.85, amount: 600 });
    expect(by.get(13)).toMatchObject({ baseAmount: 6_000, reductionRate: 0, amount: 6_000 });
  });
  it('70 % off for joint qualifying parties', () => {
    const fees = annuities({ ...invention, feeReduction: 0.7 }, CN_FEE_PACK);
    const by = new Map(fees.map((f) => [f.patentYear, f]));
    expect(by.get(3)).toMatchObject({ reductionRate: 0.7, amount: 270 });
    expect(by.get(7)).toMatchObject({ reductionRate: 0.7, amount: 600 });
    expect(by.get(12)).toMatchObject({ reductionRate: 0.7, amount: 1_200 });
    expect(by.get(13)).toMatchObject({ reductionRate: 0, amount: 6_000 });
  });
  it('utility model granted in year 1: every year of the 10 is reduced', () => {
    const fees = annuities(
      facts({ patentType: 'utility_model', filingDate: '2020-03-15', grantDate: '2020-09-01', feeReduction: 0.85 }),
      CN_FEE_PACK,
    );
    expect(fees.map((f) => f.amount)).toEqual([90, 90, 90, 135, 135, 180, 180, 180, 300, 300]);
  });
});

describe('CN official fees of the procedure (filing, examination; patent-rules.md CN fees, 2018-08-01 list)', () => {
  const official = (over: Partial<CaseFacts>) =>
    feeSchedule(facts(over), CN_FEE_PACK).filter((fee) => fee.feeCode !== 'CN-ANNUITY');

  it('an invention owes the filing fee 2 months from filing and the examination fee with the exam request', () => {
    const fees = official({ filingDate: '2025-03-14' });
    expect(fees).toMatchObject([
      { feeCode: 'CN-FILING', ruleCode: 'CN-FILING-INV', patentYear: 0, dueDate: '2025-05-14', amount: 900 },
      // CNL 35, CNR 113: three years from filing, the same date as the CN-EXAM-REQUEST deadline before rolling.
      { feeCode: 'CN-EXAM', ruleCode: 'CN-EXAM-FEE', dueDate: '2028-03-14', amount: 2_500 },
    ]);
    // No grace period, hence no surcharge: unpaid, the application is deemed withdrawn.
    expect(fees.every((f) => f.graceEnds === f.dueDate && f.surcharges.length === 0)).toBe(true);
    expect(fees[0]!.label).toEqual({ zh: '发明专利申请费', en: 'Invention filing fee' });
  });

  it('counts the examination fee from the priority date, and drops it once the request is recorded', () => {
    const claimed = official({ route: 'paris', filingDate: '2025-03-14', priorityDate: '2024-09-01' });
    expect(claimed.find((f) => f.feeCode === 'CN-EXAM')?.dueDate).toBe('2027-09-01');
    const requested = official({
      filingDate: '2025-03-14',
      events: [{ code: 'exam_requested', date: '2025-04-01' }],
    });
    expect(requested.map((f) => f.ruleCode)).toEqual(['CN-FILING-INV']);
  });

  it('utility models and designs owe 500 filing fee and no examination fee; PCT entries no filing fee here', () => {
    expect(official({ patentType: 'utility_model', filingDate: '2025-03-14' })).toMatchObject([
      { ruleCode: 'CN-FILING-UM', amount: 500 },
    ]);
    expect(official({ patentType: 'design', filingDate: '2025-03-14' })).toMatchObject([
      { ruleCode: 'CN-FILING-DES', amount: 500 },
    ]);
    expect(official({ route: 'pct_national', filingDate: '2025-03-14' }).map((f) => f.ruleCode)).toEqual([
      'CN-EXAM-FEE',
    ]);
  });

  it('applies the CN reduction to them as to annuities (财税〔2016〕78号), and nothing after the case ended', () => {
    const reduced = official({ filingDate: '2025-03-14', feeReduction: 0.85 });
    expect(reduced.map((f) => [f.baseAmount, f.reductionRate, f.amount])).toEqual([
      [900, 0.85, 135],
      [2_500, 0.85, 375],
    ]);
    expect(official({ filingDate: '2025-03-14', endedDate: '2026-01-01' }).map((f) => f.ruleCode)).toEqual([
      'CN-FILING-INV',
    ]);
  });

  it('keeps everything in due-date order with the annuities, and schedules no registration fee (abolished 2018-08-01)', () => {
    const all = feeSchedule(facts({ filingDate: '2019-03-14', grantDate: '2022-06-10' }), CN_FEE_PACK);
    const dates = all.map((f) => f.dueDate);
    expect(dates).toEqual([...dates].sort());
    expect(all.slice(0, 3).map((f) => f.ruleCode)).toEqual(['CN-FILING-INV', 'CN-EXAM-FEE', 'CN-ANNUITY-INV']);
    expect(all.some((f) => /REGISTRATION|PRINT/.test(f.ruleCode))).toBe(false);
  });
});
