// Access tokens: short-lived JWTs, HS256 only (the algorithm is pinned, so "none", RS/HS swaps and
// embedded keys are refused), with issuer, audience and expiry checked. The payload carries the spec's
// extra.user_type_client and extra.user_sid; permissions and the forced-password-change state are
// loaded on the server for every request, never trusted from the token.
import { webcrypto } from 'node:crypto';
import { AppError, type ClientSide } from '@ipdesk/core';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
const ISSUER = 'ipdesk';
const AUDIENCE = 'ipdesk-api';

export interface AccessClaims {
  userSid: string;
  tenantSid: string;
  sessionSid: string;
  side: ClientSide;
}

export interface AccessTokens {
  issue(claims: AccessClaims): Promise<string>;
  /** Throws 30405 when expired and 30404 for anything else that is wrong with the token. */
  verify(token: string): Promise<AccessClaims>;
  readonly lifetimeSeconds: number;
}

/** How many verified tokens are remembered (the oldest is forgotten first). */
const VERIFIED_CAPACITY = 10_000;

export function accessTokens(
  secret: string,
  lifetimeMinutes: number,
  now: () => Date = () => new Date(),
): AccessTokens {
  // A CryptoKey made once: jose would otherwise import the secret again on every request (a
  // KeyObject is converted per call too).
  const key = webcrypto.subtle.importKey('raw', Buffer.from(secret, 'utf8'), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  const lifetimeSeconds = lifetimeMinutes * 60;
  // A token's bytes cannot change, so once its signature and claims have been checked, the same token
  // only needs its expiry checked again (a web client sends one token for up to 15 minutes). Expired
  // or unknown tokens always go through the full check, which gives the right error.
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  const remember = (token: string, claims: AccessClaims, expiresAtSeconds: number) => {
    if (verified.size >= VERIFIED_CAPACITY) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, expiresAtMs: expiresAtSeconds * 1000 });
  };
  return {
    lifetimeSeconds,
    async issue(claims) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({
        tid: claims.tenantSid,
        sess: claims.sessionSid,
        extra: { user_type_client: claims.side, user_sid: claims.userSid },
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.userSid)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + lifetimeSeconds)
        .sign(await key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known && now().getTime() < known.expiresAtMs) return known.claims;
      try {
        const { payload, protectedHeader } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['sub', 'exp', 'iat'],
          currentDate: now(),
        });
        if (protectedHeader.jwk || protectedHeader.jku || protectedHeader.x5u || protectedHeader.kid) {
          throw new AppError('tokenIllegal');
        }
        const extra = payload.extra as { user_type_client?: unknown } | undefined;
        const side = extra?.user_type_client;
        if (typeof payload.tid !== 'string' || typeof payload.sess !== 'string' || (side !== 1 && side !== 2)) {
          throw new AppError('tokenIllegal');
        }
        const claims: AccessClaims = {
          userSid: payload.sub as string,
          tenantSid: payload.tid,
          sessionSid: payload.sess,
          side,
        };
        remember(token, claims, payload.exp!);
        return claims;
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw new AppError('tokenExpired');
        throw new AppError('tokenIllegal');
      }
    },
  };
}
