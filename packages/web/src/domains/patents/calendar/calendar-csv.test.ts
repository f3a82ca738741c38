// Calendar files read in the browser: CSV quoting, line ends, header mapping and the server's row errors
// mapped back to the file's lines.
import { describe, expect, it } from 'vitest';
import { importErrorLines, parseCsv, readCalendarCsv } from './calendar-csv';

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and counts lines', () => {
    const text = 'a,b\r\n"x, y","say ""hi"""\n"two\nlines",z\n\n last,\n';
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 3, cells: ['two\nlines', 'z'] },
      { line: 6, cells: [' last', ''] },
    ]);
  });

  it('drops a byte order mark, takes CR line ends and a last line without an end', () => {
    expect(parseCsv('\uFEFFa,b\rc,d')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['c', 'd'] },
    ]);
  });

  it('refuses a quote that never closes', () => {
    expect(parseCsv('a,"b\nc')).toBeUndefined();
  });
});

describe('readCalendarCsv', () => {
  it('maps columns by the header in any order and case, trims cells and leaves out empty names', () => {
    const text =
      'Date,TYPE,office,name_en,name_zh\n2026-10-01,closed,cn,National Day,国庆节\n2026-10-10, working ,CN,,\n';
    expect(readCalendarCsv(text)).toEqual({
      ok: true,
      rows: [
        { office: 'cn', date: '2026-10-01', type: 'closed', name_zh: '国庆节', name_en: 'National Day' },
        { office: 'CN', date: '2026-10-10', type: 'working' },
      ],
      lines: [2, 3],
    });
  });

  it('names the missing required columns', () => {
    expect(readCalendarCsv('office,name_zh\nCN,x\n')).toEqual({
      ok: false,
      problem: 'missingColumns',
      columns: ['date', 'type'],
    });
  });

  it('says when there is nothing to import', () => {
    expect(readCalendarCsv('')).toEqual({ ok: false, problem: 'empty' });
    expect(readCalendarCsv('office,date,type\n\n')).toEqual({ ok: false, problem: 'empty' });
    expect(readCalendarCsv('office,date,type\n"CN')).toEqual({ ok: false, problem: 'unterminatedQuote' });
  });

  it('gives a short row empty cells, for the server to name', () => {
    const read = readCalendarCsv('office,date,type\nCN\n');
    expect(read).toEqual({ ok: true, rows: [{ office: 'CN', date: '', type: '' }], lines: [2] });
  });
});

describe('importErrorLines', () => {
  it('puts the file line of each row error, and none for errors about the whole list', () => {
    const lines = [2, 3, 5];
    expect(
      importErrorLines(
        [
          { field: 'rows[2].date', label: '日期', message: '日期格式应为 YYYY-MM-DD' },
          { field: 'rows[0].row', label: '日历行', message: '该行不是有效的记录' },
          { field: 'rows', label: '日历行', message: '至少 1 项' },
        ],
        lines,
      ),
    ).toEqual([
      { line: 5, label: '日期', message: '日期格式应为 YYYY-MM-DD' },
      { line: 2, label: '日历行', message: '该行不是有效的记录' },
      { line: undefined, label: '日历行', message: '至少 1 项' },
    ]);
  });
});
