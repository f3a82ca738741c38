// The calendar's iql: month bounds (leap years included), the §9 ranges, and that every text parses
// with the iql parser the server runs.
import { describe, expect, it } from 'vitest';
import { parseIql } from '@ipdesk/core';
import { RANGE_KEYS, filterIql, monthBounds, monthIql, rangeIql } from './deadline-query';

describe('deadline calendar iql', () => {
  it('bounds a month by its first and last day', () => {
    expect(monthBounds(2026, 3)).toEqual({ first: '2026-03-01', last: '2026-03-31' });
    expect(monthBounds(2024, 2)).toEqual({ first: '2024-02-01', last: '2024-02-29' });
    expect(monthBounds(2026, 2)).toEqual({ first: '2026-02-01', last: '2026-02-28' });
    expect(monthBounds(2026, 12)).toEqual({ first: '2026-12-01', last: '2026-12-31' });
  });

  it('asks for the open deadlines of a month, earliest first', () => {
    expect(monthIql(2026, 3)).toBe(
      "status = 'open' AND due_date BETWEEN '2026-03-01' AND '2026-03-31' ORDER BY due_date ASC",
    );
    expect(filterIql({ kind: 'month', year: 2026, month: 4 })).toBe(monthIql(2026, 4));
  });

  it('turns each time range into a WITHIN window', () => {
    expect(RANGE_KEYS.map(rangeIql)).toEqual([
      "status = 'open' AND due_date WITHIN TODAY ORDER BY due_date ASC",
      "status = 'open' AND due_date WITHIN TOMORROW ORDER BY due_date ASC",
      "status = 'open' AND due_date WITHIN 7 DAYS ORDER BY due_date ASC",
      "status = 'open' AND due_date WITHIN 30 DAYS ORDER BY due_date ASC",
      "status = 'open' AND due_date WITHIN 12 MONTHS ORDER BY due_date ASC",
    ]);
    expect(filterIql({ kind: 'range', range: 'days30' })).toBe(rangeIql('days30'));
  });

  it('writes texts the iql parser reads', () => {
    for (const text of [...RANGE_KEYS.map(rangeIql), monthIql(2026, 3)]) {
      expect(() => parseIql(text)).not.toThrow();
    }
  });
});
