// What every request carries besides Fastify's own: its language, the signed-in principal, and the
// access its route declares.
import type { ClientSide, Language, ModelAction } from '@ipdesk/core';
import type { Access } from '../modules/rbac/access.js';

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

export interface Principal {
  userSid: string;
  tenantSid: string;
  sessionSid: string;
  side: ClientSide;
  isTenantAdmin: boolean;
  /** The sub-company the request acts in (header), checked against the user's companies. */
  companySid: string | undefined;
  passwordChangeRequired: boolean;
  /** What the user may do: resources, field rules, data scopes (modules/rbac/access.ts). */
  access: Access;
}

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
