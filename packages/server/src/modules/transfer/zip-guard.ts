// Checks an uploaded xlsx (a zip) before any parser sees it (SECURITY.md "Zip/xlsx"): entry count,
// total unpacked size and compression ratio from the central directory, and no absolute, "..",
// or symbolic-link entries.
import { endRecordTail, findEndOfCentralDirectory, readCentralDirectory } from '../../platform/files/zip-directory.js';

const LOCAL_HEADER = 0x04034b50;

export interface ZipLimits {
  maxEntries: number;
  maxUnpackedBytes: number;
  maxRatio: number;
}

export const XLSX_LIMITS: ZipLimits = { maxEntries: 2000, maxUnpackedBytes: 512 * 1024 * 1024, maxRatio: 200 };

export type ZipProblem = 'not_zip' | 'too_many_entries' | 'too_large' | 'ratio' | 'unsafe_path';

export function inspectZip(bytes: Buffer, limits: ZipLimits = XLSX_LIMITS): ZipProblem | undefined {
  const end = findEndOfCentralDirectory(endRecordTail(bytes));
  if (!end || bytes.length < 4 || bytes.readUInt32LE(0) !== LOCAL_HEADER) return 'not_zip';
  if (end.entries > limits.maxEntries) return 'too_many_entries';
  const entries = readCentralDirectory(bytes.subarray(end.offset), end.entries);
  if (!entries) return 'not_zip';
  let unpacked = 0;
  let packed = 0;
  for (const entry of entries) {
    const isSymlink = ((entry.externalAttributes >>> 16) & 0o170000) === 0o120000;
    const name = entry.name;
    if (name.startsWith('/') || name.includes('..') || name.includes('\\') || isSymlink) return 'unsafe_path';
    unpacked += entry.size;
    packed += entry.compressedSize;
    if (unpacked > limits.maxUnpackedBytes) return 'too_large';
  }
  if (packed > 0 && unpacked / packed > limits.maxRatio) return 'ratio';
  return undefined;
}
