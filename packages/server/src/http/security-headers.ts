// Response headers of SECURITY.md "Output & browser", set on every answer. API answers are never
// cached; the web app's hashed assets are cached for a year by the static handler.
import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // antd writes its styles at run time (CSS-in-JS); styles cannot run code.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  // Document previews show a PDF fetched with the session's headers as a blob: URL in a frame.
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function installSecurityHeaders(app: FastifyInstance, apiPrefixes: readonly string[]): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    const path = request.url.split('?')[0] ?? '';
    if (apiPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
