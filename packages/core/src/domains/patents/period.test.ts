import { describe, expect, it } from 'vitest';
import { addPeriod, daysBetween, isIsoDate, monthsBetween, weekday } from './period.js';

describe('legal period arithmetic', () => {
  it('keeps the day of month and falls back to the month end (CN r.5)', () => {
    expect(addPeriod('2023-03-14', { months: 36 })).toBe('2026-03-14');
    expect(addPeriod('2023-08-31', { months: 6 })).toBe('2024-02-29');
    expect(addPeriod('2023-08-31', { months: 1 })).toBe('2023-09-30');
    expect(addPeriod('2024-02-29', { years: 1 })).toBe('2025-02-28');
  });
  it('ends on the month end when asked (EP renewal due dates)', () => {
    expect(addPeriod('2022-04-12', { years: 2, endOfMonth: true })).toBe('2024-04-30');
  });
  it('adds days after months, and counts backwards', () => {
    expect(addPeriod('2024-01-31', { months: 1, days: 15 })).toBe('2024-03-15');
    expect(addPeriod('2024-03-31', { months: -1 })).toBe('2024-02-29');
  });
  it('validates ISO dates and measures spans', () => {
    expect(isIsoDate('2024-02-30')).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
    // The one date parser (values/calendar.ts): years the database has, nothing lenient.
    for (const text of ['0000-01-01', '10000-01-01', '2024-01-01T00:00:00Z', ' 2024-01-01'])
      expect(isIsoDate(text), text).toBe(false);
    expect(weekday('2026-03-14')).toBe(6);
    expect(daysBetween('2026-03-14', '2026-03-16')).toBe(2);
    expect(monthsBetween('2024-01-31', '2024-02-29')).toBe(1); // one month after 31 Jan is 29 Feb
    expect(monthsBetween('2024-01-31', '2024-02-28')).toBe(0);
    expect(monthsBetween('2024-01-15', '2024-03-15')).toBe(2);
  });
});
