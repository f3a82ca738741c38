// A domain's manifest in the server: its core half, the hooks it puts into the generic record pipeline
// and its routes per service prefix. The app builder and the service plugins loop over DOMAINS instead of
// naming domains, and take the list as an option (a test adds a domain of its own).
import type { CoreDomain, ServicePrefix } from '@ipdesk/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Queryable } from '../db/database.js';
import type { ServiceOptions } from '../http/services.js';
import type { Clock } from '../modules/accounts/context.js';
import type { FileStorage } from '../platform/files/storage.js';
import type { ModelRegistry } from '../platform/models/registry.js';

/** What a domain's hooks may use, given once at start. */
export interface HookContext {
  timeZone: string;
  storage: FileStorage;
  db: Queryable;
  /** The app clock (the workflow engine's moments). */
  now: Clock;
}

export type DomainRoutes = FastifyPluginAsyncZod<ServiceOptions>;

export interface ServerDomain {
  readonly core: CoreDomain;
  /** Puts its hooks into the registry's pipeline; domains install theirs in DOMAINS order. */
  readonly installHooks?: (registry: ModelRegistry, context: HookContext) => void;
  /** Its routes per service prefix: after the platform's, before the generic model routes. */
  readonly routes?: Readonly<Partial<Record<ServicePrefix, readonly DomainRoutes[]>>>;
}
