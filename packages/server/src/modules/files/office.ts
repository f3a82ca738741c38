// Office files told by their structure, not their name: OOXML (docx/xlsx/pptx) is a ZIP holding
// [Content_Types].xml and a word/, xl/ or ppt/ folder; legacy Office is an OLE compound file holding a
// WordDocument, Workbook or "PowerPoint Document" stream. Only directories are read, nothing unpacked;
// entry counts and directory sizes are capped first.
import type { ByteSource } from './staging.js';

export type OfficeType =
  | 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
  | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  | 'application/vnd.openxmlformats-officedocument.presentationml.presentation'
  | 'application/msword'
  | 'application/vnd.ms-excel'
  | 'application/vnd.ms-powerpoint';

const MAX_ZIP_ENTRIES = 20_000;
const MAX_CENTRAL_DIRECTORY = 8 * 1024 * 1024;
const EOCD_SEARCH = 22 + 0xffff;

const OOXML_FOLDERS: Array<[string, OfficeType]> = [
  ['word/', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['xl/', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['ppt/', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
];

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The entry names of a ZIP's central directory, or undefined when it is not a readable ZIP. */
export async function zipEntryNames(source: ByteSource): Promise<string[] | undefined> {
  const tailStart = Math.max(0, source.size - EOCD_SEARCH);
  const tail = await source.read(tailStart, source.size - tailStart);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail[i] === 0x50 && tail[i + 1] === 0x4b && tail[i + 2] === 0x05 && tail[i + 3] === 0x06) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const end = view(tail.subarray(eocd, eocd + 22));
  const entries = end.getUint16(10, true);
  const size = end.getUint32(12, true);
  const offset = end.getUint32(16, true);
  // ZIP64 markers (0xFFFF…) or an oversized directory: not an office file of ours.
  if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) return undefined;
  if (entries > MAX_ZIP_ENTRIES || size > MAX_CENTRAL_DIRECTORY || offset + size > source.size) return undefined;
  const directory = await source.read(offset, size);
  const data = view(directory);
  const names: string[] = [];
  const decoder = new TextDecoder('utf-8', { fatal: false });
  let at = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > directory.length || data.getUint32(at, true) !== 0x02014b50) return undefined;
    const nameLength = data.getUint16(at + 28, true);
    const extraLength = data.getUint16(at + 30, true);
    const commentLength = data.getUint16(at + 32, true);
    if (at + 46 + nameLength > directory.length) return undefined;
    names.push(decoder.decode(directory.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** docx, xlsx or pptx by the ZIP's entries; undefined for any other ZIP. */
export async function sniffOoxml(source: ByteSource): Promise<OfficeType | undefined> {
  const names = await zipEntryNames(source);
  if (!names?.includes('[Content_Types].xml')) return undefined;
  for (const [folder, type] of OOXML_FOLDERS) if (names.some((name) => name.startsWith(folder))) return type;
  return undefined;
}

const OLE_STREAMS: Array<[string, OfficeType]> = [
  ['WordDocument', 'application/msword'],
  ['Workbook', 'application/vnd.ms-excel'],
  ['Book', 'application/vnd.ms-excel'],
  ['PowerPoint Document', 'application/vnd.ms-powerpoint'],
];
const END_OF_CHAIN = 0xfffffffe;
const MAX_DIRECTORY_SECTORS = 256;

/**
 * doc, xls or ppt by the stream names in an OLE compound file's directory. The directory's sector chain
 * is followed through the FAT sectors the header lists (the first 109, enough for the directory of any
 * file within our size limit in practice); other OLE files (msg, msi, encrypted OOXML) are refused.
 */
export async function sniffOle(source: ByteSource): Promise<OfficeType | undefined> {
  const header = await source.read(0, 512);
  if (header.length < 512) return undefined;
  const h = view(header);
  const sectorShift = h.getUint16(0x1e, true);
  if (sectorShift !== 9 && sectorShift !== 12) return undefined;
  const sectorSize = 1 << sectorShift;
  const entriesPerFat = sectorSize / 4;
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) fatSectors.push(h.getUint32(0x4c + i * 4, true));
  const fatCache = new Map<number, DataView>();
  const next = async (sector: number): Promise<number | undefined> => {
    const index = Math.floor(sector / entriesPerFat);
    const fatSector = fatSectors[index];
    if (fatSector === undefined || fatSector >= 0xfffffffa) return undefined;
    let fat = fatCache.get(index);
    if (!fat) {
      fat = view(await source.read(sectorOffset(fatSector), sectorSize));
      fatCache.set(index, fat);
    }
    const at = (sector % entriesPerFat) * 4;
    return at + 4 <= fat.byteLength ? fat.getUint32(at, true) : undefined;
  };
  const found = new Set<string>();
  let sector: number | undefined = h.getUint32(0x30, true);
  for (let count = 0; sector !== undefined && sector < 0xfffffffa && count < MAX_DIRECTORY_SECTORS; count++) {
    const bytes = await source.read(sectorOffset(sector), sectorSize);
    const d = view(bytes);
    for (let entry = 0; entry + 128 <= bytes.length; entry += 128) {
      const nameBytes = Math.min(d.getUint16(entry + 0x40, true), 64);
      if (nameBytes < 2) continue;
      let name = '';
      // The length counts the terminating NUL (UTF-16LE).
      for (let i = 0; i < nameBytes - 2; i += 2) name += String.fromCharCode(d.getUint16(entry + i, true));
      found.add(name);
    }
    for (const [stream, type] of OLE_STREAMS) if (found.has(stream)) return type;
    sector = await next(sector);
    if (sector === END_OF_CHAIN) break;
  }
  return undefined;
}
