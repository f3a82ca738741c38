// What every request carries besides Fastify's own: its language, and the access a route declares.
import type { Language } from '@ipdesk/core';

/**
 * Every route of a service prefix must say who may call it; a route without it fails at boot
 * (deny by default). Authenticated and permission-checked access arrive with the accounts and
 * RBAC modules and extend this union.
 */
export type RouteAccess = 'public';

declare module 'fastify' {
  interface FastifyRequest {
    language: Language;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}
