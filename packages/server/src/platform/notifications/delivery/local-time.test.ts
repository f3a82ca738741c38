// A person's clock for quiet hours and the digest hour, across time zones, midnight and daylight saving.
import { describe, expect, it } from 'vitest';
import { knownTimeZone, lastLocalHour, nextLocalHour, quietHoursEnd } from './local-time.js';

const at = (iso: string) => new Date(iso);

describe('local time', () => {
  it('finds the next and the last time a clock shows an hour', () => {
    // 16:00 in Shanghai.
    expect(nextLocalHour(at('2026-11-21T08:00:00Z'), 'Asia/Shanghai', 8).toISOString()).toBe(
      '2026-11-22T00:00:00.000Z',
    );
    expect(lastLocalHour(at('2026-11-21T08:00:00Z'), 'Asia/Shanghai', 8).toISOString()).toBe(
      '2026-11-21T00:00:00.000Z',
    );
    expect(lastLocalHour(at('2026-11-21T00:00:00Z'), 'Asia/Shanghai', 8).toISOString()).toBe(
      '2026-11-21T00:00:00.000Z',
    );
    expect(nextLocalHour(at('2026-11-21T00:00:00Z'), 'Asia/Shanghai', 8).toISOString()).toBe(
      '2026-11-22T00:00:00.000Z',
    );
    // New York on the day daylight saving ends (1 November 2026): 08:00 EST is 13:00 UTC.
    expect(nextLocalHour(at('2026-11-01T05:00:00Z'), 'America/New_York', 8).toISOString()).toBe(
      '2026-11-01T13:00:00.000Z',
    );
    // Month end.
    expect(nextLocalHour(at('2026-12-31T12:00:00Z'), 'Europe/Berlin', 7).toISOString()).toBe(
      '2027-01-01T06:00:00.000Z',
    );
  });

  it('tells when quiet hours end, over midnight too, and none when there are none', () => {
    const shanghai22 = at('2026-11-21T14:00:00Z');
    expect(quietHoursEnd(shanghai22, 'Asia/Shanghai', 21, 7)?.toISOString()).toBe('2026-11-21T23:00:00.000Z');
    expect(quietHoursEnd(at('2026-11-21T20:00:00Z'), 'Asia/Shanghai', 21, 7)?.toISOString()).toBe(
      '2026-11-21T23:00:00.000Z',
    );
    expect(quietHoursEnd(at('2026-11-21T23:00:00Z'), 'Asia/Shanghai', 21, 7)).toBeNull();
    expect(quietHoursEnd(shanghai22, 'Asia/Shanghai', 12, 14)).toBeNull();
    expect(quietHoursEnd(shanghai22, 'Asia/Shanghai', null, null)).toBeNull();
    expect(quietHoursEnd(shanghai22, 'Asia/Shanghai', 5, 5)).toBeNull();
  });

  it('falls back to the default zone for one Intl does not know', () => {
    expect(knownTimeZone('Mars/Olympus')).toBe('Asia/Shanghai');
    expect(knownTimeZone(null)).toBe('Asia/Shanghai');
    expect(knownTimeZone('Europe/Paris')).toBe('Europe/Paris');
  });
});
