// The browser's sign-in side (spec §8, 412): an HttpOnly cookie naming the side and session that
// signed in here, so an enterprise session and an agency session cannot share one browser and domain.
import type { ClientSide } from '@ipdesk/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';

export const SIDE_COOKIE = 'ipdesk_side';

export function readSideCookie(request: FastifyRequest): { side: ClientSide; sessionSid: string } | undefined {
  const value = request.cookies?.[SIDE_COOKIE];
  const match = value ? /^([12])\.([0-9A-Za-z]{16})$/.exec(value) : null;
  if (!match) return undefined;
  return { side: Number(match[1]) as ClientSide, sessionSid: match[2]! };
}

export function setSideCookie(
  reply: FastifyReply,
  side: ClientSide,
  sessionSid: string,
  secure: boolean,
  maxAgeSeconds: number,
): void {
  reply.setCookie(SIDE_COOKIE, `${side}.${sessionSid}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: maxAgeSeconds,
  });
}

export function clearSideCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SIDE_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure });
}
