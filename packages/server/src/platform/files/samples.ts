// Small, structurally valid sample files of every type the content checks know (PDF, JPEG with a chosen
// size and resolution, PNG, GIF, TIFF, OOXML, legacy Office) and a few they refuse, built in code for
// tests and fixtures — no binary files in the repository, no image library.

const ascii = (text: string) => Buffer.from(text, 'latin1');

/** A one-page PDF with a correct cross-reference table; with `encrypted` its trailer names /Encrypt. */
export function samplePdf(options: { encrypted?: boolean; text?: string } = {}): Buffer {
  const text = (options.text ?? 'IPDesk').replace(/[()\\]/g, '');
  const content = `BT /F1 18 Tf 20 100 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  if (options.encrypted) objects.push('<< /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>');
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const encrypt = options.encrypted ? ` /Encrypt ${objects.length} 0 R /ID [<01> <01>]` : '';
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${encrypt} >>\nstartxref\n${xref}\n%%EOF\n`;
  return ascii(body);
}

const u16 = (value: number) => [(value >> 8) & 0xff, value & 0xff];

export interface SampleJpegOptions {
  width: number;
  height: number;
  /** JFIF density: units 0 (none), 1 (dots per inch) or 2 (dots per cm). */
  jfif?: { units: 0 | 1 | 2; x: number; y: number };
  /** EXIF IFD0 resolution (unit 2 inch, 3 cm). */
  exif?: { x: number; y: number; unit: 2 | 3 };
  /** Extra bytes of scan data, to reach a size. */
  padding?: number;
}

function exifSegment(exif: NonNullable<SampleJpegOptions['exif']>): number[] {
  // Big-endian TIFF header, IFD0 at 8 with three entries, the two rationals after it.
  const tiff: number[] = [0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, ...u16(3)];
  const rationalsAt = 8 + 2 + 3 * 12 + 4;
  const entry = (tag: number, type: number, value: number[]) => [...u16(tag), ...u16(type), 0, 0, 0, 1, ...value];
  tiff.push(...entry(0x011a, 5, [0, 0, 0, rationalsAt]));
  tiff.push(...entry(0x011b, 5, [0, 0, 0, rationalsAt + 8]));
  tiff.push(...entry(0x0128, 3, [...u16(exif.unit), 0, 0]));
  tiff.push(0, 0, 0, 0);
  const rational = (value: number) => [0, 0, ...u16(value), 0, 0, 0, 1];
  tiff.push(...rational(exif.x), ...rational(exif.y));
  const data = [...ascii('Exif\0\0'), ...tiff];
  return [0xff, 0xe1, ...u16(data.length + 2), ...data];
}

/** A JPEG header with the given dimensions and resolution (no real image data; sniffers need no more). */
export function sampleJpeg(options: SampleJpegOptions): Buffer {
  const bytes: number[] = [0xff, 0xd8];
  if (options.jfif) {
    const { units, x, y } = options.jfif;
    bytes.push(0xff, 0xe0, ...u16(16), ...ascii('JFIF\0'), 1, 1, units, ...u16(x), ...u16(y), 0, 0);
  }
  if (options.exif) bytes.push(...exifSegment(options.exif));
  // SOF0: precision 8, height, width, one component.
  bytes.push(0xff, 0xc0, ...u16(11), 8, ...u16(options.height), ...u16(options.width), 1, 1, 0x11, 0);
  bytes.push(0xff, 0xda, ...u16(8), 1, 1, 0, 0, 0x3f, 0);
  return Buffer.concat([Buffer.from(bytes), Buffer.alloc(options.padding ?? 16, 0x55), Buffer.from([0xff, 0xd9])]);
}

export function samplePng(): Buffer {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const ihdr = [0, 0, 0, 13, ...ascii('IHDR'), 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xde];
  return Buffer.from([...signature, ...ihdr, 0, 0, 0, 0, ...ascii('IEND'), 0xae, 0x42, 0x60, 0x82]);
}

export const sampleGif = () => Buffer.concat([ascii('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x3b])]);
export const sampleTiff = () => Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0, 0, 0]);

/** A stored (uncompressed) ZIP with these entries; enough for a directory read. */
export function sampleZip(names: readonly string[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const file = ascii(name);
    const content = ascii(name.endsWith('/') ? '' : `<x/>`);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(content.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(file.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(content.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(file.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, file, content);
    centrals.push(central, file);
    offset += local.length + file.length + content.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const sampleDocx = () => sampleZip(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
export const sampleXlsx = () => sampleZip(['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml']);

/** An OLE compound file (512-byte sectors: header, one FAT sector, one directory sector) with one stream. */
export function sampleOle(streamName: string): Buffer {
  const file = Buffer.alloc(512 * 3);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(0x3e, 0x18);
  file.writeUInt16LE(3, 0x1a);
  file.writeUInt16LE(0xfffe, 0x1c);
  file.writeUInt16LE(9, 0x1e);
  file.writeUInt16LE(6, 0x20);
  file.writeUInt32LE(1, 0x2c); // One FAT sector …
  file.writeUInt32LE(1, 0x30); // … and the directory in sector 1.
  file.writeUInt32LE(0xfffffffe, 0x3c);
  file.writeUInt32LE(0xfffffffe, 0x44);
  for (let i = 0; i < 109; i++) file.writeUInt32LE(i === 0 ? 0 : 0xffffffff, 0x4c + i * 4);
  const fat = 512;
  file.writeUInt32LE(0xfffffffd, fat);
  file.writeUInt32LE(0xfffffffe, fat + 4);
  for (let i = 2; i < 128; i++) file.writeUInt32LE(0xffffffff, fat + i * 4);
  const directory = 1024;
  const entry = (index: number, name: string, type: number) => {
    const at = directory + index * 128;
    file.write(name, at, 'utf16le');
    file.writeUInt16LE((name.length + 1) * 2, at + 0x40);
    file[at + 0x42] = type;
  };
  entry(0, 'Root Entry', 5);
  entry(1, streamName, 2);
  return file;
}

/** The start of a Windows executable: what a renamed "x.pdf" often really is. */
export function sampleExecutable(): Buffer {
  const file = Buffer.alloc(512);
  ascii('MZ').copy(file, 0);
  file.writeUInt32LE(0x80, 0x3c);
  ascii('PE\0\0').copy(file, 0x80);
  return file;
}

/** A multipart/form-data body (what a browser's FormData sends) with text fields and one file part. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { filename: string; bytes: Buffer; contentType?: string; field?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ipdesk${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
