import { describe, expect, it } from 'vitest';
import { weekday } from '../period.js';
import { buildCalendar, closedReason, isWorkingDay, rollForward } from './calendar.js';
import { CN_CLOSURES } from './closures/cn.js';
import { CALENDAR_DATA, calendarFor, OFFICE_CALENDARS } from './offices.js';

const CN = calendarFor('CN');

describe('CN calendar data (State Council General Office notices)', () => {
  it('matches the 2026 notice (国办发明电〔2025〕7号) day for day', () => {
    const closed2026 = CN_CLOSURES.closed.filter(([date]) => date.startsWith('2026')).map(([date]) => date.slice(5));
    const span = (from: number, to: number, month: string) =>
      Array.from({ length: to - from + 1 }, (_, i) => `${month}-${String(from + i).padStart(2, '0')}`);
    expect(closed2026).toEqual([
      ...span(1, 3, '01'),
      ...span(15, 23, '02'),
      ...span(4, 6, '04'),
      ...span(1, 5, '05'),
      ...span(19, 21, '06'),
      ...span(25, 27, '09'),
      ...span(1, 7, '10'),
    ]);
    expect(CN_CLOSURES.working.filter((d) => d.startsWith('2026'))).toEqual([
      '2026-01-04',
      '2026-02-14',
      '2026-02-28',
      '2026-05-09',
      '2026-09-20',
      '2026-10-10',
    ]);
  });

  it('covers 2015 to 2026, and every make-up working day is a Saturday or Sunday', () => {
    expect(CN.coverage).toEqual({ from: '2015-01-01', to: '2026-12-31' });
    for (let year = 2015; year <= 2026; year += 1) {
      expect(CN_CLOSURES.working.some((d) => d.startsWith(String(year)))).toBe(true);
    }
    expect(CN_CLOSURES.working.every((d) => [0, 6].includes(weekday(d)))).toBe(true);
    expect(CN.source).toContain('国办发明电〔2024〕12号');
  });

  it('knows the 2020 Spring Festival extension (国办发明电〔2020〕1号): Saturday 1 Feb 2020 was no longer worked', () => {
    expect(closedReason('2020-02-01', CN)).toMatchObject({ reason: 'holiday', name: { zh: '春节' } });
    expect(isWorkingDay('2020-02-03', CN)).toBe(true);
  });
});

describe('rollForward', () => {
  it('keeps a CN deadline on a make-up working day: Sunday 2025-09-28 and Saturday 2025-10-11 (国办发明电〔2024〕12号)', () => {
    expect(rollForward('2025-09-28', CN)).toMatchObject({ date: '2025-09-28', skipped: [], workingWeekend: true });
    expect(rollForward('2025-10-11', CN)).toMatchObject({ date: '2025-10-11', skipped: [], workingWeekend: true });
  });

  it('rolls over the CN National Day golden week to Thursday 2025-10-09, naming the holidays', () => {
    const r = rollForward('2025-10-03', CN);
    expect(r.date).toBe('2025-10-09');
    expect(r.skipped.map((s) => s.date)).toEqual([
      '2025-10-03',
      '2025-10-04',
      '2025-10-05',
      '2025-10-06',
      '2025-10-07',
      '2025-10-08',
    ]);
    expect(r.skipped[3]).toEqual({
      date: '2025-10-06',
      reason: 'holiday',
      name: { zh: '中秋节', en: 'Mid-Autumn Festival' },
    });
    expect(r.covered).toBe(true);
  });

  it('rolls over the CN Spring Festival 2025 (28 Jan–4 Feb) to Wednesday 2025-02-05', () => {
    const r = rollForward('2025-01-29', CN);
    expect(r.date).toBe('2025-02-05');
    expect(r.skipped).toHaveLength(7);
  });

  it('rolls a plain CN weekend to Monday with reason weekend', () => {
    expect(rollForward('2026-03-14', CN)).toMatchObject({
      date: '2026-03-16',
      skipped: [
        { date: '2026-03-14', reason: 'weekend' },
        { date: '2026-03-15', reason: 'weekend' },
      ],
    });
  });

  it('outside the coverage only weekends roll, and the result says so', () => {
    // 1 Oct 2027 is a Friday: surely a holiday in China, but 2027 is not published yet.
    expect(rollForward('2027-10-01', CN)).toMatchObject({ date: '2027-10-01', skipped: [], covered: false });
    expect(rollForward('2027-10-02', CN)).toMatchObject({ date: '2027-10-04', covered: false });
    expect(rollForward('2026-12-31', CN).covered).toBe(true);
  });

  it('US: Juneteenth (from 2021), observed New Year on Friday 2021-12-31 (5 USC 6103)', () => {
    const US = calendarFor('US');
    expect(rollForward('2024-06-19', US).date).toBe('2024-06-20');
    expect(rollForward('2020-06-19', US).date).toBe('2020-06-19');
    expect(rollForward('2021-12-31', US).date).toBe('2022-01-03');
  });

  it('JP: the 29 Dec–3 Jan closure and a substitute holiday', () => {
    const JP = calendarFor('JP');
    expect(rollForward('2025-12-29', JP).date).toBe('2026-01-05');
    // 24 Feb 2025: substitute for the Emperor's Birthday on Sunday the 23rd.
    expect(rollForward('2025-02-24', JP)).toMatchObject({ date: '2025-02-25', skipped: [{ reason: 'holiday' }] });
  });

  it('EP and WO: fixed closing days only, with sources that say the list must be completed by import', () => {
    expect(rollForward('2026-04-03', calendarFor('EP')).date).toBe('2026-04-07'); // Good Friday → after Easter Monday
    expect(calendarFor('EP').source).toContain('MUST be completed by import');
    expect(calendarFor('WO').source).toContain('MUST be completed by import');
    expect(rollForward('2025-05-01', calendarFor('WO')).date).toBe('2025-05-01');
  });

  it('an office without data rolls weekends only and never claims coverage', () => {
    const r = rollForward('2025-10-04', calendarFor('KR'));
    expect(r).toMatchObject({ date: '2025-10-06', covered: false });
    expect(calendarFor('KR')).toBe(calendarFor('KR'));
  });

  it('memoises per calendar and does not loop for ever on a calendar closed every day', () => {
    expect(rollForward('2025-10-03', CN)).toBe(rollForward('2025-10-03', CN));
    const closedAlways = buildCalendar({
      office: 'XX',
      source: 'test',
      weekend: [0, 1, 2, 3, 4, 5, 6],
      coverage: { from: '2025-01-01', to: '2025-12-31' },
      closed: [],
      working: [],
    });
    expect(rollForward('2025-01-01', closedAlways).skipped.length).toBeGreaterThan(0);
  });

  it('ships one calendar per office: CN, US, EP, JP, WO', () => {
    expect([...OFFICE_CALENDARS.keys()].sort()).toEqual(['CN', 'EP', 'JP', 'US', 'WO']);
    expect(
      CALENDAR_DATA.every((d) => d.closed.every(([date], i, all) => i === 0 || (all[i - 1]?.[0] ?? '') < date)),
    ).toBe(true);
  });
});
