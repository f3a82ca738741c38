import { describe, expect, it } from 'vitest';
import { rollForward } from './calendar.js';
import { mergeCalendar, parseCalendarImport, type CalendarDayRow } from './import.js';
import { calendarFor, weekendOnlyCalendar } from './offices.js';

describe('parseCalendarImport', () => {
  it('accepts good rows, normalising office and type and dropping empty names', () => {
    const result = parseCalendarImport([
      { office: 'cn', date: '2027-01-01', type: 'Closed', name_zh: '元旦', name_en: "New Year's Day" },
      { office: 'CN', date: '2027-02-20', type: 'working', name_zh: ' ', name_en: undefined },
      { office: 'EP', date: '2027-05-06', type: 'closed', name_en: 'Ascension Day' },
    ]);
    expect(result).toEqual({
      ok: true,
      patch: {
        offices: ['CN', 'EP'],
        rows: [
          { office: 'CN', date: '2027-01-01', type: 'closed', name_zh: '元旦', name_en: "New Year's Day" },
          { office: 'CN', date: '2027-02-20', type: 'working' },
          { office: 'EP', date: '2027-05-06', type: 'closed', name_en: 'Ascension Day' },
        ],
      },
    });
  });

  it('reports a bad date, a bad type, an unknown office and a missing office with row numbers', () => {
    const result = parseCalendarImport(
      [
        { office: 'CN', date: '2027-02-30', type: 'closed' },
        { office: 'CN', date: '2027-03-01', type: 'holiday' },
        { office: 'XX', date: '2027-03-01', type: 'closed' },
        { date: '2027-03-01', type: 'closed' },
        'not a row',
      ],
      { firstRowNumber: 2 },
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        { row: 2, field: 'date', message: 'patentCalendar.import.badDate' },
        { row: 3, field: 'type', message: 'patentCalendar.import.badType' },
        { row: 4, field: 'office', message: 'patentCalendar.import.unknownOffice' },
        { row: 5, field: 'office', message: 'patentCalendar.import.officeRequired' },
        { row: 6, field: 'row', message: 'patentCalendar.import.notObject' },
      ],
    });
  });

  it('reports duplicate office/date rows, even when one says closed and the other working', () => {
    const result = parseCalendarImport([
      { office: 'CN', date: '2027-02-20', type: 'working' },
      { office: 'CN', date: '2027-02-21', type: 'closed' },
      { office: 'cn', date: '2027-02-20', type: 'closed' },
      { office: 'US', date: '2027-02-20', type: 'closed' },
    ]);
    expect(result).toEqual({
      ok: false,
      errors: [{ row: 3, field: 'date', message: 'patentCalendar.import.duplicate' }],
    });
  });

  it('rejects a working day that is not on the weekend, and names that are too long or not text', () => {
    const result = parseCalendarImport([
      { office: 'CN', date: '2027-02-22', type: 'working' }, // a Monday
      { office: 'JP', date: '2027-01-04', type: 'closed', name_zh: 'x'.repeat(101), name_en: 42 },
    ]);
    expect(result).toEqual({
      ok: false,
      errors: [
        { row: 1, field: 'type', message: 'patentCalendar.import.workingNotWeekend' },
        { row: 2, field: 'name_zh', message: 'patentCalendar.import.badName' },
        { row: 2, field: 'name_en', message: 'patentCalendar.import.badName' },
      ],
    });
  });
});

describe('mergeCalendar', () => {
  const rows: CalendarDayRow[] = [
    { office: 'CN', date: '2027-02-05', type: 'closed', name_zh: '春节' },
    { office: 'CN', date: '2027-02-13', type: 'working' },
    { office: 'CN', date: '2025-09-28', type: 'closed', name_en: 'Correction' },
    { office: 'EP', date: '2027-02-05', type: 'working' },
  ];

  it('applies its office’s rows over the base, leaving the base untouched', () => {
    const base = calendarFor('CN');
    const merged = mergeCalendar(base, rows);
    expect(merged).not.toBe(base);
    expect(rollForward('2027-02-05', merged)).toMatchObject({
      date: '2027-02-08',
      skipped: [
        { date: '2027-02-05', reason: 'holiday', name: { zh: '春节', en: '春节' } },
        { reason: 'weekend' },
        { reason: 'weekend' },
      ],
    });
    expect(rollForward('2027-02-13', merged)).toMatchObject({ date: '2027-02-13', workingWeekend: true });
    // A closed row replaces a make-up working day.
    expect(rollForward('2025-09-28', merged).date).toBe('2025-09-29');
    expect(rollForward('2025-09-28', base).date).toBe('2025-09-28');
    expect(merged.source).toContain('Imported rows: 3.');
  });

  it('extends the coverage to an imported year next to it, and not across a gap', () => {
    const base = calendarFor('CN');
    expect(mergeCalendar(base, rows).coverage).toEqual({ from: '2015-01-01', to: '2027-12-31' });
    expect(mergeCalendar(base, [{ office: 'CN', date: '2029-01-01', type: 'closed' }]).coverage).toEqual(base.coverage);
    const fresh = mergeCalendar(weekendOnlyCalendar('KR'), [{ office: 'KR', date: '2026-03-01', type: 'closed' }]);
    expect(fresh.coverage).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('returns the base itself when no row is for its office', () => {
    const base = calendarFor('JP');
    expect(mergeCalendar(base, rows)).toBe(base);
  });
});
