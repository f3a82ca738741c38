// Content sniffing: every accepted type by its bytes whatever its name, refusals (executables, random
// bytes, HTML, SVG, plain ZIP, unknown OLE), JPEG dimensions and resolution, encrypted PDFs.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readJpegInfo } from './jpeg.js';
import {
  sampleDocx,
  sampleExecutable,
  sampleGif,
  sampleJpeg,
  sampleOle,
  samplePdf,
  samplePng,
  sampleTiff,
  sampleXlsx,
  sampleZip,
} from './samples.js';
import { isEncryptedPdf, sniffDocument } from './sniff.js';
import { bufferSource } from './staging.js';

const typeOf = async (bytes: Uint8Array) => (await sniffDocument(bufferSource(bytes)))?.mediaType;
const text = (value: string) => Buffer.from(value, 'utf8');

describe('document sniffing', () => {
  it('tells the accepted types by content', async () => {
    expect(await typeOf(samplePdf())).toBe('application/pdf');
    expect(await typeOf(samplePng())).toBe('image/png');
    expect(await typeOf(sampleJpeg({ width: 10, height: 10 }))).toBe('image/jpeg');
    expect(await typeOf(sampleGif())).toBe('image/gif');
    expect(await typeOf(sampleTiff())).toBe('image/tiff');
    expect(await typeOf(sampleDocx())).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(await typeOf(sampleXlsx())).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(await typeOf(sampleZip(['[Content_Types].xml', 'ppt/presentation.xml']))).toBe(
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    );
    expect(await typeOf(sampleOle('WordDocument'))).toBe('application/msword');
    expect(await typeOf(sampleOle('Workbook'))).toBe('application/vnd.ms-excel');
    expect(await typeOf(sampleOle('PowerPoint Document'))).toBe('application/vnd.ms-powerpoint');
    expect(await typeOf(text('权利要求书\r\n1. 一种电池……\n'))).toBe('text/plain');
    expect(await typeOf(Buffer.from([0xc8, 0xa8, 0xc0, 0xfb, 0x0a]))).toBe('text/plain'); // GBK "权利"
    expect(await typeOf(text('<?xml version="1.0"?>\n<claims><claim num="1"/></claims>'))).toBe('application/xml');
    expect(await typeOf(text('\ufeff<!-- c --><us-patent-grant/>'))).toBe('application/xml');
  });

  it('refuses what is not a document, whatever it is called', async () => {
    expect(await typeOf(sampleExecutable())).toBeUndefined();
    expect(await typeOf(randomBytes(4096))).toBeUndefined();
    expect(await typeOf(Buffer.alloc(0))).toBeUndefined();
    expect(await typeOf(sampleZip(['a.txt', 'b/c.txt']))).toBeUndefined();
    expect(await typeOf(sampleZip(['[Content_Types].xml', 'other/x.xml']))).toBeUndefined();
    expect(await typeOf(sampleOle('__substg1.0_0037001F'))).toBeUndefined(); // An Outlook message.
    expect(await typeOf(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xd9])]))).toBeUndefined(); // No frame.
    expect(await typeOf(Buffer.concat([text('plain start'), Buffer.alloc(2 * 1024 * 1024), text('end')]))).toBe(
      undefined,
    );
  });

  it('never accepts HTML or SVG', async () => {
    for (const markup of [
      '<!DOCTYPE html><html><body><script>alert(1)</script></body></html>',
      '  <html><body>x</body></html>',
      '<script>alert(1)</script>',
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<?xml version="1.0"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml"/>',
      '<svg:svg xmlns:svg="http://www.w3.org/2000/svg"/>',
    ])
      expect(await typeOf(text(markup)), markup).toBeUndefined();
  });
});

describe('JPEG size and resolution', () => {
  it('reads dimensions with JFIF density in dpi or dots per cm', async () => {
    expect(
      await readJpegInfo(bufferSource(sampleJpeg({ width: 1948, height: 2893, jfif: { units: 1, x: 300, y: 300 } }))),
    ).toEqual({
      widthPx: 1948,
      heightPx: 2893,
      dpiX: 300,
      dpiY: 300,
    });
    const perCm = await readJpegInfo(
      bufferSource(sampleJpeg({ width: 100, height: 50, jfif: { units: 2, x: 100, y: 100 } })),
    );
    expect(perCm?.dpiX).toBeCloseTo(254);
  });

  it('falls back to EXIF, and to nothing when neither states a resolution', async () => {
    const exif = await readJpegInfo(
      bufferSource(
        sampleJpeg({ width: 640, height: 480, jfif: { units: 0, x: 1, y: 1 }, exif: { x: 300, y: 200, unit: 2 } }),
      ),
    );
    expect(exif).toEqual({ widthPx: 640, heightPx: 480, dpiX: 300, dpiY: 200 });
    const none = await readJpegInfo(bufferSource(sampleJpeg({ width: 640, height: 480 })));
    expect(none).toEqual({ widthPx: 640, heightPx: 480, dpiX: undefined, dpiY: undefined });
  });
});

describe('encrypted PDFs', () => {
  it('are told by the /Encrypt entry of their trailer', () => {
    expect(isEncryptedPdf(samplePdf({ encrypted: true }))).toBe(true);
    expect(isEncryptedPdf(samplePdf())).toBe(false);
    // The word in page text is no trailer entry.
    expect(isEncryptedPdf(samplePdf({ text: 'About /Encrypt dictionaries' }))).toBe(false);
  });
});
