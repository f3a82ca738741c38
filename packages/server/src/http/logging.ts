// Structured JSON logs (pino) with secrets kept out: credentials in headers are redacted, and tokens
// that the spec puts in query strings (refresh_token?token=, emailKey, …) are masked in every URL.
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

const SECRET_QUERY_KEYS = ['token', 'refresh_token', 'emailkey', 'innocloud_jwt', 'password', 'code', 'key', 'secret'];

export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeURIComponentSafe(eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
      return SECRET_QUERY_KEYS.includes(name) && eq >= 0 ? `${pair.slice(0, eq)}=[REDACTED]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token'],
      censor: '[REDACTED]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string; headers: Record<string, unknown> }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
        language: request.headers['x-language'],
        sourceClient: request.headers['x-source-client'],
      }),
    },
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
  };
}
