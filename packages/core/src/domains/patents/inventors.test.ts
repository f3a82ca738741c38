import { describe, expect, it } from 'vitest';
import { checkContributions, contributionHundredths, formatHundredths } from './inventors.js';

const people = (...shares: Array<number | string>) =>
  shares.map((contribution, i) => ({ name: `P${i}`, contribution }));

describe('inventor contributions', () => {
  it('sums in hundredths: 100 passes, 99.99 and 100.01 fail naming the sum', () => {
    expect(checkContributions(people(60, 40))).toEqual([]);
    expect(checkContributions(people(33.33, 33.33, 33.34))).toEqual([]);
    expect(checkContributions(people('33.33', '33.33', '33.34'))).toEqual([]);
    expect(checkContributions(people(0.1, 0.2, 99.7))).toEqual([]);
    expect(checkContributions(people(33.33, 33.33, 33.33))).toEqual([{ code: 'sumNot100', sum: '99.99' }]);
    expect(checkContributions(people(50, 50.01))).toEqual([{ code: 'sumNot100', sum: '100.01' }]);
    expect(checkContributions(people(99.99))).toEqual([{ code: 'sumNot100', sum: '99.99' }]);
    expect(checkContributions(people(100))).toEqual([]);
  });

  it('takes at most two decimals and shares in (0, 100]', () => {
    expect(checkContributions(people(33.333, 66.667))).toEqual([
      { code: 'contributionDecimals', index: 0 },
      { code: 'contributionDecimals', index: 1 },
      { code: 'sumNot100', sum: '0' },
    ]);
    expect(checkContributions(people(0, 100))).toEqual([{ code: 'contributionRange', index: 0 }]);
    expect(checkContributions(people(-10, 110))).toEqual([
      { code: 'contributionRange', index: 0 },
      { code: 'contributionRange', index: 1 },
      { code: 'sumNot100', sum: '110' },
    ]);
    expect(checkContributions(people('abc', 100)).map((p) => p.code)).toEqual(['contributionRange']);
    expect(checkContributions(people(Number.NaN, 100)).map((p) => p.code)).toEqual(['contributionRange']);
    expect(checkContributions(people(1e-7, 100)).map((p) => p.code)).toEqual(['contributionRange']);
  });

  it('needs names and refuses the same person twice', () => {
    expect(
      checkContributions([
        { name: ' ', contribution: 50 },
        { name: 'Li', contribution: 50 },
      ]),
    ).toEqual([{ code: 'nameRequired', index: 0 }]);
    expect(
      checkContributions([
        { name: 'Li', contribution: 50, person_sid: 'p1' },
        { name: 'Li Lei', contribution: 50, person_sid: 'p1' },
      ]),
    ).toEqual([{ code: 'duplicatePerson', index: 1 }]);
    // Outside inventors (no person) may share a name: different people can.
    expect(
      checkContributions([
        { name: 'Li', contribution: 50, person_sid: null },
        { name: 'Li', contribution: 50 },
      ]),
    ).toEqual([]);
  });

  it('accepts an empty list (no inventors recorded)', () => {
    expect(checkContributions([])).toEqual([]);
  });

  it('reads and writes hundredths', () => {
    expect(contributionHundredths('12.5')).toBe(1250);
    expect(contributionHundredths(12.05)).toBe(1205);
    expect(contributionHundredths('12.')).toBeUndefined();
    expect(contributionHundredths('1000')).toBeUndefined();
    expect(formatHundredths(9999)).toBe('99.99');
    expect(formatHundredths(10000)).toBe('100');
    expect(formatHundredths(9990)).toBe('99.9');
    expect(formatHundredths(5)).toBe('0.05');
  });
});
