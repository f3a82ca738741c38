// A file's type by its content (magic bytes and structure), never by its name or the client's
// Content-Type (SECURITY.md "Files"): PDF, PNG, JPEG, GIF, TIFF, OOXML and legacy Office, plain text
// and XML. HTML and SVG are never accepted, whatever they are named.
import type { DocumentMediaType } from '@ipdesk/core';
import { readJpegInfo, type JpegInfo } from './jpeg.js';
import { sniffOle, sniffOoxml } from './office.js';
import type { ByteSource } from './staging.js';

export interface Sniffed {
  mediaType: DocumentMediaType;
  /** For JPEG: dimensions and resolution (design picture checks). */
  jpeg?: JpegInfo;
}

const HEAD = 4096;
const TEXT_CHUNK = 1024 * 1024;

function startsWith(head: Uint8Array, bytes: readonly number[], at = 0): boolean {
  return bytes.every((byte, i) => head[at + i] === byte);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const PDF = ascii('%PDF-');
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const TIFF_LE = [0x49, 0x49, 0x2a, 0x00];
const TIFF_BE = [0x4d, 0x4d, 0x00, 0x2a];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * Control bytes that never occur in text (NUL, most C0 controls, DEL); tab, line breaks, form feed and
 * escape may. Bytes above 0x7F are allowed, so GBK/GB 18030 text passes as well as UTF-8.
 */
function isBinaryByte(byte: number): boolean {
  return (
    (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c && byte !== 0x1b) || byte === 0x7f
  );
}

async function isText(source: ByteSource): Promise<boolean> {
  for (let offset = 0; offset < source.size; offset += TEXT_CHUNK) {
    const chunk = await source.read(offset, TEXT_CHUNK);
    if (chunk.some(isBinaryByte)) return false;
  }
  return source.size > 0;
}

/** The markup root of a text starting with '<', skipping the prolog, comments and doctype. */
function markupRoot(text: string): { root: string; doctype: string } | undefined {
  const doctype = /<!DOCTYPE\s+([^\s>[]+)/i.exec(text)?.[1] ?? '';
  const withoutProlog = text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, '');
  const root = /<([A-Za-z_][\w.:-]*)/.exec(withoutProlog)?.[1];
  return root ? { root: root.split(':').pop()!.toLowerCase(), doctype: doctype.toLowerCase() } : undefined;
}

const ACTIVE_MARKUP = new Set(['html', 'svg', 'xhtml', 'body', 'head', 'script', 'iframe']);

/** Plain text or XML; HTML and SVG (active content in a browser) are refused as neither. */
async function sniffText(source: ByteSource): Promise<DocumentMediaType | undefined> {
  if (!(await isText(source))) return undefined;
  const head = await source.read(0, HEAD);
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(startsWith(head, UTF8_BOM) ? head.subarray(3) : head)
    .trimStart();
  if (/^<!doctype\s+html|^<html|^<script/i.test(text)) return undefined;
  if (!text.startsWith('<')) return 'text/plain';
  const markup = markupRoot(text);
  if (!markup) return text.startsWith('<?xml') ? undefined : 'text/plain';
  if (ACTIVE_MARKUP.has(markup.root) || ACTIVE_MARKUP.has(markup.doctype)) return undefined;
  return 'application/xml';
}

/** The document type of the content, or undefined when it is not one we accept. */
export async function sniffDocument(source: ByteSource): Promise<Sniffed | undefined> {
  if (source.size === 0) return undefined;
  const head = await source.read(0, 16);
  if (startsWith(head, PDF)) return { mediaType: 'application/pdf' };
  if (startsWith(head, PNG)) return { mediaType: 'image/png' };
  if (startsWith(head, [0xff, 0xd8, 0xff])) {
    const jpeg = await readJpegInfo(source);
    return jpeg ? { mediaType: 'image/jpeg', jpeg } : undefined;
  }
  if (startsWith(head, GIF87) || startsWith(head, GIF89)) return { mediaType: 'image/gif' };
  if (startsWith(head, TIFF_LE) || startsWith(head, TIFF_BE)) return { mediaType: 'image/tiff' };
  if (startsWith(head, ZIP)) {
    const type = await sniffOoxml(source);
    return type ? { mediaType: type } : undefined;
  }
  if (startsWith(head, OLE)) {
    const type = await sniffOle(source);
    return type ? { mediaType: type } : undefined;
  }
  const type = await sniffText(source);
  return type ? { mediaType: type } : undefined;
}

/**
 * Whether a PDF is encrypted: its trailer (or cross-reference stream dictionary, PDF 1.5+) names an
 * /Encrypt dictionary. Looked for near the end, where the last trailer is, and at the start, where a
 * linearised file repeats it; an /Encrypt in page text would not be followed by a reference or "<<".
 */
export function isEncryptedPdf(bytes: Uint8Array): boolean {
  const window = 64 * 1024;
  const decode = (part: Uint8Array) => Buffer.from(part.buffer, part.byteOffset, part.byteLength).toString('latin1');
  const pattern = /\/Encrypt\s*(\d+\s+\d+\s+R|<<)/;
  const tail = decode(bytes.subarray(Math.max(0, bytes.length - window)));
  if (pattern.test(tail)) return true;
  return pattern.test(decode(bytes.subarray(0, Math.min(bytes.length, window))));
}
