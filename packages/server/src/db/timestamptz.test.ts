import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseTimestamptz } from './timestamptz.js';

const general = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text') as (value: string) => unknown;
const two = (n: number) => String(n).padStart(2, '0');

describe('parseTimestamptz', () => {
  it('reads what the server sends to the same instant as pg’s own parser', () => {
    const text = fc
      .record({
        year: fc.integer({ min: 100, max: 9999 }),
        month: fc.integer({ min: 1, max: 12 }),
        day: fc.integer({ min: 1, max: 28 }),
        hour: fc.integer({ min: 0, max: 23 }),
        minute: fc.integer({ min: 0, max: 59 }),
        second: fc.integer({ min: 0, max: 59 }),
        fraction: fc.option(fc.stringMatching(/^\d{1,6}$/), { nil: undefined }),
        sign: fc.constantFrom('+', '-'),
        offsetHours: fc.integer({ min: 0, max: 14 }),
        offsetMinutes: fc.option(fc.constantFrom(0, 30, 45), { nil: undefined }),
      })
      .map(
        (t) =>
          `${String(t.year).padStart(4, '0')}-${two(t.month)}-${two(t.day)} ${two(t.hour)}:${two(t.minute)}:${two(t.second)}` +
          `${t.fraction === undefined ? '' : `.${t.fraction}`}${t.sign}${two(t.offsetHours)}` +
          `${t.offsetMinutes === undefined ? '' : `:${two(t.offsetMinutes)}`}`,
      );
    fc.assert(
      fc.property(text, (value) => {
        const fast = parseTimestamptz(value) as Date;
        const reference = general(value) as Date;
        // pg multiplies the fraction as a float and can land one millisecond low (0.035 s → 34.99… ms).
        expect(Math.abs(fast.getTime() - reference.getTime())).toBeLessThanOrEqual(1);
        expect(fast.getTime()).toBe(
          Date.parse(
            value
              .replace(' ', 'T')
              .replace(/(\.\d{3})\d+/, '$1')
              .replace(/([+-]\d\d)$/, '$1:00'),
          ),
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps the first three fraction digits', () => {
    expect((parseTimestamptz('2023-09-03 15:36:09.006999+00') as Date).toISOString()).toBe('2023-09-03T15:36:09.006Z');
    expect((parseTimestamptz('2023-09-03 15:36:09.5+00') as Date).toISOString()).toBe('2023-09-03T15:36:09.500Z');
    expect((parseTimestamptz('2023-09-03 23:36:09+08') as Date).toISOString()).toBe('2023-09-03T15:36:09.000Z');
    expect((parseTimestamptz('2023-09-03 10:06:09-05:30') as Date).toISOString()).toBe('2023-09-03T15:36:09.000Z');
  });

  it('leaves the rare forms to pg’s parser', () => {
    expect(parseTimestamptz('infinity')).toBe(Infinity);
    expect(parseTimestamptz('-infinity')).toBe(-Infinity);
    expect((parseTimestamptz('0044-03-15 12:00:00+00 BC') as Date).getUTCFullYear()).toBe(-43);
    expect((parseTimestamptz('0099-01-01 00:00:00+00') as Date).getUTCFullYear()).toBe(99);
  });
});
