import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findUnstorableText, hasUnstorableCharacters, isCalendarDate, normaliseTimestamp } from './index.js';

describe('isCalendarDate', () => {
  it('takes dates that exist', () => {
    for (const text of ['2024-02-29', '0001-01-01', '9999-12-31', '2023-12-31'])
      expect(isCalendarDate(text)).toBe(true);
  });
  it('refuses impossible and out-of-range dates', () => {
    for (const text of [
      '2024-02-30',
      '2023-02-29',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-01-00',
      '0000-01-01',
      '10000-01-01',
      '2024-1-1',
      '2024-01-01T00:00:00Z',
      '',
    ])
      expect(isCalendarDate(text), text).toBe(false);
  });
  it('agrees with the calendar for every day of 1900–2100', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (y, m, d) => {
          const text = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
          const real = new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
          expect(isCalendarDate(text)).toBe(real);
        },
      ),
      { seed: 15, numRuns: 500 },
    );
  });
});

describe('normaliseTimestamp', () => {
  it('normalises what it takes to an ISO instant', () => {
    expect(normaliseTimestamp('2024-01-31T08:00:00Z')).toBe('2024-01-31T08:00:00.000Z');
    expect(normaliseTimestamp('2024-01-31 08:00')).toBe('2024-01-31T08:00:00.000Z');
    expect(normaliseTimestamp('2024-01-31T08:00:00+08:00')).toBe('2024-01-31T00:00:00.000Z');
    expect(normaliseTimestamp('2024-01-31T08:00:00.5+0800')).toBe('2024-01-31T00:00:00.500Z');
    expect(normaliseTimestamp('2024-01-31')).toBe('2024-01-31T00:00:00.000Z');
  });
  it('refuses out-of-range parts', () => {
    for (const text of [
      '0000-01-01T00:00:00Z',
      '10000-01-01T00:00:00Z',
      '+010000-01-01T00:00:00Z',
      '2024-13-01T00:00:00Z',
      '2024-02-30T00:00:00Z',
      '2024-01-01T24:00:00Z',
      '2024-01-01T23:61:00Z',
      '2024-01-01T23:00:60Z',
      '2024-01-01T00:00:00+15:00',
      '0001-01-01T00:00:00+01:00',
      'Tue, 01 Jan 2024',
      '2024',
      'now',
    ])
      expect(normaliseTimestamp(text), text).toBeUndefined();
  });
});

describe('unstorable characters', () => {
  it('finds NUL and lone surrogates, not paired ones', () => {
    expect(hasUnstorableCharacters('a\u0000b')).toBe(true);
    expect(hasUnstorableCharacters('a\uD800b')).toBe(true);
    expect(hasUnstorableCharacters('a\uDC00')).toBe(true);
    expect(hasUnstorableCharacters('\uD800')).toBe(true);
    expect(hasUnstorableCharacters('电池 😀 \t\n')).toBe(false);
  });
  it('names the path of the first bad string or key', () => {
    expect(findUnstorableText({ a: 1, b: ['ok', { c: 'x\u0000' }] })).toEqual(['b', 1, 'c']);
    expect(findUnstorableText({ ['k\uDFFF']: 1 })).toEqual(['k\uDFFF']);
    expect(findUnstorableText('\u0000')).toEqual([]);
    expect(findUnstorableText({ a: ['fine'], b: null, c: 3 })).toBeUndefined();
  });
  it('walks a deeply nested value without overflowing', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toHaveLength(100_000);
  });
});
