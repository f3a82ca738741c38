// The shared ZIP table-of-contents reader, on archives made by a real zip writer (fflate) and on
// damaged ones: what each caller's own limits are then applied to.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { endRecordTail, findEndOfCentralDirectory, readCentralDirectory } from './zip-directory.js';

const archive = zipSync({
  'a.txt': [strToU8('x'.repeat(1000)), { level: 9 }],
  '目录/b.bin': [new Uint8Array([1, 2, 3]), { level: 0 }],
});

describe('zip directory', () => {
  it('lists the entries with their names, methods, sizes and offsets', () => {
    const end = findEndOfCentralDirectory(endRecordTail(archive))!;
    expect(end).toMatchObject({ entries: 2, zip64: false });
    expect(end.offset + end.size).toBeLessThanOrEqual(archive.length);
    const entries = readCentralDirectory(archive.subarray(end.offset), end.entries)!;
    expect(entries.map((e) => [e.name, e.method, e.size])).toEqual([
      ['a.txt', 8, 1000],
      ['目录/b.bin', 0, 3],
    ]);
    expect(entries[0]!.compressedSize).toBeLessThan(1000);
    // Each offset points at a local header ("PK\x03\x04").
    for (const entry of entries)
      expect([...archive.subarray(entry.localOffset, entry.localOffset + 4)]).toEqual([0x50, 0x4b, 3, 4]);
  });

  it('finds the end record behind a comment, and nothing in bytes that are no zip', () => {
    const commented = new Uint8Array([...archive.subarray(0, archive.length - 2), 5, 0, ...strToU8('hello')]);
    expect(findEndOfCentralDirectory(endRecordTail(commented))?.entries).toBe(2);
    expect(findEndOfCentralDirectory(strToU8('<html>not a zip</html>'.repeat(3)))).toBeUndefined();
  });

  it('refuses a directory cut short or pointing elsewhere, and flags ZIP64 markers', () => {
    const end = findEndOfCentralDirectory(endRecordTail(archive))!;
    expect(readCentralDirectory(archive.subarray(end.offset, end.offset + 50), end.entries)).toBeUndefined();
    expect(readCentralDirectory(archive.subarray(end.offset + 1), end.entries)).toBeUndefined();
    const marked = archive.slice();
    const at = archive.length - 22;
    new DataView(marked.buffer).setUint32(at + 16, 0xffffffff, true);
    expect(findEndOfCentralDirectory(endRecordTail(marked))?.zip64).toBe(true);
  });
});
