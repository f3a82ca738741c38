// What a JPEG says about its size: pixel dimensions from the frame header (SOFn) and the resolution from
// the JFIF header (APP0) or, failing that, the EXIF IFD0 (APP1). Read segment by segment from the start,
// stopping at the scan data, so a 30 MB picture costs a few small reads.
import type { ByteSource } from './staging.js';

export interface JpegInfo {
  widthPx: number;
  heightPx: number;
  /** Dots per inch, horizontally and vertically; undefined when the file states none. */
  dpiX: number | undefined;
  dpiY: number | undefined;
}

const MAX_SEGMENTS = 512;
const CM_PER_INCH = 2.54;

/** Frame headers: SOF0–SOF15 without DHT (C4), JPG (C8) and DAC (CC). */
function isFrameHeader(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jfifDensity(data: Uint8Array): { x: number; y: number } | undefined {
  // "JFIF\0", version (2), units (1), X density (2), Y density (2).
  if (data.length < 12 || String.fromCharCode(...data.subarray(0, 5)) !== 'JFIF\0') return undefined;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const units = data[7];
  const x = view.getUint16(8);
  const y = view.getUint16(10);
  if (!x || !y) return undefined;
  if (units === 1) return { x, y };
  if (units === 2) return { x: x * CM_PER_INCH, y: y * CM_PER_INCH };
  return undefined; // 0: an aspect ratio only, no physical size.
}

function exifDensity(data: Uint8Array): { x: number; y: number } | undefined {
  if (data.length < 14 || String.fromCharCode(...data.subarray(0, 6)) !== 'Exif\0\0') return undefined;
  const tiff = new DataView(data.buffer, data.byteOffset + 6, data.byteLength - 6);
  const order = tiff.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return undefined;
  const little = order === 0x4949;
  const u16 = (at: number) => (at + 2 <= tiff.byteLength ? tiff.getUint16(at, little) : 0);
  const u32 = (at: number) => (at + 4 <= tiff.byteLength ? tiff.getUint32(at, little) : 0);
  const ifd = u32(4);
  const count = u16(ifd);
  const rational = (at: number) => {
    const offset = u32(at);
    const denominator = u32(offset + 4);
    return denominator ? u32(offset) / denominator : 0;
  };
  let x = 0;
  let y = 0;
  let unit = 2; // The EXIF default is inches.
  for (let i = 0; i < Math.min(count, 256); i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.byteLength) break;
    const tag = u16(entry);
    if (tag === 0x011a) x = rational(entry + 8);
    else if (tag === 0x011b) y = rational(entry + 8);
    else if (tag === 0x0128) unit = u16(entry + 8);
  }
  if (!x || !y) return undefined;
  if (unit === 2) return { x, y };
  if (unit === 3) return { x: x * CM_PER_INCH, y: y * CM_PER_INCH };
  return undefined;
}

/** Dimensions and resolution of a JPEG, or undefined when no frame header comes before the scan. */
export async function readJpegInfo(source: ByteSource): Promise<JpegInfo | undefined> {
  const start = await source.read(0, 2);
  if (start[0] !== 0xff || start[1] !== 0xd8) return undefined;
  let offset = 2;
  let density: { x: number; y: number } | undefined;
  let exif: { x: number; y: number } | undefined;
  for (let segments = 0; segments < MAX_SEGMENTS && offset + 4 <= source.size; segments++) {
    const head = await source.read(offset, 4);
    if (head[0] !== 0xff) return undefined;
    const marker = head[1]!;
    // Fill bytes and markers without a length (RST0–7, TEM) are skipped one byte at a time.
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // End of image or scan before any frame.
    const length = (head[2]! << 8) | head[3]!;
    if (length < 2) return undefined;
    if (isFrameHeader(marker)) {
      const frame = await source.read(offset + 4, 5);
      if (frame.length < 5) return undefined;
      const heightPx = (frame[1]! << 8) | frame[2]!;
      const widthPx = (frame[3]! << 8) | frame[4]!;
      const chosen = density ?? exif;
      return { widthPx, heightPx, dpiX: chosen?.x, dpiY: chosen?.y };
    }
    if (marker === 0xe0 && !density) density = jfifDensity(await source.read(offset + 4, Math.min(length - 2, 16)));
    if (marker === 0xe1 && !exif) exif = exifDensity(await source.read(offset + 4, length - 2));
    offset += 2 + length;
  }
  return undefined;
}
