// Assembles the HTTP application: request ids, language, security headers, validation, error
// envelope, the service prefixes, health, API docs and the web app.
import {
  assertDomains,
  HEADERS,
  JSON_BODY_LIMIT_BYTES,
  messagesOf,
  modelsOf,
  resolveLanguage,
  SERVICE_PREFIXES,
  type Language,
} from '@ipdesk/core';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { coreDomainsOf, DOMAINS, type ServerDomain } from '../domains/index.js';
import { createAccountsContext, type AccountsContext, type Clock } from '../modules/accounts/context.js';
import { tenantModels } from '../modules/custom-fields/service.js';
import { syncModelTables } from '../platform/models/ddl.js';
import { installDocketHooks } from '../platform/docket/hooks.js';
import { installVerificationHooks } from '../platform/docket/verification/hooks.js';
import { createModelRegistry, type ModelRegistry } from '../platform/models/registry.js';
import { fileStorageFor } from '../platform/files/storage-settings.js';
import { createWorkflowDeps, type WorkflowDeps } from '../domains/workflow/engine/index.js';
import { installAuthentication } from './authenticate.js';
import { installJsonCompression } from './compression.js';
import { createAccessCache } from '../modules/rbac/access.js';
import './context.js';
import { registerDocs } from './docs.js';
import { installErrorHandler } from './errors.js';
import { loggerOptions } from './logging.js';
import { installNotFound, trackRoutes } from './not-found.js';
import { installOriginCheck } from './origin-check.js';
import { requestIdFrom } from './request-id.js';
import { operatorRoutes } from './routes/operator.js';
import { systemRoutes } from './routes/system.js';
import { installSecurityHeaders } from './security-headers.js';
import { installUnstorableTextGuard } from './unstorable-text.js';
import { servicePlugins, type RouteEntry } from './services.js';
import { registerWebApp } from './web-app.js';
import { serializerCompiler } from './serializer.js';

export const APP_VERSION = '0.1.0';

export interface AppOptions {
  config: Config;
  db: Database;
  /** Where logs go instead of stdout (tests read what was logged). */
  logStream?: DestinationStream;
  /** The clock of sign-in, tokens and sessions (tests move it). */
  now?: Clock;
  /** The domains (default DOMAINS; a test adds its own): their models, menus, grants, hooks, routes, texts. */
  domains?: readonly ServerDomain[];
  /** The declared models; default the domains' (tests give their own). */
  registry?: ModelRegistry;
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsContext;
    registry: ModelRegistry;
    /** Every service route with its access (resource bindings), filled at registration. */
    routeTable: RouteEntry[];
    /** The workflow engine's context (commands, views; its timers and outbox run from startServer). */
    workflow: WorkflowDeps;
    /** The texts of the platform and of this app's domains (error messages are looked up here). */
    texts: Record<Language, Record<string, string>>;
  }
}

export async function buildApp({
  config,
  db,
  logStream,
  now,
  domains = DOMAINS,
  registry,
}: AppOptions): Promise<FastifyInstance> {
  const coreDomains = coreDomainsOf(domains);
  // Two domains claiming a model, an error code or a range of codes: refuse to start.
  assertDomains(coreDomains);
  registry ??= createModelRegistry(modelsOf(coreDomains), coreDomains);
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    genReqId: requestIdFrom,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    return503OnClosing: true,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorateRequest('language', 'zh-CN');
  app.addHook('onRequest', async (request) => {
    const explicit = request.headers[HEADERS.language];
    request.language = resolveLanguage(
      typeof explicit === 'string' ? explicit : undefined,
      request.headers['accept-language'],
    );
  });

  // Graceful stop: answers finished after close() began end their keep-alive connection, so the
  // server can stop as soon as the running requests are done.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    app.server.closeIdleConnections();
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });

  const accounts = await createAccountsContext(db, config, now);
  // Model tables follow their declarations (additive, skipped when unchanged).
  const synced = await syncModelTables(db, registry);
  // In DOMAINS order (processes first: an update their open process refuses is refused before a domain
  // recomputes from it).
  const hookContext = { timeZone: config.timeZone, storage: fileStorageFor(config), db, now: accounts.now };
  for (const domain of domains) domain.installHooks?.(registry, hookContext);
  // Every model that dockets dates keeps its rule deadlines in step (platform/docket), after the domains' hooks.
  installDocketHooks(registry);
  // Every deadline store flags what is entered by hand for a second person's verification (dual docketing).
  installVerificationHooks(registry);
  app.decorate('accounts', accounts);
  app.decorate('texts', messagesOf(coreDomains));
  app.decorate('registry', registry);
  // The engine tells people through the notification tables, in its commands' transactions (issue 19).
  app.decorate('workflow', createWorkflowDeps({ db, registry, now: accounts.now }));
  await app.register(fastifyCookie);
  // Uploads: 50 MB per file (spec §9); each route narrows this further.
  await app.register(fastifyMultipart, { limits: { fileSize: 50 * 1024 * 1024, files: 50, fields: 50, parts: 100 } });

  const known = trackRoutes(app);
  installSecurityHeaders(app, [...SERVICE_PREFIXES, '/health', '/operator']);
  installErrorHandler(app);
  installJsonCompression(app);
  installUnstorableTextGuard(app);
  installOriginCheck(app, config.publicUrl, config.allowedOrigins);
  installAuthentication(app, accounts, createAccessCache(registry.resources));
  if (config.apiDocs) await registerDocs(app, APP_VERSION);

  await app.register(systemRoutes, { db, environment: config.environment });
  await app.register(operatorRoutes, { db, operatorToken: config.operatorToken, now: accounts.now });
  if (synced.length) app.log.info({ models: synced }, 'model tables created or extended');
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  await app.register(servicePlugins, {
    accounts,
    registry,
    models: tenantModels(db, registry, accounts.now),
    timeZone: config.timeZone,
    searchWalkRows: config.searchWalkRows,
    routeTable,
    domains,
  });
  const webApp = await registerWebApp(app, config.webDistDir, config.basePath);
  installNotFound(app, known, config.basePath, webApp);
  return app;
}
