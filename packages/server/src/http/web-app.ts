// Serves the built web app under the base path: files as they are (hashed assets cached for a year),
// and index.html for every other GET below the base path, so the history-mode router can take over.
// The base path is set at run time by rewriting the <base> tag the build leaves in index.html.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const BUILD_BASE_TAG = '<base href="/ip/" />';

export interface WebApp {
  /** Answers with index.html; used by the not-found handler for GETs under the base path. */
  sendIndex(reply: FastifyReply): FastifyReply;
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
  const html = template.replace(BUILD_BASE_TAG, `<base href="${basePath}" />`);

  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: basePath,
    index: false,
    wildcard: true,
    serve: true,
    cacheControl: false, // set per file below
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  const sendIndex = (reply: FastifyReply) =>
    reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);

  app.get(basePath, { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  if (basePath !== '/') {
    const bare = basePath.slice(0, -1);
    app.get(bare, { schema: { hide: true } }, (_request, reply) => reply.redirect(basePath));
    app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(basePath));
  }
  return { sendIndex };
}
