// Cross-site request refusal (SECURITY.md "state-changing calls need … Origin check"): a browser sends
// Origin on every cross-site POST; when it names another site than this one, the call is refused.
// Calls without Origin (API clients, same-origin GETs) are unaffected; they carry no ambient cookies
// that matter, as authentication is by the Authorization header.
import { AppError } from '@ipdesk/core';
import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function installOriginCheck(
  app: FastifyInstance,
  publicUrl: string | undefined,
  others: readonly string[],
): void {
  const allowed = new Set([...(publicUrl ? [new URL(publicUrl).origin] : []), ...others]);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && !allowed.has(origin)) throw new AppError('forbidden');
  });
}
