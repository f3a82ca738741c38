// The streaming sheet reader reads every row of a file whose worksheet is stored before its shared strings
// (as exceljs itself writes them), however many reads run at once. Before the archive's parts were reordered
// (partsFirst), about one read in 300 lost the shared strings under concurrency and the import failed as
// "not an xlsx" (seen in CI as imports ending "failed"). Pure file work: run once, on the PGlite pass.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { onPostgres } from '../../../test/database.js';
import { partsFirst, readSheetRows } from './sheet-reader.js';

async function sheetBytes(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  sheet.addRow(['专利名称', '案号', '申请人']);
  for (let i = 1; i <= 3; i++) sheet.addRow([`固态电池 ${i}`, `AP-${i}`, 'acme technology;新材料研究院']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const entryNames = (parts: Buffer[]) => {
  const all = Buffer.concat(parts);
  const names: string[] = [];
  for (let at = all.indexOf('PK\x03\x04'); at >= 0; at = all.indexOf('PK\x03\x04', at + 4))
    names.push(all.subarray(at + 30, at + 30 + all.readUInt16LE(at + 26)).toString());
  return names;
};

describe.skipIf(onPostgres)('reading a sheet stored before its shared strings', () => {
  it('puts the parts the worksheet needs first, keeping every entry', async () => {
    const bytes = await sheetBytes();
    const before = entryNames([bytes]);
    expect(before.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(before.indexOf('xl/sharedStrings.xml'));
    const after = entryNames(partsFirst(bytes));
    expect(after.slice(0, 5)).toEqual([
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/sharedStrings.xml',
      'xl/styles.xml',
    ]);
    expect([...after].sort()).toEqual([...before].sort());
    // Not an archive: passed on as it is, for the reader to refuse.
    expect(partsFirst(Buffer.from('plain text'))).toEqual([Buffer.from('plain text')]);
  });

  it('reads every row, 1,000 times four at a time', async () => {
    const bytes = await sheetBytes();
    const problems: string[] = [];
    const readOnce = async () => {
      try {
        const rows = [];
        for await (const row of readSheetRows(bytes)) rows.push(row);
        if (rows.length !== 4 || rows[3]!.cells[3] !== 'acme technology;新材料研究院')
          problems.push(JSON.stringify(rows));
      } catch (error) {
        problems.push(String(error));
      }
    };
    for (let i = 0; i < 250; i++) await Promise.all([readOnce(), readOnce(), readOnce(), readOnce()]);
    expect(problems).toEqual([]);
  }, 120_000);
});
