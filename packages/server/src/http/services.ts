// One plugin per service prefix of spec §7. Each checks at boot that its routes declare their access
// (deny by default: an undeclared route stops the start instead of being silently open).
import { SERVICE_PREFIXES, type ServicePrefix } from '@ipdesk/core';
import type { ServerDomain } from '../domains/types.js';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountsContext } from '../modules/accounts/context.js';
import type { RouteAccess } from './context.js';
import type { TenantModels } from '../modules/custom-fields/service.js';
import type { ModelRegistry } from '../platform/models/registry.js';
import { configPackRoutes } from './routes/config-packs.js';
import { customFieldRoutes } from './routes/custom-fields.js';
import { menuRoutes } from './routes/menus.js';
import { organisationRoutes } from './routes/organisation.js';
import { rolesRoutes } from './routes/roles.js';
import { transferRoutes } from './routes/transfer.js';
import { batchEditRoutes } from './routes/batch-edit.js';
import { accountServiceRoutes } from './routes/account-service.js';
import { listSettingsRoutes } from './routes/list-settings.js';
import { modelRoutes } from './routes/models.js';
import { modelFileRoutes } from './routes/model-files.js';
import { passportRoutes } from './routes/passport.js';
import { tenantMailTestRoutes } from './routes/tenant-mail-test.js';
import { tenantSettingsRoutes } from './routes/tenant-settings.js';
import { userInfoRoutes } from './routes/user-info.js';
import { userLookupRoutes } from './routes/user-lookup.js';
import { webapiRoutes } from './routes/webapi.js';
import { deadlineRoutes } from '../platform/docket/routes.js';
import { notificationDeliveryRoutes } from '../platform/notifications/delivery/routes.js';
import { deadlineVerificationRoutes } from '../platform/docket/verification/routes.js';
import { notificationRoutes } from '../platform/notifications/routes.js';

export class RouteDeclarationError extends Error {
  override name = 'RouteDeclarationError';
}

/** One API route and what it takes to call it: the source of the resources' endpoint lists and of the
 * authorization-matrix test. */
export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess;
  /** The route's declared schema (body, querystring, params): what the malformed-input test varies. */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
}

export function requireAccessDeclaration(app: FastifyInstance, table: RouteEntry[]): void {
  app.addHook('onRoute', (route) => {
    // HEAD routes are derived by Fastify from GET routes and share their config.
    if (route.method === 'HEAD') return;
    const access = route.config?.access;
    if (!access) {
      throw new RouteDeclarationError(`Route ${String(route.method)} ${route.url} does not declare its access`);
    }
    const schema = route.schema as RouteEntry['schema'];
    for (const method of [route.method].flat())
      table.push({ method: String(method), url: route.url, access, ...(schema ? { schema } : {}) });
  });
}

export interface ServiceOptions {
  accounts: AccountsContext;
  registry: ModelRegistry;
  models: TenantModels;
  timeZone: string;
  /** SEARCH_WALK_ROWS. */
  searchWalkRows: number;
  /** Filled as routes are registered. */
  routeTable: RouteEntry[];
  /** The domains whose routes are mounted after the platform's. */
  domains: readonly ServerDomain[];
}

/**
 * The platform's routes of each service; prefixes without routes yet are still mounted so 404/405 answer
 * alike. Each domain's routes follow (servicePlugins), and the generic model routes come last.
 */
const platformServices: Record<ServicePrefix, Array<FastifyPluginAsyncZod<ServiceOptions>>> = {
  '/passport': [passportRoutes],
  '/webapi': [
    webapiRoutes,
    userInfoRoutes,
    tenantSettingsRoutes,
    tenantMailTestRoutes,
    listSettingsRoutes,
    customFieldRoutes,
    transferRoutes,
    batchEditRoutes,
    rolesRoutes,
    organisationRoutes,
    menuRoutes,
    configPackRoutes,
    userLookupRoutes,
    deadlineRoutes,
    notificationDeliveryRoutes,
    deadlineVerificationRoutes,
    notificationRoutes,
  ],
  '/openapi': [],
  '/openapi-external': [],
  '/account': [accountServiceRoutes],
};

/** A prefix's routes: the platform's, then each domain's in order, then (webapi) the generic model routes. */
export function serviceRoutes(
  prefix: ServicePrefix,
  domains: readonly ServerDomain[],
): Array<FastifyPluginAsyncZod<ServiceOptions>> {
  return [
    ...platformServices[prefix],
    ...domains.flatMap((d) => d.routes?.[prefix] ?? []),
    // Last: its parametric /model/:model/… paths yield to the specific ones above.
    ...(prefix === '/webapi' ? [modelFileRoutes, modelRoutes] : []),
  ];
}

export const servicePlugins: FastifyPluginAsync<ServiceOptions> = async (app, options) => {
  for (const prefix of SERVICE_PREFIXES) {
    const routes = serviceRoutes(prefix, options.domains);
    await app.register(
      async (service) => {
        requireAccessDeclaration(service, options.routeTable);
        for (const plugin of routes) await service.register(plugin, options);
      },
      { prefix },
    );
  }
};
