// One plugin per service prefix of spec §7. Each checks at boot that its routes declare their access
// (deny by default: an undeclared route stops the start instead of being silently open).
import type { ServicePrefix } from '@ipdesk/core';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AccountsContext } from '../modules/accounts/context.js';
import type { TenantModels } from '../modules/custom-fields/service.js';
import type { ModelRegistry } from '../modules/models/registry.js';
import { customFieldRoutes } from './routes/custom-fields.js';
import { transferRoutes } from './routes/transfer.js';
import { accountServiceRoutes } from './routes/account-service.js';
import { listSettingsRoutes } from './routes/list-settings.js';
import { modelRoutes } from './routes/models.js';
import { passportRoutes } from './routes/passport.js';
import { tenantSettingsRoutes } from './routes/tenant-settings.js';
import { userInfoRoutes } from './routes/user-info.js';
import { webapiRoutes } from './routes/webapi.js';

export class RouteDeclarationError extends Error {
  override name = 'RouteDeclarationError';
}

export function requireAccessDeclaration(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    // HEAD routes are derived by Fastify from GET routes and share their config.
    if (route.method === 'HEAD') return;
    if (!route.config?.access) {
      throw new RouteDeclarationError(`Route ${String(route.method)} ${route.url} does not declare its access`);
    }
  });
}

export interface ServiceOptions {
  accounts: AccountsContext;
  registry: ModelRegistry;
  models: TenantModels;
  timeZone: string;
}

/** The routes of each service; prefixes without routes yet are still mounted so 404/405 answer alike. */
const services: Record<ServicePrefix, Array<FastifyPluginAsyncZod<ServiceOptions>>> = {
  '/passport': [passportRoutes],
  '/webapi': [
    webapiRoutes,
    userInfoRoutes,
    tenantSettingsRoutes,
    listSettingsRoutes,
    customFieldRoutes,
    transferRoutes,
    modelRoutes,
  ],
  '/openapi': [],
  '/openapi-external': [],
  '/account': [accountServiceRoutes],
};

export const servicePlugins: FastifyPluginAsync<ServiceOptions> = async (app, options) => {
  for (const [prefix, routes] of Object.entries(services)) {
    await app.register(
      async (service) => {
        requireAccessDeclaration(service);
        for (const plugin of routes) await service.register(plugin, options);
      },
      { prefix },
    );
  }
};
