// Office files told by their structure, not their name: OOXML (docx/xlsx/pptx) is a ZIP holding
// [Content_Types].xml and a word/, xl/ or ppt/ folder; legacy Office is an OLE compound file holding a
// WordDocument, Workbook or "PowerPoint Document" stream. Only directories are read, nothing unpacked;
// entry counts and directory sizes are capped first.
import type { ByteSource } from './staging.js';
import { END_RECORD_SEARCH, findEndOfCentralDirectory, readCentralDirectory } from './zip-directory.js';

export type OfficeType =
  | 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
  | 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  | 'application/vnd.openxmlformats-officedocument.presentationml.presentation'
  | 'application/msword'
  | 'application/vnd.ms-excel'
  | 'application/vnd.ms-powerpoint';

const MAX_ZIP_ENTRIES = 20_000;
const MAX_CENTRAL_DIRECTORY = 8 * 1024 * 1024;

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
  const tailStart = Math.max(0, source.size - END_RECORD_SEARCH);
  const end = findEndOfCentralDirectory(await source.read(tailStart, source.size - tailStart));
  // ZIP64 markers or an oversized directory: not an office file of ours.
  if (!end || end.zip64) return undefined;
  if (end.entries > MAX_ZIP_ENTRIES || end.size > MAX_CENTRAL_DIRECTORY || end.offset + end.size > source.size)
    return undefined;
  const entries = readCentralDirectory(await source.read(end.offset, end.size), end.entries);
  return entries?.map((entry) => entry.name);
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
