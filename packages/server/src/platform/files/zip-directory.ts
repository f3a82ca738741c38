// A ZIP's table of contents, read from its end without trusting anything else: the end-of-central-
// directory record (in the last 64 KiB + 22 bytes) says how many entries there are and where the
// central directory lies; each central entry gives a name, sizes, method, attributes and where its
// data starts. Nothing is unpacked here. Used by the upload checks (xlsx imports, office sniffing) and
// the workflow zip import, which each apply their own limits to what this returns.

const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
/** How far from the end the end record can be: its own 22 bytes and a comment of at most 64 KiB. */
export const END_RECORD_SEARCH = 22 + 0xffff;

export interface EndOfCentralDirectory {
  entries: number;
  /** Bytes of the central directory. */
  size: number;
  /** Where the central directory starts, from the start of the archive. */
  offset: number;
  /** Any size, offset or count is a ZIP64 marker (0xFFFF…): the real values are elsewhere. */
  zip64: boolean;
}

export interface CentralEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** As the header claims. */
  size: number;
  /** Where the entry's local header is, from the start of the archive. */
  localOffset: number;
  /** Unix mode in the upper 16 bits when made on Unix. */
  externalAttributes: number;
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The end record found in `tail` (the archive's last END_RECORD_SEARCH bytes or fewer), if any. */
export function findEndOfCentralDirectory(tail: Uint8Array): EndOfCentralDirectory | undefined {
  const view = viewOf(tail);
  for (let i = tail.length - 22; i >= 0; i--) {
    if (view.getUint32(i, true) !== END_OF_CENTRAL) continue;
    const entries = view.getUint16(i + 10, true);
    const size = view.getUint32(i + 12, true);
    const offset = view.getUint32(i + 16, true);
    return { entries, size, offset, zip64: entries === 0xffff || size === 0xffffffff || offset === 0xffffffff };
  }
  return undefined;
}

/** The archive's last bytes, where the end record must be. */
export function endRecordTail(bytes: Uint8Array): Uint8Array {
  return bytes.subarray(Math.max(0, bytes.length - END_RECORD_SEARCH));
}

/**
 * The first `count` entries of a central directory (`directory` starts at its first entry; it may run
 * on to the end of the archive), or undefined when an entry is not where it should be or runs past the
 * bytes given.
 */
export function readCentralDirectory(directory: Uint8Array, count: number): CentralEntry[] | undefined {
  const view = viewOf(directory);
  const decoder = new TextDecoder('utf-8', { fatal: false });
  const entries: CentralEntry[] = [];
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > directory.length || view.getUint32(at, true) !== CENTRAL_HEADER) return undefined;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > directory.length) return undefined;
    entries.push({
      name: decoder.decode(directory.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
      externalAttributes: view.getUint32(at + 38, true),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
