// The web's domains, in the order of core's DOMAINS. Adding a domain = its folder with a manifest and
// one line here. Imported by the (lazy) detail page only, so the entry chunk does not carry them.
import type { ComponentType } from 'react';
import { documentsWeb } from './documents/manifest';
import { patentsWeb } from './patents/manifest';
import { peopleWeb } from './people/manifest';
import type { DetailActionProps, DetailTab, WebDomain } from './types';

export type { WebDomain } from './types';

export const DOMAINS: readonly WebDomain[] = [patentsWeb, documentsWeb, peopleWeb];

/** The model's tabs from every domain, in domain order. */
export function detailTabsOf(domains: readonly WebDomain[], model: string): DetailTab[] {
  return domains.flatMap((d) => d.detailTabs?.[model] ?? []);
}

/** The model's actions: one domain's (a model belongs to one domain). */
export function detailActionsOf(
  domains: readonly WebDomain[],
  model: string,
): ComponentType<DetailActionProps> | undefined {
  return domains.map((d) => d.detailActions?.[model]).find((actions) => actions !== undefined);
}
