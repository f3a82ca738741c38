// The server's domains, in the order of core's DOMAINS (workflow first: its record hooks run before the
// others'). Adding a domain = its folder with a manifest, and one line here.
import type { CoreDomain } from '@ipdesk/core';
import { documentsServer } from './documents/manifest.js';
import { invoicesServer } from './invoices/manifest.js';
import { partiesServer } from './parties/manifest.js';
import { patentsServer } from './patents/manifest.js';
import { peopleServer } from './people/manifest.js';
import { portfolioServer } from './portfolio/manifest.js';
import { taxonomyServer } from './taxonomy/manifest.js';
import type { ServerDomain } from './types.js';
import { workflowServer } from './workflow/manifest.js';

export type { DomainRoutes, HookContext, ServerDomain } from './types.js';

export const DOMAINS: readonly ServerDomain[] = [
  workflowServer,
  patentsServer,
  documentsServer,
  portfolioServer,
  peopleServer,
  partiesServer,
  invoicesServer,
  taxonomyServer,
];

export function coreDomainsOf(domains: readonly ServerDomain[]): CoreDomain[] {
  return domains.map((d) => d.core);
}
