// The domains of the product, in order: the catalogue, menus, resources, default roles, error catalogue
// and language packs are the platform's own plus each of these. Adding a domain = its folder with a
// manifest, and one line here. Workflow comes first: its record hooks (server manifest) must see an
// update before a domain recomputes from it, and it declares no models, so the catalogue order stays.
import { documentsDomain } from './documents/manifest.js';
import { invoicesDomain } from './invoices/manifest.js';
import { patentsDomain } from './patents/manifest.js';
import { partiesDomain } from './parties/manifest.js';
import { peopleDomain } from './people/manifest.js';
import { portfolioDomain } from './portfolio/manifest.js';
import { taxonomyDomain } from './taxonomy/manifest.js';
import type { CoreDomain } from './types.js';
import { workflowDomain } from './workflow/manifest.js';

export * from './types.js';
export * from './errors.js';
export {
  documentsDomain,
  invoicesDomain,
  partiesDomain,
  patentsDomain,
  peopleDomain,
  portfolioDomain,
  taxonomyDomain,
  workflowDomain,
};

export const DOMAINS = [
  workflowDomain,
  patentsDomain,
  documentsDomain,
  portfolioDomain,
  peopleDomain,
  partiesDomain,
  invoicesDomain,
  taxonomyDomain,
] as const;

type Domain = (typeof DOMAINS)[number];

/** Every domain's message keys: part of MessageKey, so a text missing in en fails the type-check. */
export type DomainMessageKey = Domain extends infer D
  ? D extends Domain
    ? keyof D['messages']['zh-CN']
    : never
  : never;

/** The models of these domains, in catalogue order. */
export function modelsOf(domains: readonly CoreDomain[]) {
  return domains.flatMap((d) => d.models);
}
