// Reading the entries of an uploaded zip without trusting its headers: the central directory says where
// each entry is, and the bytes are inflated in small steps while counting what comes out, so a zip bomb
// (or a header that lies about sizes) stops at the limit instead of filling memory.
import { AppError } from '@ipdesk/core';
import { Inflate } from 'fflate';
import {
  endRecordTail,
  findEndOfCentralDirectory,
  readCentralDirectory,
} from '../../../platform/files/zip-directory.js';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** As the header claims: only trusted for entries that are never inflated. */
  declaredSize: number;
  /** Offset of the entry's local header. */
  offset: number;
}

const LOCAL_HEADER = 0x04034b50;
const END_OF_CENTRAL = 0x06054b50;
/** Compressed bytes fed to the inflater per step: one step yields at most ~1 000 times as much. */
const STEP = 8 * 1024;

const notZip = (cause?: unknown) => new AppError('workflowImportNotZip', { cause });

/** True when the bytes start like a zip (a local file header, or the end record of an empty zip). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  if (bytes.length < 22) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = view.getUint32(0, true);
  return magic === LOCAL_HEADER || magic === END_OF_CENTRAL;
}

/** The entries the central directory lists; refuses what is not a zip, or a zip64 / split archive. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] {
  if (!looksLikeZip(bytes)) throw notZip();
  const end = findEndOfCentralDirectory(endRecordTail(bytes));
  // ZIP64 sizes or offsets: a 10 MB process import never needs them.
  if (!end || end.zip64) throw notZip();
  const entries = readCentralDirectory(bytes.subarray(end.offset), end.entries);
  if (!entries) throw notZip();
  return entries.map((entry) => {
    if (entry.compressedSize === 0xffffffff || entry.localOffset === 0xffffffff) throw notZip();
    return {
      name: entry.name,
      method: entry.method,
      compressedSize: entry.compressedSize,
      declaredSize: entry.size,
      offset: entry.localOffset,
    };
  });
}

/**
 * An entry's content, refusing more than `budget.left` bytes of output (the budget is shared by the
 * entries read from one archive, so their total is bounded too).
 */
export function readEntry(bytes: Uint8Array, entry: ZipEntry, budget: { left: number; max: string }): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (entry.offset + 30 > bytes.length || view.getUint32(entry.offset, true) !== LOCAL_HEADER) throw notZip();
  const start = entry.offset + 30 + view.getUint16(entry.offset + 26, true) + view.getUint16(entry.offset + 28, true);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw notZip();
  const data = bytes.subarray(start, end);
  const tooLarge = () => new AppError('workflowImportTooLarge', { params: { max: budget.max } });
  if (entry.method === 0) {
    if (data.length > budget.left) throw tooLarge();
    budget.left -= data.length;
    return data;
  }
  if (entry.method !== 8) throw notZip();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const inflater = new Inflate((chunk) => {
    size += chunk.length;
    if (size > budget.left) throw tooLarge();
    chunks.push(chunk);
  });
  try {
    for (let at = 0; at < data.length; at += STEP)
      inflater.push(data.subarray(at, at + STEP), at + STEP >= data.length);
    if (data.length === 0) inflater.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw notZip(error);
  }
  budget.left -= size;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
