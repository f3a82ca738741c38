// What every request carries besides Fastify's own: its language, the signed-in principal, and the
// access its route declares.
import type { Language, ModelAction } from '@ipdesk/core';
import type { Principal } from '../platform/context.js';

/**
 * Every route of a service prefix must say who may call it; a route without it fails at boot
 * (deny by default).
 * - public: anyone (sign-in, language pack, reset links).
 * - password-change: signed in, even while a forced password change is pending (change, logout, me).
 * - open: any signed-in user with no pending forced change (their own profile, settings, menus).
 * - { resource }: the principal must hold the resource (a menu, button, link or tab of the catalogue),
 *   or one of them when several are listed.
 * - { model }: the principal must hold the resource of that action on the model named in the path.
 */
export type RouteAccess =
  'public' | 'password-change' | 'open' | { resource: string | readonly string[] } | { model: ModelAction };

// The principal is the platform's (platform/context.ts); named here too for the routes that read it.
export type { Principal } from '../platform/context.js';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
    /** Set on every route whose access is not public. */
    principal: Principal | undefined;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/** The principal of a route that is not public (the authenticate hook guarantees one). */
export function principalOf(request: { principal: Principal | undefined }): Principal {
  if (!request.principal) throw new Error('principalOf used on a public route');
  return request.principal;
}
