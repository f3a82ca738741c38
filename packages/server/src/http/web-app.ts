// Serves the built web app under the base path: files as they are (hashed assets cached for a year),
// and index.html for every other GET below the base path, so the history-mode router can take over.
// The base path is set at run time by rewriting the <base> tag the build leaves in index.html.
// Files come compressed from the build (scripts/precompress.mjs writes .br and .gz beside them); the
// rewritten index.html is compressed once here, at start, since the base path is fixed from then on.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, type AnswerEncoding } from './compression.js';

const BUILD_BASE_TAG = '<base href="/ip/" />';
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface WebApp {
  /** Answers with index.html; used by the not-found handler for GETs under the base path. */
  sendIndex(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

interface IndexVariant {
  body: Buffer;
  etag: string;
}

/** index.html as sent: identity, brotli and gzip, each with its own validator. */
function indexVariants(html: string): Record<AnswerEncoding | 'identity', IndexVariant> {
  const identity = Buffer.from(html, 'utf8');
  const digest = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  const variant = (body: Buffer, suffix: string): IndexVariant => ({ body, etag: `"${digest}${suffix}"` });
  return {
    identity: variant(identity, ''),
    br: variant(brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), '-br'),
    gzip: variant(gzipSync(identity, { level: 9 }), '-gz'),
  };
}

function matchesValidator(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
  basePath: string,
): Promise<WebApp | undefined> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDistDir }, 'web app not built; only the API is served (run npm run build)');
    return undefined;
  }
  const template = readFileSync(indexFile, 'utf8');
  if (!template.includes(BUILD_BASE_TAG)) throw new Error(`${indexFile} lacks ${BUILD_BASE_TAG}`);
  const variants = indexVariants(template.replace(BUILD_BASE_TAG, `<base href="${basePath}" />`));

  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: basePath,
    index: false,
    wildcard: true,
    serve: true,
    // Sends file.br or file.gz instead of file when the browser takes that encoding and it exists.
    preCompressed: true,
    cacheControl: false, // set per file below
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', hashed ? IMMUTABLE : 'no-cache');
      res.setHeader('vary', 'Accept-Encoding');
    },
  });

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const { body, etag } = variants[encoding ?? 'identity'];
    reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').header('etag', etag);
    if (matchesValidator(request, etag)) return reply.status(304).send();
    if (encoding) reply.header('content-encoding', encoding);
    return reply.status(200).type('text/html; charset=utf-8').send(body);
  };

  app.get(basePath, { schema: { hide: true } }, sendIndex);
  if (basePath !== '/') {
    const bare = basePath.slice(0, -1);
    app.get(bare, { schema: { hide: true } }, (_request, reply) => reply.redirect(basePath));
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(basePath));
  }
  return { sendIndex };
}
