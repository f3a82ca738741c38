// Request ids: taken from the caller's x-request-id when it is a sane token (so a trace spans client
// and server), generated otherwise. Checked so no one can write arbitrary text into our logs.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HEADERS } from '@ipdesk/core';

const SAFE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdFrom(request: IncomingMessage): string {
  const given = request.headers[HEADERS.requestId];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}
