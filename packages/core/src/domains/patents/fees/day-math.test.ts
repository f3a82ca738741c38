// The integer calendar arithmetic of the fee schedule must give exactly what period.ts gives (the
// shared definition of legal month and day arithmetic), for any date and offset.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addPeriod, fromUtc } from '../period.js';
import { plusDays, plusMonths, yearNumberAt } from './day-math.js';

const isoDate = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => fromUtc(d));

describe('fee day math agrees with period.ts', () => {
  it('adds months (same-numbered day, else the month end, or the month end on request)', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: -400, max: 400 }), fc.boolean(), (date, months, endOfMonth) => {
        expect(plusMonths(date, months, endOfMonth)).toBe(addPeriod(date, { months, endOfMonth }));
      }),
      { numRuns: 2_000 },
    );
  });
  it('adds days across months, years and leap days', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: -800, max: 800 }), (date, days) => {
        expect(plusDays(date, days)).toBe(addPeriod(date, { days }));
      }),
      { numRuns: 2_000 },
    );
    expect(plusDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(plusDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(plusDays('2000-02-28', 1)).toBe('2000-02-29');
  });
  it('numbers patent years from anniversaries', () => {
    expect(yearNumberAt('2015-06-03', '2015-06-03')).toBe(1);
    expect(yearNumberAt('2015-06-03', '2018-05-10')).toBe(3);
    expect(yearNumberAt('2015-06-03', '2018-06-03')).toBe(4);
    expect(yearNumberAt('2015-06-03', '2015-06-02')).toBe(0);
    expect(yearNumberAt('2016-02-29', '2017-02-28')).toBe(2); // the anniversary falls on 28 Feb
  });
});
