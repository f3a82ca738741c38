// Checks an uploaded xlsx (a zip) before any parser sees it (SECURITY.md "Zip/xlsx"): entry count,
// total unpacked size and compression ratio from the central directory, and no absolute, "..",
// or symbolic-link entries.
export interface ZipLimits {
  maxEntries: number;
  maxUnpackedBytes: number;
  maxRatio: number;
}

export const XLSX_LIMITS: ZipLimits = { maxEntries: 2000, maxUnpackedBytes: 512 * 1024 * 1024, maxRatio: 200 };

export type ZipProblem = 'not_zip' | 'too_many_entries' | 'too_large' | 'ratio' | 'unsafe_path';

export function inspectZip(bytes: Buffer, limits: ZipLimits = XLSX_LIMITS): ZipProblem | undefined {
  // The end-of-central-directory record sits in the last 64 KiB + 22 bytes.
  const from = Math.max(0, bytes.length - 65_557);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0 || bytes.readUInt32LE(0) !== 0x04034b50) return 'not_zip';
  const entries = bytes.readUInt16LE(eocd + 10);
  if (entries > limits.maxEntries) return 'too_many_entries';
  let offset = bytes.readUInt32LE(eocd + 16);
  let unpacked = 0;
  let packed = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return 'not_zip';
    const compressed = bytes.readUInt32LE(offset + 20);
    const size = bytes.readUInt32LE(offset + 24);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const externalAttributes = bytes.readUInt32LE(offset + 38);
    const name = bytes.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    const isSymlink = ((externalAttributes >>> 16) & 0o170000) === 0o120000;
    if (name.startsWith('/') || name.includes('..') || name.includes('\\') || isSymlink) return 'unsafe_path';
    unpacked += size;
    packed += compressed;
    if (unpacked > limits.maxUnpackedBytes) return 'too_large';
    offset += 46 + nameLength + extraLength + commentLength;
  }
  if (packed > 0 && unpacked / packed > limits.maxRatio) return 'ratio';
  return undefined;
}
