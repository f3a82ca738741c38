// What answers when no route matched: the web app for page loads under the base path, 405 with an
// Allow header when the path exists for another method, else the catalogue's 404.
import { AppError } from '@ipdesk/core';
import type { FastifyInstance } from 'fastify';
import FindMyWay from 'find-my-way';
import { sendError } from './errors.js';
import type { WebApp } from './web-app.js';

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';
const METHODS: Method[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const isMethod = (m: string): m is Method => (METHODS as string[]).includes(m);

/** Records every route as it is added, so a miss can tell "wrong method" from "no such path". */
export function trackRoutes(app: FastifyInstance): FindMyWay.Instance<FindMyWay.HTTPVersion.V1> {
  const known = FindMyWay({ ignoreTrailingSlash: false });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!isMethod(method) || known.hasRoute(method, route.url)) continue;
      known.on(method, route.url, () => undefined);
    }
  });
  return known;
}

export function installNotFound(
  app: FastifyInstance,
  known: FindMyWay.Instance<FindMyWay.HTTPVersion.V1>,
  basePath: string,
  webApp: WebApp | undefined,
): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (webApp && (request.method === 'GET' || request.method === 'HEAD') && path.startsWith(basePath)) {
      return webApp.sendIndex(request, reply);
    }
    const allowed = METHODS.filter((method) => method !== request.method && known.find(method, path) !== null);
    if (allowed.length > 0) {
      return sendError(
        request,
        reply,
        new AppError('methodNotAllowed', { params: { method: request.method, allowed: allowed.join(', ') } }),
      );
    }
    return sendError(
      request,
      reply,
      new AppError('routeNotFound', { params: { method: request.method, url: path.slice(0, 200) } }),
    );
  });
}
