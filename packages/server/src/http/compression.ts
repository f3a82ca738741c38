// Compressed answers (issue 16). JSON answers above a small size are compressed per request with cheap
// levels, so the CPU a search costs does not grow much while its bytes on the wire shrink 5–10×. Only
// JSON is compressed here: file downloads and exports stream their own types (xlsx, zip, png, pdf are
// already compressed), and the web app's files are compressed once at build time (web-app.ts).
import negotiate from '@fastify/accept-negotiator';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** The encodings we send, best first (brotli is ~15 % smaller than gzip on our JSON and assets). */
export const ANSWER_ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof ANSWER_ENCODINGS)[number];

/** Below this a JSON answer is sent as it is: the headers and the CPU would cost more than they save. */
export const JSON_COMPRESSION_THRESHOLD_BYTES = 1024;

// Per request: brotli quality 4 and gzip level 5 give most of the size gain at a fraction of the CPU of
// the maximum levels (those are for the build, where compressing happens once).
const BROTLI_ANSWER_QUALITY = 4;
const GZIP_ANSWER_LEVEL = 5;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding to answer with for this Accept-Encoding header; undefined means identity. */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): AnswerEncoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return undefined;
  // "*" names no preference; negotiate() maps it to our first choice.
  return negotiate<AnswerEncoding>(header.toLowerCase(), [...ANSWER_ENCODINGS]) ?? undefined;
}

/** Adds Accept-Encoding to the reply's Vary, keeping what is there. */
export function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const values = typeof current === 'string' ? current.split(',').map((value) => value.trim()) : [];
  if (values.some((value) => value.toLowerCase() === 'accept-encoding' || value === '*')) return;
  reply.header('vary', [...values.filter(Boolean), 'Accept-Encoding'].join(', '));
}

function compressAnswer(body: Buffer | string, encoding: AnswerEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_ANSWER_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      })
    : gzipAsync(body, { level: GZIP_ANSWER_LEVEL });
}

function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType);
}

/** Compresses JSON answers of at least JSON_COMPRESSION_THRESHOLD_BYTES by the request's Accept-Encoding. */
export function installJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.statusCode === 204 || reply.statusCode === 304) return payload;
    if (!isJson(reply.getHeader('content-type')) || reply.hasHeader('content-encoding')) return payload;
    if (Buffer.byteLength(payload) < JSON_COMPRESSION_THRESHOLD_BYTES) return payload;
    // Whether this answer is compressed depends on the header from here on, whatever was chosen.
    varyOnEncoding(reply);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed = await compressAnswer(payload, encoding);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
